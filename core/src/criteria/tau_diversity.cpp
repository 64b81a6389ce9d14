// Functional (τ,ℓ)-diversity on induced frequencies, excessive protection, utility and the
// strength relations of Tian & Zhang 2011 §3 (criteria_tau.h).
#include "ldiv/criteria/criterion_spec.h"
#include "ldiv/criteria/sensitive_taxonomy.h"
#include "ldiv/data/error.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>

namespace ldv {

namespace {

constexpr double TauSlack = 1e-12;

std::vector<double> sortedDescending(std::span<const double> frequencies) {
    std::vector<double> f(frequencies.begin(), frequencies.end());
    std::sort(f.begin(), f.end(), std::greater<>());
    return f;
}

}  // namespace

double tauPsi(std::size_t k, double tau, double l) {
    if (double(k) > l) return 1.0;
    return std::min(1.0, tau + (1.0 - tau) * double(k - 1) / (l - 1.0));
}

std::vector<double> cumulativeFrequencies(std::span<const double> frequencies) {
    std::vector<double> f = sortedDescending(frequencies);
    double sum = 0;
    for (double& v : f) {
        sum += v;
        v = sum;
    }
    return f;
}

double tauMargin(std::span<const double> frequencies, double tau, double l) {
    const std::vector<double> F = cumulativeFrequencies(frequencies);
    double worst = -std::numeric_limits<double>::infinity();
    for (std::size_t k = 1; k <= F.size(); ++k)
        worst = std::max(worst, F[k - 1] - tauPsi(k, tau, l));
    return worst;
}

bool tauHolds(std::span<const double> frequencies, double tau, double l) {
    return tauMargin(frequencies, tau, l) <= TauSlack;
}

double excessiveProtection(std::span<const double> frequencies, double tau, double l) {
    const std::vector<double> F = cumulativeFrequencies(frequencies);
    double e = 0;
    for (std::size_t k = 1; k <= F.size(); ++k) e += std::abs(tauPsi(k, tau, l) - F[k - 1]);
    return e;
}

double excessiveProtection(const std::vector<std::vector<double>>& classFrequencies, double tau,
                           double l) {
    double best = std::numeric_limits<double>::infinity();
    for (const auto& f : classFrequencies) best = std::min(best, excessiveProtection(f, tau, l));
    return best;
}

namespace {
bool validL(double l, std::size_t m) {
    return l >= 2 && (m == 0 || l <= double(m));
}
bool validTauForL(double tau, double l) {
    return tau >= 1.0 / l - 1e-12 && tau < 1;
}
}  // namespace

bool validTau(double tau, double l, std::size_t m) {
    return validL(l, m) && validTauForL(tau, l);
}

void validateTau(double tau, double l, std::size_t m) {
    if (!validL(l, m))
        throw ParameterError(
            "l = " + formatNumber(l) + " is not allowed for (tau, l)-diversity, l must be in [2, " +
            (m > 0 ? std::to_string(m) : std::string("m")) + "] (m = number of sensitive values)");
    if (!validTauForL(tau, l))
        throw ParameterError("tau = " + formatNumber(tau) +
                             " is not allowed, tau must be in [1/l, 1) = [" +
                             formatNumber(1.0 / l) + ", 1)");
}

double utilityMeasure(double informationOfG, std::size_t rows, std::size_t attributes) {
    const double original = double(rows) * double(attributes);
    return original > 0 ? informationOfG / original : 0.0;
}

double tupleInformation(std::span<const std::size_t> leafCounts) {
    double sum = 0;
    for (std::size_t n : leafCounts) sum += n > 0 ? 1.0 / double(n) : 0.0;
    return sum;
}

std::pair<double, double> simpleAsTau(double l) {
    return {1.0 / l, l};
}

bool simpleStrongerThanTau(double l, double u) {
    return u <= l;
}

double weakestRecursiveC(double l, double u, std::size_t m) {
    const double md = double(m);
    const double low = md + 1 - (md - 1) / (u - 1);
    if (!(u > 1) || !(l >= low - 1e-12 && l <= md))
        throw ParameterError("weakest (c, l) stronger than (tau, " + formatNumber(u) +
                             "): l = " + formatNumber(l) + " must be in [m+1-(m-1)/(u-1), m] = [" +
                             formatNumber(low) + ", " + std::to_string(m) + "] and u > 1");
    return (md - 1) / ((u - 1) * (md - l + 1));
}

double weakestRecursiveL(double c, double u, std::size_t m) {
    const double md = double(m);
    const double high = (md - 1) / (u - 1);
    if (!(u > 1) || !(c >= 1 && c <= high + 1e-12))
        throw ParameterError("weakest (c, l) stronger than (tau, " + formatNumber(u) +
                             "): c = " + formatNumber(c) + " must be in [1, (m-1)/(u-1)] = [1, " +
                             formatNumber(high) + "] and u > 1");
    return md + 1 - (md - 1) / (c * (u - 1));
}

}  // namespace ldv
