// Sequential Sweep (Tian & Zhang 2011 §4, Fig. 6); see sweep.h.
#include "ldiv/tau/sweep_result.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <numeric>
#include <random>
#include <unordered_map>

#include "ldiv/data/error.h"
#include "tau/sweep_steps.h"

namespace ldv {

namespace {

constexpr double Slack = 1e-12;

// Dense tables over (taxonomy node, base value): l(v,a) of Tian & Zhang 2011 Def. 7 and "v covers
// a".
struct SaTables {
    std::size_t m = 0;
    std::size_t root = 0;
    std::vector<double> l;             // l[v*m + a]
    std::vector<std::uint8_t> covers;  // covers[v*m + a]

    explicit SaTables(const TauInput& in) : m(in.domain()) {
        const SensitiveTaxonomy& t = in.taxonomy;
        l.assign(t.nodeCount() * m, 0.0);
        covers.assign(t.nodeCount() * m, 0);
        std::vector<std::uint32_t> one(t.nodeCount(), 0);
        std::vector<double> f;
        for (std::size_t v = 0; v < t.nodeCount(); ++v) {
            if (t.parent(v) == -1) root = v;
            one[v] = 1;
            t.inducedFrequencies(one, in.weights, f);  // one row with SA v: f(a) = l(v,a)
            one[v] = 0;
            std::copy(f.begin(), f.end(), l.begin() + std::ptrdiff_t(v * m));
            for (std::uint32_t a : t.leaves(v)) covers[v * m + a] = 1;
        }
    }
    const double* row(std::size_t v) const { return l.data() + v * m; }
};

// The rows of one class bucketed by published SA node, with Σ_t l(t[SA], ·) kept up to date.
struct ClassState {
    std::vector<std::vector<std::uint32_t>> buckets;
    std::vector<std::size_t> used;  // nodes with a non-empty bucket (may repeat)
    std::vector<double> sum;
    std::vector<double> sorted;
    std::size_t size = 0;

    ClassState(std::size_t nodes, std::size_t m) : buckets(nodes), sum(m, 0.0) {}

    void load(const SaTables& sa, const std::vector<std::uint32_t>& rows,
              const std::vector<std::uint32_t>& saNode) {
        for (std::size_t v : used) buckets[v].clear();
        used.clear();
        std::fill(sum.begin(), sum.end(), 0.0);
        size = 0;
        for (std::uint32_t r : rows) add(sa, saNode[r], r);
    }
    void add(const SaTables& sa, std::size_t v, std::uint32_t r) {
        if (buckets[v].empty()) used.push_back(v);
        buckets[v].push_back(r);
        const double* lv = sa.row(v);
        for (std::size_t a = 0; a < sum.size(); ++a) sum[a] += lv[a];
        ++size;
    }
    std::uint32_t take(const SaTables& sa, std::size_t v) {
        const std::uint32_t r = buckets[v].back();
        buckets[v].pop_back();
        const double* lv = sa.row(v);
        for (std::size_t a = 0; a < sum.size(); ++a) sum[a] -= lv[a];
        --size;
        return r;
    }
    // F(k) ≤ ψ(k) for every k on f = sum/size (Tian & Zhang 2011 Def. 11), without allocating.
    bool holds(double tau, double l) {
        sorted.assign(sum.begin(), sum.end());
        std::sort(sorted.begin(), sorted.end(), std::greater<>());
        double F = 0;
        for (std::size_t k = 1; k <= sorted.size(); ++k) {
            F += sorted[k - 1] / double(size);
            if (F > tauPsi(k, tau, l) + Slack) return false;
        }
        return true;
    }
    std::size_t dominant() const {
        return std::size_t(std::max_element(sum.begin(), sum.end()) - sum.begin());
    }
};

}  // namespace

std::vector<SweepItem> sweepOrder(const Dataset& data, const std::vector<std::size_t>& importance) {
    const std::size_t d = data.qiCount();
    std::vector<std::size_t> order = importance;
    if (order.empty()) {
        order.resize(d);
        std::iota(order.begin(), order.end(), std::size_t(0));
    }
    std::vector<std::size_t> check = order;
    std::sort(check.begin(), check.end());
    for (std::size_t i = 0; i < check.size(); ++i)
        if (check.size() != d || check[i] != i)
            throw ParameterError("the importance order must list every quasi-identifier once");
    // I(S_i,j): the leaf-weighted mean information of the level-j values (Tian & Zhang 2011
    // §4.1), leaves counted in the data domain as informationUtility does.
    std::vector<std::vector<double>> levelInfo(d);
    for (std::size_t i = 0; i < d; ++i) {
        const HierarchyMap& h = data.hierarchy(i);
        for (int j = 0; j <= h.height(); ++j) {
            double num = 0, den = 0;
            for (std::size_t v = 0; v < h.levelSize(j); ++v) {
                const double w = h.coverage(j)[v];
                num += w / double(std::max<std::uint32_t>(1, h.coverage(j)[v]));
                den += w;
            }
            levelInfo[i].push_back(den > 0 ? num / den : 0.0);
        }
    }
    const Lattice& lattice = data.lattice();
    std::vector<SweepItem> items;
    items.reserve(std::size_t(lattice.size()));
    for (NodeId id = 0; id < lattice.size(); ++id) {
        SweepItem item;
        item.levels = lattice.levels(id);
        for (std::size_t i = 0; i < d; ++i)
            item.information +=
                levelInfo[i][std::size_t(item.levels[i])] / double(std::max<std::size_t>(d, 1));
        for (std::size_t i : order) item.depths.push_back(lattice.heights()[i] - item.levels[i]);
        items.push_back(std::move(item));
    }
    // Descending level vectors; I is quantized so that equal sums in another order tie.
    std::stable_sort(items.begin(), items.end(), [](const SweepItem& a, const SweepItem& b) {
        const auto qa = std::llround(a.information * 1e12), qb = std::llround(b.information * 1e12);
        if (qa != qb) return qa > qb;
        return a.depths > b.depths;
    });
    return items;
}

namespace detail {

std::size_t generalizeSensitive(const TauInput& input, const std::vector<std::uint32_t>& rows,
                                std::vector<std::uint32_t>& saNode, double tau, double l) {
    const SaTables sa(input);
    const SensitiveTaxonomy& t = input.taxonomy;
    ClassState state(t.nodeCount(), sa.m);
    state.load(sa, rows, saNode);
    std::size_t steps = 0;
    while (state.size > 0 && !state.holds(tau, l)) {
        const std::size_t a = state.dominant();
        // The least general non-root SA value covering the dominant base value; any non-root
        // value if none covers it (then a is dominant only through ties).
        std::size_t best = t.nodeCount();
        for (int pass = 0; pass < 2 && best == t.nodeCount(); ++pass)
            for (std::size_t v = 0; v < t.nodeCount(); ++v) {
                if (v == sa.root || state.buckets[v].empty() ||
                    (pass == 0 && !sa.covers[v * sa.m + a]))
                    continue;
                if (best == t.nodeCount() || t.leaves(v).size() < t.leaves(best).size()) best = v;
            }
        if (best == t.nodeCount())
            break;  // every row is at the root: F is uniform and holds (ψ(k) ≥ k/ℓ ≥ k/m)
        const std::uint32_t r = state.take(sa, best);
        const std::size_t parent = std::size_t(t.parent(best));
        saNode[r] = std::uint32_t(parent);
        state.add(sa, parent, r);
        ++steps;
    }
    return steps;
}

}  // namespace detail

SweepResult sweep(const TauInput& input, const SweepOptions& options, Feedback* feedback) {
    const auto start = std::chrono::steady_clock::now();
    const double tau = options.tau, l = options.l;
    validateTau(tau, l, input.domain());
    const Dataset& data = *input.data;
    const std::size_t d = data.qiCount();
    const std::size_t n = input.rowCount();
    SweepResult result;
    SweepStatistics& stats = result.statistics;
    LocalRecoding& out = result.recoding;
    out.saNode = input.baseSa;

    // Step 1: the table as one class.
    std::vector<std::uint32_t> all(n);
    std::iota(all.begin(), all.end(), std::uint32_t(0));
    stats.saStepsInitial = detail::generalizeSensitive(input, all, out.saNode, tau, l);
    stats.saSteps = stats.saStepsInitial;

    // Step 2: V, with per item the mixed-radix key of a class's QI value.
    const std::vector<SweepItem> items = sweepOrder(data, options.importance);
    stats.items = items.size();
    std::vector<const Code*> columnCodes(d);
    for (std::size_t i = 0; i < d; ++i)
        columnCodes[i] = data.table().column(data.qiColumns()[i]).codes().data();
    struct ItemIndex {
        std::vector<const Code*> maps;
        std::vector<std::uint64_t> strides;
        std::unordered_map<std::uint64_t, std::uint32_t> classes;
        std::vector<std::uint32_t> list;  // ECList in creation order
    };
    std::vector<ItemIndex> index(items.size());
    for (std::size_t k = 0; k < items.size(); ++k) {
        std::uint64_t stride = 1;
        for (std::size_t i = 0; i < d; ++i) {
            const HierarchyMap& h = data.hierarchy(i);
            index[k].maps.push_back(h.levelMap(items[k].levels[i]).data());
            index[k].strides.push_back(stride);
            const std::uint64_t size = std::max<std::size_t>(1, h.levelSize(items[k].levels[i]));
            if (stride > std::numeric_limits<std::uint64_t>::max() / size)
                throw ParameterError("SWEEP: too many distinct QI values to index");
            stride *= size;
        }
    }
    std::vector<std::vector<std::uint32_t>> classRows;  // rows of every class created
    // findNextEC (Tian & Zhang 2011 §4.5): every item after the current one satisfies v[0] ≤
    // currV[0] (V is sorted) and v[i] ≤ v_t[i] (base values sit at full depth), so the next EC of a
    // row is the class of its ancestor at the next item's levels.
    auto place = [&](std::size_t k, std::uint32_t r) {
        ItemIndex& ix = index[k];
        std::uint64_t key = 0;
        for (std::size_t i = 0; i < d; ++i)
            key += std::uint64_t(ix.maps[i][columnCodes[i][r]]) * ix.strides[i];
        const auto [it, fresh] = ix.classes.try_emplace(key, std::uint32_t(classRows.size()));
        if (fresh) {
            classRows.emplace_back();
            ix.list.push_back(it->second);
        }
        classRows[it->second].push_back(r);
        ++stats.rowMoves;
    };

    // Steps 3–4: every row into the class of its own QI value, in seeded order.
    std::vector<std::uint32_t> entry = all;
    std::mt19937_64 rng(options.seed);
    std::shuffle(entry.begin(), entry.end(), rng);
    for (std::uint32_t r : entry) place(0, r);

    const SaTables sa(input);
    ClassState state(input.taxonomy.nodeCount(), sa.m);
    const std::size_t last = items.size() - 1;
    auto close = [&](std::size_t k, std::vector<std::uint32_t> rows) {
        RecodedClass cls;
        cls.levels = items[k].levels;
        for (std::size_t i = 0; i < d; ++i)
            cls.codes.push_back(index[k].maps[i][columnCodes[i][rows.front()]]);
        cls.rows = std::move(rows);
        out.classes.push_back(std::move(cls));
        ++stats.closedClasses;
    };
    // Steps 5–10, then 11 for the last class.
    for (std::size_t k = 0; k < items.size(); ++k) {
        if (feedback) {
            feedback->checkCancelled();
            feedback->setProgress(double(k) / double(items.size()));
        }
        for (std::size_t pos = 0; pos < index[k].list.size(); ++pos) {
            std::vector<std::uint32_t> rows = std::move(classRows[index[k].list[pos]]);
            if (rows.empty()) continue;
            if (k == last) {
                stats.saSteps += detail::generalizeSensitive(input, rows, out.saNode, tau, l);
                close(k, std::move(rows));
                continue;
            }
            state.load(sa, rows, out.saNode);
            while (state.size > 0 && !state.holds(tau, l)) {
                // Tian & Zhang 2011 §4.4: sweep the row whose removal lowers f(a) of the dominant a
                // most; only rows with l(t[SA],a) > f(a) lower it.
                const std::size_t a = state.dominant();
                const double fa = state.sum[a] / double(state.size);
                std::size_t best = sa.root;
                double bestL = -1;
                for (std::size_t v : state.used)
                    if (!state.buckets[v].empty() && sa.row(v)[a] > bestL) {
                        bestL = sa.row(v)[a];
                        best = v;
                    }
                if (bestL > fa + Slack) {
                    place(k + 1, state.take(sa, best));
                    ++stats.sweptRows;
                    continue;
                }
                // No row helps: sweep the whole class on (Tian & Zhang 2011 §4.6's fallback).
                for (std::size_t v : state.used)
                    while (!state.buckets[v].empty()) place(k + 1, state.take(sa, v));
            }
            if (state.size == 0) continue;
            rows.clear();
            for (std::size_t v : state.used) {
                rows.insert(rows.end(), state.buckets[v].begin(), state.buckets[v].end());
                state.buckets[v].clear();
            }
            state.used.clear();
            close(k, std::move(rows));
        }
        // Item k is finished: nothing is ever placed into it again.
        index[k] = ItemIndex{};
    }
    stats.milliseconds =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    return result;
}

}  // namespace ldv
