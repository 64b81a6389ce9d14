// Utility metrics of a node (metrics.h): height, classes, average class size, discernibility,
// KL-divergence, information utility, loss metric LM and precision.
#include "ldiv/metrics/node_metrics.h"

#include <algorithm>
#include <cmath>
#include <optional>

#include "ldiv/data/error.h"
#include "metrics/class_measures.h"

namespace ldv {
namespace {

// The default (dm) first: the order of the CLI's choices and the workbench's list.
// Every metric is monotone without suppression (search.cpp says why for each); with it only
// height, which does not look at the rows.
constexpr MetricEntry kMetrics[] = {
    {{Metric::Discernibility, "dm", "Discernibility"}, true, false},
    {{Metric::Height, "height", "Height"}, true, true},
    {{Metric::AverageClassSize, "aecs", "Average class size"}, true, false},
    {{Metric::KlDivergence, "kl", "KL-divergence"}, true, false},
    {{Metric::Information, "info", "Information loss, 1 − um"}, true, false},
    {{Metric::Loss, "loss", "Loss metric LM"}, true, false},
    {{Metric::Entropy, "entropy", "Non-uniform entropy"}, true, false},
    {{Metric::Ambiguity, "ambiguity", "Ambiguity"}, true, false},
    {{Metric::Granularity, "granularity", "Granularity"}, true, false},
    {{Metric::Sse, "sse", "Squared error (numeric)"}, true, false},
};

double xlogx(double x) {
    return x > 0 ? x * std::log(x) : 0.0;
}

/// LM loss of a cell whose value covers `coverage` of the attribute's `domain` base values.
double cellLoss(std::uint32_t coverage, std::size_t domain) {
    return domain > 1 ? double(coverage - 1) / double(domain - 1) : 0.0;
}

}  // namespace

Metric parseMetric(std::string_view name) {
    for (const MetricEntry& m : kMetrics)
        if (m.name == name) return m.value;
    throw ParameterError(
        "unknown metric '" + std::string(name) +
        "': use height, aecs, dm, kl, info, loss, entropy, ambiguity, granularity or sse");
}

std::string_view metricName(Metric metric) {
    for (const MetricEntry& m : kMetrics)
        if (m.value == metric) return m.name;
    return {};
}

std::span<const MetricEntry> metricCatalogue() {
    return kMetrics;
}

bool metricMonotone(Metric metric, bool suppression) {
    for (const MetricEntry& m : kMetrics)
        if (m.value == metric) return suppression ? m.monotoneWithSuppression : m.monotone;
    return false;
}

bool attributeWiseMetric(Metric metric) {
    return metric == Metric::Entropy || metric == Metric::Granularity || metric == Metric::Sse;
}

double metricValue(const NodeMetrics& m, Metric metric, const QualityOptions& quality) {
    switch (metric) {
        case Metric::Height:
            return m.height;
        case Metric::AverageClassSize:
            return m.averageClassSize;
        case Metric::Discernibility:
            return m.discernibility;
        case Metric::KlDivergence:
            return m.klDivergence;
        case Metric::Information:
            return 1.0 - m.information;
        case Metric::Loss:
            return m.loss;
        case Metric::Entropy:
            return aggregateQuality(m.entropy, quality);
        case Metric::Granularity:
            return aggregateQuality(m.granularity, quality);
        case Metric::Sse:
            return aggregateQuality(m.sse, quality);
        case Metric::Ambiguity:
            // One figure per row, not per attribute: weights and aggregate do not apply.
            return quality.generalizationFactor() * m.ambiguityGeneralized +
                   quality.suppressionFactor() * m.ambiguitySuppressed;
    }
    return 0;
}

bool betterOptimum(const NodeMetrics& a, const NodeMetrics& b, Metric metric,
                   const QualityOptions& quality) {
    const double va = metricValue(a, metric, quality), vb = metricValue(b, metric, quality);
    // Values that are mathematically equal may differ in the last bits when summed over
    // different class orders; treat them as a tie so the height rule decides.
    const double tolerance = 1e-12 * std::max({1.0, std::abs(va), std::abs(vb)});
    if (va < vb - tolerance) return true;
    if (vb < va - tolerance) return false;
    if (a.height != b.height) return a.height < b.height;
    return a.levels < b.levels;
}

namespace detail {

double baseEntropyTerm(const Dataset& data) {
    // Counts of 0 and 1 add nothing (1 log 1 = 0): skipped before taking a logarithm, since
    // most base groups hold one row (the zip case: 62,860 groups × 14 occupations, 63,000 rows).
    const EquivalenceClasses& base = data.baseGroups();
    const std::span<const std::uint32_t> counts =
        base.histograms.empty() || !data.countsSample(0)
            ? std::span<const std::uint32_t>(base.sizes)
            : std::span<const std::uint32_t>(base.histograms[0]);
    double sum = 0;
    for (const std::uint32_t c : counts)
        if (c > 1) sum += xlogx(c);
    return sum;
}

NodeMetrics measure(const Dataset& data, const ClassesView& v) {
    return measure(data, v, baseEntropyTerm(data));
}

NodeMetrics measure(const Dataset& data, const ClassesView& v, double baseTerm) {
    const std::size_t d = data.qiCount();
    const double n = double(data.rowCount());
    NodeMetrics out;
    out.levels.assign(v.levels.begin(), v.levels.end());
    out.height = Lattice::height(v.levels);

    // Per attribute: coverage of the node's level and the data-domain size (area of '*').
    // log and inverse of each code's coverage, once per code rather than once per class.
    std::vector<std::vector<double>> logCover(d), invCover(d), cellLosses(d);
    double logTopArea = 0;
    double topInformation = 0;
    for (std::size_t i = 0; i < d; ++i) {
        const HierarchyMap& h = data.hierarchy(i);
        const auto cov = h.coverage(v.levels[i]);
        logCover[i].resize(cov.size());
        invCover[i].resize(cov.size());
        cellLosses[i].resize(cov.size());
        for (std::size_t code = 0; code < cov.size(); ++code) {
            logCover[i][code] = std::log(double(cov[code]));
            invCover[i][code] = 1.0 / double(cov[code]);
            cellLosses[i][code] = cellLoss(cov[code], h.levelSize(0));
        }
        const double domain = double(h.levelSize(0));
        logTopArea += std::log(domain);
        topInformation += 1.0 / domain;
    }

    std::vector<std::vector<double>> ambiguityCover(d);  // |leaves| per code, for ambiguity
    double topAmbiguity = 1;
    for (std::size_t i = 0; i < d; ++i) {
        const auto cov = data.hierarchy(i).coverage(v.levels[i]);
        ambiguityCover[i].assign(cov.begin(), cov.end());
        topAmbiguity *= double(data.hierarchy(i).levelSize(0));
    }
    double published = 0, dm = 0, info = 0, loss = 0, kl = baseTerm, ambiguity = 0;
    std::vector<double> suppressedHist(std::max<std::size_t>(v.m, 1), 0.0);
    const std::size_t count = v.sizes.size();
    const std::size_t stride = v.histStride ? v.histStride : v.m;
    for (std::size_t c = 0; c < count; ++c) {
        const double size = v.sizes[c];
        if (v.sizes[c] == 0) continue;  // no published row (RowSample): not a class of the release
        const bool suppressed = !v.suppressed.empty() && v.suppressed[c];
        if (suppressed) {
            out.suppressedRows += v.sizes[c];
            if (v.m)
                for (std::size_t s = 0; s < v.m; ++s)
                    suppressedHist[s] += v.histogram[c * stride + s];
            else
                suppressedHist[0] += size;
            continue;
        }
        ++out.classes;
        published += size;
        dm += size * size;
        double logArea = 0, classInfo = 0, classLoss = 0, classAmbiguity = 1;
        for (std::size_t i = 0; i < d; ++i) {
            const Code code = v.keys[c * d + i];
            logArea += logCover[i][code];
            classInfo += invCover[i][code];
            classLoss += cellLosses[i][code];
            classAmbiguity *= ambiguityCover[i][code];
        }
        ambiguity += size * classAmbiguity;
        info += size * classInfo;
        loss += size * classLoss;
        kl += size * logArea;
        if (v.m)
            for (std::size_t s = 0; s < v.m; ++s) kl -= xlogx(v.histogram[c * stride + s]);
        else
            kl -= xlogx(size);
    }
    const double suppressedRows = double(out.suppressedRows);
    dm += n * suppressedRows;
    info += suppressedRows * topInformation;
    loss += suppressedRows * double(d);  // a suppressed cell loses everything
    kl += suppressedRows * logTopArea;
    for (double h : suppressedHist) kl -= xlogx(h);

    out.averageClassSize = out.classes ? published / double(out.classes) : 0.0;
    out.discernibility = dm;
    out.klDivergence = n > 0 ? std::max(0.0, kl / n) : 0.0;
    out.information = (n > 0 && d > 0) ? info / (n * double(d)) : 1.0;
    out.loss = (n > 0 && d > 0) ? loss / (n * double(d)) : 0.0;
    double generalized = 0;
    for (std::size_t i = 0; i < d; ++i) {
        const int h = data.hierarchy(i).height();
        if (h > 0) generalized += double(v.levels[i]) / h;
    }
    out.precision = d ? 1.0 - generalized / double(d) : 1.0;
    out.ambiguityGeneralized = n > 0 ? ambiguity / n : 0.0;
    out.ambiguitySuppressed = n > 0 ? suppressedRows * topAmbiguity / n : 0.0;
    if (!v.withQuality) return out;
    std::optional<QualityTables> own;
    const QualityTables& tables =
        v.qualityTables ? *v.qualityTables : own.emplace(qualityTables(data));
    levelQuality(tables, v.levels, out);
    if (out.suppressedRows > 0) suppressedQuality(data, tables, v, out);
    return out;
}

std::vector<std::vector<double>> lossByLevel(const Dataset& data) {
    const std::size_t d = data.qiCount();
    const EquivalenceClasses& base = data.baseGroups();
    std::vector<std::vector<double>> table(d);
    for (std::size_t i = 0; i < d; ++i) {
        const HierarchyMap& h = data.hierarchy(i);
        const std::size_t domain = h.levelSize(0);
        std::vector<double> rows(domain, 0.0);  // rows per base value
        for (std::size_t c = 0; c < base.count(); ++c) rows[base.keys[c * d + i]] += base.sizes[c];
        table[i].assign(std::size_t(h.height()) + 1, 0.0);
        for (int l = 0; l <= h.height(); ++l) {
            const auto& cov = h.coverage(l);
            for (Code b = 0; b < domain; ++b)
                table[i][std::size_t(l)] += rows[b] * cellLoss(cov[h.map(b, l)], domain);
        }
    }
    return table;
}

double lossOfLevels(const Dataset& data, const std::vector<std::vector<double>>& table,
                    std::span<const int> levels) {
    const std::size_t d = data.qiCount();
    const double n = double(data.rowCount());
    if (n <= 0 || d == 0) return 0.0;
    double sum = 0;
    for (std::size_t i = 0; i < d; ++i) sum += table[i][std::size_t(levels[i])];
    return sum / (n * double(d));
}

}  // namespace detail

NodeMetrics measureClasses(const Dataset& data, const EquivalenceClasses& classes,
                           std::span<const std::uint8_t> suppressed) {
    return detail::measureClasses(data, classes, suppressed, detail::baseEntropyTerm(data));
}

NodeMetrics detail::measureClasses(const Dataset& data, const EquivalenceClasses& classes,
                                   std::span<const std::uint8_t> suppressed, double baseTerm) {
    detail::ClassesView v;
    v.levels = classes.levels;
    v.sizes = classes.sizes;
    v.keys = classes.keys;
    if (!classes.histograms.empty() && data.countsSample(0)) {
        v.histogram = classes.histograms[0];
        v.m = classes.sensitiveDomains[0];
    }
    v.suppressed = suppressed;
    return detail::measure(data, v, baseTerm);
}

double baseKlDivergence(const Dataset& data) {
    // All QI suppressed: one class with every row, area = ∏ data-domain sizes.
    const Levels top(data.lattice().heights().size(), 0);
    EquivalenceClasses all = data.classes(top);
    std::vector<std::uint8_t> suppressed(all.count(), 1);
    return measureClasses(data, all, suppressed).klDivergence;
}

}  // namespace ldv
