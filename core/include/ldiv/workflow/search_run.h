#pragma once
// The one dispatch of a search for every front end (issue 37): the exact classification or
// the anytime heuristic, as the settings choose, on a prepared requirement (requirement.h).
// `ldiv search` and the workbench's search session both call runSearch; each only formats
// what it returns.
#include <optional>

#include "ldiv/search/heuristic_result.h"
#include "ldiv/search/search_result.h"
#include "ldiv/workflow/requirement.h"

namespace ldv {

struct SearchRunOptions {
    /// The anytime heuristic (AlgorithmChoice::Heuristic) instead of the exact search.
    bool heuristic = false;
    /// The heuristic's time limit, feedback, seed and callbacks (heuristic_result.h).
    HeuristicOptions heuristicOptions;
    /// The exact search's progress and Cancel (Cancel throws Cancelled).
    Feedback* feedback = nullptr;
    /// The exact search's states so far, kept when it is cancelled (search_result.h).
    PartialClassification* partial = nullptr;
};

struct SearchRun {
    /// The exact classification: the exact search's, or the heuristic's when its exact attempt
    /// finished within the limit. Otherwise (a heuristic that did not finish it) only
    /// latticeSize, the best node as `optimum` with its optimumMetrics, the statistics and the
    /// warnings: nothing per node.
    SearchResult result;
    /// Set when the heuristic ran: whether its node is proven optimal and why, the time limit,
    /// Cancel, climbs (its `exact` has been moved into `result`).
    std::optional<HeuristicResult> heuristic;
    /// `result` is a finished exact search's (satisfying count, minimal nodes, proven
    /// optimum): always without the heuristic, and with it when its exact attempt finished.
    bool exact = true;
};

/// Runs the search `options` choose on the requirement's judged dataset and configuration.
/// A heuristic cancelled (HeuristicOptions::keepOnCancel) before any node satisfied throws
/// Cancelled, as an exact search does.
SearchRun runSearch(const Requirement& requirement, const SearchRunOptions& options);

}  // namespace ldv
