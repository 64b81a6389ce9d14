#include <algorithm>
#include <limits>

#include "ldiv/criteria/criterion_catalogue.h"
#include "ldiv/data/error.h"
#include "ldiv/evaluation/criterion_result.h"
#include "ldiv/evaluation/multi_attribute_view.h"

namespace ldv {
namespace {

std::vector<std::uint32_t> tableHistogram(const Dataset& data, std::size_t sensitive) {
    const EquivalenceClasses& base = data.baseGroups();
    const std::size_t m = data.sensitiveDomain(sensitive);
    std::vector<std::uint32_t> total(m, 0);
    for (std::size_t g = 0; g < base.count(); ++g) {
        const auto h = base.histogram(g, sensitive);
        for (std::size_t v = 0; v < m; ++v) total[v] += h[v];
    }
    return total;
}

bool isK(const BoundCriterion& b) {
    return b.criterion.isClassSize();
}

std::string sensitiveName(const Dataset& data, std::size_t sensitive) {
    return data.table().column(data.sensitiveColumns()[sensitive]).name();
}

}  // namespace

void checkCriteriaDomains(const Dataset& data, const std::vector<BoundCriterion>& criteria) {
    for (const BoundCriterion& b : criteria) {
        const CriterionSpec& spec = b.criterion.definition();
        if (!criterionCapabilities(spec.kind).lBoundedByDomain) continue;
        const Column& column = data.table().column(data.sensitiveColumns()[b.sensitive]);
        const double l = spec.parameters.back();
        if (l <= double(column.domainSize())) continue;
        std::string values;
        for (std::size_t v = 0; v < column.domainSize() && v < 10; ++v)
            values += (v ? ", " : "") + column.value(Code(v));
        if (column.domainSize() > 10) values += ", …";
        throw ParameterError("criterion '" + b.criterion.spec() + "': l = " + formatNumber(l) +
                             " is larger than the " + std::to_string(column.domainSize()) +
                             " values of '" + column.name() + "' (" + values + ")");
    }
}

std::vector<std::string> feasibilityWarnings(const Dataset& data,
                                             const std::vector<BoundCriterion>& criteria) {
    std::vector<std::string> warnings;
    for (const BoundCriterion& b : criteria) {
        if (b.criterion.isNodeLevel()) continue;  // not a class condition, no table bound
        // The table as one class is the top of the lattice; its failing rules out every node
        // only for a criterion declared monotone (criterion_catalogue.h).
        if (!b.criterion.isMonotone()) continue;
        if (isK(b)) {
            const std::uint32_t n = std::uint32_t(data.rowCount());
            const Feasibility f =
                feasibility(b.criterion, std::span<const std::uint32_t>(&n, 1), "the table");
            if (!f.feasible) warnings.push_back(f.warning);
            continue;
        }
        const auto histogram = tableHistogram(data, b.sensitive);
        const Feasibility f = feasibility(b.criterion, histogram, sensitiveName(data, b.sensitive));
        if (!f.feasible) warnings.push_back(f.warning);
    }
    return warnings;
}

std::vector<CriterionResult> evaluateCriteria(const Dataset& data,
                                              const EquivalenceClasses& classes,
                                              const std::vector<BoundCriterion>& criteria) {
    std::vector<CriterionResult> results;
    for (const BoundCriterion& b : criteria) {
        CriterionResult r;
        r.spec = b.criterion.spec();
        r.description = b.criterion.describe();
        r.threshold = b.criterion.threshold();
        r.higherIsBetter = b.criterion.measureHigherIsBetter();
        r.classMeasures.resize(classes.count());
        r.classFails.assign(classes.count(), false);
        bool judged = false;  // some class was judged (the worst so far is set)
        // Def. 4.6's sub-classes come from the same view the search classifies.
        const std::vector<std::uint8_t> multiFails = isMultiAttribute(data, b)
                                                         ? multiAttributeFailures(data, classes, b)
                                                         : std::vector<std::uint8_t>{};
        if (b.criterion.isNodeLevel()) {
            // A condition on all classes together: each class shows its records' risk (1/f,
            // or from the survey weights), the node's figure is the worst measure, and no
            // class fails on its own.
            const NodeRisk& risk = std::get<NodeRisk>(b.criterion.variant());
            for (std::size_t c = 0; c < classes.count(); ++c)
                r.classMeasures[c] = risk.classRisk(
                    classes.sizes[c], c < classes.weightSums.size() ? classes.weightSums[c] : 0);
            r.worstMeasure = risk.nodeMeasure(classes.sizes, {}, classes.weightSums);
            r.holds = risk.holdsForNode(classes.sizes, {}, classes.weightSums);
            results.push_back(std::move(r));
            continue;
        }
        for (std::size_t c = 0; c < classes.count(); ++c) {
            bool ok;
            double measure;
            if (classes.sizes[c] == 0 && !b.criterion.judgesPopulation()) {
                // No published row (a research subset, RowSample in dataset.h): the class is
                // not published, so it cannot fail and is never the worst. Its measure is
                // its size for k and the threshold otherwise (it holds).
                r.classMeasures[c] = isK(b) ? 0.0 : r.threshold;
                continue;
            }
            if (isK(b)) {
                const std::uint32_t size = classes.sizes[c];
                const std::span<const std::uint32_t> h(&size, 1);
                ok = b.criterion.holds(h);
                measure = size;
            } else {
                const auto h = classes.histogram(c, b.sensitive);
                ok = multiFails.empty() ? b.criterion.holds(h) : !multiFails[c];
                measure = b.criterion.measure(h);
            }
            r.classMeasures[c] = measure;
            if (!ok) {
                r.classFails[c] = true;
                r.holds = false;
                ++r.failingClasses;
                r.failingRows += classes.sizes[c];
            }
            const bool worse =
                !judged || (r.higherIsBetter ? measure < r.worstMeasure : measure > r.worstMeasure);
            judged = true;
            if (worse) {
                r.worstClass = c;
                r.worstMeasure = measure;
            }
        }
        results.push_back(std::move(r));
    }
    return results;
}

std::vector<bool> failingClasses(const std::vector<CriterionResult>& results,
                                 std::size_t classCount) {
    std::vector<bool> failing(classCount, false);
    for (const CriterionResult& r : results)
        for (std::size_t c = 0; c < classCount && c < r.classFails.size(); ++c)
            if (r.classFails[c]) failing[c] = true;
    return failing;
}

}  // namespace ldv
