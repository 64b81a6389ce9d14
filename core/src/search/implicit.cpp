// The implicit classifier (search_context.h: classifyImplicit): the fast classifier's binary
// search of upward paths (after ARX's Flash, Kohlmayer et al. 2012) with monotone tagging
// applied to three antichains instead of a per-node array, so that time and memory follow the
// nodes decided, not the lattice (mach2019, 16 QIs: 85 M nodes, 9 k checks).
//
//  S  the minimal satisfying nodes checked so far: x satisfies when some s <= x;
//  F  the maximal failing nodes checked so far:    x fails when some f >= x;
//  U  the minimal undecided nodes (the minimal elements of the nodes neither above S nor
//     below F). Every path starts at the lowest of U; the search ends when U is empty, and
//     then S is exactly the antichain of minimal satisfying nodes (a minimal satisfying node
//     is above some checked satisfying node, which is above some minimal one).
//
// Keeping U: a new satisfying node s removes from U the nodes above s (no new minimal
// undecided node appears: the undecided set only loses an up-set). A new failing node f
// replaces every u <= f in U by its raises u' (u' = u with level i set to f_i + 1, for each i
// with f_i below the top) that are neither above S nor above another member of U: every
// minimal undecided node above u that is not below f lies above such a raise. This is the
// incremental "negative border" of Mannila & Toivonen 1997.
//
// Only a monotone judge may tag (NodeJudge::monotone()); the others use the explicit
// classifier. Workers take path starts from U under one lock (a start another worker is
// walking is skipped); checks run outside the lock.
#include <algorithm>
#include <condition_variable>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <unordered_map>

#include "lattice/dominance_index.h"
#include "ldiv/data/error.h"
#include "search/distinct_bound.h"
#include "search/search_context.h"
#include "search/source_cache.h"
#include "search/thread_counters.h"
#include "search/workers.h"

namespace ldv::detail {
namespace {

using Node = std::vector<LevelCode>;

class ImplicitClassifier {
public:
    explicit ImplicitClassifier(SearchContext& ctx)
        : m_ctx(ctx),
          m_rows(ctx.heights, ctx.judge.k(), ctx.judge.limitRows()),
          m_distinct(ctx.data, ctx.judge.k(), ctx.judge.limitRows()),
          m_satisfying(ctx.heights),
          m_failing(ctx.heights),
          m_undecided(ctx.heights) {
        const std::vector<std::size_t> carried = carriedSensitive(ctx, false);
        m_workers.push_back(std::make_unique<RollupEngine>(ctx.data, carried));
        auto base = std::make_shared<ClassTable>(m_workers[0]->base());
        m_rows.trackBase(*base);
        // A smaller cache than fast.cpp's keeps the peak memory of a 16-QI search under
        // 300 MB; bit-packed tables take 12 bytes a class, so it holds tens of thousands.
        m_sources = std::make_unique<SourceCache>(ctx, std::move(base), kCacheBytes, kCacheEntries);
        m_sources->trackRows(&m_rows);
        for (unsigned t = 1; t < workerThreads(ctx); ++t)
            m_workers.push_back(std::make_unique<RollupEngine>(ctx.data, carried));
        for (const auto& e : m_workers) e->keepClassOf(m_rows.enabled());
        if (ctx.stats.threadsDetail.size() < m_workers.size())
            ctx.stats.threadsDetail.resize(m_workers.size());
        // Path steps try attributes by SearchContext::pathStepScore, best first (as fast.cpp).
        for (std::size_t i = 0; i < ctx.d; ++i) {
            for (int l = 0; l < ctx.heights[i]; ++l) m_ratio.push_back(ctx.pathStepScore(i, l));
            m_ratioStart.push_back(m_ratio.size() - std::size_t(ctx.heights[i]));
        }
        addUndecided(Node(ctx.d, 0), Chain{});
    }

    std::vector<NodeId> run() {
        try {
            runWorkers(
                unsigned(m_workers.size()), [&](unsigned t) { work(*m_workers[t]); }, &m_abort,
                std::span<ThreadCounters>(m_ctx.stats.threadsDetail));
        } catch (const Cancelled&) {
            if (PartialClassification* p = m_ctx.partial) {
                // Asked for per-node states (the workbench): the antichains answer each node.
                Node x(m_ctx.d);
                for (NodeId id = 0; id < m_ctx.size; ++id) {
                    decodeLevels(id, m_ctx.heights, x);
                    p->state[id] = m_satisfying.anyBelow(x) ? PartialClassification::kSatisfies
                                   : m_failing.anyAbove(x)  ? PartialClassification::kFails
                                                            : PartialClassification::kNotEvaluated;
                }
                p->checkedNodes = m_ctx.stats.checkedNodes;
            }
            throw;
        }
        m_sources->handOver();
        addBoundCounters(m_ctx.stats, m_workers, m_rows, m_distinct);
        std::vector<NodeId> minimal;
        for (std::size_t slot : m_satisfying.liveSlots())
            minimal.push_back(encodeLevels(m_satisfying.levels(slot), m_ctx.heights));
        std::sort(minimal.begin(), minimal.end());
        return minimal;
    }

private:
    enum class State { Undecided, Satisfies, Fails };

    /// Call with m_mutex held.
    State state(const Node& x) const {
        if (m_satisfying.anyBelow(x)) return State::Satisfies;
        if (m_failing.anyAbove(x)) return State::Fails;
        return State::Undecided;
    }

    void work(RollupEngine& engine) {
        try {
            std::vector<Node> path;
            for (;;) {
                NodeId start;
                Chain chain;  // the checks this walk waited for: those that made its start
                {
                    lockCounted(m_mutex);
                    std::unique_lock lock(m_mutex, std::adopt_lock);
                    for (;;) {
                        if (m_abort.load()) return;
                        auto it = m_byHeight.begin();
                        while (it != m_byHeight.end() && m_walking.count(it->second.id)) ++it;
                        if (it != m_byHeight.end()) {
                            start = it->second.id;
                            chain = it->second.chain;
                            break;
                        }
                        if (m_walking.empty()) return;  // nothing undecided and nobody walking
                        const IdleTimer idle;
                        m_wake.wait(lock);
                    }
                    m_walking.insert(start);
                    buildPath(start, path);
                }
                binarySearch(engine, path, chain);
                {
                    const CountedLock lock(m_mutex);
                    m_walking.erase(start);
                }
                m_wake.notify_all();
            }
        } catch (...) {
            m_abort.store(true);
            m_wake.notify_all();
            throw;
        }
    }

    /// The upward path from `start`: each step raises the best-scored attribute
    /// (SearchContext::pathStepScore) among the successors not yet known to satisfy. Call with
    /// m_mutex held.
    void buildPath(NodeId start, std::vector<Node>& path) {
        path.assign(1, Node(m_ctx.d));
        decodeLevels(start, m_ctx.heights, path[0]);
        std::vector<std::size_t> candidates;
        for (;;) {
            const Node& cur = path.back();
            candidates.clear();
            for (std::size_t i = 0; i < m_ctx.d; ++i)
                if (cur[i] < m_ctx.heights[i]) candidates.push_back(i);
            std::stable_sort(
                candidates.begin(), candidates.end(), [&](std::size_t a, std::size_t b) {
                    return m_ratio[m_ratioStart[a] + cur[a]] > m_ratio[m_ratioStart[b] + cur[b]];
                });
            Node next = cur;
            bool found = false;
            for (std::size_t i : candidates) {
                ++next[i];
                if (!m_satisfying.anyBelow(next)) {
                    found = true;
                    break;
                }
                --next[i];
            }
            if (!found) return;
            path.push_back(std::move(next));
        }
    }

    /// Each midpoint waits for the verdict of the one before it (a verdict found decided
    /// costs no wait: `chain` grows by this walk's own checks only).
    void binarySearch(RollupEngine& engine, const std::vector<Node>& path, Chain chain) {
        std::ptrdiff_t lo = 0, hi = std::ptrdiff_t(path.size()) - 1;
        while (lo <= hi) {
            const std::ptrdiff_t mid = (lo + hi) / 2;
            const Node& x = path[std::size_t(mid)];
            State s;
            {
                const CountedLock lock(m_mutex);
                s = state(x);
            }
            if (s == State::Undecided)
                s = check(engine, x, chain) ? State::Satisfies : State::Fails;
            if (s == State::Satisfies)
                hi = mid - 1;
            else
                lo = mid + 1;
        }
    }

    /// Checks x, which waited for `chain`; `chain` becomes the chain this check ends.
    bool check(RollupEngine& engine, const Node& x, Chain& chain) {
        const auto t0 = CounterClock::now();
        const NodeId id = encodeLevels(x, m_ctx.heights);
        if (m_distinct.provesFailure(std::span<const LevelCode>(x)) ||
            (id != 0 && m_rows.provesFailure(x, m_sources->sourceSize(id)))) {
            const double ms = msBetween(t0, CounterClock::now());
            chain = chain.then(ms, false);
            const CountedLock lock(m_mutex);
            m_ctx.poll(m_ctx.stats.checkedNodes);
            countCheck(m_ctx.stats, chain, ms, false);
            addFailing(x, chain);
            return false;
        }
        const std::vector<int> levels(x.begin(), x.end());
        std::shared_ptr<ClassTable> table;
        const ClassTable* classes = m_sources->base().get();
        if (id != 0) {
            const TablePtr src = m_sources->source(engine, id);
            table = std::make_shared<ClassTable>();
            engine.rollup(*src, levels, *table);
            if (m_rows.enabled()) m_rows.track(*src, engine.classOf(), *table);
            classes = table.get();
        }
        const Verdict v = m_ctx.judge.judge(*classes, engine);
        if (v.satisfies) m_rows.rememberChecked(x, *classes);
        // Every minimal node is checked, so measuring satisfying nodes here spares the
        // optimum a second rollup (as fast.cpp).
        std::optional<NodeMetrics> metrics;
        if (v.satisfies && metricNeedsClasses(m_ctx))
            metrics = rankingMetrics(m_ctx, engine, *classes);
        const double ms = msBetween(t0, CounterClock::now());
        chain = chain.then(ms);
        {
            const CountedLock lock(m_mutex);
            m_ctx.poll(m_ctx.stats.checkedNodes);
            countCheck(m_ctx.stats, chain, ms);
            if (metrics) m_ctx.measured.emplace(id, std::move(*metrics));
            if (v.satisfies)
                addSatisfying(x);
            else
                addFailing(x, chain);
        }
        if (table) m_sources->remember(id, std::move(table));
        return v.satisfies;
    }

    enum class Side { Above, Below };

    /// The members of `index` on `side` of x, into m_scratch.
    void collect(DominanceIndex& index, const Node& x, Side side) {
        m_scratch.clear();
        if (side == Side::Above)
            index.collectAbove(x, m_scratch);
        else
            index.collectBelow(x, m_scratch);
    }

    /// Puts x into the antichain `index` in place of the members it makes redundant, those on
    /// `side` of it: S keeps its minimal satisfying nodes (drop those above), F its maximal
    /// failing ones (drop those below). Leaves the dropped slots in m_scratch.
    void replaceDominated(DominanceIndex& index, const Node& x, Side side) {
        collect(index, x, side);
        for (std::size_t slot : m_scratch) index.erase(slot);
        index.insert(x);
    }

    /// Call with m_mutex held (as for every change of the antichains).
    void addSatisfying(const Node& x) {
        if (m_satisfying.anyBelow(x)) return;  // another worker decided it meanwhile
        replaceDominated(m_satisfying, x, Side::Above);
        collect(m_undecided, x, Side::Above);
        for (std::size_t slot : m_scratch) removeUndecided(slot);
    }

    /// `chain`: the check that decided x; the raises it adds to U wait for it.
    void addFailing(const Node& x, const Chain& chain) {
        if (m_failing.anyAbove(x)) return;
        replaceDominated(m_failing, x, Side::Below);
        // The minimal undecided nodes below x give way to their raises past x.
        collect(m_undecided, x, Side::Below);
        // The raises side by side in one buffer (d levels each), not a vector per raise:
        // this runs under the lock, once per failing check.
        const std::size_t d = m_ctx.d;
        std::vector<LevelCode>& raised = m_raised;
        raised.clear();
        // A raise waits for x's check and for what made the member it raises (the chains of
        // the members below x: their join, kept with every raise).
        Chain made = chain;
        for (std::size_t slot : m_scratch) {
            made = made.join(m_byHeight.at(m_undecidedSlot.at(slot)).chain);
            const auto u = m_undecided.levels(slot);
            for (std::size_t i = 0; i < d; ++i) {
                if (x[i] >= m_ctx.heights[i]) continue;
                raised.insert(raised.end(), u.begin(), u.end());
                raised[raised.size() - d + i] = LevelCode(x[i] + 1);
            }
        }
        for (std::size_t slot : m_scratch) removeUndecided(slot);
        auto raise = [&](std::size_t r) {
            return std::span<const LevelCode>(raised.data() + r * d, d);
        };
        // Keep the raises that are undecided and minimal: not above S, not above a remaining
        // member of U, not above another raise. By height, a raise can only lie above a lower
        // one; ties go by levels, so that a raise made twice sits next to itself.
        std::vector<std::pair<int, std::size_t>>& order = m_raiseOrder;
        order.clear();
        const std::size_t count = d ? raised.size() / d : 0;  // no QI: nothing to raise
        for (std::size_t r = 0; r < count; ++r) {
            int h = 0;
            for (LevelCode v : raise(r)) h += v;
            order.emplace_back(h, r);
        }
        std::sort(order.begin(), order.end(), [&](const auto& a, const auto& b) {
            if (a.first != b.first) return a.first < b.first;
            const auto p = raise(a.second), q = raise(b.second);
            return std::lexicographical_compare(p.begin(), p.end(), q.begin(), q.end());
        });
        std::vector<std::span<const LevelCode>> added;
        for (std::size_t k = 0; k < order.size(); ++k) {
            const auto c = raise(order[k].second);
            if (k > 0 && std::ranges::equal(c, raise(order[k - 1].second))) continue;
            if (m_satisfying.anyBelow(c) || m_undecided.anyBelow(c)) continue;
            const bool dominated = std::any_of(added.begin(), added.end(), [&](const auto& a) {
                return std::equal(a.begin(), a.end(), c.begin(),
                                  [](LevelCode p, LevelCode q) { return p <= q; });
            });
            if (!dominated) added.push_back(c);
        }
        for (const auto& c : added) addUndecided(c, made);
    }

    void addUndecided(std::span<const LevelCode> x, const Chain& chain) {
        const std::size_t slot = m_undecided.insert(x);
        const NodeId id = encodeLevels(x, m_ctx.heights);
        int h = 0;
        for (LevelCode v : x) h += v;
        m_byHeight.emplace(std::make_pair(h, id), Start{id, chain});
        m_undecidedSlot.emplace(slot, std::make_pair(h, id));
    }

    void removeUndecided(std::size_t slot) {
        const auto it = m_undecidedSlot.find(slot);
        m_byHeight.erase(it->second);
        m_undecidedSlot.erase(it);
        m_undecided.erase(slot);
    }

    static constexpr std::size_t kCacheBytes = std::size_t(160) << 20;
    static constexpr std::size_t kCacheEntries = std::size_t(1) << 16;

    SearchContext& m_ctx;
    std::vector<std::unique_ptr<RollupEngine>> m_workers;  ///< one engine (scratch) per thread
    SuppressedRows m_rows;     ///< decides failing nodes from the rows suppressed above them
    DistinctBound m_distinct;  ///< decides failing nodes from one attribute's distinct values
    std::unique_ptr<SourceCache> m_sources;
    std::vector<double> m_ratio;  ///< per attribute and level: pathStepScore of the next step
    std::vector<std::size_t> m_ratioStart;

    std::mutex m_mutex;  ///< guards the antichains, the walks and the context's statistics
    std::condition_variable m_wake;
    std::atomic<bool> m_abort{false};
    DominanceIndex m_satisfying, m_failing, m_undecided;
    /// A member of U: its node and the chain of checks that made it a member.
    struct Start {
        NodeId id;
        Chain chain;
    };
    /// U by (height, id), lowest first, and each U slot's key there.
    std::map<std::pair<int, NodeId>, Start> m_byHeight;
    std::unordered_map<std::size_t, std::pair<int, NodeId>> m_undecidedSlot;
    std::set<NodeId> m_walking;  ///< path starts being walked
    std::vector<std::size_t> m_scratch;
    std::vector<LevelCode> m_raised;                        ///< addFailing's raises, d each
    std::vector<std::pair<int, std::size_t>> m_raiseOrder;  ///< (height, raise), sorted
};

}  // namespace

std::vector<NodeId> classifyImplicit(SearchContext& ctx) {
    return ImplicitClassifier(ctx).run();
}

}  // namespace ldv::detail
