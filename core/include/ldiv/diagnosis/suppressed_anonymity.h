#pragma once
// k-anonymity of a list of equivalence-class sizes, with and without δ-suppression
// (the privacy-diagnosis paper Def. 2, Def. 3, Lemma 2, Algorithm 3 as corrected by SPEC §6). These
// work on class sizes only, so every diagnosis question and the exhaustive Lemma 2 test share them.
#include <cstddef>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

namespace ldv {

/// ⌈δ·n⌉, the most rows δ-suppression may remove (the privacy-diagnosis paper Def. 3). Robust to
/// δ·n landing a hair above an integer in floating point (δ = m/n must give exactly m). δ ∈ [0, 1].
std::size_t suppressionBudget(double delta, std::size_t rows);

/// k after removing at most `budget` rows, and the rows that must go.
struct SuppressedAnonymity {
    std::size_t k = 0;  ///< minimum class size of the rows that stay
    std::size_t suppressedRows =
        0;  ///< rows in classes smaller than k (the least removal reaching k)
    std::size_t suppressedClasses = 0;
};

/// The privacy-diagnosis paper Lemma 2 / Algorithm 3 with SPEC §6's definition: with class sizes
/// sorted ascending c1 ≤ c2 ≤ …, remove c1..cj for the largest j with c1+…+cj ≤ budget and report k
/// = c_{j+1}. At least one class always stays (j < m), so k is at most the largest class size —
/// removing every row would make "k" meaningless. Classes of size c_j = c_{j+1} need not go, so the
/// suppressed rows are those of classes smaller than k: the minimum suppression with the
/// maximum k (Lemma 2). `sortedSizes` must be ascending; empty gives k = 0.
SuppressedAnonymity anonymityWithSuppression(std::span<const std::uint32_t> sortedSizes,
                                             std::size_t budget);

/// Rows in classes of size < k (what δ-suppression must remove to reach k), m(k).
std::size_t rowsInClassesBelow(std::span<const std::uint32_t> sortedSizes, std::size_t k);
/// Rows in classes of size in [from, to] (the rows a risky attribute set exposes).
std::size_t rowsInClassesBetween(std::span<const std::uint32_t> sortedSizes, std::size_t from,
                                 std::size_t to);

/// One point of the k / δ trade-off (question 11): reaching k needs suppressing
/// `suppressedRows` = m(k) rows, i.e. δ = m(k)/n.
struct TradeoffPoint {
    std::size_t k = 0;
    std::size_t suppressedRows = 0;
};
/// Every reachable k (the distinct class sizes, ascending) with its least suppression.
std::vector<TradeoffPoint> suppressionTradeoff(std::span<const std::uint32_t> sortedSizes);

/// The histogram of class sizes, (size, number of classes) ascending: equal histograms mean
/// equal answers to every question of the privacy-diagnosis paper §4.1.
using SizeHistogram = std::vector<std::pair<std::uint32_t, std::uint32_t>>;
SizeHistogram sizeHistogram(std::span<const std::uint32_t> sortedSizes);

}  // namespace ldv
