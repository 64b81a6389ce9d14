// t-closeness, δ-disclosure and β-likeness on one class's histogram (criteria_distribution.h).
#include <algorithm>
#include <cmath>
#include <limits>

#include "ldiv/criteria_detail.h"
#include "ldiv/criteria_distribution.h"

namespace ldv {

namespace {

// Comparisons allow this much rounding slack so that a class whose distribution equals the
// bound holds (e.g. EMD exactly t after summing fractions).
constexpr double Slack = 1e-12;

double totalOf(Histogram counts) {
    double n = 0;
    for (std::uint32_t c : counts) n += c;
    return n;
}

}  // namespace

std::vector<double> tableDistribution(std::span<const std::uint64_t> counts) {
    double n = 0;
    for (std::uint64_t c : counts) n += double(c);
    std::vector<double> p(counts.size(), 0);
    for (std::size_t s = 0; s < counts.size(); ++s) p[s] = n > 0 ? double(counts[s]) / n : 0;
    return p;
}

double TCloseness::measure(Histogram counts) const {
    const double n = totalOf(counts);
    if (n == 0) return std::numeric_limits<double>::infinity();
    double emd = 0;
    if (order.empty()) {
        for (std::size_t s = 0; s < p.size(); ++s)
            emd += std::abs(detail::countOf(counts, s) / n - p[s]);
        return emd / 2;
    }
    if (order.size() < 2) return 0;
    double cumulative = 0;
    for (std::uint32_t s : order) {
        cumulative += detail::countOf(counts, s) / n - p[s];
        emd += std::abs(cumulative);
    }
    return emd / double(order.size() - 1);
}

bool TCloseness::holds(Histogram counts) const {
    return totalOf(counts) > 0 && measure(counts) <= t + Slack;
}

double DeltaDisclosure::measure(Histogram counts) const {
    const double n = totalOf(counts);
    if (n == 0) return std::numeric_limits<double>::infinity();
    double worst = 0;
    for (std::size_t s = 0; s < p.size(); ++s) {
        if (p[s] == 0) continue;
        const double q = detail::countOf(counts, s) / n;
        if (q == 0) return std::numeric_limits<double>::infinity();
        worst = std::max(worst, std::abs(std::log(q / p[s])));
    }
    return worst;
}

bool DeltaDisclosure::holds(Histogram counts) const {
    return measure(counts) < delta;
}

double BetaLikeness::measure(Histogram counts) const {
    const double n = totalOf(counts);
    if (n == 0) return std::numeric_limits<double>::infinity();
    double worst = 0;
    for (std::size_t s = 0; s < p.size(); ++s) {
        const double q = detail::countOf(counts, s) / n;
        if (p[s] == 0 || q <= p[s]) continue;
        double d = (q - p[s]) / p[s];
        if (enhanced) d /= std::min(beta, -std::log(p[s]));
        worst = std::max(worst, d);
    }
    return worst;
}

bool BetaLikeness::holds(Histogram counts) const {
    return totalOf(counts) > 0 && measure(counts) <= (enhanced ? 1.0 : beta) * (1 + Slack);
}

}  // namespace ldv
