// Incognito (LeFevre, DeWitt & Ramakrishnan, SIGMOD 2005), as Machanavajjhala et al. 2007 §5–6 uses
// it for ℓ-diversity: for i = 1..d, for every i-subset S of the QI attributes, search S's lattice
//  - a-priori: a node of S is a candidate only when every projection onto an (i−1)-subset
//    passed (a failing projection is a coarsening of the node, so the node fails too);
//  - bottom-up breadth-first from the candidate roots: a root's frequency set is grouped from
//    the table (here its base groups), any other node's is rolled up from the frequency set
//    of the failing node that queued it;
//  - a passing node marks all its candidate generalizations as passing without checking.
// The d-subset's passing nodes are the satisfying nodes of the full lattice.
//
// Both prunings need monotonicity (NodeJudge::monotone()). When it does not hold (ℓ-criteria
// with suppression, see fast.cpp) every node of the full lattice is checked, each rolled up
// from a node one level below: Incognito's structure would give wrong answers there.
//
// The subsets of one size only read the results of smaller subsets, so they are searched in
// parallel (one rollup engine per thread); the nodes checked are the same for any number of
// threads.
#include <algorithm>
#include <atomic>
#include <bit>
#include <memory>
#include <mutex>
#include <unordered_map>

#include "ldiv/data/error.h"
#include "search/height_sweep.h"
#include "search/search_context.h"
#include "search/thread_counters.h"
#include "search/workers.h"

namespace ldv::detail {
namespace {

/// The lattice of one attribute subset (attributes increasing, last one fastest in ids).
struct SubLattice {
    std::vector<std::uint32_t> attrs;
    std::vector<NodeId> strides;
    NodeId size = 1;
    std::vector<std::uint16_t> levels;  // size × attrs.size() (16 bits, as SearchContext::levelsOf)
};

SubLattice subLattice(const SearchContext& ctx, std::uint32_t mask) {
    SubLattice s;
    for (std::uint32_t i = 0; i < ctx.d; ++i)
        if (mask & (1u << i)) s.attrs.push_back(i);
    const std::size_t w = s.attrs.size();
    s.strides.assign(w, 1);
    for (std::size_t p = w; p-- > 0;) {
        s.strides[p] = s.size;
        s.size *= NodeId(ctx.heights[s.attrs[p]] + 1);
    }
    s.levels.resize(std::size_t(s.size) * w);
    std::vector<int> l(w, 0);
    for (NodeId id = 0; id < s.size; ++id) {
        for (std::size_t p = 0; p < w; ++p) s.levels[id * w + p] = std::uint16_t(l[p]);
        for (std::size_t p = w; p-- > 0;) {
            if (++l[p] <= ctx.heights[s.attrs[p]]) break;
            l[p] = 0;
        }
    }
    return s;
}

/// The rollup engine of each worker thread, and the statistics they add up to.
struct Engines {
    explicit Engines(const SearchContext& ctx) {
        for (unsigned t = 0; t < workerThreads(ctx); ++t)
            list.push_back(std::make_unique<RollupEngine>(ctx.data, ctx.judge.neededSensitive()));
    }
    void addStatistics(SearchContext& ctx) const {
        for (const auto& e : list) {
            ctx.stats.classesRead += e->classesRead();
            ctx.stats.classesBuilt += e->classesBuilt();
        }
    }
    std::vector<std::unique_ptr<RollupEngine>> list;
};

/// Projections of the base groups onto attribute subsets (level 0), each rolled up from the
/// projection onto a superset with one more attribute (the one of smallest domain not in
/// the subset, keeping that superset small): a data-cube pass where only the first
/// projections read the base groups. Kept while they fit a memory budget. Thread-safe: two
/// workers may compute the same projection at once; the first stored wins.
class Projections {
public:
    Projections(const SearchContext& ctx, const ClassTable& base)
        : m_ctx(ctx),
          m_base(&base, [](const ClassTable*) {}),
          m_full(ctx.d == 0 ? 0 : std::uint32_t((1ull << ctx.d) - 1)) {}

    std::shared_ptr<const ClassTable> get(std::uint32_t mask, RollupEngine& engine) {
        if (mask == m_full) return m_base;
        bool keep;
        {
            const std::lock_guard hold(m_lock);
            if (auto it = m_tables.find(mask); it != m_tables.end()) return it->second;
            keep = m_bytes < kBudget;
        }
        std::uint32_t add = 0;
        for (std::uint32_t i = 0; i < m_ctx.d; ++i)
            if (!(mask & (1u << i)) &&
                (!add || m_ctx.data.hierarchy(i).levelSize(0) <
                             m_ctx.data.hierarchy(std::countr_zero(add)).levelSize(0)))
                add = 1u << i;
        const std::shared_ptr<const ClassTable> from = keep ? get(mask | add, engine) : m_base;
        auto out = std::make_shared<ClassTable>();
        std::vector<int> levels(m_ctx.d);
        for (std::uint32_t i = 0; i < m_ctx.d; ++i) levels[i] = (mask & (1u << i)) ? 0 : -1;
        engine.rollup(*from, levels, *out);
        const std::lock_guard hold(m_lock);
        if (keep && m_tables.emplace(mask, out).second) m_bytes += out->bytes();
        return out;
    }

private:
    static constexpr std::size_t kBudget = std::size_t(256) << 20;
    const SearchContext& m_ctx;
    std::shared_ptr<const ClassTable> m_base;
    std::uint32_t m_full;
    std::mutex m_lock;
    std::unordered_map<std::uint32_t, std::shared_ptr<const ClassTable>> m_tables;
    std::size_t m_bytes = 0;
};

/// Incognito's search of one subset lattice; passing[mask] receives its passing nodes.
/// Reads passing[] of the (w−1)-subsets only, so subsets of one size run in parallel.
/// `before`: the chains of every check of the smaller subsets (the rounds' barrier); a root's
/// check waits for them, any other check for the failing check whose table it rolls up.
void searchSubset(SearchContext& ctx, std::uint32_t mask, const ClassTable& base,
                  Projections& projections, RollupEngine& engine,
                  std::vector<std::vector<std::uint8_t>>& passing, std::mutex& lock,
                  const Chain& before) {
    const SubLattice s = subLattice(ctx, mask);
    const std::size_t w = s.attrs.size();
    enum : std::uint8_t { kCandidate = 1, kPass = 2, kQueued = 4 };
    std::vector<std::uint8_t> state(std::size_t(s.size), 0);
    // A-priori candidates: every (w−1)-projection passed.
    for (NodeId id = 0; id < s.size; ++id) {
        bool ok = true;
        for (std::size_t drop = 0; drop < w && ok && w > 1; ++drop) {
            const std::uint32_t sub = mask & ~(1u << s.attrs[drop]);
            NodeId pid = 0, stride = 1;
            for (std::size_t p = w; p-- > 0;) {
                if (p == drop) continue;
                pid += NodeId(s.levels[id * w + p]) * stride;
                stride *= NodeId(ctx.heights[s.attrs[p]] + 1);
            }
            ok = passing[sub][pid] != 0;
        }
        if (ok) state[id] = kCandidate;
    }
    std::vector<int> levels(ctx.d);
    auto fullLevels = [&](NodeId id) {
        std::fill(levels.begin(), levels.end(), -1);
        for (std::size_t p = 0; p < w; ++p) levels[s.attrs[p]] = s.levels[id * w + p];
        return std::span<const int>(levels);
    };
    // Breadth-first by height; each queued node keeps the frequency set it rolls up from.
    struct Queued {
        NodeId id;
        std::shared_ptr<const ClassTable> from;
        Chain after;  ///< the check that queued it (its table is `from`)
    };
    std::vector<std::vector<Queued>> queue;
    auto push = [&](NodeId id, std::shared_ptr<const ClassTable> from, const Chain& after) {
        int h = 0;
        for (std::size_t p = 0; p < w; ++p) h += s.levels[id * w + p];
        if (queue.size() <= std::size_t(h)) queue.resize(std::size_t(h) + 1);
        state[id] |= kQueued;
        queue[std::size_t(h)].push_back({id, std::move(from), after});
    };
    std::vector<NodeId> roots;
    for (NodeId id = 0; id < s.size; ++id) {
        if (!(state[id] & kCandidate)) continue;
        bool root = true;
        for (std::size_t p = 0; p < w && root; ++p)
            if (s.levels[id * w + p] > 0 && (state[id - s.strides[p]] & kCandidate)) root = false;
        if (root) roots.push_back(id);
    }
    // Roots group the table's frequency set on S. With several roots, Incognito's "super-root"
    // (LeFevre et al. §3.3) is computed first: the frequency set at the roots' greatest lower
    // bound (levelwise minimum), from the projection of the base groups onto S; every root
    // then rolls up from that smaller set.
    std::shared_ptr<const ClassTable> rootSource(&base, [](const ClassTable*) {});
    if (roots.size() > 1) {
        if (w < ctx.d) rootSource = projections.get(mask, engine);
        std::vector<int> lower(ctx.d, -1);
        for (std::size_t p = 0; p < w; ++p) {
            int l = ctx.heights[s.attrs[p]];
            for (NodeId id : roots) l = std::min<int>(l, s.levels[id * w + p]);
            lower[s.attrs[p]] = l;
        }
        if (std::any_of(lower.begin(), lower.end(), [](int l) { return l > 0; })) {
            auto superRoot = std::make_shared<ClassTable>();
            engine.rollup(*rootSource, lower, *superRoot);
            rootSource = std::move(superRoot);
        }
    }
    for (NodeId id : roots) push(id, rootSource, before);
    std::vector<NodeId> stack;
    for (std::size_t h = 0; h < queue.size(); ++h) {
        for (std::size_t q = 0; q < queue[h].size(); ++q) {
            const NodeId id = queue[h][q].id;
            if (state[id] & kPass) continue;  // marked: a generalization of a passing node
            {
                const CountedLock hold(lock);
                ctx.poll(ctx.stats.checkedNodes);
            }
            const auto t0 = CounterClock::now();
            auto table = std::make_shared<ClassTable>();
            engine.rollup(*queue[h][q].from, fullLevels(id), *table);
            queue[h][q].from.reset();
            const bool passes = ctx.judge.judge(*table, engine).satisfies;
            const double ms = msBetween(t0, CounterClock::now());
            const Chain end = queue[h][q].after.then(ms);
            {
                const CountedLock hold(lock);
                countCheck(ctx.stats, end, ms);
            }
            if (passes) {
                stack.assign(1, id);  // mark every candidate generalization
                while (!stack.empty()) {
                    const NodeId n = stack.back();
                    stack.pop_back();
                    if (state[n] & kPass) continue;
                    state[n] |= kPass;
                    for (std::size_t p = 0; p < w; ++p)
                        if (s.levels[n * w + p] < ctx.heights[s.attrs[p]] &&
                            (state[n + s.strides[p]] & kCandidate))
                            stack.push_back(n + s.strides[p]);
                }
            } else {
                for (std::size_t p = 0; p < w; ++p) {
                    if (s.levels[id * w + p] >= ctx.heights[s.attrs[p]]) continue;
                    const NodeId next = id + s.strides[p];
                    if ((state[next] & kCandidate) && !(state[next] & (kQueued | kPass)))
                        push(next, table, end);
                }
            }
        }
        queue[h].clear();
    }
    std::vector<std::uint8_t>& out = passing[mask];
    out.resize(std::size_t(s.size));
    for (NodeId id = 0; id < s.size; ++id) out[id] = (state[id] & kPass) ? 1 : 0;
}

}  // namespace

void classifyIncognito(SearchContext& ctx, std::vector<std::uint8_t>& satisfies) {
    if (!ctx.judge.monotone()) {
        sweepByHeight(ctx, ctx.judge.neededSensitive(),
                      [&](RollupEngine& engine, NodeId id, const ClassTable& t) {
                          satisfies[id] = ctx.judge.judge(t, engine).satisfies ? 1 : 0;
                      });
        return;
    }
    if (ctx.d > 24) throw ParameterError("Incognito handles at most 24 quasi-identifiers");
    Engines engines(ctx);
    const ClassTable base = engines.list[0]->base();
    Projections projections(ctx, base);
    const std::uint32_t full = (ctx.d == 0) ? 0 : std::uint32_t((1ull << ctx.d) - 1);
    // passing[mask][sub-node id]; a subset's results are needed by its supersets only.
    std::vector<std::vector<std::uint8_t>> passing(std::size_t(full) + 1);
    passing[0] = {1};  // the empty QI: one class with every row (never consulted below d=1)
    std::vector<std::vector<std::uint32_t>> bySize(ctx.d + 1);
    for (std::uint32_t m = 1; m <= full; ++m) bySize[std::size_t(std::popcount(m))].push_back(m);

    std::mutex lock;  // the context's statistics and feedback
    std::atomic<bool> abort{false};
    if (ctx.stats.threadsDetail.size() < engines.list.size())
        ctx.stats.threadsDetail.resize(engines.list.size());
    for (std::size_t size = 1; size <= ctx.d; ++size) {
        const std::vector<std::uint32_t>& masks = bySize[size];
        std::atomic<std::size_t> next{0};
        const Chain before = chainOf(ctx.stats.criticalPath);  // every smaller subset's checks
        runWorkers(
            unsigned(std::min<std::size_t>(engines.list.size(), masks.size())),
            [&](unsigned t) {
                for (std::size_t k; !abort && (k = next.fetch_add(1)) < masks.size();)
                    searchSubset(ctx, masks[k], base, projections, *engines.list[t], passing, lock,
                                 before);
            },
            &abort, std::span<ThreadCounters>(ctx.stats.threadsDetail));
    }
    for (NodeId id = 0; id < ctx.size; ++id) satisfies[id] = passing[full][id];
    engines.addStatistics(ctx);
}

}  // namespace ldv::detail
