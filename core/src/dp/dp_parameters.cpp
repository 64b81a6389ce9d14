// β and k of SafePub from ε and δ (dp/safepub.h, docs/dp.md §Parameters).
#include <cmath>
#include <map>
#include <mutex>
#include <string>
#include <tuple>
#include <vector>

#include "ldiv/criteria/criterion_spec.h"
#include "ldiv/data/error.h"
#include "ldiv/dp/safepub.h"

namespace ldv {

namespace {

// ln C(n, j) β^j (1 − β)^(n − j), in logs so that n in the thousands neither overflows nor
// underflows to 0 before the sum.
double logBinomialPmf(long n, long j, double logBeta, double logOneMinusBeta) {
    return std::lgamma(double(n) + 1) - std::lgamma(double(j) + 1) -
           std::lgamma(double(n - j) + 1) + double(j) * logBeta + double(n - j) * logOneMinusBeta;
}

// a(n) = P(Binomial(n, β) > γn), summed from the top, where the terms are largest last.
double upperTail(long n, double gamma, double beta) {
    const long from = long(std::floor(double(n) * gamma)) + 1;
    const double lb = std::log(beta), l1b = std::log1p(-beta);
    double sum = 0;
    for (long j = n; j >= from && j >= 0; --j) sum += std::exp(logBinomialPmf(n, j, lb, l1b));
    return sum;
}

// d(k) with a(n) memoised across k: the k search asks for the same n again and again.
double deltaCached(std::uint32_t k, double beta, double epsilon, std::vector<double>& tails) {
    const double power = std::exp(epsilon);
    const double gamma = (power - 1 + beta) / power;
    // The Chernoff bound of a(n) shrinks with n at this rate; once the maximum so far exceeds
    // it no later n can raise the maximum.
    const double rate = gamma * std::log(gamma / beta) - (gamma - beta);
    const long nm = std::max(0L, long(std::ceil(double(k) / gamma - 1.0)));
    double maximum = 0;
    for (long n = nm;; ++n) {
        if (std::size_t(n) >= tails.size()) tails.resize(std::size_t(n) + 1, -1.0);
        if (tails[std::size_t(n)] < 0) tails[std::size_t(n)] = upperTail(n, gamma, beta);
        maximum = std::max(maximum, tails[std::size_t(n)]);
        if (maximum >= std::exp(-double(n) * rate)) break;
        if (n > nm + 10'000'000) break;  // unreachable for rate > 0; a guard, not a result
    }
    return maximum;
}

}  // namespace

double dpDelta(std::uint32_t k, double beta, double epsilon) {
    std::vector<double> tails;
    return deltaCached(k, beta, epsilon, tails);
}

DpParameters dpParameters(double epsilon, double delta, double searchShare) {
    if (!(epsilon > 0) || !std::isfinite(epsilon))
        throw ParameterError("differential privacy: epsilon = " + formatNumber(epsilon) +
                             " is not allowed, epsilon must be greater than 0");
    if (!(delta > 0 && delta < 1))
        throw ParameterError("differential privacy: delta = " + formatNumber(delta) +
                             " is not allowed, delta must be in (0, 1)");
    if (!(searchShare >= 0 && searchShare < 1))
        throw ParameterError("differential privacy: the search share " + formatNumber(searchShare) +
                             " is not allowed, it must be in [0, 1)");
    // Remembered per (ε, δ, share): the k search evaluates thousands of binomial tails, and
    // repeated runs (seeded experiments, the workbench) ask for the same parameters.
    static std::mutex mutex;
    static std::map<std::tuple<double, double, double>, DpParameters> known;
    const auto key = std::make_tuple(epsilon, delta, searchShare);
    {
        const std::lock_guard lock(mutex);
        if (const auto it = known.find(key); it != known.end()) return it->second;
    }
    DpParameters p;
    p.epsilon = epsilon;
    p.delta = delta;
    p.epsilonSearch = epsilon * searchShare;
    p.epsilonAnon = epsilon - p.epsilonSearch;
    p.beta = -std::expm1(-p.epsilonAnon);
    // d(k) decreases in k: the first k at or below δ. δ below ~1e-300 would need k beyond any
    // table, refused by the bound.
    std::vector<double> tails;
    for (std::uint32_t k = 1; k < 1'000'000; ++k) {
        if (deltaCached(k, p.beta, p.epsilonAnon, tails) <= delta) {
            p.k = k;
            const std::lock_guard lock(mutex);
            known.emplace(key, p);
            return p;
        }
    }
    throw ParameterError("differential privacy: no k up to 1,000,000 reaches delta = " +
                         formatNumber(delta) + " with epsilon = " + formatNumber(epsilon));
}

}  // namespace ldv
