// Bottom-up visit of every node (height_sweep.h).
#include "search/height_sweep.h"

#include <atomic>
#include <memory>
#include <mutex>
#include <unordered_map>

#include "search/thread_counters.h"
#include "search/workers.h"

namespace ldv::detail {

void sweepByHeight(SearchContext& ctx, const std::vector<std::size_t>& carried,
                   const std::function<void(RollupEngine&, NodeId, const ClassTable&)>& visit) {
    std::vector<std::unique_ptr<RollupEngine>> engines;
    for (unsigned t = 0; t < workerThreads(ctx); ++t)
        engines.push_back(std::make_unique<RollupEngine>(ctx.data, carried));
    const ClassTable base = engines[0]->base();
    constexpr std::size_t kBudget = std::size_t(512) << 20;
    std::unordered_map<NodeId, ClassTable> previous;
    std::mutex lock;  // the context's statistics and feedback
    std::atomic<bool> abort{false};
    if (ctx.stats.threadsDetail.size() < engines.size())
        ctx.stats.threadsDetail.resize(engines.size());
    for (std::size_t pos = 0; pos < ctx.byHeight.size();) {
        const int height = ctx.data.lattice().height(ctx.byHeight[pos]);
        std::size_t end = pos;
        while (end < ctx.byHeight.size() && ctx.data.lattice().height(ctx.byHeight[end]) == height)
            ++end;
        std::vector<ClassTable> tables(end - pos);
        std::atomic<std::size_t> next{pos};
        // A height starts once the one below is done: its checks wait for every check before.
        const Chain before = chainOf(ctx.stats.criticalPath);
        runWorkers(
            unsigned(engines.size()),
            [&](unsigned t) {
                RollupEngine& engine = *engines[t];
                for (std::size_t k; !abort && (k = next.fetch_add(1)) < end;) {
                    const NodeId id = ctx.byHeight[k];
                    {
                        const CountedLock hold(lock);
                        ctx.poll(ctx.stats.checkedNodes);
                    }
                    const auto t0 = CounterClock::now();
                    const ClassTable* src = &base;
                    for (std::size_t i = 0; i < ctx.d; ++i)
                        if (ctx.level(id, i) > 0)
                            if (auto it = previous.find(id - ctx.strides[i]);
                                it != previous.end() && it->second.count() < src->count())
                                src = &it->second;
                    ClassTable& table = tables[k - pos];
                    if (id == 0)
                        table = base;
                    else
                        engine.rollup(*src, ctx.levels(id), table);
                    visit(engine, id, table);
                    const double ms = msBetween(t0, CounterClock::now());
                    const CountedLock hold(lock);
                    countCheck(ctx.stats, before.then(ms), ms);
                }
            },
            &abort, std::span<ThreadCounters>(ctx.stats.threadsDetail));
        previous.clear();
        std::size_t bytes = 0;
        for (std::size_t k = pos; k < end && bytes <= kBudget; ++k) {
            bytes += tables[k - pos].bytes();
            previous.emplace(ctx.byHeight[k], std::move(tables[k - pos]));
        }
        pos = end;
    }
    for (const auto& e : engines) {
        ctx.stats.classesRead += e->classesRead();
        ctx.stats.classesBuilt += e->classesBuilt();
    }
}

}  // namespace ldv::detail
