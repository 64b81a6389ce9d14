#pragma once
// Anytime search for lattices too large to classify (issue 20): a greedy walk in the spirit
// of ARX's Lightning (Prasser, Kohlmayer, Kuhn & Bild 2016). It climbs from the bottom node
// towards satisfaction, then descends greedily to a locally best satisfying node, and keeps
// restarting with randomised choices until the time limit. Every node it reports satisfies
// (re-checked on the Dataset's own grouping), and it says "proven optimal" only when that is
// proven: the exact classification finished within the limit (small lattices), or the bottom
// node satisfies where no other node can beat it.
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "ldiv/search/search_result.h"

namespace ldv {

struct HeuristicResult {
    NodeId latticeSize = 0;
    /// The best satisfying node found (by SearchConfig::metric), none when no satisfying node
    /// was met before the limit.
    std::optional<NodeId> best;
    /// Its figures from the Dataset's own grouping, failing classes suppressed (as search()).
    NodeMetrics bestMetrics;
    /// True only when `best` is proven to be search()'s optimum (or no node satisfies, when
    /// `exact` is set).
    bool provenOptimal = false;
    /// The full classification, when the exact search finished within the limit.
    std::optional<SearchResult> exact;
    /// The time limit ran out (the search stopped early).
    bool timedOut = false;
    /// The caller's Cancel stopped it (HeuristicOptions::keepOnCancel): `best` is the best
    /// node found until then (proven optimal only by the bottom node's argument above).
    bool cancelled = false;
    /// Greedy climbs from the bottom node.
    std::uint64_t climbs = 0;
    /// Why the result is (or is not) proven optimal, in words.
    std::string note;
    std::vector<std::string> warnings;
    /// checkedNodes counts nodes grouped and judged by the heuristic (plus the exact
    /// search's, when it finished).
    SearchStatistics statistics;
};

/// How to run the anytime search, for a front end that shows it while it runs.
struct HeuristicOptions {
    /// ≥ 0 seconds of wall-clock time; none = until the greedy walks stop finding new nodes
    /// (or the exact search ends). 0 returns at once, possibly without a node.
    std::optional<double> timeLimitSeconds;
    /// Progress (elapsed / limit when a limit is given) and Cancel.
    Feedback* feedback = nullptr;
    /// False skips the exact attempt (tests of the walk).
    bool allowExact = true;
    /// Called on the search's thread whenever the best satisfying node improves, with its
    /// figures from the walk's own grouping (the final ones are re-measured: bestMetrics).
    std::function<void(NodeId best, const NodeMetrics& metrics)> onImproved;
    /// Cancel ends the search like the time limit and returns the best node so far
    /// (HeuristicResult::cancelled) instead of throwing Cancelled.
    bool keepOnCancel = false;
    /// A node to begin with as the best so far, e.g. the node a saved project recorded: it is
    /// grouped and judged first, and kept only if it satisfies. With a time limit of 0 the
    /// result is that node re-checked and re-measured, without a new walk.
    std::optional<NodeId> seed;
};

/// The anytime search. `timeLimitSeconds` (≥ 0; none = until the greedy walks stop finding new
/// nodes, or the exact search ends) bounds the wall-clock time; 0 returns at once, possibly
/// without a node. config.algorithm is ignored. Multi-attribute criteria are refused
/// (ParameterError). Progress goes to `feedback` (elapsed / limit when a limit is given); its
/// Cancel throws Cancelled. `allowExact` = false skips the exact attempt (tests of the walk).
HeuristicResult heuristicSearch(const Dataset& data, const SearchConfig& config,
                                std::optional<double> timeLimitSeconds,
                                Feedback* feedback = nullptr, bool allowExact = true);
/// The same search with every option (the workbench shows the best node while it runs).
HeuristicResult heuristicSearch(const Dataset& data, const SearchConfig& config,
                                const HeuristicOptions& options);

/// Lattices up to this many nodes get an exact classification attempt within the limit (the
/// exact search allocates per-node state: beyond this it would not fit a few seconds).
constexpr NodeId kHeuristicExactLimit = NodeId(1) << 21;

}  // namespace ldv
