// Homogeneity attack statistics (Machanavajjhala et al. 2007 §1.1, §6 Figs 9–12).
#include "ldiv/experiments/experiments.h"

#include <algorithm>

#include "ldiv/data/error.h"

namespace ldv {

std::vector<HomogeneousClass> homogeneousClasses(const EquivalenceClasses& classes,
                                                 double threshold, std::size_t sensitive,
                                                 const std::vector<std::uint32_t>& rowClass,
                                                 std::uint32_t minSize) {
    if (sensitive >= classes.histograms.size())
        throw ParameterError("the homogeneity attack needs a sensitive attribute");
    if (!(threshold > 0 && threshold <= 1))
        throw ParameterError("homogeneity threshold must be in (0, 1], got " +
                             std::to_string(threshold));
    std::vector<HomogeneousClass> out;
    std::vector<std::size_t> index(classes.count(), SIZE_MAX);
    for (std::size_t c = 0; c < classes.count(); ++c) {
        const std::uint32_t size = classes.sizes[c];
        if (size == 0 || size < minSize) continue;
        const auto h = classes.histogram(c, sensitive);
        const auto top = std::max_element(h.begin(), h.end());
        // The 1e-9 slack makes p = 0.95 accept 19 of 20 although 0.95·20 is 19.000000000000004.
        if (double(*top) + 1e-9 < threshold * double(size)) continue;
        index[c] = out.size();
        out.push_back({c, Code(top - h.begin()), size, *top, {}});
    }
    for (std::size_t r = 0; r < rowClass.size(); ++r)
        if (const std::size_t i = index[rowClass[r]]; i != SIZE_MAX) out[i].rows.push_back(r);
    return out;
}

std::vector<HomogeneousClass> homogeneousClasses(const ClassPartition& release, double threshold,
                                                 std::size_t sensitive, std::uint32_t minSize) {
    return homogeneousClasses(release.classes, threshold, sensitive, release.rowClass, minSize);
}

std::vector<HomogeneityTable> homogeneityTables(const ClassPartition& release,
                                                const std::vector<double>& thresholds,
                                                std::size_t sensitive) {
    const std::vector<std::uint32_t>& sizes = release.classes.sizes;
    const std::uint32_t k = sizes.empty() ? 0 : *std::min_element(sizes.begin(), sizes.end());
    std::vector<HomogeneityTable> tables;
    for (double p : thresholds) {
        HomogeneityTable t{
            k, p, release.levels, release.count(), homogeneousClasses(release, p, sensitive), 0};
        for (const HomogeneousClass& c : t.affected) t.affectedRows += c.size;
        tables.push_back(std::move(t));
    }
    return tables;
}

HomogeneityRow summarizeHomogeneity(std::uint32_t k, double threshold,
                                    const std::vector<HomogeneityTable>& tables) {
    HomogeneityRow row{k, threshold, 0, 0, 0, 0};
    for (const HomogeneityTable& t : tables) {
        if (t.k != k || t.threshold != threshold) continue;
        ++row.totalTables;
        if (!t.affected.empty()) ++row.affectedTables;
        row.avgAffectedClasses += double(t.affected.size());
        row.avgAffectedRows += double(t.affectedRows);
    }
    if (row.totalTables > 0) {
        row.avgAffectedClasses /= double(row.totalTables);
        row.avgAffectedRows /= double(row.totalTables);
    }
    return row;
}

HomogeneityResult homogeneityAttack(const Dataset& data, const HomogeneityOptions& options,
                                    Feedback* feedback) {
    if (options.sensitive >= data.sensitiveColumns().size())
        throw ParameterError("the homogeneity attack needs a sensitive attribute");
    HomogeneityResult result;
    const double steps = double(options.ks.size());
    for (std::size_t i = 0; i < options.ks.size(); ++i) {
        const std::uint32_t k = options.ks[i];
        if (k < 1) throw ParameterError("k must be at least 1");
        SearchResult found;
        {
            SubFeedback step(feedback, i / steps, (i + 0.5) / steps);
            SearchConfig config;
            config.criteria = bindCriteria(data, {"k=" + std::to_string(k)});
            config.suppressionLimit = options.suppressionLimit;
            config.metric = Metric::Height;
            config.algorithm = options.algorithm;
            config.threads = options.threads;
            found = search(data, config, step.get());
        }
        // Suppressed classes are those failing k; with no suppression none exist.
        const std::uint32_t minSize = options.suppressionLimit > 0 ? k : 0;
        std::vector<HomogeneityTable> tables;
        for (std::size_t n = 0; n < found.minimal.size(); ++n) {
            if (feedback) {
                feedback->checkCancelled();
                feedback->setProgress((i + 0.5 + 0.5 * double(n) / double(found.minimal.size())) /
                                      steps);
            }
            const Levels levels = data.lattice().levels(found.minimal[n]);
            const ClassPartition release =
                ClassPartition::ofNode(data, levels, options.includeRows);
            std::size_t published = 0;
            for (std::uint32_t s : release.classes.sizes) published += s >= minSize ? 1 : 0;
            for (double p : options.thresholds) {
                HomogeneityTable t{k, p, levels, published, {}, 0};
                t.affected = homogeneousClasses(release, p, options.sensitive, minSize);
                for (const HomogeneousClass& c : t.affected) t.affectedRows += c.size;
                tables.push_back(std::move(t));
            }
        }
        // Output threshold-major within k, as the paper's separate Figs 9 and 11.
        for (double p : options.thresholds) {
            result.rows.push_back(summarizeHomogeneity(k, p, tables));
            for (const HomogeneityTable& t : tables)
                if (t.threshold == p) result.tables.push_back(t);
        }
    }
    if (feedback) feedback->setProgress(1);
    return result;
}

}  // namespace ldv
