// The brute-force oracle: every node grouped from the base groups by Dataset::classes (an
// independent code path from the searches' own rollup) and judged; no tagging.
#include <atomic>
#include <thread>

#include "search/search_context.h"

namespace ldv::detail {

void classifyBrute(SearchContext& ctx, std::vector<std::uint8_t>& satisfies) {
    const unsigned threads = std::max(1u, std::min<unsigned>(ctx.stats.threads, unsigned(ctx.size)));
    std::atomic<NodeId> next{0};
    std::atomic<std::uint64_t> read{0}, built{0};
    std::atomic<bool> cancelled{false};
    auto work = [&](bool reporting) {
        for (NodeId id; !cancelled && (id = next.fetch_add(1)) < ctx.size;) {
            if (ctx.feedback && ctx.feedback->isCancelled()) {
                cancelled = true;
                break;
            }
            const EquivalenceClasses classes = ctx.data.classes(ctx.levels(id));
            satisfies[id] = ctx.judge.judge(classes).satisfies ? 1 : 0;
            read += ctx.data.baseGroupCount();
            built += classes.count();
            if (reporting && ctx.feedback) ctx.feedback->setProgress(double(id) / double(ctx.size));
        }
    };
    std::vector<std::thread> pool;
    for (unsigned t = 1; t < threads; ++t) pool.emplace_back(work, false);
    work(true);
    for (auto& t : pool) t.join();
    if (cancelled) ctx.feedback->checkCancelled();
    ctx.stats.checkedNodes += ctx.size;
    ctx.stats.classesRead += read;
    ctx.stats.classesBuilt += built;
}

}  // namespace ldv::detail
