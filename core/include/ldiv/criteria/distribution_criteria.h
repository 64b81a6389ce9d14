#pragma once
// Criteria that compare a class's distribution of sensitive values, q(s) = n(s)/N, with the
// whole table's, p(s) (docs/criteria.md). Each is bound with the table's counts of the
// sensitive attribute (bindCriteria does this). All three are monotone without suppression:
// the union of two classes has the distribution λ·q1 + (1−λ)·q2, and each condition bounds q
// by a convex function (a distance, or per-value bounds), so it holds for the union when it
// holds for both (checked on random tables in tests/core/test_criteria_distribution.cpp).
#include <cstdint>
#include <span>
#include <vector>

#include "ldiv/criteria/criterion_types.h"

namespace ldv {

/// t-closeness (Li, Li & Venkatasubramanian, "t-Closeness: Privacy Beyond k-Anonymity and
/// ℓ-Diversity", ICDE 2007): the Earth Mover's Distance between q and p is at most t.
///  - equal distance (every pair of values 1 apart): EMD = ½ Σ_s |q(s) − p(s)|;
///  - ordered distance (values ranked v_1 < … < v_m, |i − j|/(m−1) apart):
///    EMD = 1/(m−1) · Σ_{i=1}^{m} |Σ_{j≤i} (q(v_j) − p(v_j))|.
///  - hierarchical distance (a taxonomy of height H over the values; two values are
///    height(lowest common ancestor)/H apart): with extra(v) = q(v) − p(v) for a leaf and
///    extra(N) = Σ_children extra for an inner node, pos(N) / neg(N) the sums of its
///    children's positive / negative extras, EMD = Σ_inner N height(N)/H · min(pos(N),
///    |neg(N)|) (the paper's §4.2 formula, exact for this ultrametric).
/// measure = the EMD (lower is better); holds iff N > 0 and EMD ≤ t.
struct TCloseness {
    double t = 0.2;
    std::vector<double> p;  ///< table distribution by code
    std::vector<std::uint32_t>
        order;  ///< ordered distance: codes by ascending value; empty = equal
    /// Hierarchical distance (empty = not hierarchical): the taxonomy's nodes (0..m−1 are the
    /// codes, inner nodes follow), each node's parent (−1 for the root), height(N)/H, and
    /// every node once in an order where children come before their parent.
    std::vector<std::int32_t> parent;
    std::vector<double> relativeHeight;
    std::vector<std::uint32_t> bottomUp;
    bool holds(Histogram counts) const;
    double measure(Histogram counts) const;
};

/// δ-disclosure privacy (Brickell & Shmatikov, "The Cost of Privacy: Destruction of
/// Data-Mining Utility in Anonymized Data Publishing", KDD 2008): |ln(q(s)/p(s))| < δ for every
/// value s of the table (a value missing from the class gives ln 0 = −∞: fails).
/// measure = max_s |ln(q(s)/p(s))| (lower is better, +∞ when a value is missing).
struct DeltaDisclosure {
    double delta = 1;
    std::vector<double> p;
    bool holds(Histogram counts) const;
    double measure(Histogram counts) const;
};

/// β-likeness (Cao & Karras, "Publishing Microdata with a Robust Privacy Guarantee", VLDB
/// 2012): for every value with q(s) > p(s), (q(s) − p(s))/p(s) ≤ β (basic), or ≤ min(β, −ln p(s))
/// (enhanced). measure = max_s (q(s) − p(s))/p(s) for basic, max_s of that divided by
/// min(β, −ln p(s)) for enhanced (≤ 1 holds); 0 when no value is more frequent than in the table.
struct BetaLikeness {
    double beta = 1;
    bool enhanced = false;
    std::vector<double> p;
    bool holds(Histogram counts) const;
    double measure(Histogram counts) const;
};

class SensitiveTaxonomy;
/// Fills t's hierarchical fields from a taxonomy whose base values are the codes.
void setHierarchicalDistance(TCloseness& t, const SensitiveTaxonomy& taxonomy);

/// p(s) = counts[s] / Σ counts.
std::vector<double> tableDistribution(std::span<const std::uint64_t> counts);

}  // namespace ldv
