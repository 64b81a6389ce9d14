// Prosecutor, journalist and marketer risk from class sizes (risk.h, docs/risk.md).
#include <algorithm>
#include <cmath>

#include "ldiv/data/error.h"
#include "ldiv/data/number_format.h"
#include "ldiv/risk/risk_analysis.h"

namespace ldv {

namespace {

// Risks are compared with a relative slack so that e.g. 1/3 ≤ 0.334 and 1/5 is "at" 0.2.
constexpr double Slack = 1e-12;

// Figures of a model in which every record of class c has risk riskOf(c).
template <class RiskOf>
RiskFigures figures(std::span<const std::uint32_t> sizes, double n, double threshold,
                    RiskOf riskOf) {
    RiskFigures f;
    for (std::size_t c = 0; c < sizes.size(); ++c) f.highest = std::max(f.highest, riskOf(c));
    double sum = 0, atHighest = 0, above = 0;
    for (std::size_t c = 0; c < sizes.size(); ++c) {
        const double r = riskOf(c), rows = double(sizes[c]);
        sum += rows * r;
        if (r >= f.highest * (1 - Slack)) atHighest += rows;
        if (r > threshold * (1 + Slack)) above += rows;
    }
    f.average = sum / n;
    f.recordsAtHighest = atHighest / n;
    f.recordsAboveThreshold = above / n;
    return f;
}

}  // namespace

const std::vector<double>& riskBinBounds() {
    static const std::vector<double> bounds = [] {
        std::vector<double> b{1e-6, 1e-5, 1e-4, 1e-3};
        for (int i = 1; i <= 10; ++i) b.push_back(i / 100.0);
        for (double v : {0.12, 0.14, 0.16, 0.2, 0.25, 0.3, 0.334, 0.4, 0.5, 1.0}) b.push_back(v);
        return b;
    }();
    return bounds;
}

std::vector<std::uint32_t> classSizesOfRows(std::span<const std::uint32_t> rowClass) {
    std::vector<std::uint32_t> sizes;
    for (std::uint32_t c : rowClass) {
        if (c >= sizes.size()) sizes.resize(std::size_t(c) + 1, 0);
        ++sizes[c];
    }
    std::erase(sizes, 0u);
    return sizes;
}

RiskAnalysis analyzeRisk(std::span<const std::uint32_t> classSizes, const RiskOptions& options) {
    if (!(options.threshold > 0 && options.threshold <= 1))
        throw ParameterError("risk threshold " + formatNumber(options.threshold) +
                             " is not allowed: it is a probability in (0, 1]");
    RiskAnalysis a;
    a.threshold = options.threshold;
    std::vector<std::uint32_t> sizes;
    for (std::uint32_t s : classSizes)
        if (s > 0) sizes.push_back(s);
    std::uint64_t rows = 0;
    for (std::uint32_t s : sizes) rows += s;
    a.rows = rows;
    a.classes = sizes.size();
    if (options.populationSize) {
        const double N = *options.populationSize;
        if (!(N >= double(rows)) || !std::isfinite(N))
            throw ParameterError("population size " + formatNumber(N) +
                                 " is not allowed: it must be at least the number of rows (" +
                                 std::to_string(rows) + ")");
    }
    if (rows == 0) return a;
    const double n = double(rows);

    a.prosecutor =
        figures(sizes, n, options.threshold, [&](std::size_t c) { return 1.0 / sizes[c]; });
    a.marketer = double(a.classes) / n;
    std::uint64_t uniques = 0;
    for (std::uint32_t s : sizes) uniques += s == 1;
    a.sampleUniques = double(uniques) / n;

    // Whole rows per bar first, one division at the end: bars of whole classes read exactly.
    const std::vector<double>& bounds = riskBinBounds();
    std::vector<std::uint64_t> binRows(bounds.size(), 0);
    for (std::uint32_t s : sizes) {
        const double r = 1.0 / s;
        std::size_t bin = 0;
        while (r > bounds[bin] * (1 + Slack)) ++bin;
        binRows[bin] += s;
    }
    for (std::size_t i = 0; i < bounds.size(); ++i)
        a.distribution.push_back({bounds[i], double(binRows[i]) / n});

    if (options.populationSize) {
        const double N = *options.populationSize;
        // F̂_E = f_E·N/n: the class's expected population size under uniform sampling.
        a.journalist = figures(sizes, n, options.threshold,
                               [&](std::size_t c) { return n / (double(sizes[c]) * N); });
        a.populationUniques = estimatePopulationUniqueness(classSizeFrequencies(sizes), N);
    }
    return a;
}

}  // namespace ldv
