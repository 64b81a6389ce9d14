// The one exact-or-heuristic dispatch (ldiv/workflow/search_run.h).
#include "ldiv/workflow/search_run.h"

#include <utility>

#include "ldiv/data/error.h"

namespace ldv {

SearchRun runSearch(const Requirement& requirement, const SearchRunOptions& options) {
    const Dataset& data = *requirement.data;  // the criteria were bound to it
    SearchRun run;
    if (!options.heuristic) {
        run.result = search(data, requirement.config, options.feedback, options.partial);
        return run;
    }
    HeuristicResult h = heuristicSearch(data, requirement.config, options.heuristicOptions);
    if (h.cancelled && !h.best) throw Cancelled();
    if (h.exact) {
        run.result = std::move(*h.exact);
        h.exact.reset();
    } else {
        run.exact = false;
        run.result.latticeSize = h.latticeSize;
        run.result.optimum = h.best;
        if (h.best) run.result.optimumMetrics = h.bestMetrics;
        run.result.statistics = h.statistics;
        run.result.warnings = h.warnings;
    }
    run.heuristic = std::move(h);
    return run;
}

}  // namespace ldv
