// Utility and KL-divergence of the best k-anonymous and ℓ-diverse tables (Machanavajjhala et al.
// 2007 §6, Figs 15–20), and the row sample the paper used for them.
#include "data/text_util.h"
#include "ldiv/experiments/experiments.h"

#include <cmath>
#include <limits>
#include <random>
#include <sstream>
#include <unordered_map>

#include "ldiv/data/error.h"
#include "search/node_judge.h"

namespace ldv {
namespace {

/// Metrics keyed by node id. Without a suppression limit a satisfying node publishes every
/// class whatever the criterion, so the 15 searches of one run measure each node once; with
/// one, the suppressed classes depend on the criterion and nothing is cached.
using MetricsCache = std::unordered_map<NodeId, NodeMetrics>;

NodeMetrics measureNode(const Dataset& data, NodeId node, const detail::NodeJudge& judge,
                        double limit, MetricsCache& cache) {
    if (const auto it = cache.find(node); it != cache.end()) return it->second;
    const EquivalenceClasses classes = data.classes(data.lattice().levels(node));
    if (limit <= 0) return cache.emplace(node, measureClasses(data, classes)).first->second;
    // Rows of failing classes are suppressed, exactly as the search publishes the node.
    std::vector<std::uint8_t> failing;
    judge.judge(classes, &failing);
    return measureClasses(data, classes, failing);
}

void keepBest(const NodeMetrics& m, Metric metric, std::optional<NodeMetrics>& best) {
    if (!best || betterOptimum(m, *best, metric)) best = m;
}

}  // namespace

std::string privacyModelName(PrivacyModel model) {
    switch (model) {
        case PrivacyModel::KAnonymity:
            return "k-anonymity";
        case PrivacyModel::EntropyL:
            return "entropy-l";
        case PrivacyModel::RecursiveCL:
            return "recursive-cl";
    }
    return {};
}

PrivacyModel parsePrivacyModel(const std::string& name) {
    for (PrivacyModel m :
         {PrivacyModel::KAnonymity, PrivacyModel::EntropyL, PrivacyModel::RecursiveCL})
        if (privacyModelName(m) == name) return m;
    throw ParameterError("unknown privacy model '" + name +
                         "' (use k-anonymity, entropy-l or recursive-cl)");
}

std::string privacyModelSpec(PrivacyModel model, double parameter, double c,
                             const std::string& attribute) {
    const std::string at = attribute.empty() ? "" : "@" + attribute;
    switch (model) {
        case PrivacyModel::KAnonymity:
            if (parameter < 1 || parameter != std::floor(parameter))
                throw ParameterError("k must be a positive integer, got " +
                                     detail::shortNumber(parameter));
            return "k=" + detail::shortNumber(parameter);
        case PrivacyModel::EntropyL:
            return "entropy-l=" + detail::shortNumber(parameter) + at;
        case PrivacyModel::RecursiveCL:
            return "recursive-cl=" + detail::shortNumber(c) + "," + detail::shortNumber(parameter) +
                   at;
    }
    return {};
}

DatasetSample::DatasetSample(const Dataset& source, double fraction, std::uint64_t seed) {
    if (!(fraction > 0 && fraction <= 1))
        throw ParameterError("the sample fraction must be in (0, 1], got " +
                             detail::shortNumber(fraction));
    if (source.grouped())
        throw ParameterError(
            "sampling needs the rows themselves, but the data was loaded as groups");
    const Table& t = source.table();
    std::vector<bool> keep(t.rowCount(), true);
    if (fraction < 1) {
        // Own uniform draw from the raw 64-bit stream: std::bernoulli_distribution is not
        // specified bit-for-bit, and a seeded sample must be the same on every platform.
        std::mt19937_64 rng(seed);
        for (std::size_t r = 0; r < keep.size(); ++r)
            keep[r] = double(rng() >> 11) * 0x1.0p-53 < fraction;
    }
    std::vector<Column> columns = t.columns();
    for (Column& c : columns) c.keepRows(keep);
    m_table = Table(std::move(columns));
    std::vector<HierarchyMap> maps;
    for (std::size_t i = 0; i < source.qiCount(); ++i) maps.push_back(source.hierarchy(i));
    m_data = std::make_unique<Dataset>(m_table, source.qiColumns(), std::move(maps),
                                       source.sensitiveColumns());
}

Dataset firstQuasiIdentifiers(const Dataset& source, std::size_t qiCount) {
    if (qiCount < 1 || qiCount > source.qiCount())
        throw ParameterError("QI size must be between 1 and " + std::to_string(source.qiCount()));
    std::vector<std::size_t> columns(source.qiColumns().begin(),
                                     source.qiColumns().begin() + qiCount);
    std::vector<HierarchyMap> maps;
    for (std::size_t i = 0; i < qiCount; ++i) maps.push_back(source.hierarchy(i));
    return Dataset(source.table(), std::move(columns), std::move(maps), source.sensitiveColumns(),
                   {source.rowWeights().begin(), source.rowWeights().end()});
}

UtilityResult utilityComparison(const Dataset& source, const UtilityOptions& options,
                                Feedback* feedback) {
    if (source.sensitiveColumns().empty() || options.sensitive >= source.sensitiveColumns().size())
        throw ParameterError("the utility comparison needs a sensitive attribute");
    std::unique_ptr<DatasetSample> sample;
    if (options.sample < 1)
        sample = std::make_unique<DatasetSample>(source, options.sample, options.seed);
    const Dataset& data = sample ? sample->dataset() : source;
    const std::string attribute =
        data.table().column(data.sensitiveColumns()[options.sensitive]).name();

    UtilityResult result;
    result.rowsUsed = data.rowCount();
    result.latticeSize = data.lattice().size();
    result.baseKl = baseKlDivergence(data);
    MetricsCache cache;
    const double steps = double(options.models.size() * options.parameters.size());
    std::size_t step = 0;
    for (PrivacyModel model : options.models) {
        for (double parameter : options.parameters) {
            UtilityRow row;
            row.model = model;
            row.parameter = parameter;
            row.spec = privacyModelSpec(model, parameter, options.c, attribute);
            constexpr double nan = std::numeric_limits<double>::quiet_NaN();
            if (model != PrivacyModel::KAnonymity &&
                parameter > double(data.sensitiveDomain(options.sensitive))) {
                // ℓ above the number of sensitive values: no table can satisfy it (a gap in the
                // figure); binding would refuse it as an impossible parameter.
                row.minHeight = row.minAverageClassSize = row.minDiscernibility = row.minKl = nan;
                result.rows.push_back(std::move(row));
                ++step;
                continue;
            }
            SearchConfig config;
            config.criteria = bindCriteria(data, {row.spec});
            config.suppressionLimit = options.suppressionLimit;
            config.metric = Metric::Height;
            config.algorithm = options.algorithm;
            config.threads = options.threads;
            SearchResult found;
            {
                SubFeedback sub(feedback, step / steps, (step + 0.5) / steps);
                found = search(data, config, sub.get());
            }
            const detail::NodeJudge judge(data, config.criteria, options.suppressionLimit);
            std::optional<NodeMetrics> height, aecs, dm, kl;
            for (std::size_t i = 0; i < found.satisfying.size(); ++i) {
                if (feedback && i % 64 == 0) {
                    feedback->checkCancelled();
                    feedback->setProgress(
                        (step + 0.5 + 0.5 * double(i) / double(found.satisfying.size())) / steps);
                }
                const NodeMetrics m =
                    measureNode(data, found.satisfying[i], judge, options.suppressionLimit, cache);
                keepBest(m, Metric::Height, height);
                keepBest(m, Metric::AverageClassSize, aecs);
                keepBest(m, Metric::Discernibility, dm);
                keepBest(m, Metric::KlDivergence, kl);
            }
            row.satisfyingNodes = found.satisfying.size();
            row.feasible = !found.satisfying.empty();
            row.minHeight = height ? height->height : nan;
            row.minAverageClassSize = aecs ? aecs->averageClassSize : nan;
            row.minDiscernibility = dm ? dm->discernibility : nan;
            row.minKl = kl ? kl->klDivergence : nan;
            if (row.feasible) {
                row.heightNode = height->levels;
                row.averageClassSizeNode = aecs->levels;
                row.discernibilityNode = dm->levels;
                row.klNode = kl->levels;
            }
            result.rows.push_back(std::move(row));
            ++step;
        }
    }
    if (feedback) feedback->setProgress(1);
    return result;
}

}  // namespace ldv
