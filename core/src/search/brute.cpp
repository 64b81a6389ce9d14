// The brute-force oracle: every node grouped from the base groups by Dataset::classes (an
// independent code path from the searches' own rollup) and judged; no tagging.
#include <atomic>

#include "search/search_context.h"
#include "search/workers.h"

namespace ldv::detail {

void classifyBrute(SearchContext& ctx, std::vector<std::uint8_t>& satisfies) {
    const unsigned threads = std::max(1u, std::min<unsigned>(ctx.stats.threads, unsigned(ctx.size)));
    std::atomic<NodeId> next{0};
    std::atomic<std::uint64_t> read{0}, built{0};
    std::atomic<bool> abort{false};
    runWorkers(
        threads,
        [&](unsigned t) {
            for (NodeId id; !abort && (id = next.fetch_add(1)) < ctx.size;) {
                if (ctx.feedback) ctx.feedback->checkCancelled();
                const EquivalenceClasses classes = ctx.data.classes(ctx.levels(id));
                satisfies[id] = ctx.judge.judge(classes).satisfies ? 1 : 0;
                read += ctx.data.baseGroupCount();
                built += classes.count();
                if (t == 0 && ctx.feedback) ctx.feedback->setProgress(double(id) / double(ctx.size));
            }
        },
        &abort);
    ctx.stats.checkedNodes += ctx.size;
    ctx.stats.classesRead += read;
    ctx.stats.classesBuilt += built;
}

}  // namespace ldv::detail
