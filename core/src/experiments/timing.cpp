// Run time of finding all satisfying nodes as the QI grows (Machanavajjhala et al. 2007 §6, Figs
// 13–14).
#include "ldiv/experiments/experiments.h"

#include <algorithm>
#include <chrono>

#include "ldiv/data/error.h"

namespace ldv {
namespace {
double msSince(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
        .count();
}
}  // namespace

std::vector<TimingRow> qiSizeTiming(const Dataset& data, const TimingOptions& options,
                                    Feedback* feedback) {
    if (options.fromSize < 1 || options.fromSize > data.qiCount())
        throw ParameterError("the first QI size must be between 1 and " +
                             std::to_string(data.qiCount()));
    if (data.sensitiveColumns().empty() &&
        options.models != std::vector<PrivacyModel>{PrivacyModel::KAnonymity})
        throw ParameterError("the ℓ-diversity timings need a sensitive attribute");
    const std::string attribute =
        data.sensitiveColumns().empty()
            ? std::string()
            : data.table().column(data.sensitiveColumns()[options.sensitive]).name();
    std::vector<TimingRow> rows;
    const std::size_t sizes = data.qiCount() - options.fromSize + 1;
    const double steps = double(sizes * options.models.size() * std::max(1u, options.repetitions));
    std::size_t step = 0;
    for (std::size_t size = options.fromSize; size <= data.qiCount(); ++size) {
        const auto start = std::chrono::steady_clock::now();
        const Dataset sub = firstQuasiIdentifiers(data, size);
        const double prepareMs = msSince(start);
        std::vector<std::string> names;
        for (std::size_t c : sub.qiColumns()) names.push_back(data.table().column(c).name());
        for (PrivacyModel model : options.models) {
            TimingRow row;
            row.qiSize = size;
            row.qi = names;
            row.model = model;
            row.parameter = options.parameter;
            row.prepareMs = prepareMs;
            SearchConfig config;
            config.criteria = bindCriteria(
                sub, {privacyModelSpec(model, options.parameter, options.c, attribute)});
            config.metric =
                Metric::Height;  // the cheapest optimum: the paper times the search only
            config.algorithm = options.algorithm;
            config.threads = options.threads;
            for (unsigned rep = 0; rep < std::max(1u, options.repetitions); ++rep, ++step) {
                SubFeedback feedbackStep(feedback, step / steps, (step + 1) / steps);
                const auto t0 = std::chrono::steady_clock::now();
                const SearchResult found = search(sub, config, feedbackStep.get());
                const double ms = msSince(t0);
                if (rep == 0 || ms < row.searchMs) row.searchMs = ms;
                row.latticeSize = found.latticeSize;
                row.satisfyingNodes = found.satisfying.size();
                row.minimalNodes = found.minimal.size();
                row.checkedNodes = found.statistics.checkedNodes;
            }
            rows.push_back(std::move(row));
        }
    }
    if (feedback) feedback->setProgress(1);
    return rows;
}

}  // namespace ldv
