// The attribute-wise quality models (quality_model.h): aggregation and the per-dataset tables
// that make them cheap (without suppression a function of the levels alone).
#include "ldiv/metrics/quality_model.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>

#include "data/number_text.h"
#include "ldiv/data/error.h"
#include "metrics/class_measures.h"

namespace ldv {
namespace {

struct AggregateEntry {
    QualityAggregate aggregate;
    std::string_view name;
};
constexpr AggregateEntry kAggregates[] = {
    {QualityAggregate::Sum, "sum"},
    {QualityAggregate::Max, "max"},
    {QualityAggregate::Mean, "mean"},
    {QualityAggregate::Geometric, "geometric"},
};

/// The value of a dictionary string when the whole of it is a finite number.
bool parseNumber(const std::string& text, double& out) {
    std::string_view view(text);
    while (!view.empty() && view.front() == ' ') view.remove_prefix(1);
    return detail::parseFiniteNumber(view, out);
}

double square(double x) {
    return x * x;
}

}  // namespace

QualityAggregate parseQualityAggregate(std::string_view name) {
    for (const AggregateEntry& a : kAggregates)
        if (a.name == name) return a.aggregate;
    throw ParameterError("unknown aggregate '" + std::string(name) +
                         "': use sum, max, mean or geometric");
}

std::string_view qualityAggregateName(QualityAggregate aggregate) {
    for (const AggregateEntry& a : kAggregates)
        if (a.aggregate == aggregate) return a.name;
    return {};
}

double aggregateQuality(const QualityParts& parts, const QualityOptions& options) {
    const double g = options.generalizationFactor(), s = options.suppressionFactor();
    const std::size_t d = parts.generalized.size();
    if (d == 0) return 0;
    double sum = 0, max = 0, product = 1;
    for (std::size_t i = 0; i < d; ++i) {
        const double suppressed = i < parts.suppressed.size() ? parts.suppressed[i] : 0.0;
        const double v = options.weight(i) * (g * parts.generalized[i] + s * suppressed);
        sum += v;
        max = std::max(max, v);
        product *= std::pow(v + 1.0, 1.0 / double(d));
    }
    switch (options.aggregate) {
        case QualityAggregate::Sum:
            return sum;
        case QualityAggregate::Max:
            return max;
        case QualityAggregate::Mean:
            return sum / double(d);
        case QualityAggregate::Geometric:
            return product - 1.0;
    }
    return sum;
}

namespace detail {

double QualityTables::entropyCost(std::size_t i, int l, Code x, Code g) const {
    return log2Count[i][std::size_t(l)][g] - log2Count[i][0][x];
}

double QualityTables::granularityCost(std::size_t i, std::uint32_t coverage) const {
    return domain[i] > 1 ? (double(coverage) - 1.0) / (domain[i] - 1.0) : 0.0;
}

double QualityTables::sseCost(std::size_t i, int l, Code x, Code g) const {
    if (value[i].empty()) return 0;
    const double v = value[i][x];
    return std::max(square(v - low[i][std::size_t(l)][g]), square(v - high[i][std::size_t(l)][g]));
}

double QualityTables::entropyTop(std::size_t i, Code x) const {
    return std::log2(n) - log2Count[i][0][x];
}

double QualityTables::sseTop(std::size_t i, Code x) const {
    if (value[i].empty()) return 0;
    // Fully generalized: the interval is the whole domain (a hierarchy may have several tops).
    const double v = value[i][x];
    return std::max(square(v - minValue[i]), square(v - maxValue[i]));
}

QualityTables qualityTables(const Dataset& data) {
    const std::size_t d = data.qiCount();
    const EquivalenceClasses& base = data.baseGroups();
    QualityTables t;
    t.n = double(data.rowCount());
    // Every table is indexed by QI first; the loop below sizes the inner levels. One loop per
    // element type: [i][l] or [i][b], [i][l][g], and [i].
    for (auto* byQi : {&t.entropy, &t.granularity, &t.sse, &t.value}) byQi->resize(d);
    for (auto* byQi : {&t.log2Count, &t.low, &t.high}) byQi->resize(d);
    for (auto* byQi : {&t.sseNorm, &t.domain, &t.minValue, &t.maxValue}) byQi->assign(d, 0.0);
    for (std::size_t i = 0; i < d; ++i) {
        const HierarchyMap& h = data.hierarchy(i);
        const std::size_t domain = h.levelSize(0);
        t.domain[i] = double(domain);
        std::vector<double> rows(domain, 0.0);  // input rows per base value
        for (std::size_t c = 0; c < base.count(); ++c) rows[base.keys[c * d + i]] += base.sizes[c];
        // Numeric when every data value reads as a number (ARX reads intervals the same way
        // from the hierarchy's leaves when a label is not a number).
        std::vector<double> value(domain);
        bool numeric = domain > 0;
        for (Code b = 0; b < domain && numeric; ++b)
            numeric = parseNumber(h.levelValue(0, b), value[b]);
        if (numeric) {
            t.minValue[i] = *std::min_element(value.begin(), value.end());
            t.maxValue[i] = *std::max_element(value.begin(), value.end());
            t.value[i] = std::move(value);
        }
        const std::size_t levels = std::size_t(h.height()) + 1;
        t.log2Count[i].resize(levels);
        t.entropy[i].assign(levels, 0.0);
        t.granularity[i].assign(levels, 0.0);
        t.sse[i].assign(levels, 0.0);
        if (numeric) {
            t.low[i].resize(levels);
            t.high[i].resize(levels);
        }
        for (std::size_t l = 0; l < levels; ++l) {
            const std::size_t size = h.levelSize(int(l));
            std::vector<double> count(size, 0.0);
            for (Code b = 0; b < domain; ++b) count[h.map(b, int(l))] += rows[b];
            t.log2Count[i][l].resize(size);
            for (Code g = 0; g < size; ++g)
                t.log2Count[i][l][g] = count[g] > 0 ? std::log2(count[g]) : 0.0;
            if (numeric) {
                t.low[i][l].assign(size, std::numeric_limits<double>::infinity());
                t.high[i][l].assign(size, -std::numeric_limits<double>::infinity());
                for (Code b = 0; b < domain; ++b) {
                    const Code g = h.map(b, int(l));
                    t.low[i][l][g] = std::min(t.low[i][l][g], t.value[i][b]);
                    t.high[i][l][g] = std::max(t.high[i][l][g], t.value[i][b]);
                }
            }
        }
        for (std::size_t l = 0; l < levels; ++l) {
            const auto& cov = h.coverage(int(l));
            for (Code b = 0; b < domain; ++b) {
                if (rows[b] == 0) continue;
                const Code g = h.map(b, int(l));
                t.entropy[i][l] += rows[b] * t.entropyCost(i, int(l), b, g);
                t.granularity[i][l] += rows[b] * t.granularityCost(i, cov[g]);
                t.sse[i][l] += rows[b] * t.sseCost(i, int(l), b, g);
            }
        }
        for (Code b = 0; b < domain; ++b) t.sseNorm[i] += rows[b] * t.sseTop(i, b);
    }
    return t;
}

void levelQuality(const QualityTables& t, std::span<const int> levels, NodeMetrics& out) {
    const std::size_t d = levels.size();
    for (QualityParts* p : {&out.entropy, &out.granularity, &out.sse}) {
        p->generalized.assign(d, 0.0);
        p->suppressed.assign(d, 0.0);
    }
    for (std::size_t i = 0; i < d; ++i) {
        const std::size_t l = std::size_t(levels[i]);
        out.entropy.generalized[i] = t.entropy[i][l];
        out.granularity.generalized[i] = t.n > 0 ? t.granularity[i][l] / t.n : 0.0;
        out.sse.generalized[i] = t.sseNorm[i] > 0 ? t.sse[i][l] / t.sseNorm[i] : 0.0;
    }
}

void suppressedQuality(const Dataset& data, const QualityTables& t, const ClassesView& v,
                       NodeMetrics& out) {
    const std::size_t d = data.qiCount();
    // What depends on the cell alone comes from the suppressed classes: granularity, and
    // entropy's K = Σ (log2 n − log2 cnt(g)), what suppressing adds to a row's cost at g.
    std::vector<double> addedE(d, 0.0), costG(d, 0.0), topG(d, 0.0);
    std::vector<std::size_t> suppressed;
    for (std::size_t c = 0; c < v.sizes.size(); ++c) {
        if (v.sizes[c] == 0 || !v.suppressed[c]) continue;
        suppressed.push_back(c);
        const double rows = v.sizes[c];
        for (std::size_t i = 0; i < d; ++i) {
            const Code g = v.keys[c * d + i];
            const std::size_t l = std::size_t(v.levels[i]);
            addedE[i] += rows * (std::log2(t.n) - t.log2Count[i][l][g]);
            costG[i] += rows * t.granularityCost(i, data.hierarchy(i).coverage(int(l))[g]);
            topG[i] += rows * (t.domain[i] > 1 ? 1.0 : 0.0);
        }
    }
    for (std::size_t i = 0; i < d; ++i) {
        if (t.n > 0) {
            out.granularity.generalized[i] =
                std::max(0.0, out.granularity.generalized[i] - costG[i] / t.n);
            out.granularity.suppressed[i] = topG[i] / t.n;
        }
        out.entropy.suppressed[i] = addedE[i];
    }
    if (!v.suppressedPass) return;
    // The rest depends on the rows' original values (entropy's split, sse), which only the
    // base groups hold: find the base groups whose generalization is a suppressed class.
    const auto keyLess = [&](std::size_t a, std::span<const Code> b) {
        return std::lexicographical_compare(v.keys.begin() + std::ptrdiff_t(a * d),
                                            v.keys.begin() + std::ptrdiff_t((a + 1) * d), b.begin(),
                                            b.end());
    };
    std::sort(suppressed.begin(), suppressed.end(),
              [&](std::size_t a, std::size_t b) { return keyLess(a, v.keys.subspan(b * d, d)); });
    std::vector<double> costE(d, 0.0), costS(d, 0.0), topS(d, 0.0);
    const EquivalenceClasses& base = data.baseGroups();
    std::vector<Code> key(d);
    for (std::size_t b = 0; b < base.count(); ++b) {
        if (base.sizes[b] == 0) continue;
        for (std::size_t i = 0; i < d; ++i)
            key[i] = data.hierarchy(i).map(base.keys[b * d + i], v.levels[i]);
        const auto it = std::lower_bound(suppressed.begin(), suppressed.end(),
                                         std::span<const Code>(key), keyLess);
        if (it == suppressed.end() ||
            !std::equal(key.begin(), key.end(), v.keys.begin() + std::ptrdiff_t(*it * d)))
            continue;
        const double rows = base.sizes[b];
        for (std::size_t i = 0; i < d; ++i) {
            const Code x = base.keys[b * d + i], g = key[i];
            costE[i] += rows * t.entropyCost(i, v.levels[i], x, g);
            costS[i] += rows * t.sseCost(i, v.levels[i], x, g);
            topS[i] += rows * t.sseTop(i, x);
        }
    }
    for (std::size_t i = 0; i < d; ++i) {
        // A suppressed row's cost at the top is its cost at g plus what suppressing adds.
        out.entropy.generalized[i] = std::max(0.0, out.entropy.generalized[i] - costE[i]);
        out.entropy.suppressed[i] = costE[i] + addedE[i];
        if (t.sseNorm[i] > 0) {
            out.sse.generalized[i] =
                std::max(0.0, out.sse.generalized[i] - costS[i] / t.sseNorm[i]);
            out.sse.suppressed[i] = topS[i] / t.sseNorm[i];
        }
    }
}

}  // namespace detail

}  // namespace ldv
