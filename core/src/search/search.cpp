// The lattice search facade (search.h): binding criteria, dispatching to an algorithm,
// minimal nodes, warnings for impossible criteria.
#include "ldiv/data/ambient_feedback.h"
#include "ldiv/search/search_result.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <thread>

#include "ldiv/data/error.h"
#include "ldiv/evaluation/criterion_result.h"
#include "ldiv/evaluation/multi_attribute_view.h"
#include "metrics/class_measures.h"
#include "search/search_context.h"

namespace ldv {
namespace {

double msSince(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

void classify(detail::SearchContext& ctx, std::vector<std::uint8_t>& sat) {
    switch (ctx.config.algorithm) {
        case SearchAlgorithm::Brute:
            detail::classifyBrute(ctx, sat);
            break;
        case SearchAlgorithm::Fast:
            detail::classifyFast(ctx, sat);
            break;
        case SearchAlgorithm::Incognito:
            detail::classifyIncognito(ctx, sat);
            break;
    }
}

/// Removes from `sat` the nodes failing a multi-attribute criterion: each is the criterion
/// in single mode on its multiAttributeView, classified by the same algorithm. Without
/// suppression each part is monotone and a node satisfies the set exactly when it satisfies
/// every part.
void applyMultiAttribute(const Dataset& data, const SearchConfig& config, const BoundCriterion& b,
                         Feedback* feedback, detail::SearchContext& ctx,
                         std::vector<std::uint8_t>& sat) {
    const Dataset view = multiAttributeView(data, b.sensitive);
    CriterionSpec single = b.criterion.definition();
    single.multiAttribute = false;
    SearchConfig viewConfig;
    viewConfig.criteria = {
        {Criterion::bind(single,
                         data.table().column(data.sensitiveColumns()[b.sensitive]).dictionary()),
         0}};
    viewConfig.metric = Metric::Height;
    viewConfig.algorithm = config.algorithm;
    viewConfig.threads = ctx.stats.threads;
    detail::SearchContext viewCtx(view, viewConfig, feedback);
    viewCtx.stats.threads = ctx.stats.threads;
    std::vector<std::uint8_t> viewSat(std::size_t(ctx.size), 0);
    classify(viewCtx, viewSat);
    for (std::size_t id = 0; id < sat.size(); ++id) sat[id] = sat[id] && viewSat[id];
    ctx.stats.rowsTouched += view.rowCount();  // the view's base groups were grouped from the rows
    ctx.stats.checkedNodes += viewCtx.stats.checkedNodes;
    ctx.stats.classesRead += viewCtx.stats.classesRead;
    ctx.stats.classesBuilt += viewCtx.stats.classesBuilt;
    // The view is classified after the data: its threads' time adds to theirs, and its chains
    // of dependent checks start where the data's ended.
    std::vector<ThreadCounters>& mine = ctx.stats.threadsDetail;
    const std::vector<ThreadCounters>& its = viewCtx.stats.threadsDetail;
    if (mine.size() < its.size()) mine.resize(its.size());
    for (std::size_t t = 0; t < its.size(); ++t) {
        mine[t].busyMs += its[t].busyMs;
        mine[t].idleMs += its[t].idleMs;
        mine[t].lockWaits += its[t].lockWaits;
        mine[t].lockWaitMs += its[t].lockWaitMs;
        mine[t].lockAcquisitions += its[t].lockAcquisitions;
        mine[t].nodesChecked += its[t].nodesChecked;
    }
    ctx.stats.criticalPath.checks += viewCtx.stats.criticalPath.checks;
    ctx.stats.criticalPath.ms += viewCtx.stats.criticalPath.ms;
    ctx.stats.criticalPath.workMs += viewCtx.stats.criticalPath.workMs;
}

}  // namespace

namespace detail {

SearchContext::SearchContext(const Dataset& data_, const SearchConfig& config_, Feedback* feedback_,
                             bool nodeTables)
    : data(data_),
      config(config_),
      feedback(feedback_),
      judge(data_, config_.criteria, config_.suppressionLimit),
      d(data_.qiCount()),
      size(data_.lattice().size()),
      heights(data_.lattice().heights()) {
    if (nodeTables && size > kMaxExplicitNodes)
        throw ParameterError("the lattice has " + std::to_string(size) +
                             " nodes; a classification with a per-node array (brute force, "
                             "Incognito, suppression with ℓ-criteria, per-node metrics) handles "
                             "at most 2^28");
    for (std::size_t i = 0; i < d; ++i)
        if (heights[i] > std::numeric_limits<std::uint16_t>::max())
            throw ParameterError(
                "the hierarchy of '" + data.table().column(data.qiColumns()[i]).name() + "' has " +
                std::to_string(heights[i]) + " levels; the search handles at most " +
                std::to_string(std::numeric_limits<std::uint16_t>::max()));
    strides.assign(d, 1);
    for (std::size_t i = d; i-- > 1;) strides[i - 1] = strides[i] * NodeId(heights[i] + 1);
    if (!nodeTables) return;
    levelsOf.resize(std::size_t(size) * d);
    std::vector<std::vector<NodeId>> buckets(std::size_t(data.lattice().maxHeight()) + 1);
    std::vector<int> l(d, 0);
    for (NodeId id = 0; id < size; ++id) {
        int h = 0;
        for (std::size_t i = 0; i < d; ++i) {
            levelsOf[id * d + i] = std::uint16_t(l[i]);
            h += l[i];
        }
        buckets[std::size_t(h)].push_back(id);
        for (std::size_t i = d; i-- > 0;) {  // mixed-radix increment, last QI fastest
            if (++l[i] <= heights[i]) break;
            l[i] = 0;
        }
    }
    byHeight.reserve(std::size_t(size));
    for (auto& b : buckets) byHeight.insert(byHeight.end(), b.begin(), b.end());
}

double SearchContext::pathStepScore(std::size_t i, int l) const {
    const HierarchyMap& h = data.hierarchy(i);
    const double merged = double(h.levelSize(std::size_t(l))) /
                          double(std::max<std::size_t>(1, h.levelSize(std::size_t(l) + 1)));
    if (judge.limitRows() == 0) return merged;
    return merged * (1.0 - double(l) / double(std::max(heights[i], 1)));
}

std::vector<int> SearchContext::levels(NodeId id) const {
    if (levelsOf.empty()) {
        std::vector<int> out(d);
        for (std::size_t i = 0; i < d; ++i) out[i] = level(id, i);
        return out;
    }
    return {levelsOf.begin() + std::ptrdiff_t(id * d),
            levelsOf.begin() + std::ptrdiff_t((id + 1) * d)};
}

bool SearchContext::generalizes(NodeId b, NodeId a) const {
    if (levelsOf.empty()) {
        for (std::size_t i = 0; i < d; ++i)
            if (level(b, i) < level(a, i)) return false;
        return true;
    }
    const std::uint16_t* lb = &levelsOf[b * d];
    const std::uint16_t* la = &levelsOf[a * d];
    for (std::size_t i = 0; i < d; ++i)
        if (lb[i] < la[i]) return false;
    return true;
}

unsigned threadBudget(unsigned requested) {
    constexpr unsigned kMaxThreads = 256;
    const unsigned wanted =
        requested ? requested : std::max(1u, std::thread::hardware_concurrency());
    return std::min(wanted, kMaxThreads);
}

unsigned workerThreads(const SearchContext& ctx) {
    const bool worthIt = double(ctx.data.baseGroupCount()) * double(ctx.size) >= 1e6;
    return worthIt ? std::max(1u, std::min(ctx.stats.threads, 64u)) : 1u;
}

void SearchContext::poll(std::uint64_t done) {
    if (!feedback) return;
    feedback->checkCancelled();
    feedback->setProgress(size ? double(done) / double(size) : 1.0);
    // The progress callback may cancel (the workbench passes its Cancel on there): then the
    // node being checked is not recorded, so a run cancelled at once decides nothing.
    feedback->checkCancelled();
}

}  // namespace detail

SearchResult search(const Dataset& data, const SearchConfig& config, Feedback* feedback,
                    PartialClassification* partial) {
    feedback = orAmbientFeedback(feedback);
    checkMultiAttributeSuppression(data, config);
    const auto t0 = std::chrono::steady_clock::now();
    // Multi-attribute criteria are classified on their own views (applyMultiAttribute); the
    // others together on the data.
    SearchConfig plain = config;
    plain.criteria.clear();
    std::vector<const BoundCriterion*> multi;
    for (const BoundCriterion& b : config.criteria) {
        if (!isMultiAttribute(data, b)) {
            plain.criteria.push_back(b);
            continue;
        }
        multi.push_back(&b);
    }
    // Implicit classification (upset.h, implicit.cpp) where the fast algorithm's tagging is
    // sound and the optimum is among the minimal nodes; see SearchConfig::implicitAbove.
    // Only a metric declared monotone (node_metrics.h) may leave the non-minimal nodes out.
    const bool minimalSuffice = metricMonotone(
        config.metric, suppressionLimitRows(config.suppressionLimit, data.rowCount()) > 0);
    const bool implicit =
        config.algorithm == SearchAlgorithm::Fast && multi.empty() && minimalSuffice &&
        data.lattice().size() > config.implicitAbove &&
        detail::NodeJudge(data, plain.criteria, config.suppressionLimit).monotone();
    detail::SearchContext ctx(data, plain, feedback, !implicit);
    if (partial) {
        partial->state.assign(std::size_t(ctx.size), PartialClassification::kNotEvaluated);
        partial->checkedNodes = 0;
        if (multi.empty()) ctx.partial = partial;  // the views' verdicts come only at the end
    }
    ctx.stats.threads = detail::threadBudget(config.threads);
    ctx.baseTerm = detail::baseEntropyTerm(data);
    if (attributeWiseMetric(config.metric)) ctx.qualityTables = detail::qualityTables(data);
    // The one pass over the rows: the Dataset's collapse into base groups (search.h).
    ctx.stats.rowsTouched = data.rowCount();
    SearchResult result;
    result.latticeSize = ctx.size;

    // Criteria impossible even for the table as one class (evaluation.h).
    result.warnings = feasibilityWarnings(data, config.criteria);

    if (implicit) {
        result.minimal = detail::classifyImplicit(ctx);
        result.implicit = true;
        result.upSet = UpSet(ctx.heights, result.minimal);
        result.satisfyingCount = result.upSet.count();
        ctx.stats.times.classifyMs = msSince(t0);
    } else {
        std::vector<std::uint8_t>& sat = result.satisfies;
        sat.assign(std::size_t(ctx.size), 0);
        classify(ctx, sat);
        for (const BoundCriterion* b : multi)
            applyMultiAttribute(data, config, *b, feedback, ctx, sat);
        ctx.stats.times.classifyMs = msSince(t0);

        for (NodeId id = 0; id < ctx.size; ++id) {
            if (!sat[id]) continue;
            result.satisfying.push_back(id);
            bool minimal = true;
            for (std::size_t i = 0; i < ctx.d && minimal; ++i)
                if (ctx.level(id, i) > 0 && sat[id - ctx.strides[i]]) minimal = false;
            if (minimal) result.minimal.push_back(id);
        }
        result.satisfyingCount = result.satisfying.size();
    }
    if (result.satisfyingCount == 0 && result.warnings.empty())
        result.warnings.push_back(
            ctx.judge.limitRows() > 0
                ? "no node of the lattice satisfies the criteria within the suppression limit"
                : "no node of the lattice satisfies the criteria");

    const auto t1 = std::chrono::steady_clock::now();
    // Which metrics are declared monotone is in node_metrics.cpp's catalogue; why: without
    // suppression every metric here grows under generalization (merging classes
    // raises Σ|E|² and n/#classes; coverage only grows, lowering information and raising
    // KL, which for nested partitions splits as KL(fine) + KL(fine‖coarse) ≥ KL(fine), and
    // the loss metric, whose every cell's (coverage − 1)/(domain − 1) can only grow, as do
    // non-uniform entropy's cnt(g), ambiguity's |leaves(g)| and sse's interval), and
    // height never depends on suppression: then some minimal node ≤ every satisfying node is
    // at least as good and strictly lower, so only minimal nodes compete. With suppression
    // (which the loss metric counts as full loss per suppressed row) every satisfying node
    // competes.
    detail::selectOptimum(ctx, minimalSuffice ? result.minimal : result.satisfying, result);
    ctx.stats.times.optimumMs = msSince(t1);
    ctx.stats.times.elapsedMs = msSince(t0);
    result.statistics = ctx.stats;
    if (feedback) feedback->setProgress(1.0);
    return result;
}

}  // namespace ldv
