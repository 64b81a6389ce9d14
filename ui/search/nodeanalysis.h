#pragma once
// One lattice node judged and measured the way the search judges it (SPEC §5): the classes
// failing any criterion are suppressed when their rows fit the limit ⌊limit·n⌋; otherwise
// the node fails and nothing is suppressed. Runs on worker threads (pure functions).
#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

#include "ldiv/evaluation.h"
#include "ldiv/metrics.h"
#include "ldiv/search.h"

namespace ldv {
class Feedback;
}

namespace ldv::ui {

struct PreparedData;

struct NodeJudgement {
    EquivalenceClasses classes;
    std::vector<CriterionResult> criteria;
    bool satisfies = false;
    /// Per class: 1 = suppressed (empty when nothing is).
    std::vector<std::uint8_t> suppressed;
    NodeMetrics metrics;
};

NodeJudgement judgeNode(const Dataset& data, const SearchConfig& config, std::span<const int> levels,
                        bool withMembership = false);

/// What the lattice's details pane shows for one node.
struct NodeDetails {
    NodeId id = 0;
    Levels levels;
    bool satisfies = false;
    NodeMetrics metrics;
    std::vector<CriterionResult> criteria;
    /// (class size, number of classes with that size), increasing size; published classes.
    std::vector<std::pair<std::uint32_t, std::uint32_t>> classSizes;
    /// The generalized table (identifying columns left out, suppressed rows masked "*").
    std::shared_ptr<const Table> preview;
    std::size_t suppressedRowCount = 0;
};

NodeDetails analyzeNode(const PreparedData& data, const SearchConfig& config, NodeId id);

/// Rows of the suppressed classes of a judged node (classes with membership), ascending.
std::vector<std::uint32_t> suppressedRows(const Dataset& data, const NodeJudgement& node);

}  // namespace ldv::ui
