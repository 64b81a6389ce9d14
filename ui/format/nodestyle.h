#pragma once
// How a lattice node looks: its state from the search (satisfying, minimal, optimum,
// failing, not evaluated) with a colour-blind safe palette (Okabe–Ito), and a sequential
// colour scale for colouring by a metric.
#include <QColor>
#include <QString>
#include <cstdint>
#include <vector>

#include "ldiv/search/search_result.h"

namespace ldv::ui {

enum class NodeState : std::uint8_t { NotEvaluated, Failing, Satisfying, Minimal, Optimum };
inline constexpr int kNodeStateCount = 5;

QColor stateColor(NodeState state);
QString stateName(NodeState state);
/// One node's state in a classification (`minimal`: the node is in result.minimal): the
/// optimum, then minimal, then not evaluated where `decided` (same size as the lattice) is 0,
/// then satisfying or failing. nodeStates and SearchOutcome::nodeState both use it.
NodeState classifiedState(const SearchResult& result, const std::vector<std::uint8_t>& decided,
                          NodeId id, bool minimal);
/// Per node id; every node NotEvaluated when `result` is null. `decided` (a cancelled
/// search, SearchOutcome::decided) leaves the nodes where it is 0 NotEvaluated; empty means
/// every node was classified.
std::vector<NodeState> nodeStates(const SearchResult* result, NodeId latticeSize,
                                  const std::vector<std::uint8_t>& decided = {});
/// t in [0,1] → a perceptually ordered colour (viridis-like), light = low.
QColor scaleColor(double t);

}  // namespace ldv::ui
