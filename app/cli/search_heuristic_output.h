#pragma once
// `ldiv search --algorithm heuristic`: prints the anytime search's answer (run by runSearch,
// ldiv/workflow/search_run.h) with the same keys as the exact search, plus whether it is
// proven optimal.
#include <optional>
#include <ostream>

#include "ldiv/project/workspace.h"
#include "ldiv/search/search_result.h"
#include "ldiv/workflow/requirement.h"
#include "ldiv/workflow/search_run.h"

namespace ldv::cli {

/// Returns the exit code. `loadMs`: time to load the data and hierarchies.
int printHeuristicSearch(std::ostream& out, const Workspace& ws, const Requirement& requirement,
                         const SearchRun& run, std::optional<double> timeLimitSeconds,
                         double loadMs, bool json);

}  // namespace ldv::cli
