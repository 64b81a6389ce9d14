// Incognito (LeFevre, DeWitt & Ramakrishnan, SIGMOD 2005), as 000 §5–6 uses it for
// ℓ-diversity: for i = 1..d, for every i-subset S of the QI attributes, search S's lattice
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
#include <algorithm>
#include <bit>
#include <functional>
#include <memory>
#include <unordered_map>

#include "ldiv/error.h"
#include "search/search_context.h"

namespace ldv::detail {
namespace {

/// The lattice of one attribute subset (attributes increasing, last one fastest in ids).
struct SubLattice {
    std::vector<std::uint32_t> attrs;
    std::vector<NodeId> strides;
    NodeId size = 1;
    std::vector<std::uint8_t> levels;  // size × attrs.size()
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
        for (std::size_t p = 0; p < w; ++p) s.levels[id * w + p] = std::uint8_t(l[p]);
        for (std::size_t p = w; p-- > 0;) {
            if (++l[p] <= ctx.heights[s.attrs[p]]) break;
            l[p] = 0;
        }
    }
    return s;
}

void checkEveryNode(SearchContext& ctx, std::vector<std::uint8_t>& satisfies) {
    RollupEngine engine(ctx.data, ctx.judge.neededSensitive());
    const ClassTable base = engine.base();
    std::unordered_map<NodeId, ClassTable> previous, current;
    int height = 0;
    for (NodeId id : ctx.byHeight) {
        ctx.poll(ctx.stats.checkedNodes);
        if (ctx.data.lattice().height(id) != height) {
            previous.swap(current);
            current.clear();
            height = ctx.data.lattice().height(id);
        }
        const ClassTable* src = &base;
        for (std::size_t i = 0; i < ctx.d && src == &base; ++i)
            if (ctx.level(id, i) > 0)
                if (auto it = previous.find(id - ctx.strides[i]); it != previous.end()) src = &it->second;
        ClassTable& t = current[id];
        if (id == 0)
            t = base;
        else
            engine.rollup(*src, ctx.levels(id), t);
        satisfies[id] = ctx.judge.judge(t, engine).satisfies;
        ++ctx.stats.checkedNodes;
    }
    ctx.stats.classesRead += engine.classesRead();
    ctx.stats.classesBuilt += engine.classesBuilt();
}

}  // namespace

void classifyIncognito(SearchContext& ctx, std::vector<std::uint8_t>& satisfies) {
    if (!ctx.judge.monotone()) return checkEveryNode(ctx, satisfies);
    if (ctx.d > 24) throw ParameterError("Incognito handles at most 24 quasi-identifiers");
    RollupEngine engine(ctx.data, ctx.judge.neededSensitive());
    const ClassTable base = engine.base();
    const std::uint32_t full = (ctx.d == 0) ? 0 : std::uint32_t((1ull << ctx.d) - 1);
    // passing[mask][sub-node id]; a subset's results are needed by its supersets only.
    std::vector<std::vector<std::uint8_t>> passing(std::size_t(full) + 1);
    passing[0] = {1};  // the empty QI: one class with every row (never consulted below d=1)

    std::vector<std::uint32_t> masks;
    for (std::uint32_t m = 1; m <= full; ++m) masks.push_back(m);
    std::stable_sort(masks.begin(), masks.end(),
                     [](std::uint32_t a, std::uint32_t b) { return std::popcount(a) < std::popcount(b); });

    // Projections of the base groups onto attribute subsets (level 0), each rolled up from
    // the projection onto a superset with one more attribute (the one of smallest domain
    // not in the subset, keeping that superset small): a data-cube pass where only the
    // first projections read the base groups. Kept while they fit a memory budget.
    std::unordered_map<std::uint32_t, std::shared_ptr<const ClassTable>> projections;
    std::size_t projectionBytes = 0;
    std::vector<int> projectionLevels(ctx.d);
    std::function<std::shared_ptr<const ClassTable>(std::uint32_t)> projection =
        [&](std::uint32_t mask) -> std::shared_ptr<const ClassTable> {
        if (mask == full) return std::shared_ptr<const ClassTable>(&base, [](const ClassTable*) {});
        if (auto it = projections.find(mask); it != projections.end()) return it->second;
        std::uint32_t add = 0;
        for (std::uint32_t i = 0; i < ctx.d; ++i)
            if (!(mask & (1u << i)) &&
                (!add || ctx.data.hierarchy(i).levelSize(0) < ctx.data.hierarchy(std::countr_zero(add)).levelSize(0)))
                add = 1u << i;
        const std::shared_ptr<const ClassTable> from = projectionBytes < (std::size_t(256) << 20)
                                                           ? projection(mask | add)
                                                           : projection(full);
        auto out = std::make_shared<ClassTable>();
        for (std::uint32_t i = 0; i < ctx.d; ++i) projectionLevels[i] = (mask & (1u << i)) ? 0 : -1;
        engine.rollup(*from, projectionLevels, *out);
        if (projectionBytes < (std::size_t(256) << 20)) {
            projectionBytes += out->bytes();
            projections.emplace(mask, out);
        }
        return out;
    };

    std::vector<int> levels(ctx.d);
    for (std::uint32_t mask : masks) {
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
        auto fullLevels = [&](NodeId id) {
            std::fill(levels.begin(), levels.end(), -1);
            for (std::size_t p = 0; p < w; ++p) levels[s.attrs[p]] = s.levels[id * w + p];
            return std::span<const int>(levels);
        };
        // Breadth-first by height; each queued node keeps the frequency set it rolls up from.
        std::vector<std::vector<std::pair<NodeId, std::shared_ptr<const ClassTable>>>> queue;
        auto push = [&](NodeId id, std::shared_ptr<const ClassTable> from) {
            int h = 0;
            for (std::size_t p = 0; p < w; ++p) h += s.levels[id * w + p];
            if (queue.size() <= std::size_t(h)) queue.resize(std::size_t(h) + 1);
            state[id] |= kQueued;
            queue[std::size_t(h)].emplace_back(id, std::move(from));
        };
        std::vector<NodeId> roots;
        for (NodeId id = 0; id < s.size; ++id) {
            if (!(state[id] & kCandidate)) continue;
            bool root = true;
            for (std::size_t p = 0; p < w && root; ++p)
                if (s.levels[id * w + p] > 0 && (state[id - s.strides[p]] & kCandidate)) root = false;
            if (root) roots.push_back(id);
        }
        // Roots group the table's frequency set on S; with several roots, project the base
        // groups onto S once (a GROUP BY S that the database would also share) and roll every
        // root up from that smaller set.
        std::shared_ptr<const ClassTable> rootSource(&base, [](const ClassTable*) {});
        if (roots.size() > 1 && w < ctx.d) rootSource = projection(mask);
        for (NodeId id : roots) push(id, rootSource);
        std::vector<NodeId> stack;
        for (std::size_t h = 0; h < queue.size(); ++h) {
            for (std::size_t q = 0; q < queue[h].size(); ++q) {
                const NodeId id = queue[h][q].first;
                if (state[id] & kPass) continue;  // marked: a generalization of a passing node
                ctx.poll(ctx.stats.checkedNodes);
                auto table = std::make_shared<ClassTable>();
                engine.rollup(*queue[h][q].second, fullLevels(id), *table);
                queue[h][q].second.reset();
                ++ctx.stats.checkedNodes;
                if (ctx.judge.judge(*table, engine).satisfies) {
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
                        if ((state[next] & kCandidate) && !(state[next] & (kQueued | kPass))) push(next, table);
                    }
                }
            }
            queue[h].clear();
        }
        passing[mask].resize(std::size_t(s.size));
        for (NodeId id = 0; id < s.size; ++id) passing[mask][id] = (state[id] & kPass) ? 1 : 0;
        // Free the subsets no later superset needs (all supersets are of larger size).
    }
    for (NodeId id = 0; id < ctx.size; ++id) satisfies[id] = passing[full][id];
    ctx.stats.classesRead += engine.classesRead();
    ctx.stats.classesBuilt += engine.classesBuilt();
}

}  // namespace ldv::detail
