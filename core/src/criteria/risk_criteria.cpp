// The re-identification-risk criteria on a node's class sizes (criteria_risk.h).
#include <algorithm>
#include <cmath>
#include <limits>

#include "ldiv/criteria/node_risk.h"
#include "ldiv/risk/individual_risk.h"
#include "ldiv/risk/population_uniqueness.h"

namespace ldv {

namespace {

// So that a figure equal to the bound (e.g. u/n = 0.25 exactly) holds after rounding.
constexpr double Slack = 1e-12;

}  // namespace

double NodeRisk::measure(Histogram counts) const {
    double n = 0;
    for (std::uint32_t c : counts) n += c;
    return n > 0 ? 1.0 / n : std::numeric_limits<double>::infinity();
}

double NodeRisk::classRisk(std::uint32_t size, double weight) const {
    if (size == 0) return 0;
    // The one home of the formula (risk/individual_risk.h); weights summing to less than the
    // rows were refused when the weights were read (surveyWeights: every weight > 0 is not
    // enough, so clamp to f: a class is at least its own sample).
    if (needsWeights()) return benedettiFranconiRisk(size, std::max(weight, double(size)));
    return 1.0 / size;
}

double NodeRisk::nodeMeasure(std::span<const std::uint32_t> sizes,
                             std::span<const std::uint8_t> dropped,
                             std::span<const double> weights) const {
    if (needsWeights()) {
        // Without the classes' weight sums the figure is unknown: the node fails.
        if (weights.size() != sizes.size()) return std::numeric_limits<double>::infinity();
        double highest = 0, expected = 0, rows = 0;
        for (std::size_t c = 0; c < sizes.size(); ++c) {
            if ((!dropped.empty() && dropped[c]) || sizes[c] == 0) continue;
            const double r = classRisk(sizes[c], weights[c]);
            highest = std::max(highest, r);
            expected += double(sizes[c]) * r;
            rows += sizes[c];
        }
        if (rows == 0) return std::numeric_limits<double>::infinity();
        return kind == CriterionKind::IndividualRisk ? highest : expected;
    }
    double n = 0, classes = 0, uniques = 0;
    for (std::size_t c = 0; c < sizes.size(); ++c) {
        if ((!dropped.empty() && dropped[c]) || sizes[c] == 0) continue;
        n += sizes[c];
        classes += 1;
        uniques += sizes[c] == 1 ? 1 : 0;
    }
    if (n == 0) return std::numeric_limits<double>::infinity();
    switch (kind) {
        case CriterionKind::AverageRisk:
            return classes / n;
        case CriterionKind::SampleUniqueness:
            return uniques / n;
        default:
            break;
    }
    ClassSizeFrequencies f;
    for (std::size_t c = 0; c < sizes.size(); ++c)
        if ((dropped.empty() || !dropped[c]) && sizes[c] > 0) ++f[sizes[c]];
    // The suppressed rows are not published: the sample is the n rows that remain, still
    // drawn from the same population of N (at least n).
    const double population = std::max(populationSize, n);
    UniquenessEstimate e;
    if (model == "pitman")
        e = pitmanUniqueness(f, population);
    else if (model == "zayatz")
        e = zayatzUniqueness(f, population);
    else if (model == "snb")
        e = snbUniqueness(f, population);
    else
        e = estimatePopulationUniqueness(f, population).dankar;
    return e.fraction ? *e.fraction : std::numeric_limits<double>::infinity();
}

bool NodeRisk::holdsForNode(std::span<const std::uint32_t> sizes,
                            std::span<const std::uint8_t> dropped,
                            std::span<const double> weights) const {
    return nodeMeasure(sizes, dropped, weights) <= threshold * (1 + Slack) + Slack;
}

}  // namespace ldv
