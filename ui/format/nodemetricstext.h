#pragma once
// A node's metrics and class sizes as text, the same in the lattice's details pane, its
// comparison table and tooltips, the export perspective and the publication report.
#include <QStringList>
#include <QVector>
#include <cstdint>
#include <utility>
#include <vector>

#include "ldiv/metrics/node_metrics.h"

namespace ldv::ui {

/// A measure as the workbench shows it everywhere: whole numbers (discernibility, class
/// counts, height) with the locale's digit grouping, others to 6 significant digits
/// ("1,081,685", not "1.08169e+06" in one tab and "1081685" in another).
QString measureText(double v);

/// Rows of the metrics table, in order (names and values shared with the comparison table,
/// the tooltips and the report).
QStringList metricRowNames();
QStringList metricRowValues(const NodeMetrics& metrics);
/// What each of metricRowNames means, where it differs from ARX's figure of the same name.
QStringList metricRowTooltips();

/// The figures of a search's chosen node as an HTML table (classes, suppressed rows, average
/// class size, discernibility, KL-divergence, height), under the Privacy perspective's result
/// heading for the exact optimum and the heuristic's node alike.
QString nodeFiguresHtml(const NodeMetrics& metrics);

/// Bars of a class-size histogram: one per size up to 16 distinct sizes, else 1-2-5 bins.
void classSizeBars(const std::vector<std::pair<std::uint32_t, std::uint32_t>>& sizes,
                   QStringList* labels, QVector<double>* values);

}  // namespace ldv::ui
