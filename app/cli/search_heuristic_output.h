#pragma once
// `ldiv search --algorithm heuristic`: runs the anytime search (heuristic_search.h) and prints
// its answer with the same keys as the exact search, plus whether it is proven optimal.
#include <optional>
#include <ostream>

#include "ldiv/project/workspace.h"
#include "ldiv/search/search_result.h"
#include "ldiv/workflow/requirement.h"

namespace ldv::cli {

/// Returns the exit code. `loadMs`: time to load the data and hierarchies.
int runHeuristicSearch(std::ostream& out, std::ostream& err, const Workspace& ws,
                       const Requirement& requirement, std::optional<double> timeLimitSeconds,
                       double loadMs, bool json);

}  // namespace ldv::cli
