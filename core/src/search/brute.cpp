// The brute-force oracle: every node grouped from the base groups by Dataset::classes (an
// independent code path from the searches' own rollup) and judged; no tagging.
#include <algorithm>
#include <atomic>
#include <mutex>

#include "ldiv/data/error.h"
#include "search/search_context.h"
#include "search/thread_counters.h"
#include "search/workers.h"

namespace ldv::detail {

void classifyBrute(SearchContext& ctx, std::vector<std::uint8_t>& satisfies) {
    const unsigned threads =
        std::max(1u, std::min<unsigned>(ctx.stats.threads, unsigned(ctx.size)));
    std::atomic<NodeId> next{0};
    std::atomic<std::uint64_t> read{0}, built{0};
    std::atomic<bool> abort{false};
    // Per node: PartialClassification's state (each written by one worker, read after join).
    std::vector<std::uint8_t> state(std::size_t(ctx.size), PartialClassification::kNotEvaluated);
    if (ctx.stats.threadsDetail.size() < threads) ctx.stats.threadsDetail.resize(threads);
    // Every check is independent of the others (a chain of one): the span is the longest.
    std::mutex lock;
    try {
        runWorkers(
            threads,
            [&](unsigned t) {
                for (NodeId id; !abort && (id = next.fetch_add(1)) < ctx.size;) {
                    if (ctx.feedback) ctx.feedback->checkCancelled();
                    const auto t0 = CounterClock::now();
                    const EquivalenceClasses classes = ctx.data.classes(ctx.levels(id));
                    state[id] = ctx.judge.judge(classes).satisfies
                                    ? PartialClassification::kSatisfies
                                    : PartialClassification::kFails;
                    read += ctx.data.baseGroupCount();
                    built += classes.count();
                    {
                        const double ms = msBetween(t0, CounterClock::now());
                        const CountedLock hold(lock);
                        countCheck(ctx.stats, Chain{}.then(ms), ms);
                    }
                    if (t == 0 && ctx.feedback)
                        ctx.feedback->setProgress(double(id) / double(ctx.size));
                }
            },
            &abort, std::span<ThreadCounters>(ctx.stats.threadsDetail));
    } catch (const Cancelled&) {
        if (ctx.partial) {
            ctx.partial->state = state;
            ctx.partial->checkedNodes =
                std::uint64_t(std::count_if(state.begin(), state.end(), [](std::uint8_t s) {
                    return s != PartialClassification::kNotEvaluated;
                }));
        }
        throw;
    }
    for (NodeId id = 0; id < ctx.size; ++id)
        satisfies[id] = state[id] == PartialClassification::kSatisfies ? 1 : 0;
    ctx.stats.classesRead += read;
    ctx.stats.classesBuilt += built;
}

}  // namespace ldv::detail
