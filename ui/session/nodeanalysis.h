#pragma once
// What the lattice's details pane shows for one node, judged by the core's judgeNode (the
// search's own verdict, SPEC §5). Runs on worker threads (pure functions).
#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

#include "ldiv/evaluation/criterion_result.h"
#include "ldiv/metrics/node_metrics.h"
#include "ldiv/publish/published_node.h"
#include "ldiv/release/release_record.h"
#include "ldiv/search/search_result.h"

namespace ldv {
class Feedback;
}

namespace ldv {
class Workspace;
}

namespace ldv::ui {

/// What the lattice's details pane shows for one node.
struct NodeDetails {
    NodeId id = 0;
    Levels levels;
    bool satisfies = false;
    NodeMetrics metrics;
    std::vector<CriterionResult> criteria;
    /// Per criterion, its claims over the published classes (publishedCriterion): the worst
    /// measure shown is a published class's, never a suppressed one's (issue 37).
    std::vector<ReleaseCriterion> published;
    /// (class size, number of classes with that size), increasing size; published classes.
    std::vector<std::pair<std::uint32_t, std::uint32_t>> classSizes;
    /// The generalized table (identifying columns left out, suppressed rows masked "*").
    std::shared_ptr<const Table> preview;
    std::size_t suppressedRowCount = 0;
};

NodeDetails analyzeNode(const Workspace& data, const SearchConfig& config, NodeId id);

}  // namespace ldv::ui
