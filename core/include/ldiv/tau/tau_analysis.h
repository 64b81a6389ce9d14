#pragma once
// The analyses of Tian & Zhang 2011 §5 over (τ,ℓ) outputs: count-query error (Tian & Zhang 2011
// §5.3.3, Figs 19–21) and the eligible ranges of a dataset (Tian & Zhang 2011 Def. 2, Table 1).
// Excessive protection, information and run time come from tau_recoding.h / tau_baselines.h /
// sweep.h.
#include <cstdint>
#include <string>
#include <vector>

#include "ldiv/tau/tau_input.h"

namespace ldv {

/// A seeded workload of random count queries `count(*) where overlap(A1,b1) and …` with
/// A1 = the SA and s−1 further QI attributes chosen at random (Tian & Zhang 2011 §5.3.3). Each
/// query takes its values b_i from one random row of the original table, each at a random level
/// below the root, so that the actual count ACT is at least 1.
class CountQueryWorkload {
public:
    /// `perDimension` queries for every s = 1 … d+1.
    CountQueryWorkload(const TauInput& input, std::size_t perDimension = 1000,
                       std::uint64_t seed = 1);

    std::size_t dimensions() const { return m_byS.size(); }
    /// Average relative error |ACT − EST| / ACT per s (index s−1), where EST adds ∏ c_i per
    /// overlapping row, c_i = |leaves(b_i)|/|leaves(t[A_i])| if t[A_i] covers b_i, else 1.
    std::vector<double> averageErrors(const LocalRecoding& out) const;

private:
    struct Query {
        std::vector<std::uint16_t> attrs;  // QI indices (the SA is always included)
        std::vector<int> levels;           // per attr, then the SA's taxonomy node last
        std::vector<Code> base;            // base code of the sampled row per attr
        std::uint32_t saNode = 0;
        double actual = 0;
    };
    const TauInput* m_input;
    std::vector<std::vector<Query>> m_byS;
};

/// Fig. 21: the relative error of the 1D count query "SA overlaps s" for every base value s
/// with a non-zero count, in decreasing order of the original count.
struct SensitiveCountError {
    std::string value;
    std::uint64_t actual = 0;
    double estimate = 0;
    double relativeError = 0;
};
std::vector<SensitiveCountError> sensitiveCountErrors(const TauInput& input,
                                                      const LocalRecoding& out);

/// Eligible ranges (Tian & Zhang 2011 Def. 2, Table 1) of the table's SA distribution for
/// algorithms that do not generalize SA values: simple ℓ ≤ ⌊1/f1⌋; recursive (c,ℓ) needs c >
/// r1/(rℓ+…+rm); (τ,ℓ) without SA generalization needs τ ≥ max_k (F(k) − (k−1)/(ℓ−1)) / (1 −
/// (k−1)/(ℓ−1)). With SA generalization (SWEEP) every valid (τ,ℓ) is eligible.
struct EligibleRange {
    std::size_t rows = 0;
    std::size_t m = 0;        ///< distinct SA values
    double topFrequency = 0;  ///< f1
    std::uint64_t maxSimpleL = 0;
    /// Per ℓ = 2..m: the smallest c with r1 < c·(rℓ+…+rm) (+∞ when that sum is 0), and the
    /// smallest τ a QI-only algorithm can reach.
    std::vector<double> minC;
    std::vector<double> minTau;
};
EligibleRange eligibleRange(const TauInput& input);

}  // namespace ldv
