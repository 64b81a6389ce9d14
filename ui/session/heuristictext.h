#pragma once
// Words for the anytime heuristic's run in the workbench (SearchSession with the "heuristic"
// algorithm), the same in the Privacy perspective's summary, the Lattice perspective's notice
// and its counts: how many nodes the lattice has, which node was found and whether it is
// proven optimal.
#include <QString>
#include <vector>

#include "ldiv/lattice/lattice.h"
#include "ldiv/metrics/node_metrics.h"

namespace ldv::ui {

struct SearchOutcome;

/// Nodes of the lattice over these heights, ∏(h_i + 1), as a double (no overflow: a table
/// of 40 quasi-identifiers is still counted).
double latticeNodeCount(const std::vector<int>& heights);
/// "85,030,560" below 10^8, else "5.6·10<sup>11</sup>" (`html`) or "5.6·10^11".
QString nodeCountText(double nodes, bool html = true);
/// The metric's label and the node's value by it: "Discernibility 47,191,607".
QString metricValueText(const NodeMetrics& metrics, Metric metric);
/// "[1,0,2] (Discernibility 47,191,607)".
QString bestNodeText(const Levels& levels, const NodeMetrics& metrics, Metric metric);
/// Whether the heuristic's node is proven optimal, and the core's reason (HeuristicResult::
/// note), as one sentence; empty when `outcome` is no heuristic run.
QString heuristicVerdict(const SearchOutcome& outcome);

}  // namespace ldv::ui
