// Metrics of every node (search.h: measureLattice).
#include <thread>

#include "ldiv/data/error.h"
#include "ldiv/search/search_result.h"
#include "metrics/class_measures.h"
#include "search/height_sweep.h"

namespace ldv {

std::vector<NodeMetrics> measureLattice(const Dataset& data, const SearchConfig& config,
                                        Feedback* feedback) {
    // Without suppression the judge's verdict is not used; with it, multi-attribute criteria
    // are refused as by search().
    if (config.suppressionLimit > 0)
        for (const BoundCriterion& b : config.criteria)
            if (b.criterion.multiAttribute() && data.sensitiveColumns().size() > 1)
                throw ParameterError(
                    "criterion '" + b.criterion.spec() +
                    "': multi-attribute mode cannot be combined with tuple suppression");
    detail::SearchContext ctx(data, config, feedback);
    ctx.stats.threads = detail::threadBudget(config.threads);
    ctx.baseTerm = detail::baseEntropyTerm(data);
    ctx.qualityTables = detail::qualityTables(data);
    ctx.rankingOnly = false;
    std::vector<NodeMetrics> out(std::size_t(ctx.size));
    detail::sweepByHeight(
        ctx, detail::carriedSensitive(ctx, true),
        [&](detail::RollupEngine& engine, NodeId id, const detail::ClassTable& t) {
            std::vector<std::uint8_t> failing;
            const detail::Verdict v =
                ctx.judge.judge(t, engine, ctx.judge.limitRows() > 0 ? &failing : nullptr);
            if (!v.satisfies) failing.clear();
            out[id] = detail::measureTable(ctx, engine, t, failing);
        });
    if (feedback) feedback->setProgress(1.0);
    return out;
}

}  // namespace ldv
