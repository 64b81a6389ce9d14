#pragma once
// The privacy criteria of SPEC §2, each a predicate on one equivalence class's histogram of
// sensitive-value codes: counts[s] = n(s), the number of rows of the class with code s (zeros
// allowed, a histogram shorter than the domain means the missing codes have count 0).
// Notation: N = Σ n(s), r1 ≥ r2 ≥ … ≥ rm the non-zero counts sorted descending. An empty
// histogram (N = 0) satisfies nothing. None of these allocate for m ≤ 128 distinct values.
//
// Each type also has `measure()`, a per-class "distance to threshold" for display; its meaning
// is stated per type. For all but TauL a larger measure is better and the class holds iff
// measure ≥ the parameter; for TauL a smaller measure is better and it holds iff measure ≤ 0.
#include <cstdint>
#include <span>
#include <vector>

namespace ldv {

using Histogram = std::span<const std::uint32_t>;

/// Entropy H = −Σ p(s) log p(s), p(s) = n(s)/N, natural log (Machanavajjhala et al. 2007 Def. 4.1).
/// 0 when N = 0.
double entropy(Histogram counts);

/// Log-entropic mean M(c1..ck) = Σ ci log ci / Σ ci (Machanavajjhala et al. 2007 §4.2); +∞ when Σ
/// ci = 0.
double logEntropicMean(std::span<const double> values);

/// Adjusted entropy (Machanavajjhala et al. 2007 Def. 4.5, Algorithm 1): the largest normalized
/// entropy reachable by lowering the counts of don't-care values (dontCare[s] != 0). Algorithm 1
/// verbatim: fixed = the other counts, changeable = don't-care counts; while log(min changeable) <
/// M(fixed) move the smallest into fixed; the remaining changeable counts become e^M(fixed); return
/// Ĥ(all). When no other value is present, M of the empty set is taken as +∞ (the smallest
/// don't-care count is fixed first), so the result is the entropy of r equal counts.
double adjustedEntropy(Histogram counts, std::span<const std::uint8_t> dontCare);

/// k-anonymity (Machanavajjhala et al. 2007 Def. 2.2): N ≥ k. measure = N.
struct KAnonymity {
    std::uint64_t k = 2;
    bool holds(Histogram counts) const;
    double measure(Histogram counts) const;
};

/// Distinct ℓ-diversity (Machanavajjhala et al. 2007 §4.1): m ≥ ℓ. measure = m.
struct DistinctL {
    std::uint32_t l = 2;
    bool holds(Histogram counts) const;
    double measure(Histogram counts) const;
};

/// Entropy ℓ-diversity (Machanavajjhala et al. 2007 Def. 4.1): H ≥ log ℓ (ℓ real ≥ 1). measure =
/// e^H, the largest ℓ the class allows.
struct EntropyL {
    double l = 2;
    bool holds(Histogram counts) const;
    double measure(Histogram counts) const;
};

/// Entropy ℓ-diversity with a don't-care set Y (Machanavajjhala et al. 2007 Def. 4.5): adjusted
/// entropy ≥ log ℓ. measure = e^(adjusted entropy). dontCare[s] != 0 marks s ∈ Y (indexed by code).
struct EntropyLDontCare {
    double l = 2;
    std::vector<std::uint8_t> dontCare;
    bool holds(Histogram counts) const;
    double measure(Histogram counts) const;
};

/// Recursive (c,ℓ)-diversity (Machanavajjhala et al. 2007 Def. 4.2): r1 < c·(rℓ + … + rm); ℓ = 1
/// always holds, m < ℓ fails (empty tail). measure = the largest integer ℓ′ for which (c,ℓ′) holds
/// (≥ 1).
struct RecursiveCL {
    double c = 3;
    std::uint32_t l = 2;
    bool holds(Histogram counts) const;
    double measure(Histogram counts) const;
};

/// Positive-disclosure recursive (c,ℓ)-diversity with don't-care set Y (Machanavajjhala et al. 2007
/// Def. 4.3). Let y be the rank of the most frequent value not in Y (none present: holds). If y ≤
/// ℓ−1: r_y < c·Σ_{j=ℓ..m} r_j; else r_y < c·(Σ_{j=ℓ−1..y−1} r_j + Σ_{j=y+1..m} r_j). Ties in the
/// ranking do not change the outcome. ℓ = 1 always holds (as for RecursiveCL).
/// measure = the largest integer ℓ′ for which (c,ℓ′) holds; +∞ when no value outside Y is
/// present.
struct PdRecursiveCL {
    double c = 3;
    std::uint32_t l = 2;
    std::vector<std::uint8_t> dontCare;
    bool holds(Histogram counts) const;
    double measure(Histogram counts) const;
};

/// Negative/positive-disclosure recursive (c1,c2,ℓ)-diversity (Machanavajjhala et al. 2007
/// Def. 4.4): pd-recursive (c1,ℓ) with Y, and every protected value s ∈ W has n(s) ≥ c2/100 · N (c2
/// a percentage). measure = the PdRecursiveCL measure when the W condition holds, else 0.
struct NpdRecursiveCL {
    double c1 = 3;
    double c2 = 1;
    std::uint32_t l = 2;
    std::vector<std::uint8_t> dontCare;
    std::vector<std::uint32_t> protectedCodes;
    bool holds(Histogram counts) const;
    double measure(Histogram counts) const;
};

/// Simple ℓ-diversity (Tian & Zhang 2011 Def. 1): r1/N ≤ 1/ℓ, i.e. r1·ℓ ≤ N. measure = N/r1; a
/// class (or the table) is eligible for simple ℓ-diversity up to ℓ = ⌊N/r1⌋ (Tian & Zhang 2011
/// Table 1).
struct SimpleL {
    double l = 2;
    bool holds(Histogram counts) const;
    double measure(Histogram counts) const;
};

/// Functional (τ,ℓ)-diversity (Tian & Zhang 2011 Def. 11) on base values (no generalized SA values:
/// the induced frequencies are n(s)/N; see sensitive_taxonomy.h for generalized values). F(k) =
/// f1+…+fk (sorted descending), ψ(k) = τ + (1−τ)(k−1)/(ℓ−1) for k ≤ ℓ, 1 beyond; holds iff F(k) ≤
/// ψ(k) for every k. measure = max_k (F(k) − ψ(k)) (≤ 0 iff it holds).
struct TauL {
    double tau = 0.5;
    double l = 2;
    bool holds(Histogram counts) const;
    double measure(Histogram counts) const;
};

}  // namespace ldv
