#include "ldiv/publish/explanation.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "ldiv/data/error.h"

namespace ldv {
namespace {

/// Index of the parameter withParameter replaces: the one the issue calls "strongest" (k, ℓ,
/// or τ for tau-l, whose ℓ stays).
std::size_t mainParameter(CriterionKind kind) {
    switch (kind) {
        case CriterionKind::RecursiveCL:
        case CriterionKind::PdRecursiveCL:
            return 1;
        case CriterionKind::NpdRecursiveCL:
            return 2;
        default:
            return 0;
    }
}

bool integerParameter(CriterionKind kind) {
    return kind == CriterionKind::KAnonymity || kind == CriterionKind::DistinctL ||
           kind == CriterionKind::RecursiveCL || kind == CriterionKind::PdRecursiveCL ||
           kind == CriterionKind::NpdRecursiveCL;
}

const std::vector<std::string>& dictionaryOf(const Dataset& data, const BoundCriterion& b) {
    static const std::vector<std::string> none;
    if (b.criterion.kind() == CriterionKind::KAnonymity || data.sensitiveColumns().empty())
        return none;
    return data.table().column(data.sensitiveColumns()[b.sensitive]).dictionary();
}

/// Rows of the classes failing `b` with parameter `p` on `classes` (evaluated, not derived),
/// or nullopt when p is not a valid parameter.
std::optional<std::uint64_t> failingRowsWith(const Dataset& data, const EquivalenceClasses& classes,
                                             const BoundCriterion& b, double p) {
    BoundCriterion changed = b;
    try {
        changed.criterion = Criterion::parse(withParameter(b.criterion, p), dictionaryOf(data, b));
    } catch (const ParameterError&) {
        return std::nullopt;
    }
    return evaluateCriteria(data, classes, {changed}).front().failingRows;
}

/// Fix (c). Higher-is-better criteria hold on a class iff measure ≥ parameter, so the
/// strongest parameter is the largest class measure whose lower classes fit the limit; it is
/// rounded (integers down, reals down to 1e-3) and confirmed by evaluating it. tau-l holds
/// for larger τ whenever it holds for a smaller one (ψ grows with τ): bisection.
std::optional<double> strongestParameter(const Dataset& data, const EquivalenceClasses& classes,
                                         const BoundCriterion& b, const CriterionResult& result,
                                         std::uint64_t limitRows) {
    const CriterionKind kind = b.criterion.kind();
    if (b.criterion.multiAttribute()) return std::nullopt;
    auto fits = [&](double p) {
        const auto rows = failingRowsWith(data, classes, b, p);
        return rows && *rows <= limitRows;
    };
    if (kind == CriterionKind::TauL) {
        const double l = b.criterion.definition().parameters[1];
        double lo = 1.0 / l, hi = 1 - 1e-9;
        if (fits(lo)) return lo;
        if (!fits(hi)) return std::nullopt;
        for (int i = 0; i < 50; ++i) {
            const double mid = (lo + hi) / 2;
            (fits(mid) ? hi : lo) = mid;
        }
        double p = std::ceil(hi * 1e4) / 1e4;
        if (p >= 1) p = hi;
        return fits(p) ? std::optional<double>(p) : std::optional<double>(hi);
    }
    std::vector<std::size_t> order(classes.count());
    for (std::size_t c = 0; c < order.size(); ++c) order[c] = c;
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t c) {
        return result.classMeasures[a] < result.classMeasures[c];
    });
    double best = -1;
    std::uint64_t below = 0;
    for (std::size_t i = 0; i < order.size();) {
        const double m = result.classMeasures[order[i]];
        if (below > limitRows) break;
        best = m;
        for (; i < order.size() && result.classMeasures[order[i]] == m; ++i)
            below += classes.sizes[order[i]];
    }
    if (best < 1) return std::nullopt;
    // pd-recursive's measure is +∞ when only don't-care values occur: ℓ is bounded by the domain.
    const double cap = kind == CriterionKind::KAnonymity ? double(data.rowCount())
                                                         : double(dictionaryOf(data, b).size());
    best = std::min(best, cap);
    const bool integer = integerParameter(kind);
    const double step = integer ? 1 : 1e-3;
    double p = integer ? std::floor(best + 1e-9) : std::floor(best * 1e3 + 1e-6) / 1e3;
    for (int tries = 0; p >= 1 && tries < 4; ++tries, p -= step)
        if (fits(p)) return p;
    return std::nullopt;
}

FailingClass describeClass(const Dataset& data, const EquivalenceClasses& classes,
                           const BoundCriterion& b, const CriterionResult& r, std::size_t c) {
    FailingClass f;
    f.index = c;
    f.size = classes.sizes[c];
    const auto key = classes.key(c);
    for (std::size_t i = 0; i < data.qiCount(); ++i)
        f.qiValues.push_back(data.hierarchy(i).levelValue(classes.levels[i], key[i]));
    f.measure = r.classMeasures[c];
    f.distance = r.higherIsBetter ? r.threshold - f.measure : f.measure - r.threshold;
    if (b.criterion.kind() == CriterionKind::KAnonymity || data.sensitiveColumns().empty())
        return f;
    const auto h = classes.histogram(c, b.sensitive);
    const auto top = std::max_element(h.begin(), h.end());
    if (top != h.end() && f.size > 0) {
        f.dominatingValue = dictionaryOf(data, b)[std::size_t(top - h.begin())];
        f.dominatingCount = *top;
        f.dominatingShare = double(*top) / double(f.size);
    }
    if (b.criterion.kind() == CriterionKind::EntropyL)
        f.entropyMissing = std::log(r.threshold) - entropy(h);
    return f;
}

}  // namespace

std::string withParameter(const Criterion& criterion, double parameter) {
    CriterionSpec spec = criterion.definition();
    spec.parameters[mainParameter(spec.kind)] = parameter;
    return formatCriterionSpec(spec);
}

Explanation explainNode(const Dataset& data, const SearchConfig& config,
                        std::span<const int> levels, const ExplainOptions& options) {
    Explanation out;
    out.rows = data.rowCount();
    const NodeJudgement node = judgeClasses(data, config, data.classes(levels, true));
    const EquivalenceClasses& classes = node.classes;
    out.classes = classes.count();
    out.satisfies = node.satisfies;
    out.metrics = node.metrics;
    out.utility = metricValue(node.metrics, config.metric, config.quality);
    const std::uint64_t limitRows = suppressionLimitRows(config.suppressionLimit, data.rowCount());

    // Rows of the classes shown (only those: a row index list of the whole table is not needed).
    std::vector<std::uint8_t> shown(classes.count(), 0);
    std::vector<std::vector<std::size_t>> order(config.criteria.size());
    // Ties are broken by the classes' generalized values, not by their numbers: class numbers
    // follow the order of the rows (or of a database's groups), and the listing, cut at
    // classCap, must be the same for the same data however it arrives (a CSV, or a table
    // grouped by a database).
    std::vector<std::vector<std::string>> labels(classes.count());
    const auto labelsOf = [&](std::size_t c) -> const std::vector<std::string>& {
        if (labels[c].empty()) {
            const auto key = classes.key(c);
            for (std::size_t i = 0; i < data.qiCount(); ++i)
                labels[c].push_back(data.hierarchy(i).levelValue(classes.levels[i], key[i]));
        }
        return labels[c];
    };
    for (std::size_t k = 0; k < config.criteria.size(); ++k) {
        const CriterionResult& r = node.criteria[k];
        for (std::size_t c = 0; c < classes.count(); ++c)
            if (r.classFails[c]) order[k].push_back(c);
        const auto distance = [&](std::size_t c) {
            return r.higherIsBetter ? r.threshold - r.classMeasures[c]
                                    : r.classMeasures[c] - r.threshold;
        };
        std::stable_sort(order[k].begin(), order[k].end(), [&](std::size_t a, std::size_t b) {
            if (distance(a) != distance(b)) return distance(a) > distance(b);
            if (classes.sizes[a] != classes.sizes[b]) return classes.sizes[a] > classes.sizes[b];
            return labelsOf(a) < labelsOf(b);
        });
        if (order[k].size() > options.classCap) order[k].resize(options.classCap);
        for (std::size_t c : order[k]) shown[c] = 1;
    }
    std::vector<std::vector<std::uint32_t>> rowsOf(classes.count());
    // A grouped dataset holds no rows to list (the caller fetches them when it must).
    if (!data.grouped() && options.rowCap > 0) {
        const std::vector<std::uint32_t> rowClass = data.rowClasses(classes);
        for (std::size_t row = 0; row < rowClass.size(); ++row) {
            const std::uint32_t c = rowClass[row];
            if (shown[c] && rowsOf[c].size() < options.rowCap)
                rowsOf[c].push_back(std::uint32_t(row));
        }
    }
    for (std::size_t k = 0; k < config.criteria.size(); ++k) {
        const BoundCriterion& b = config.criteria[k];
        const CriterionResult& r = node.criteria[k];
        CriterionExplanation e;
        e.verdict = r;
        for (std::size_t c : order[k]) {
            e.failingClasses.push_back(describeClass(data, classes, b, r, c));
            e.failingClasses.back().rows = rowsOf[c];
        }
        if (const auto p = strongestParameter(data, classes, b, r, limitRows)) {
            e.strongestParameter = *p;
            e.strongestSpec = withParameter(b.criterion, *p);
        }
        out.criteria.push_back(std::move(e));
    }

    // (a) one level up along each attribute, rolled up from this node's classes.
    for (std::size_t i = 0; i < data.qiCount(); ++i) {
        if (levels[i] >= data.hierarchy(i).height()) continue;
        RaiseFix fix;
        fix.attribute = i;
        fix.name = data.table().column(data.qiColumns()[i]).name();
        fix.levels = out.metrics.levels;
        ++fix.levels[i];
        const NodeJudgement up = judgeClasses(data, config, data.rollup(classes, fix.levels));
        fix.satisfies = up.satisfies;
        fix.metrics = up.metrics;
        fix.utility = metricValue(up.metrics, config.metric, config.quality);
        out.raises.push_back(std::move(fix));
    }
    std::stable_sort(out.raises.begin(), out.raises.end(),
                     [&](const RaiseFix& a, const RaiseFix& b) {
                         if (a.satisfies != b.satisfies) return a.satisfies;
                         return betterOptimum(a.metrics, b.metrics, config.metric, config.quality);
                     });

    // (b) suppress every failing class.
    const std::vector<bool> failing = failingClasses(node.criteria, classes.count());
    std::vector<std::uint8_t> suppressed(classes.count(), 0);
    for (std::size_t c = 0; c < classes.count(); ++c)
        if (failing[c]) {
            suppressed[c] = 1;
            out.suppress.rows += classes.sizes[c];
        }
    out.suppress.limitRows = limitRows;
    out.suppress.withinLimit = out.suppress.rows <= limitRows;
    out.suppress.requiredLimit =
        data.rowCount() ? double(out.suppress.rows) / double(data.rowCount()) : 0;
    out.suppress.metrics =
        out.suppress.rows ? measureClasses(data, classes, suppressed) : node.metrics;
    out.suppress.utility = metricValue(out.suppress.metrics, config.metric, config.quality);
    return out;
}

}  // namespace ldv
