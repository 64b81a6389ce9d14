#pragma once
// Where an ℓ-diversity output fails a (τ,ℓ) requirement (Tian & Zhang 2011 §5.2, Fig. 12):
// per k, the largest cumulative frequency F(k) over the classes against ψ(k), and how many
// classes exceed ψ(k).
#include <cstddef>
#include <string>
#include <vector>

#include "ldiv/tau/baseline_outcome.h"
#include "ldiv/tau/tau_input.h"

namespace ldv {

struct TauProfile {
    double c = 0;  ///< the run's c (CLD) and ℓ′ (1DLD, CLD); 0 when not applicable
    double l = 0;
    std::size_t classes = 0;
    std::size_t failingClasses = 0;      ///< classes with F(k) > ψ(k) for some k
    std::vector<double> psi;             ///< ψ(k), k = 1..m (index k−1)
    std::vector<double> maxF;            ///< max over classes of F(k)
    std::vector<std::size_t> exceeding;  ///< classes with F(k) > ψ(k)
};

/// The profile of one output (classes' induced frequencies recomputed by classFrequencies).
TauProfile profileRecoding(const TauInput& input, const LocalRecoding& out, double tau, double l);

/// The run of 1DLD (ℓ′ = 2 … ⌊n/r1⌋) closest to satisfying (τ,ℓ): fewest failing classes
/// relative to its class count, ties by the smaller largest excess max_k F(k) − ψ(k).
/// `classes` = 0 when no run produced an output.
TauProfile closestOneDld(const TauInput& input, double tau, double l);
/// The same over CLD's runs (every c of `search`, ℓ′ = 2 … m; the top node excluded as in
/// CldSearch::best).
TauProfile closestCld(const TauInput& input, const CldSearch& search, double tau, double l);

}  // namespace ldv
