#include "privacy/searchmode.h"

#include <QCoreApplication>
#include <QLocale>

#include "format/nodemetricstext.h"
#include "ldiv/search/heuristic_result.h"
#include "session/heuristictext.h"
#include "session/searchsession.h"
#include "widgets/plural.h"

namespace ldv::ui {

namespace {
QString tr(const char* text) {
    return QCoreApplication::translate("PrivacyPerspective", text);
}
QString limitText(std::optional<double> limit) {
    return limit ? tr("%1 s").arg(*limit) : tr("until its walks stop finding better nodes");
}
}  // namespace

QString algorithmRuleText(AlgorithmChoice algorithm, double nodes, std::optional<double> timeLimit,
                          bool* warning) {
    *warning = false;
    const QString count = nodeCountText(nodes);
    const QString exactLimit = QLocale().toString(qulonglong(kHeuristicExactLimit));
    if (algorithm == AlgorithmChoice::Heuristic) {
        if (nodes <= double(kHeuristicExactLimit))
            return tr("%1 nodes (at most %2): classified exactly when that ends within the time "
                      "limit (%3), with every node shown and the optimum proven; otherwise the "
                      "heuristic's best node.")
                .arg(count, exactLimit, limitText(timeLimit));
        return tr("%1 nodes, more than %2: too many to classify, so the anytime heuristic runs "
                  "(%3). Only its best node is known; it is called optimal only when proven.")
            .arg(count, exactLimit, limitText(timeLimit));
    }
    const QString offer = tr("<a href=\"#automatic\">Use Automatic</a>");
    if (nodes > double(kWorkbenchExactLimit)) {
        *warning = true;
        return tr("%1 nodes: too many for an exact search in the workbench (at most %2, it keeps "
                  "state for every node). %3: the heuristic's best node within a time limit.")
            .arg(count, QLocale().toString(qulonglong(kWorkbenchExactLimit)), offer);
    }
    if (nodes > double(kHeuristicExactLimit)) {
        *warning = true;
        return tr("%1 nodes: the exact search may take long and much memory. %2 gives the "
                  "heuristic's best node within a time limit.")
            .arg(count, offer);
    }
    return {};
}

QString bestSoFarHtml(const std::optional<BestSoFar>& best, Metric metric) {
    if (!best) return tr("<p>No satisfying node found yet.</p>");
    return tr("<p><b>Best node so far:</b> %1</p>")
        .arg(bestNodeText(best->levels, best->metrics, metric).toHtmlEscaped());
}

QString heuristicOutcomeHtml(const SearchOutcome& o) {
    const HeuristicResult& h = *o.heuristic;
    const Lattice& lattice = o.data->dataset().lattice();
    QString html = o.restored ? tr("<h3>Heuristic: the node saved with the project</h3>")
                   : h.cancelled
                       ? tr("<h3>Heuristic cancelled: the best node found until then</h3>")
                   : h.timedOut ? tr("<h3>Heuristic: the best node found within %1</h3>")
                                      .arg(limitText(o.settings.timeLimit))
                                : tr("<h3>Heuristic: the best node its walks found</h3>");
    html += tr("<p>The lattice has %1 nodes; it was not classified (no list of satisfying or "
               "minimal nodes).</p>")
                .arg(nodeCountText(double(lattice.size())));
    if (o.result.optimum) {
        const NodeMetrics& m = o.result.optimumMetrics;
        html += tr("<h3>%1 [%2]</h3><p>%3</p>")
                    .arg(h.provenOptimal ? tr("Optimum") : tr("Best node"),
                         QString::fromStdString(formatLevels(lattice.levels(*o.result.optimum))),
                         metricValueText(m, o.settings.metric).toHtmlEscaped()) +
                nodeFiguresHtml(m);
    } else {
        html += tr("<h3>No satisfying node found</h3>");
    }
    html += QStringLiteral("<p style='color:%1'>%2</p>")
                .arg(h.provenOptimal ? QStringLiteral("#009E73") : QStringLiteral("#D55E00"),
                     heuristicVerdict(o).toHtmlEscaped());
    for (const std::string& w : h.warnings)
        html +=
            tr("<p style='color:#D55E00'>⚠ %1</p>").arg(QString::fromStdString(w).toHtmlEscaped());
    // A restored node was checked again, not searched for: its one check, the time it took,
    // the walk's climbs (none) and the time limit (unused) would read as a search that ran.
    if (o.restored) {
        html += tr("<p><small>Restored from the project; not re-run (the saved node checked "
                   "again in %1 ms)</small></p>")
                    .arg(h.statistics.times.elapsedMs, 0, 'f', 0);
        return html;
    }
    html += tr("<p><small>%1 checked in %2 ms · %3 · time limit %4</small></p>")
                .arg(countOfL(h.statistics.checkedNodes, "node", "nodes"))
                .arg(h.statistics.times.elapsedMs, 0, 'f', 0)
                .arg(countOfL(h.climbs, "climb", "climbs"))
                .arg(o.settings.timeLimit ? tr("%1 s").arg(*o.settings.timeLimit) : tr("none"));
    return html;
}

}  // namespace ldv::ui
