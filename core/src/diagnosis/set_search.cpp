// Questions 3 and 7 of the privacy-diagnosis paper §4.1: for which S is (δ-suppressed) r
// k-anonymous. "At least k" is the privacy-diagnosis paper Algorithm 2 (Algorithm 3 inside for δ >
// 0); "at most k" is its dual, the minimal attribute sets that bring k down to k or below — the
// quasi-identifiers to worry about.
#include <algorithm>
#include <bit>
#include <unordered_map>

#include "diagnosis/common.h"
#include "diagnosis/subset_walker.h"
#include "ldiv/diagnosis/suppressed_anonymity.h"

namespace ldv {

DiagnosisResult anonymousSets(const Table& table, const std::vector<std::size_t>& r, std::size_t k,
                              double delta, Bound bound, Feedback* feedback) {
    detail::checkK(k);
    detail::checkDelta(delta);
    const detail::DiagnosisData data(table, r);
    detail::ResultBuilder builder(delta > 0 ? 7 : 3, r, data);
    const std::size_t budget = suppressionBudget(delta, data.rowCount());
    std::unordered_map<AttributeMask, DiagnosisAnswer> found;
    detail::SubsetWalker walker(data, feedback);
    walker.run([&](AttributeMask mask, const detail::Partition& p) {
        ++builder.result.calls;
        DiagnosisAnswer a;
        a.attributes = mask;
        std::vector<std::uint32_t> sizes;
        if (budget == 0 && bound == Bound::AtLeast) {
            a.k = p.minClassSize();  // Algorithm 1 is all Algorithm 2 needs
        } else {
            sizes = p.sortedSizes();
            const SuppressedAnonymity sa = anonymityWithSuppression(sizes, budget);
            a.k = sa.k;
            if (delta > 0) {
                a.delta = delta;
                a.suppressedRows = sa.suppressedRows;
            }
        }
        // Lemma 1: k_δ only falls as attributes are added, so "k_δ ≥ k" is what lets a set's
        // supersets be candidates in both forms; for "at most" a rejected candidate is a
        // minimal set with k_δ ≤ k (all its immediate subsets had k_δ > k).
        const bool accept = bound == Bound::AtLeast ? *a.k >= k : *a.k > k;
        if (bound == Bound::AtLeast && accept) found.emplace(mask, a);
        if (bound == Bound::AtMost && !accept) {
            a.exposedRows = rowsInClassesBetween(sizes, *a.k, k);
            found.emplace(mask, a);
        }
        return accept;
    });
    std::vector<DiagnosisAnswer>& answers = builder.result.answers;
    for (const auto& [mask, a] : found) {
        if (bound == Bound::AtLeast) {
            // Algorithm 2 line 22: keep a passing set only if no superset one level up passes.
            bool maximal = true;
            for (std::size_t y = 0; y < data.attributeCount() && maximal; ++y)
                if (!(mask >> y & 1) && walker.accepted(mask | AttributeMask(1) << y))
                    maximal = false;
            if (!maximal) continue;
        }
        answers.push_back(a);
    }
    std::sort(answers.begin(), answers.end(),
              [&](const DiagnosisAnswer& x, const DiagnosisAnswer& y) {
                  const int cx = std::popcount(x.attributes), cy = std::popcount(y.attributes);
                  if (cx != cy) return bound == Bound::AtLeast ? cx > cy : cx < cy;
                  if (x.exposedRows != y.exposedRows) return x.exposedRows > y.exposedRows;
                  return x.attributes < y.attributes;
              });
    return builder.finish();
}

}  // namespace ldv
