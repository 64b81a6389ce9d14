#pragma once
// The two ℓ-diversity algorithms Tian & Zhang 2011 §5 compares SWEEP with, and their use for a
// (τ,ℓ) requirement (Tian & Zhang 2011 §5.2): run them over every meaningful ℓ (and c), keep the
// outputs that satisfy (τ,ℓ) (checkTau), report the one with the least excessive protection;
// "empty" when none does.
//  - 1DLD: Ghinita, Karras, Kalnis, Mamoulis, "Fast data anonymization with low information
//    loss", VLDB 2007 (Tian & Zhang 2011 §5.1.2): simple ℓ-diversity by local recoding.
//  - CLD: Incognito (full-domain) with recursive (c,ℓ)-diversity (Machanavajjhala et al. 2007 §5,
//  Tian & Zhang 2011 §5.1.1).
#include <cstdint>
#include <optional>
#include <vector>

#include "ldiv/data/feedback.h"
#include "ldiv/tau/tau_input.h"

namespace ldv {

/// 1DLD for simple ℓ-diversity: rows get a one-dimensional key (Hilbert curve over the QI
/// in-order ranks, TauInput::qiRank), are bucketed by SA value sorted by key, and groups of ℓ
/// rows with distinct SA values are formed greedily from the smallest keys, always including
/// a row of every bucket that would otherwise hold more than 1/ℓ of the remaining rows; the
/// rows left when no such group exists (fewer than 2ℓ, or no valid choice) form the last
/// group. Each group is generalized to its minimal common QI ancestors. Empty output when the
/// table itself is not simple ℓ-diverse (ℓ > ⌊n/r1⌋, Tian & Zhang 2011 Table 1).
LocalRecoding oneDimensionalDiversity(const TauInput& input, std::size_t l);

/// The Hilbert index of a point with `bits` bits per coordinate (Skilling's transpose form,
/// bits interleaved from the most significant): 128 bits as (high, low).
std::pair<std::uint64_t, std::uint64_t> hilbertIndex(std::vector<std::uint32_t> point, int bits);

/// The outcome of running an ℓ-diversity algorithm for a (τ,ℓ) requirement (Tian & Zhang 2011
/// §5.2).
struct BaselineOutcome {
    bool empty = true;      ///< no run satisfied (τ,ℓ)
    double c = 0;           ///< chosen run's c (CLD; 0 for 1DLD)
    double l = 0;           ///< chosen run's ℓ
    std::vector<int> node;  ///< CLD's lattice node
    LocalRecoding recoding;
    double excessiveProtection = 0;
    double utility = 0;    ///< um(G)
    std::size_t runs = 0;  ///< outputs produced (non-empty)
    std::size_t satisfyingRuns = 0;
    double milliseconds = 0;  ///< including the brute-force search over ℓ (and c)
};

/// Runs 1DLD for ℓ′ = 2 … ⌊n/r1⌋ and keeps the output satisfying (τ,ℓ) with the least e(P).
BaselineOutcome bestOneDld(const TauInput& input, double tau, double l);

/// Recursive (c,ℓ′) on the QI lattice for many (c,ℓ′) at once: one pass groups every node
/// and records, per c, the largest ℓ′ that all its classes satisfy (recursive (c,ℓ) is
/// monotone, Machanavajjhala et al. 2007 Thm 5.3, so this is Incognito's answer for every (c,ℓ′)
/// without a pass each).
class CldSearch {
public:
    /// Integer c as in Tian & Zhang 2011 Def. 1 (the paper reports c up to 10,000).
    static std::vector<double> defaultCValues();
    CldSearch(const TauInput& input, std::vector<double> cValues = defaultCValues(),
              Feedback* feedback = nullptr);

    /// CLD's output for recursive (c,ℓ′) (c must be one of cValues): the satisfying node
    /// with the least height (Incognito's "minimum levels of generalization", Tian & Zhang 2011
    /// §5.1.1), ties by the higher um; nullopt when no node satisfies.
    std::optional<Levels> node(double c, std::size_t l) const;
    /// Every (c, ℓ′ = 2..m) run, filtered by (τ,ℓ); least e(P) wins (ties: higher um).
    BaselineOutcome best(double tau, double l) const;
    const std::vector<double>& cValues() const { return m_c; }
    double passMilliseconds() const { return m_passMs; }

private:
    const TauInput* m_input;
    std::vector<double> m_c;
    std::vector<int> m_height;
    std::vector<double> m_utility;
    std::vector<std::uint16_t> m_maxL;  // [node * |c| + ci]
    double m_passMs = 0;
};

/// The weakest ℓ-diversity requirements that imply (τ,ℓ) in theory (Tian & Zhang 2011 Cor. 21, 24).
struct TheoreticalRequirements {
    double simpleL = 0;                         ///< weakest simple ℓ: ℓ itself (Cor. 21)
    std::vector<std::pair<double, double>> cl;  ///< (c, ℓ′) pairs on the Cor. 24 curve, integer ℓ′
};
TheoreticalRequirements theoreticalRequirements(double tau, double l, std::size_t m);

}  // namespace ldv
