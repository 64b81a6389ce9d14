// Choosing the optimum among satisfying nodes (search.h, metrics.h: betterOptimum).
#include <algorithm>
#include <limits>
#include <unordered_map>

#include "metrics/class_measures.h"
#include "search/search_context.h"
#include "search/workers.h"

namespace ldv::detail {
namespace {

/// Metrics that need no classes: height and precision depend on the levels only, and so does
/// the loss metric without suppression (`lossTable`: detail::lossByLevel, empty when unused).
NodeMetrics levelMetrics(const SearchContext& ctx, NodeId id,
                         const std::vector<std::vector<double>>& lossTable) {
    // (So are the attribute-wise models without suppression: quality_models.cpp.)
    NodeMetrics m;
    m.levels = ctx.levels(id);
    m.height = Lattice::height(m.levels);
    double generalized = 0;
    for (std::size_t i = 0; i < ctx.d; ++i)
        if (ctx.heights[i] > 0) generalized += double(m.levels[i]) / ctx.heights[i];
    m.precision = ctx.d ? 1.0 - generalized / double(ctx.d) : 1.0;
    if (!lossTable.empty()) m.loss = lossOfLevels(ctx.data, lossTable, m.levels);
    if (!ctx.qualityTables.entropy.empty()) levelQuality(ctx.qualityTables, m.levels, m);
    return m;
}

/// SearchContext::squaresBound made to hold for every node: a node's bound is the largest of
/// its own and its direct specializations' (whose bounds hold for all their generalizations).
/// Empty when the optimum does not prune.
std::vector<double> discernibilityBounds(const SearchContext& ctx) {
    if (!ctx.discernibilityBound() || ctx.squaresBound.size() != std::size_t(ctx.size)) return {};
    std::vector<double> bound = ctx.squaresBound;
    for (const NodeId id : ctx.byHeight)  // bottom first: specializations are final
        for (std::size_t i = 0; i < ctx.d; ++i)
            if (ctx.level(id, i) > 0) bound[id] = std::max(bound[id], bound[id - ctx.strides[i]]);
    return bound;
}

}  // namespace

bool metricNeedsClasses(const SearchContext& ctx) {
    const Metric metric = ctx.config.metric;
    // LM and the attribute-wise models count suppressed rows as fully lost, so with
    // suppression they need the classes.
    const bool levelsOnly = metric == Metric::Loss || attributeWiseMetric(metric);
    return metric != Metric::Height && (!levelsOnly || ctx.judge.limitRows() > 0);
}

std::vector<std::size_t> carriedSensitive(const SearchContext& ctx, bool forMetrics) {
    std::vector<std::size_t> carried = ctx.judge.neededSensitive();
    if ((forMetrics || ctx.config.metric == Metric::KlDivergence) &&
        !ctx.data.sensitiveColumns().empty() && ctx.data.countsSample(0) &&
        std::find(carried.begin(), carried.end(), std::size_t(0)) == carried.end())
        carried.push_back(0);
    return carried;
}

NodeMetrics measureTable(const SearchContext& ctx, const RollupEngine& engine,
                         const ClassTable& t) {
    std::vector<std::uint8_t> failing;
    if (ctx.judge.limitRows() > 0) ctx.judge.judge(t, engine, &failing);
    return measureTable(ctx, engine, t, failing);
}

NodeMetrics rankingMetrics(const SearchContext& ctx, const RollupEngine& engine,
                           const ClassTable& t) {
    const Metric metric = ctx.config.metric;
    if (metric != Metric::Discernibility && metric != Metric::AverageClassSize)
        return measureTable(ctx, engine, t);
    // Only class sizes matter: skip measure()'s per-attribute tables and per-cell sums, which
    // cost more than the rollup of a small node. (selectOptimum recomputes the winner's full
    // figures.)
    std::vector<std::uint8_t> suppressed;
    if (ctx.judge.limitRows() > 0) ctx.judge.judge(t, engine, &suppressed);
    NodeMetrics m;
    m.levels = t.levels;
    m.height = Lattice::height(m.levels);
    double published = 0, dm = 0;
    for (std::size_t c = 0; c < t.count(); ++c) {
        const double size = t.sizes[c];
        if (t.sizes[c] == 0) continue;  // no published row (RowSample): not a class
        if (!suppressed.empty() && suppressed[c]) {
            m.suppressedRows += t.sizes[c];
            continue;
        }
        ++m.classes;
        published += size;
        dm += size * size;
    }
    m.discernibility = dm + double(ctx.data.rowCount()) * double(m.suppressedRows);
    m.averageClassSize = m.classes ? published / double(m.classes) : 0.0;
    return m;
}

NodeMetrics measureTable(const SearchContext& ctx, const RollupEngine& engine, const ClassTable& t,
                         std::span<const std::uint8_t> suppressed) {
    ClassesView v;
    v.levels = t.levels;
    v.sizes = t.sizes;
    std::vector<Code> scratch;  // codes decoded from bit-packed keys
    v.keys = engine.keysOf(t, scratch);
    const auto& carried = engine.carried();
    const auto slot = std::find(carried.begin(), carried.end(), std::size_t(0));
    if (slot != carried.end() && ctx.data.countsSample(0)) {
        const std::size_t j = std::size_t(slot - carried.begin());
        v.m = engine.histDomain(j);
        v.histStride = engine.histWidth();
        v.histogram = std::span<const std::uint32_t>(t.hist).subspan(engine.histOffset(j));
    }
    v.suppressed = suppressed;
    // The tables are there when the metric (or measureLattice, for every figure) needs them.
    v.withQuality = !ctx.qualityTables.entropy.empty();
    // The pass over the base groups only where the ranking needs it (class_measures.h):
    // selectOptimum re-measures the winner with every figure exact.
    const Metric metric = ctx.config.metric;
    v.suppressedPass = !ctx.rankingOnly || metric == Metric::Sse ||
                       (metric == Metric::Entropy && ctx.config.quality.gsFactor != 0.5) ||
                       !attributeWiseMetric(metric);
    v.qualityTables = &ctx.qualityTables;
    return measure(ctx.data, v, ctx.baseTerm);
}

void selectOptimum(SearchContext& ctx, const std::vector<NodeId>& candidates,
                   SearchResult& result) {
    if (candidates.empty()) return;
    const Metric metric = ctx.config.metric;
    std::vector<NodeMetrics> metrics(candidates.size());
    std::vector<std::uint8_t> pruned(candidates.size(),
                                     0);  ///< skipped by the bound, never optimal
    if (!metricNeedsClasses(ctx)) {
        const std::vector<std::vector<double>> lossTable =
            metric == Metric::Loss ? lossByLevel(ctx.data) : std::vector<std::vector<double>>{};
        for (std::size_t c = 0; c < candidates.size(); ++c)
            metrics[c] = levelMetrics(ctx, candidates[c], lossTable);
    } else {
        // Only what the judge and the chosen metric read (KL: the first SA); the other
        // fields of a candidate's metrics are never compared, and the winner's figures are
        // recomputed below. The classifier's tables carry the same, so they serve as sources.
        const std::vector<std::size_t> carried = carriedSensitive(ctx, false);
        // Candidates by height; each rolls up from a candidate one level below when one was
        // computed (satisfying nodes cluster upwards), else from the base groups. The nodes
        // of one height are independent: split them over the threads.
        std::vector<std::size_t> order(candidates.size());
        for (std::size_t c = 0; c < order.size(); ++c) order[c] = c;
        std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
            return ctx.data.lattice().height(candidates[a]) <
                   ctx.data.lattice().height(candidates[b]);
        });
        const unsigned threads = std::max(1u, ctx.stats.threads);
        std::vector<RollupEngine> engines;
        for (unsigned t = 0; t < threads; ++t) engines.emplace_back(ctx.data, carried);
        // The base groups as a table only when some candidate was not measured when checked
        // (without suppression every minimal node was: copying 62,860 groups cost 0.3 ms).
        const bool allMeasured = std::all_of(candidates.begin(), candidates.end(),
                                             [&](NodeId id) { return ctx.measured.count(id) > 0; });
        const ClassTable base = allMeasured ? ClassTable{} : engines[0].base();
        std::unordered_map<NodeId, ClassTable> previous, current;
        const std::size_t budget = std::size_t(512) << 20;
        // Branch and bound (discernibility with suppression): a candidate whose bound exceeds
        // the best value among the candidates already measured can neither win nor tie.
        std::vector<double> bound = discernibilityBounds(ctx);
        double bestValue = std::numeric_limits<double>::infinity();
        if (!bound.empty())
            for (const NodeId id : candidates)
                if (auto m = ctx.measured.find(id); m != ctx.measured.end())
                    bestValue = std::min(bestValue, m->second.discernibility);
        std::size_t pos = 0;
        unsigned step = 1;
        while (pos < order.size()) {
            const int h = ctx.data.lattice().height(candidates[order[pos]]);
            std::size_t end = pos;
            while (end < order.size() && ctx.data.lattice().height(candidates[order[end]]) == h)
                ++end;
            std::vector<ClassTable> tables(end - pos);
            auto work = [&](unsigned t) {
                for (std::size_t k = pos + t; k < end; k += step) {
                    const NodeId id = candidates[order[k]];
                    if (auto m = ctx.measured.find(id); m != ctx.measured.end()) {
                        metrics[order[k]] = m->second;  // measured when it was checked
                        continue;
                    }
                    if (!bound.empty() && bound[id] > bestValue + 1e-9 * std::max(1.0, bestValue)) {
                        pruned[order[k]] = 1;
                        continue;
                    }
                    const ClassTable* src = &base;
                    for (std::size_t i = 0; i < ctx.d; ++i) {
                        if (ctx.level(id, i) == 0) continue;
                        auto it = previous.find(id - ctx.strides[i]);
                        if (it != previous.end() && it->second.count() < src->count())
                            src = &it->second;
                    }
                    for (const auto& [from, table] : ctx.tables)
                        if (table->count() < src->count() && ctx.generalizes(id, from))
                            src = table.get();
                    const std::vector<int> lv = ctx.levels(id);
                    engines[t].rollup(*src, lv, tables[k - pos]);
                    metrics[order[k]] = rankingMetrics(ctx, engines[t], tables[k - pos]);
                }
            };
            // Threads pay only when a height has enough work to split.
            const bool parallel = threads > 1 && end - pos > 1 &&
                                  (end - pos) * std::max<std::size_t>(base.count(), 1) > 200000;
            step = parallel ? unsigned(std::min<std::size_t>(threads, end - pos)) : 1;
            runWorkers(step, work);
            current.clear();
            std::size_t bytes = 0;
            for (std::size_t k = pos; k < end; ++k) {
                if (tables[k - pos].levels.empty()) continue;  // reused metrics, no classes
                bytes += tables[k - pos].bytes();
                if (bytes > budget) break;
                current.emplace(candidates[order[k]], std::move(tables[k - pos]));
            }
            previous.swap(current);
            if (!bound.empty())
                for (std::size_t k = pos; k < end; ++k)
                    if (!pruned[order[k]])
                        bestValue = std::min(bestValue, metrics[order[k]].discernibility);
            if (ctx.feedback) ctx.feedback->checkCancelled();
            pos = end;
        }
        for (const RollupEngine& e : engines) {
            ctx.stats.classesRead += e.classesRead();
            ctx.stats.classesBuilt += e.classesBuilt();
        }
    }
    std::size_t best = candidates.size();
    for (std::size_t c = 0; c < candidates.size(); ++c) {
        if (pruned[c]) continue;
        ++ctx.stats.measuredNodes;
        if (best == candidates.size() ||
            betterOptimum(metrics[c], metrics[best], metric, ctx.config.quality))
            best = c;
    }
    result.optimum = candidates[best];
    // The reported figures of the winner come from the Dataset's own grouping.
    const EquivalenceClasses classes = ctx.data.classes(ctx.levels(candidates[best]));
    std::vector<std::uint8_t> failing;
    if (ctx.judge.limitRows() > 0) ctx.judge.judge(classes, &failing);
    result.optimumMetrics = measureClasses(ctx.data, classes, failing, ctx.baseTerm);
}

}  // namespace ldv::detail
