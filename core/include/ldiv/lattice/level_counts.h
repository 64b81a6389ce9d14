#pragma once
// Counting the nodes of a lattice by height without enumerating them. The lattice is the
// product of the chains 0..h(A1), …, 0..h(Ad); the number of level vectors of height s whose
// last d−i levels lie in [low_j, high_j] follows from the dynamic programme
//   N_i(s) = Σ_{v = low_i}^{high_i} N_{i+1}(s − v),   N_d(0) = 1,
// (the coefficients of Π_i (x^low_i + … + x^high_i)). With it a node's rank among the nodes
// of its height (in increasing id order, i.e. lexicographic levels) and the node of a given
// rank are computed in O(Σ h(Ai)) steps, so the lattice view needs memory per height, never
// per node. Every count is at most the lattice's size, which ldv::Lattice keeps below 2^64.
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "ldiv/lattice/lattice.h"

namespace ldv {

class LevelCounts {
public:
    LevelCounts() = default;
    /// Counts over the whole lattice.
    explicit LevelCounts(const std::vector<int>& heights);
    /// Counts of the nodes whose level i lies in ranges[i] (clamped to 0..heights[i]).
    LevelCounts(const std::vector<int>& heights, const std::vector<std::pair<int, int>>& ranges);

    int maxHeight() const { return m_maxHeight; }
    /// Nodes of height h (0 outside 0..maxHeight).
    std::uint64_t rowSize(int h) const { return count(0, h); }
    /// Nodes of any height.
    std::uint64_t total() const;
    /// Number of nodes of the same height whose levels are lexicographically smaller.
    std::uint64_t rank(std::span<const int> levels) const;
    /// The levels of the node of height h with this rank (rank < rowSize(h)).
    Levels unrank(int h, std::uint64_t rank) const;
    /// The ranks (in the full lattice `full`) of the first and last counted node of height h;
    /// false when no node of height h is counted.
    bool rankSpan(int h, const LevelCounts& full, std::uint64_t* first, std::uint64_t* last) const;

private:
    std::uint64_t count(std::size_t dim, int sum) const {
        if (sum < 0 || sum > m_maxHeight) return 0;
        return m_suffix[dim * std::size_t(m_maxHeight + 1) + std::size_t(sum)];
    }
    std::vector<int> m_low, m_high;
    int m_maxHeight = 0;
    /// m_suffix[i·(H+1) + s] = N_i(s); d+1 rows.
    std::vector<std::uint64_t> m_suffix{1};
};

}  // namespace ldv
