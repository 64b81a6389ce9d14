#pragma once
// Population uniqueness: the fraction of the population's N records that are unique on the
// quasi-identifier, estimated from the sample's class-size frequencies (docs/risk.md gives
// every formula). Notation: n rows in u classes, c_j classes of size j, p = n/N.
//
//  - Pitman (Hoshino 2001): maximum-likelihood (θ, α) of the Pitman sampling formula, then
//    N·U = Γ(θ+1)/Γ(θ+α) · N^α uniques. Solved by Newton's method; no solution when it does
//    not converge or α ∉ (0, 1).
//  - Zayatz 1991: the share of sample uniques that are population uniques,
//    P = (c_1·H(1;N,1,n)) / Σ_j c_j·H(1;N,j,n) with H the hypergeometric probability of one
//    draw of the class, times c_1/p uniques.
//  - SNB (Chen & McNulty 1998): population class sizes 1 + NegBin(α, β); (α, β) solve the
//    moment equations E[c_1] = c_1, E[c_2] = c_2 given K̂ classes (Shlosser's estimator, Haas,
//    Naughton, Seshadri & Stokes 1995), then K̂·β^α uniques. No solution when c_2 = 0 or the
//    equations have no root with α > 0, 0 < β < 1.
//  - Dankar, El Emam, Neisa & Roffey 2012: p ≤ 0.1 → Pitman (Zayatz if Pitman has no
//    solution); p > 0.1 → the smaller of Zayatz and SNB (Zayatz if SNB has no solution).
#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string>

namespace ldv {

/// c_j: number of classes of size j (only sizes present).
using ClassSizeFrequencies = std::map<std::uint32_t, std::uint64_t>;

ClassSizeFrequencies classSizeFrequencies(std::span<const std::uint32_t> classSizes);

/// A population-uniqueness figure, or why there is none.
struct UniquenessEstimate {
    std::optional<double> fraction;  ///< estimated population uniques / N
    std::string reason;              ///< set when fraction is empty
};

struct PopulationUniqueness {
    UniquenessEstimate pitman, zayatz, snb, dankar;
    /// The model Dankar et al.'s rule chose: "pitman", "zayatz" or "snb"; "none" when the
    /// sample has no uniques (every estimate is then 0, as in ARX) or nothing could be computed.
    std::string recommended;
};

/// Every estimator for a sample of class-size frequencies `c` from a population of
/// `populationSize` ≥ n records.
PopulationUniqueness estimatePopulationUniqueness(const ClassSizeFrequencies& c,
                                                  double populationSize);

UniquenessEstimate pitmanUniqueness(const ClassSizeFrequencies& c, double populationSize);
UniquenessEstimate zayatzUniqueness(const ClassSizeFrequencies& c, double populationSize);
UniquenessEstimate snbUniqueness(const ClassSizeFrequencies& c, double populationSize);
/// Shlosser's estimate of the number of population classes: u + c_1·Σ_j (1−p)^j c_j /
/// Σ_j j·p·(1−p)^(j−1)·c_j.
double shlosserClassCount(const ClassSizeFrequencies& c, double samplingFraction);

}  // namespace ldv
