#include "privacy/feasibilitycheck.h"

#include <QObject>

#include "ldiv/evaluation/criterion_result.h"
#include "ldiv/evaluation/search_config.h"
#include "ldiv/search/search_result.h"
#include "ldiv/workflow/requirement.h"
#include "project/project.h"
#include "session/missinginputs.h"
#include "session/preparedinput.h"
#include "widgets/plural.h"

namespace ldv::ui {

QStringList rigidQuasiIdentifiers(const Project& project) {
    // A quasi-identifier that cannot be generalized keeps every class as fine as the data:
    // say so before the search, not after it finds nothing.
    QStringList rigid;
    for (const std::string& name : project.qiOrder()) {
        const Hierarchy* h = project.hierarchy(name);
        const QString n = QString::fromStdString(name);
        if (!h)
            rigid << QObject::tr("%1 has no hierarchy: it can never be generalized").arg(n);
        else if (h->height() == 0)
            rigid << QObject::tr("%1's hierarchy has height 0: it can never be generalized").arg(n);
    }
    return rigid;
}

Feasibility checkRequirement(const DataSnapshot& snapshot, const SearchSettings& settings,
                             const QStringList& rigid) {
    Feasibility out;
    out.warnings = rigid;
    try {
        const auto data = snapshot.prepare();
        // The search's own check, with its words: every problem, not only the first.
        for (const std::string& p : validate(settings, data->sensitiveColumns().size()))
            out.problems << QString::fromStdString(p);
        // An input the project lacks, named by its workbench field (missinginputs.h).
        if (const QString m = missingCriteriaInput(snapshot.config, settings.criteria);
            !m.isEmpty())
            out.problems << m;
        if (!out.problems.isEmpty()) return out;
        // delta-presence is judged on the data with the research subset.
        const Requirement requirement = prepareRequirement(*data, settings);
        const Dataset& dataset = *requirement.data;
        const auto& criteria = requirement.config.criteria;
        out.noCriterion = criteria.empty();
        const auto tableWarnings = feasibilityWarnings(dataset, criteria);
        for (const std::string& w : tableWarnings) out.warnings << QString::fromStdString(w);
        // The table as one class may satisfy while the hierarchies cannot reach it: the most
        // general node is the best any generalization does (all criteria are monotone).
        if (tableWarnings.empty() && !criteria.empty()) {
            const Levels top = dataset.lattice().levels(dataset.lattice().top());
            const EquivalenceClasses classes = dataset.classes(top, true);
            const auto fails =
                failingClasses(evaluateCriteria(dataset, classes, criteria), classes.count());
            std::size_t failingRows = 0;
            for (std::size_t c = 0; c < classes.count(); ++c)
                if (fails[c]) failingRows += classes.sizes[c];
            const std::uint64_t allowed =
                suppressionLimitRows(settings.suppressionLimit, dataset.rowCount());
            if (failingRows > allowed)
                out.warnings << QObject::tr(
                                    "even the most general node [%1] leaves %2 in failing "
                                    "classes and the suppression limit allows %3: no node can "
                                    "satisfy the requirement")
                                    .arg(QString::fromStdString(formatLevels(top)),
                                         countOf(failingRows, "row", "rows"))
                                    .arg(allowed);
        }
    } catch (const std::exception& e) {
        out.error = QString::fromStdString(e.what());
    }
    return out;
}

FeasibilityText feasibilityText(const Feasibility& f) {
    QStringList lines;
    for (const QString& p : f.problems)
        lines << QObject::tr("<b>Cannot search:</b> %1").arg(p.toHtmlEscaped());
    if (!f.error.isEmpty())
        lines << QObject::tr("<b>Cannot search:</b> %1").arg(f.error.toHtmlEscaped());
    for (const QString& w : f.warnings) lines << QObject::tr("⚠ %1").arg(w.toHtmlEscaped());
    const bool clean = lines.isEmpty();
    // An empty requirement is not "achievable": it asks for nothing. Say what is missing,
    // in the neutral colour of a hint, not the green of a passed check.
    if (clean && f.noCriterion)
        lines << QObject::tr(
            "Add a criterion: the requirement is empty, so the search would check "
            "nothing.");
    else if (clean)
        lines << QObject::tr(
            "✓ Every criterion is achievable by some generalization of these hierarchies.");
    return {lines.join("<br>"),
            clean ? (f.noCriterion ? "color: palette(text)" : "color: #009E73") : "color: #D55E00"};
}

}  // namespace ldv::ui
