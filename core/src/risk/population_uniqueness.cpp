// Population-uniqueness estimators (risk_population.h, docs/risk.md). ARX's implementation
// (RiskModelPopulationUniqueness, ModelPitman, ModelZayatz, ModelSNB) was the reference for
// the decision rule and the starting values; the equations are derived in docs/risk.md.
#include <cmath>
#include <limits>

#include "ldiv/data/number_format.h"
#include "ldiv/risk/population_uniqueness.h"

namespace ldv {

namespace {

struct Sample {
    double n = 0;  // rows
    double u = 0;  // classes
    double c1 = 0, c2 = 0;
};

Sample summarize(const ClassSizeFrequencies& c) {
    Sample s;
    for (const auto& [size, count] : c) {
        s.n += double(size) * double(count);
        s.u += double(count);
    }
    if (auto it = c.find(1); it != c.end()) s.c1 = double(it->second);
    if (auto it = c.find(2); it != c.end()) s.c2 = double(it->second);
    return s;
}

UniquenessEstimate none(std::string reason) {
    return {std::nullopt, std::move(reason)};
}

double logChoose(double a, double b) {
    return std::lgamma(a + 1) - std::lgamma(b + 1) - std::lgamma(a - b + 1);
}

// Hypergeometric P(X = 1): one of the j members of a population class among n draws from N.
double hypergeometricOne(double N, double j, double n) {
    if (n - 1 > N - j) return 0;  // every draw but one would have to miss, impossible
    return std::exp(std::log(j) + logChoose(N - j, n - 1) - logChoose(N, n));
}

// The Pitman log-likelihood's gradient g and Hessian h at (θ, α): see docs/risk.md.
struct PitmanDerivatives {
    double g0 = 0, g1 = 0, h00 = 0, h01 = 0, h11 = 0;
};

PitmanDerivatives pitmanDerivatives(const ClassSizeFrequencies& c, const Sample& s, double t,
                                    double a) {
    PitmanDerivatives d;
    for (double i = 1; i < s.u; ++i) {
        const double v = 1 / (t + i * a);
        d.g0 += v;
        d.g1 += i * v;
        d.h00 -= v * v;
        d.h01 -= i * v * v;
        d.h11 -= i * i * v * v;
    }
    for (double i = 1; i < s.n; ++i) {
        const double v = 1 / (t + i);
        d.g0 -= v;
        d.h00 += v * v;
    }
    for (const auto& [size, count] : c)
        for (double k = 1; k < size; ++k) {
            const double v = 1 / (k - a);
            d.g1 -= double(count) * v;
            d.h11 -= double(count) * v * v;
        }
    return d;
}

bool pitmanDomain(double t, double a) {
    return a < 1 && t + a > 0 && std::isfinite(t) && std::isfinite(a);
}

// F1, F2 of the SNB moment equations (docs/risk.md) minus the observed c1, c2.
void snbEquations(double K, double p, const Sample& s, double a, double b, double& f1, double& f2) {
    const double q = 1 - p;
    const double d = 1 - q * (1 - b);  // D = 1 − (1−p)(1−β)
    f1 = K * p * std::pow(b / d, a) * (1 + a * q * (1 - b) / d) - s.c1;
    f2 = K * a * std::pow(b, a) * p * p * (1 - b) / 2 * std::pow(d, -(a + 2)) *
             (2 - (1 - a) * q * (1 - b)) -
         s.c2;
}

}  // namespace

ClassSizeFrequencies classSizeFrequencies(std::span<const std::uint32_t> classSizes) {
    ClassSizeFrequencies c;
    for (std::uint32_t s : classSizes)
        if (s > 0) ++c[s];
    return c;
}

double shlosserClassCount(const ClassSizeFrequencies& c, double p) {
    const Sample s = summarize(c);
    if (p >= 1) return s.u;
    double numerator = 0, denominator = 0;
    for (const auto& [size, count] : c) {
        numerator += std::pow(1 - p, double(size)) * double(count);
        denominator += double(size) * p * std::pow(1 - p, double(size) - 1) * double(count);
    }
    return s.u + s.c1 * numerator / denominator;
}

UniquenessEstimate zayatzUniqueness(const ClassSizeFrequencies& c, double N) {
    const Sample s = summarize(c);
    if (s.c1 == 0) return {0.0, {}};
    double all = 0;
    for (const auto& [size, count] : c)
        all += double(count) * hypergeometricOne(N, double(size), s.n);
    const double conditional = s.c1 * hypergeometricOne(N, 1, s.n) / all;
    const double p = s.n / N;
    return {s.c1 * conditional / p / N, {}};
}

UniquenessEstimate pitmanUniqueness(const ClassSizeFrequencies& c, double N) {
    const Sample s = summarize(c);
    if (s.c1 == 0) return {0.0, {}};
    if (s.u < 2) return none("Pitman: one class only, the likelihood has no maximum");
    // Every class unique: ∂L/∂α = Σ i/(θ+iα) > 0 everywhere, so the likelihood has no
    // stationary point.
    if (s.c1 == s.u)
        return none("Pitman: every class is unique, the likelihood equations have no solution");
    // Starting point: ARX's moment-based guess (ModelPitman), c2 taken as 1 when 0.
    const double c2 = s.c2 != 0 ? s.c2 : 1;
    const double cc = s.c1 * (s.c1 - 1) / c2;
    double t = (s.n * s.u * cc - s.c1 * (s.n - 1) * (2 * s.u + cc)) /
               (2 * s.c1 * s.u + s.c1 * cc - s.n * cc);
    double a = (t * (s.c1 - s.n) + (s.n - 1) * s.c1) / (s.n * s.u);
    if (!pitmanDomain(t, a) || a <= 0) {
        t = 1;
        a = 0.5;
    }
    bool converged = false;
    for (int iteration = 0; iteration < 200 && !converged; ++iteration) {
        const PitmanDerivatives d = pitmanDerivatives(c, s, t, a);
        const double det = d.h00 * d.h11 - d.h01 * d.h01;
        if (!std::isfinite(det) || det == 0) break;
        const double dt = (d.h11 * d.g0 - d.h01 * d.g1) / det;
        const double da = (d.h00 * d.g1 - d.h01 * d.g0) / det;
        // Damped step: halve until (θ, α) stays where the likelihood is defined.
        double step = 1;
        while (step > 1e-12 && !pitmanDomain(t - step * dt, a - step * da)) step /= 2;
        if (step <= 1e-12) break;
        t -= step * dt;
        a -= step * da;
        converged = step == 1 && std::abs(dt) <= 1e-10 * (1 + std::abs(t)) &&
                    std::abs(da) <= 1e-10 * (1 + std::abs(a));
    }
    if (!converged)
        return none("Pitman: Newton's method on the likelihood equations did not converge");
    if (!(a > 0 && a < 1))
        return none("Pitman: the maximum-likelihood alpha = " + formatNumber(a) +
                    " is outside (0, 1), the model does not fit this sample");
    const double uniques = std::exp(std::lgamma(t + 1) - std::lgamma(t + a) + a * std::log(N));
    if (!(uniques >= 0 && uniques <= N))
        return none("Pitman: the estimate " + formatNumber(uniques) + " is outside [0, N]");
    return {uniques / N, {}};
}

UniquenessEstimate snbUniqueness(const ClassSizeFrequencies& c, double N) {
    const Sample s = summarize(c);
    if (s.c1 == 0) return {0.0, {}};
    const double p = s.n / N;
    if (p >= 1) return {s.c1 / N, {}};  // the sample is the population
    if (s.c2 == 0)
        return none(
            "SNB: no classes of size 2, the second moment equation has no solution "
            "with alpha > 0 and 0 < beta < 1");
    const double K = shlosserClassCount(c, p);
    // Newton's method with a central-difference Jacobian from a grid of starting points; the
    // first root inside α > 0, 0 < β < 1 is taken (the system has at most one there in
    // practice; docs/risk.md).
    for (double a0 : {0.5, 1.0, 0.1, 2.0, 5.0, 0.01})
        for (double b0 : {0.5, 0.1, 0.9, 0.01, 0.99}) {
            double a = a0, b = b0;
            for (int iteration = 0; iteration < 100; ++iteration) {
                double f1, f2;
                snbEquations(K, p, s, a, b, f1, f2);
                if (!std::isfinite(f1) || !std::isfinite(f2)) break;
                if (std::abs(f1) <= 1e-9 * s.c1 && std::abs(f2) <= 1e-9 * s.c2) {
                    const double uniques = K * std::pow(b, a);
                    if (uniques >= 0 && uniques <= N) return {uniques / N, {}};
                    break;
                }
                const double ha = 1e-7 * std::max(1.0, a), hb = 1e-7 * std::min(b, 1 - b);
                double pa1, pa2, ma1, ma2, pb1, pb2, mb1, mb2;
                snbEquations(K, p, s, a + ha, b, pa1, pa2);
                snbEquations(K, p, s, a - ha, b, ma1, ma2);
                snbEquations(K, p, s, a, b + hb, pb1, pb2);
                snbEquations(K, p, s, a, b - hb, mb1, mb2);
                const double j00 = (pa1 - ma1) / (2 * ha), j01 = (pb1 - mb1) / (2 * hb);
                const double j10 = (pa2 - ma2) / (2 * ha), j11 = (pb2 - mb2) / (2 * hb);
                const double det = j00 * j11 - j01 * j10;
                if (!std::isfinite(det) || det == 0) break;
                const double da = (j11 * f1 - j01 * f2) / det, db = (j00 * f2 - j10 * f1) / det;
                double step = 1;
                while (step > 1e-12 &&
                       !(a - step * da > 0 && b - step * db > 0 && b - step * db < 1))
                    step /= 2;
                if (step <= 1e-12) break;
                a -= step * da;
                b -= step * db;
            }
        }
    return none(
        "SNB: the moment equations have no solution with alpha > 0 and 0 < beta < 1 "
        "(Newton's method found none from any starting point)");
}

PopulationUniqueness estimatePopulationUniqueness(const ClassSizeFrequencies& c, double N) {
    PopulationUniqueness r;
    r.pitman = pitmanUniqueness(c, N);
    r.zayatz = zayatzUniqueness(c, N);
    r.snb = snbUniqueness(c, N);
    const Sample s = summarize(c);
    if (s.c1 == 0) {
        r.dankar = {0.0, {}};
        r.recommended = "none";
        return r;
    }
    if (s.n / N <= 0.1) {
        r.recommended = r.pitman.fraction ? "pitman" : "zayatz";
        r.dankar = r.pitman.fraction ? r.pitman : r.zayatz;
    } else if (r.snb.fraction && *r.snb.fraction < *r.zayatz.fraction) {
        r.recommended = "snb";
        r.dankar = r.snb;
    } else {
        r.recommended = "zayatz";
        r.dankar = r.zayatz;
    }
    return r;
}

}  // namespace ldv
