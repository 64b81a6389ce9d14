#include "session/nodechoice.h"

#include <QObject>

#include "project/project.h"
#include "session/searchsession.h"

namespace ldv::ui {

std::shared_ptr<const SearchOutcome> usableOutcome(const SearchSession* session,
                                                   const Project* project, bool dataChanged) {
    if (!session || !project) return nullptr;
    std::shared_ptr<const SearchOutcome> outcome = session->outcome();
    if (!outcome || !session->isStale()) return outcome;
    if (dataChanged) return nullptr;
    SearchSettings now = project->searchSettings();
    for (const std::string& c : now.criteria)
        if (c.rfind("k-map", 0) == 0) return nullptr;
    now.populationSize = outcome->settings.populationSize;
    return now == outcome->settings ? outcome : nullptr;
}

std::optional<NodeChoice> chooseNode(const SearchOutcome& outcome,
                                     std::optional<ldv::NodeId> chosen) {
    const Lattice& lattice = outcome.data->dataset().lattice();
    std::optional<NodeId> id = chosen;
    if (!id || *id >= lattice.size()) id = outcome.result.optimum;
    if (!id) return std::nullopt;
    NodeChoice choice;
    choice.levels = lattice.levels(*id);
    const bool optimum = id == outcome.result.optimum && !chosen;
    choice.name = QObject::tr("node [%1]%2")
                      .arg(QString::fromStdString(formatLevels(choice.levels, ',')))
                      .arg(!optimum ? QString()
                           : outcome.heuristic && !outcome.heuristic->provenOptimal
                               ? QObject::tr(" (the heuristic's best)")
                               : QObject::tr(" (optimum)"));
    return choice;
}

}  // namespace ldv::ui
