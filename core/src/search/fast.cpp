// The "fast" full-lattice classifier (search.h). Idea (after ARX's Flash, Kohlmayer et al.
// 2012): walk upward paths of undecided nodes and binary-search each path for its lowest
// satisfying node; every check tags both ways — a satisfying node makes all its
// generalizations satisfy, a failing one makes all its specializations fail — so only nodes
// near the satisfying/failing boundary are ever grouped. A checked node's classes are rolled
// up from the coarsest already computed finer node, never regrouped from the rows.
//
// Tagging is only used where it is proven (node_judge.h: NodeJudge::monotone()). With
// ℓ-criteria and suppression the predicate is not monotone (a failing class merged into a
// passing one can make it fail, so suppressed rows may grow), and two weaker facts are used:
//  (1) the k-anonymity part with suppression is monotone and necessary: failing it fails the
//      node and all specializations (phase 1 binary-searches this predicate);
//  (2) a node where every class meets every criterion ("clean", nothing to suppress) stays
//      clean when generalized (Machanavajjhala et al. 2007 Thm 5.2–5.4), so its generalizations
//      satisfy.
// Remaining undecided nodes are checked one by one, bottom-up (phase 2).
//
// Both phases use every worker thread (SearchStatistics::threads). Phase 1 hands out path
// starts from a shared cursor; a worker's check tags nodes for all. Phase 2 goes height by
// height: nodes of one height never tag each other (tags go strictly up or down), so they are
// checked in parallel and the set of checked nodes does not depend on the threads. Phase 1
// may check a few more nodes with two threads than with one (a path started before another
// worker's tag would have decided it); the classification is the same either way.
#include <algorithm>
#include <atomic>
#include <barrier>
#include <memory>
#include <mutex>
#include <shared_mutex>
#include <unordered_map>

#include "ldiv/data/error.h"
#include "search/distinct_bound.h"
#include "search/search_context.h"
#include "search/source_cache.h"
#include "search/thread_counters.h"
#include "search/workers.h"

namespace ldv::detail {
namespace {

/// Σ size² of a node's classes. It is at most rows², so below 2³² rows an integer sum is exact
/// and vectorises; a double sum waits on each add (8 % of a wide-boundary search went there).
double sumOfSquares(const std::vector<std::uint32_t>& sizes, std::uint64_t rows) {
    if (rows >= (std::uint64_t(1) << 32)) {
        double sum = 0;
        for (const std::uint32_t size : sizes) sum += double(size) * double(size);
        return sum;
    }
    std::uint64_t sum = 0;
    for (const std::uint32_t size : sizes) sum += std::uint64_t(size) * size;
    return double(sum);
}

enum : std::uint8_t {
    kSat = 1,       // satisfies (final)
    kFail = 2,      // fails (final)
    kUpClosed = 4,  // this node and every generalization satisfy
    kP1True = 8,    // the phase-1 predicate holds here and above
    kP1False = 16,  // the phase-1 predicate fails here and below
};

class FastClassifier {
public:
    explicit FastClassifier(SearchContext& ctx)
        : m_ctx(ctx),
          m_carried(carriedSensitive(ctx, false)),
          m_state(std::size_t(ctx.size)),
          m_monotone(ctx.judge.monotone()),
          m_bound(ctx.discernibilityBound()),
          m_rows(ctx.heights, ctx.judge.k(), ctx.judge.limitRows()),
          m_distinct(ctx.data, ctx.judge.k(), ctx.judge.limitRows()) {
        if (m_bound) ctx.squaresBound.assign(std::size_t(ctx.size), 0.0);
        m_workers.push_back(std::make_unique<RollupEngine>(ctx.data, m_carried));
        auto base = std::make_shared<ClassTable>(m_workers[0]->base());
        m_rows.trackBase(*base);
        m_base = std::move(base);
        for (unsigned t = 1; t < workerThreads(ctx); ++t)
            m_workers.push_back(std::make_unique<RollupEngine>(ctx.data, m_carried));
        for (const auto& e : m_workers) e->keepClassOf(m_rows.enabled());
        if (ctx.stats.threadsDetail.size() < m_workers.size())
            ctx.stats.threadsDetail.resize(m_workers.size());
        m_sources = std::make_unique<SourceCache>(ctx, m_base);
        m_sources->trackRows(&m_rows);
        for (std::size_t id = 0; id < m_state.size(); ++id)
            m_state[id].store(0, std::memory_order_relaxed);
    }

    void run(std::vector<std::uint8_t>& satisfies) {
        try {
            if (!m_ctx.judge.criteriaMonotone()) {
                checkByHeight(false);  // a non-monotone criterion: no tagging at all
            } else {
                if (m_monotone || m_ctx.judge.k() > 1)
                    parallel([this](RollupEngine& e) { binarySearchPaths(e); });
                checkByHeight(true);
            }
        } catch (const Cancelled&) {
            // Every worker has stopped (runWorkers joins before rethrowing): the states are final.
            if (PartialClassification* p = m_ctx.partial) {
                for (NodeId id = 0; id < m_ctx.size; ++id)
                    p->state[id] = (state(id) & kSat)    ? PartialClassification::kSatisfies
                                   : (state(id) & kFail) ? PartialClassification::kFails
                                                         : PartialClassification::kNotEvaluated;
                p->checkedNodes = m_ctx.stats.checkedNodes;
            }
            throw;
        }
        for (NodeId id = 0; id < m_ctx.size; ++id) satisfies[id] = (state(id) & kSat) ? 1 : 0;
        m_sources->handOver();
        addBoundCounters(m_ctx.stats, m_workers, m_rows, m_distinct);
    }

private:
    std::uint8_t state(NodeId id) const { return m_state[id].load(std::memory_order_relaxed); }
    void mark(NodeId id, std::uint8_t bits) {
        m_state[id].fetch_or(bits, std::memory_order_relaxed);
    }

    /// Runs `work` on every worker engine (the calling thread takes the first).
    template <class Work>
    void parallel(Work work) {
        runWorkers(
            unsigned(m_workers.size()), [&](unsigned t) { work(*m_workers[t]); }, &m_abort,
            std::span<ThreadCounters>(m_ctx.stats.threadsDetail));
    }

    /// Phase 1: binary search of upward paths; workers take path starts from a shared cursor.
    /// A start waits for no check (the cursor's order is fixed), each midpoint for the
    /// verdict of the one before it on the path: the chain of dependent checks restarts with
    /// every path (docs/search.md).
    void binarySearchPaths(RollupEngine& engine) {
        std::vector<NodeId> path;
        for (;;) {
            if (m_abort.load()) return;
            Chain chain;
            {
                const CountedLock lock(m_mutex);
                while (m_cursor < m_ctx.byHeight.size() &&
                       (state(m_ctx.byHeight[m_cursor]) & (kP1True | kP1False)))
                    ++m_cursor;
                if (m_cursor == m_ctx.byHeight.size()) return;
                const NodeId start = m_ctx.byHeight[m_cursor++];
                path.assign(1, start);
                for (NodeId cur = start;;) {
                    const NodeId next = nextOnPath(cur);
                    if (next == cur) break;
                    path.push_back(next);
                    cur = next;
                }
            }
            std::ptrdiff_t lo = 0, hi = std::ptrdiff_t(path.size()) - 1;
            while (lo <= hi) {
                const std::ptrdiff_t mid = (lo + hi) / 2;
                const NodeId id = path[std::size_t(mid)];
                if (!(state(id) & (kP1True | kP1False))) chain = check(engine, id, true, chain);
                if (state(id) & kP1True)
                    hi = mid - 1;
                else
                    lo = mid + 1;
            }
        }
    }

    /// Phase 2: every node still undecided, height by height, the nodes of a height spread
    /// over the workers. Which nodes of a height are undecided is known only once every
    /// check below it is done (the barrier): each check depends on all checks before it.
    void checkByHeight(bool tagging) {
        std::vector<std::size_t> ends;  // end of each height's run in byHeight
        for (std::size_t k = 0; k < m_ctx.byHeight.size(); ++k)
            if (k + 1 == m_ctx.byHeight.size() ||
                m_ctx.data.lattice().height(m_ctx.byHeight[k + 1]) !=
                    m_ctx.data.lattice().height(m_ctx.byHeight[k]))
                ends.push_back(k + 1);
        std::vector<std::atomic<std::size_t>> cursors(ends.size());
        for (std::size_t h = 0; h < ends.size(); ++h) cursors[h].store(h ? ends[h - 1] : 0);
        m_phaseBase = chainOf(m_ctx.stats.criticalPath);
        std::barrier sync(std::ptrdiff_t(m_workers.size()),
                          [this]() noexcept { m_phaseBase = chainOf(m_ctx.stats.criticalPath); });
        parallel([&](RollupEngine& engine) {
            try {
                for (std::size_t h = 0; h < ends.size() && !m_abort.load(); ++h) {
                    for (std::size_t k;
                         !m_abort.load() && (k = cursors[h].fetch_add(1)) < ends[h];) {
                        const NodeId id = m_ctx.byHeight[k];
                        if (!(state(id) & (kSat | kFail))) check(engine, id, tagging, m_phaseBase);
                    }
                    const IdleTimer idle;
                    sync.arrive_and_wait();
                }
            } catch (...) {
                sync.arrive_and_drop();  // the others must not wait for this worker
                throw;
            }
        });
    }

    /// The undecided successor by SearchContext::pathStepScore (a step that merges many
    /// values, on an attribute not yet high), or `cur` when there is none.
    NodeId nextOnPath(NodeId cur) const {
        NodeId best = cur;
        double bestRatio = 0;
        for (std::size_t i = 0; i < m_ctx.d; ++i) {
            const int l = m_ctx.level(cur, i);
            if (l >= m_ctx.heights[i]) continue;
            const NodeId s = cur + m_ctx.strides[i];
            if (state(s) & (kP1True | kP1False)) continue;
            const double ratio = m_ctx.pathStepScore(i, l);
            if (best == cur || ratio > bestRatio) {
                best = s;
                bestRatio = ratio;
            }
        }
        return best;
    }

    /// Checks `id`, which waited for the chain `before`; returns the chain this check ends.
    Chain check(RollupEngine& engine, NodeId id, bool tagging, const Chain& before) {
        const auto t0 = CounterClock::now();
        thread_local std::vector<LevelCode> levels;
        levels.resize(m_ctx.d);
        for (std::size_t i = 0; i < m_ctx.d; ++i) levels[i] = LevelCode(m_ctx.level(id, i));
        // Decided without grouping: one attribute has too many distinct values for k, or the
        // rows that checked nodes above suppress exceed the limit. Either way the k-part fails
        // (as v.kFails below): the node and its specializations fail.
        if (m_distinct.provesFailure(std::span<const LevelCode>(levels)) ||
            (m_rows.enabled() && id != 0 &&
             m_rows.provesFailure(levels, m_sources->sourceSize(id)))) {
            const double ms = msBetween(t0, CounterClock::now());
            const Chain end = before.then(ms, false);
            const CountedLock lock(m_mutex);
            m_ctx.poll(m_ctx.stats.checkedNodes);
            countCheck(m_ctx.stats, end, ms, false);
            mark(id, kFail);
            if (tagging) tagDown(id, kFail | kP1False);
            return end;
        }
        const TablePtr src = id == 0 ? m_base : m_sources->source(engine, id);
        std::shared_ptr<ClassTable> table;
        const ClassTable* classes = m_base.get();
        if (id != 0) {
            table = std::make_shared<ClassTable>();
            engine.rollup(*src, m_ctx.levels(id), *table);
            if (m_rows.enabled()) m_rows.track(*src, engine.classOf(), *table);
            classes = table.get();
        }
        const Verdict v = m_ctx.judge.judge(*classes, engine);
        // Its rows suppressed for k bound the nodes below (a failing k-part tags them anyway).
        if (m_rows.enabled() && !v.kFails) m_rows.rememberChecked(levels, *classes);
        // Every minimal node is checked (nothing below it satisfies to tag it), so measuring
        // satisfying nodes here spares the optimum a second rollup.
        std::optional<NodeMetrics> metrics;
        if (v.satisfies && metricNeedsClasses(m_ctx))
            metrics = rankingMetrics(m_ctx, engine, *classes);
        double squares = 0;
        if (m_bound) squares = sumOfSquares(classes->sizes, m_ctx.data.rowCount());

        const double ms = msBetween(t0, CounterClock::now());
        const Chain end = before.then(ms);
        {
            const CountedLock lock(m_mutex);
            m_ctx.poll(m_ctx.stats.checkedNodes);  // progress and Cancel are serialised here too
            countCheck(m_ctx.stats, end, ms);
            mark(id, v.satisfies ? kSat : kFail);
            if (metrics) m_ctx.measured.emplace(id, std::move(*metrics));
            if (m_bound) m_ctx.squaresBound[id] = squares;
            if (tagging) {
                if (m_monotone) {
                    if (v.satisfies)
                        tagUp(id, kSat | kUpClosed | kP1True, kUpClosed);
                    else
                        tagDown(id, kFail | kP1False);
                } else {
                    if (v.kFails)
                        tagDown(id, kFail | kP1False);
                    else
                        tagUp(id, kP1True, kP1True);
                    if (v.clean) tagUp(id, kSat | kUpClosed, kUpClosed);
                }
            }
        }
        // The source cache has its own lock: not held under the classifier's.
        if (table) m_sources->remember(id, std::move(table));
        return end;
    }

    /// Marks `id` and every generalization with `bits`, not descending past nodes that
    /// already carry `stop` (their generalizations carry it too). Call with m_mutex held.
    void tagUp(NodeId id, std::uint8_t bits, std::uint8_t stop) {
        m_stack.assign(1, id);
        while (!m_stack.empty()) {
            const NodeId n = m_stack.back();
            m_stack.pop_back();
            if (n != id && (state(n) & stop)) continue;
            mark(n, bits);
            for (std::size_t i = 0; i < m_ctx.d; ++i)
                if (m_ctx.level(n, i) < m_ctx.heights[i] && !(state(n + m_ctx.strides[i]) & stop))
                    m_stack.push_back(n + m_ctx.strides[i]);
        }
    }

    void tagDown(NodeId id, std::uint8_t bits) {
        m_stack.assign(1, id);
        while (!m_stack.empty()) {
            const NodeId n = m_stack.back();
            m_stack.pop_back();
            if (n != id && (state(n) & kP1False)) continue;
            mark(n, bits);
            for (std::size_t i = 0; i < m_ctx.d; ++i)
                if (m_ctx.level(n, i) > 0 && !(state(n - m_ctx.strides[i]) & kP1False))
                    m_stack.push_back(n - m_ctx.strides[i]);
        }
    }

    SearchContext& m_ctx;
    std::vector<std::size_t> m_carried;
    std::vector<std::unique_ptr<RollupEngine>> m_workers;  ///< one engine (scratch) per thread
    TablePtr m_base;
    std::unique_ptr<SourceCache> m_sources;
    std::vector<std::atomic<std::uint8_t>> m_state;  ///< written under m_mutex, read anywhere
    bool m_monotone;
    bool m_bound;              ///< records SearchContext::squaresBound
    SuppressedRows m_rows;     ///< decides failing nodes from the rows suppressed above them
    DistinctBound m_distinct;  ///< decides failing nodes from one attribute's distinct values

    /// Guards the context (statistics, measured, feedback), tagging scratch and the phase-1
    /// cursor. Rollups and source lookups run outside it.
    std::shared_mutex m_mutex;
    std::atomic<bool> m_abort{false};
    std::size_t m_cursor = 0;
    /// Phase 2: the chains every check of the current height waited for (set between heights).
    Chain m_phaseBase;
    std::vector<NodeId> m_stack;
};

}  // namespace

void classifyFast(SearchContext& ctx, std::vector<std::uint8_t>& satisfies) {
    FastClassifier(ctx).run(satisfies);
}

}  // namespace ldv::detail
