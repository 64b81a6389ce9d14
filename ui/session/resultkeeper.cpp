#include "session/resultkeeper.h"

#include <QJsonObject>
#include <QTimer>

#include "ldiv/lattice/dataset.h"
#include "project/project.h"
#include "session/preparedinput.h"
#include "session/searchsession.h"

namespace ldv::ui {

namespace {
/// The project file's workbench section: {"result": true, "selected": "1,0,2"}, plus
/// "heuristic": "2,1,0" (the node of a heuristic run that did not classify the lattice).
const QString kSection = QStringLiteral("search");
}  // namespace

ResultKeeper::ResultKeeper(SearchSession* session, std::function<bool(const QString&)> selectNode,
                           QObject* parent)
    : QObject(parent), m_session(session), m_selectNode(std::move(selectNode)) {
    connect(session, &SearchSession::outcomeChanged, this, &ResultKeeper::outcomeChanged);
    connect(session, &SearchSession::failed, this, [this] { m_restoring = false; });
    connect(session, &SearchSession::cancelled, this, [this] { m_restoring = false; });
}

void ResultKeeper::setProject(Project* project) {
    m_project = project;
    m_restoring = false;
    m_selected.clear();
    m_heuristicNode.clear();
    if (!project) return;
    const QJsonObject saved = project->workbenchValue(kSection).toObject();
    if (!saved.value("result").toBool()) return;
    m_selected = saved.value("selected").toString();
    m_heuristicNode = saved.value("heuristic").toString();
    m_restoring = true;
    // A heuristic's node is checked again rather than searched for anew: a walk stopped by a
    // time limit can end at another node than the one the project was saved with.
    if (!m_heuristicNode.isEmpty() &&
        project->searchSettings().algorithm == AlgorithmChoice::Heuristic)
        m_session->restoreHeuristic(m_heuristicNode);
    else
        m_session->run();
}

void ResultKeeper::outcomeChanged() {
    if (!m_project || !m_session) return;
    const auto outcome = m_session->outcome();
    if (!outcome || !outcome->complete() || m_session->isStale()) return;
    if (m_restoring) {
        // After the lattice has taken the outcome too (its connection may come later).
        QTimer::singleShot(0, this, [this] {
            m_restoring = false;
            if (!m_selected.isEmpty() && m_selectNode) m_selectNode(m_selected);
            emit restored();
        });
        return;
    }
    store();
}

void ResultKeeper::nodeChosen(NodeId id) {
    if (!m_project || !m_session || m_restoring) return;
    const auto outcome = m_session->outcome();
    if (!outcome || !outcome->data) return;
    const Lattice& lattice = outcome->data->dataset().lattice();
    if (id >= lattice.size()) return;
    m_selected = QString::fromStdString(formatLevels(lattice.levels(id)));
    store();
}

void ResultKeeper::store() {
    QJsonObject section{{"result", true}};
    if (!m_selected.isEmpty()) section.insert("selected", m_selected);
    // A heuristic run that did not classify the lattice: its node, to show again on opening.
    const auto outcome = m_session ? m_session->outcome() : nullptr;
    m_heuristicNode.clear();
    if (outcome && outcome->heuristic && !outcome->classified() && outcome->result.optimum &&
        outcome->data)
        m_heuristicNode = QString::fromStdString(
            formatLevels(outcome->data->dataset().lattice().levels(*outcome->result.optimum)));
    if (!m_heuristicNode.isEmpty()) section.insert("heuristic", m_heuristicNode);
    // Saved with the project's next save; a search alone does not ask to save on close.
    m_project->setWorkbenchValue(kSection, section, false);
}

}  // namespace ldv::ui
