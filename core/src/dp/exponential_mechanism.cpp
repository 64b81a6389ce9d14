// The exponential mechanism (McSherry & Talwar 2007), dp/safepub.h.
#include <algorithm>
#include <cmath>

#include "ldiv/data/error.h"
#include "ldiv/dp/safepub.h"

namespace ldv {

std::vector<double> exponentialProbabilities(std::span<const double> scores, double epsilon) {
    if (scores.empty()) throw ParameterError("the exponential mechanism needs a candidate");
    // Shifted by the largest exponent: exp of ε·score/2 overflows for scores in the thousands,
    // and the shift cancels in the normalisation.
    std::vector<double> p(scores.size());
    double shift = -HUGE_VAL;
    for (double s : scores) shift = std::max(shift, 0.5 * epsilon * s);
    double total = 0;
    for (std::size_t i = 0; i < scores.size(); ++i) {
        p[i] = std::exp(0.5 * epsilon * scores[i] - shift);
        total += p[i];
    }
    for (double& x : p) x /= total;
    return p;
}

std::size_t exponentialSelect(std::span<const double> scores, double epsilon, RandomSource& rng) {
    const std::vector<double> p = exponentialProbabilities(scores, epsilon);
    const double u = rng.uniform();
    double cumulative = 0;
    for (std::size_t i = 0; i < p.size(); ++i) {
        cumulative += p[i];
        if (u < cumulative) return i;
    }
    return p.size() - 1;  // u within rounding of 1
}

}  // namespace ldv
