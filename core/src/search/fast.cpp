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
//      clean when generalized (000 Thm 5.2–5.4), so its generalizations satisfy.
// Remaining undecided nodes are checked one by one, bottom-up (phase 2).
#include <algorithm>
#include <memory>
#include <unordered_map>

#include "search/search_context.h"

namespace ldv::detail {
namespace {

enum : std::uint8_t {
    kSat = 1,        // satisfies (final)
    kFail = 2,       // fails (final)
    kUpClosed = 4,   // this node and every generalization satisfy
    kP1True = 8,     // the phase-1 predicate holds here and above
    kP1False = 16,   // the phase-1 predicate fails here and below
};

class FastClassifier {
public:
    FastClassifier(SearchContext& ctx)
        : m_ctx(ctx), m_engine(ctx.data, carriedSensitive(ctx, false)), m_base(m_engine.base()),
          m_state(std::size_t(ctx.size), 0), m_monotone(ctx.judge.monotone()) {}

    void run(std::vector<std::uint8_t>& satisfies) {
        if (!m_ctx.judge.criteriaMonotone()) {
            // A non-monotone criterion: no tagging at all.
            for (NodeId id : m_ctx.byHeight) check(id, false);
        } else {
            if (m_monotone || m_ctx.judge.k() > 1) binarySearchPaths();
            for (NodeId id : m_ctx.byHeight)
                if (!(m_state[id] & (kSat | kFail))) check(id, true);
        }
        for (NodeId id = 0; id < m_ctx.size; ++id) satisfies[id] = (m_state[id] & kSat) ? 1 : 0;
        for (Cached& c : m_cache) m_ctx.tables.emplace_back(c.id, std::move(c.table));
        for (auto& [hub, table] : m_hubs) m_ctx.tables.emplace_back(hub, std::move(table));
        m_ctx.stats.classesRead += m_engine.classesRead();
        m_ctx.stats.classesBuilt += m_engine.classesBuilt();
    }

private:
    void binarySearchPaths() {
        std::vector<NodeId> path;
        for (NodeId start : m_ctx.byHeight) {
            if (m_state[start] & (kP1True | kP1False)) continue;
            path.assign(1, start);
            for (NodeId cur = start;;) {
                const NodeId next = nextOnPath(cur);
                if (next == cur) break;
                path.push_back(next);
                cur = next;
            }
            std::ptrdiff_t lo = 0, hi = std::ptrdiff_t(path.size()) - 1;
            while (lo <= hi) {
                const std::ptrdiff_t mid = (lo + hi) / 2;
                const NodeId id = path[std::size_t(mid)];
                if (!(m_state[id] & (kP1True | kP1False))) check(id, true);
                if (m_state[id] & kP1True)
                    hi = mid - 1;
                else
                    lo = mid + 1;
            }
        }
    }

    /// The undecided successor whose attribute loses most distinct values (the step that
    /// merges most classes), or `cur` when there is none.
    NodeId nextOnPath(NodeId cur) const {
        NodeId best = cur;
        double bestRatio = 0;
        for (std::size_t i = 0; i < m_ctx.d; ++i) {
            const int l = m_ctx.level(cur, i);
            if (l >= m_ctx.heights[i]) continue;
            const NodeId s = cur + m_ctx.strides[i];
            if (m_state[s] & (kP1True | kP1False)) continue;
            const HierarchyMap& h = m_ctx.data.hierarchy(i);
            const double ratio = double(h.levelSize(l)) / double(std::max<std::size_t>(1, h.levelSize(l + 1)));
            if (best == cur || ratio > bestRatio) {
                best = s;
                bestRatio = ratio;
            }
        }
        return best;
    }

    void check(NodeId id, bool tagging) {
        m_ctx.poll(m_ctx.stats.checkedNodes);
        const ClassTable* src = source(id);
        auto table = std::make_unique<ClassTable>();
        const Verdict v = [&] {
            if (id == 0) return m_ctx.judge.judge(m_base, m_engine);
            m_engine.rollup(*src, m_ctx.levels(id), *table);
            return m_ctx.judge.judge(*table, m_engine);
        }();
        ++m_ctx.stats.checkedNodes;
        m_state[id] |= v.satisfies ? kSat : kFail;
        // Every minimal node is checked (nothing below it satisfies to tag it), so measuring
        // satisfying nodes here spares the optimum a second rollup.
        if (v.satisfies && metricNeedsClasses(m_ctx.config.metric))
            m_ctx.measured.emplace(id, measureTable(m_ctx, m_engine, id == 0 ? m_base : *table));
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
        if (id != 0) remember(id, std::move(table));
    }

    /// The computed node finer than `id` with the fewest classes (the base groups when none).
    const ClassTable* bestCached(NodeId id) const {
        const ClassTable* src = &m_base;
        for (const Cached& c : m_cache)
            if (c.table->count() < src->count() && m_ctx.generalizes(id, c.id)) src = c.table.get();
        for (const auto& [hub, table] : m_hubs)
            if (table->count() < src->count() && m_ctx.generalizes(id, hub)) src = table.get();
        return src;
    }

    /// The rollup source of `id`. When no computed finer node exists, grouping from the base
    /// groups is the most expensive check there is, and it happens most near the bottom where
    /// fresh paths start. Instead the node rolls up from its "hub" min(levels, 1) (every
    /// attribute generalized at most once): hubs are few (at most 2^d), already cut the
    /// classes of the large attributes, and are shared by every node above them. A hub
    /// itself rolls up from the best finer hub, computed recursively by dropping the attribute
    /// whose first generalization merges least, so only the first hubs read the base groups.
    const ClassTable* source(NodeId id) {
        const ClassTable* src = bestCached(id);
        if (src != &m_base) return src;
        NodeId hub = 0;
        for (std::size_t i = 0; i < m_ctx.d; ++i)
            if (m_ctx.level(id, i) > 0) hub += m_ctx.strides[i];
        if (hub == id || hub == 0) return src;
        return hubTable(hub);
    }

    const ClassTable* hubTable(NodeId hub) {
        if (auto it = m_hubs.find(hub); it != m_hubs.end()) return it->second.get();
        const ClassTable* src = bestCached(hub);
        if (src == &m_base) {
            std::size_t drop = m_ctx.d, generalized = 0;
            double least = 0;
            for (std::size_t i = 0; i < m_ctx.d; ++i) {
                if (m_ctx.level(hub, i) == 0) continue;
                ++generalized;
                const HierarchyMap& h = m_ctx.data.hierarchy(i);
                const double ratio = double(h.levelSize(0)) / double(std::max<std::size_t>(1, h.levelSize(1)));
                if (drop == m_ctx.d || ratio < least) {
                    drop = i;
                    least = ratio;
                }
            }
            if (generalized > 1) src = hubTable(hub - m_ctx.strides[drop]);
        }
        auto table = std::make_unique<ClassTable>();
        m_engine.rollup(*src, m_ctx.levels(hub), *table);
        const ClassTable* out = table.get();
        if (m_hubBytes + table->bytes() <= kBudget / 2) {
            m_hubBytes += table->bytes();
            m_hubs.emplace(hub, std::move(table));
        } else {
            remember(hub, std::move(table));  // kept at least until the next remember()
        }
        return out;
    }

    /// Marks `id` and every generalization with `bits`, not descending past nodes that
    /// already carry `stop` (their generalizations carry it too).
    void tagUp(NodeId id, std::uint8_t bits, std::uint8_t stop) {
        m_stack.assign(1, id);
        while (!m_stack.empty()) {
            const NodeId n = m_stack.back();
            m_stack.pop_back();
            if (n != id && (m_state[n] & stop)) continue;
            m_state[n] |= bits;
            for (std::size_t i = 0; i < m_ctx.d; ++i)
                if (m_ctx.level(n, i) < m_ctx.heights[i] && !(m_state[n + m_ctx.strides[i]] & stop))
                    m_stack.push_back(n + m_ctx.strides[i]);
        }
    }

    void tagDown(NodeId id, std::uint8_t bits) {
        m_stack.assign(1, id);
        while (!m_stack.empty()) {
            const NodeId n = m_stack.back();
            m_stack.pop_back();
            if (n != id && (m_state[n] & kP1False)) continue;
            m_state[n] |= bits;
            for (std::size_t i = 0; i < m_ctx.d; ++i)
                if (m_ctx.level(n, i) > 0 && !(m_state[n - m_ctx.strides[i]] & kP1False))
                    m_stack.push_back(n - m_ctx.strides[i]);
        }
    }

    /// Keeps computed classes as rollup sources within a memory budget, dropping the
    /// largest older tables first (they save the least when rolled up from).
    void remember(NodeId id, std::unique_ptr<ClassTable> table) {
        m_bytes += table->bytes();
        m_cache.push_back({id, std::move(table)});
        while (m_cache.size() > 1 && (m_bytes > kBudget || m_cache.size() > kMaxEntries)) {
            // The newest entry stays (a hub's caller is about to read it).
            auto worst = std::max_element(m_cache.begin(), m_cache.end() - 1, [](const Cached& a, const Cached& b) {
                return a.table->count() < b.table->count();
            });
            m_bytes -= worst->table->bytes();
            m_cache.erase(worst);
        }
    }

    struct Cached {
        NodeId id;
        std::unique_ptr<ClassTable> table;
    };
    static constexpr std::size_t kBudget = std::size_t(256) << 20;
    static constexpr std::size_t kMaxEntries = 512;

    SearchContext& m_ctx;
    RollupEngine m_engine;
    ClassTable m_base;
    std::vector<std::uint8_t> m_state;
    bool m_monotone;
    std::vector<Cached> m_cache;
    std::size_t m_bytes = 0;
    std::unordered_map<NodeId, std::unique_ptr<ClassTable>> m_hubs;
    std::size_t m_hubBytes = 0;
    std::vector<NodeId> m_stack;
};

}  // namespace

void classifyFast(SearchContext& ctx, std::vector<std::uint8_t>& satisfies) {
    FastClassifier(ctx).run(satisfies);
}

}  // namespace ldv::detail
