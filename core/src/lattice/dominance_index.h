#pragma once
// A set of lattice nodes (level vectors) answering "is some stored node below x?" and "is
// some stored node above x?" in time proportional to the set, not to the lattice: the
// implicit classification keeps its antichains here (search/implicit.cpp, ldiv/lattice/up_set.h).
//
// Bit-sliced: for every attribute i and level v there are two bit rows over the slots,
// "stored level of i <= v" and ">= v". A node x is dominated from below when the AND of the
// rows (i, x_i, <=) over all i is not zero. The rows are ANDed sparsest first, and only over
// the words where the sparsest row has a bit (a per-row summary of its nonzero words): a
// query reads at most d · slots / 64 words (mach2019, 16 QIs, 1,800 minimal nodes: 16 × 29),
// and one that its rarest level settles reads a few.
#include <cstdint>
#include <span>
#include <vector>

#include "ldiv/lattice/lattice.h"

namespace ldv::detail {

using LevelCode = std::uint16_t;

class DominanceIndex {
public:
    DominanceIndex() = default;
    explicit DominanceIndex(std::vector<int> heights);

    std::size_t dimensions() const { return m_heights.size(); }
    const std::vector<int>& heights() const { return m_heights; }
    /// Stored nodes.
    std::size_t size() const { return m_live; }

    /// Stores `levels` and returns its slot (slots of erased nodes are reused).
    std::size_t insert(std::span<const LevelCode> levels);
    void erase(std::size_t slot);
    std::span<const LevelCode> levels(std::size_t slot) const {
        return {m_levels.data() + slot * m_heights.size(), m_heights.size()};
    }

    /// Some stored node s has s <= x (every level of s at most that of x).
    bool anyBelow(std::span<const LevelCode> x) const { return scan(x, false, nullptr) != kNone; }
    /// Some stored node s has s >= x.
    bool anyAbove(std::span<const LevelCode> x) const { return scan(x, true, nullptr) != kNone; }
    /// Some stored node s has s <= x and s_i == x_i. Where the caller knows that no stored
    /// node lies below x lowered by one in i (x is a raise of a node above none of them), this
    /// is anyBelow(x), and the extra row "level of i >= x_i" is often far sparser than the
    /// others, so fewer words are read (the implicit classifier's raises and path steps).
    bool anyBelowRaised(std::span<const LevelCode> x, std::size_t i) const {
        return findBelowRaised(x, i) != kNone;
    }
    /// The slot of a stored node s <= x with s_i == x_i (as anyBelowRaised), else kNone.
    std::size_t findBelowRaised(std::span<const LevelCode> x, std::size_t i) const {
        return scan(x, false, nullptr, i);
    }
    /// `slot` holds a stored node s <= x (a witness kept from an earlier query, checked
    /// before a scan: the implicit classifier's raises are often above the same member).
    bool holdsBelow(std::size_t slot, std::span<const LevelCode> x) const;
    static constexpr std::size_t kNone = ~std::size_t(0);
    /// The slots of every stored s <= x (resp. >= x), appended to `out`.
    void collectBelow(std::span<const LevelCode> x, std::vector<std::size_t>& out) const {
        scan(x, false, &out);
    }
    /// The slots of every stored s <= x with s_i == x_i (as findBelowRaised), appended.
    void collectBelowRaised(std::span<const LevelCode> x, std::size_t i,
                            std::vector<std::size_t>& out) const {
        scan(x, false, &out, i);
    }
    void collectAbove(std::span<const LevelCode> x, std::vector<std::size_t>& out) const {
        scan(x, true, &out);
    }
    /// Every live slot, increasing.
    std::vector<std::size_t> liveSlots() const;

private:
    /// The first slot found on `side` of x (all of them into `out` if given), else kNone.
    /// `exact` < d: only nodes whose level of attribute `exact` equals x's (kNone: any).
    std::size_t scan(std::span<const LevelCode> x, bool above, std::vector<std::size_t>* out,
                     std::size_t exact = kNone) const;
    void grow();
    /// Calls visit(r) for row 0 and every level row that holds a node of levels x.
    template <class Visit>
    void forEachRowOf(std::span<const LevelCode> x, Visit visit) const;
    std::uint64_t* row(std::size_t r) { return m_rows.data() + r * m_words; }
    const std::uint64_t* row(std::size_t r) const { return m_rows.data() + r * m_words; }
    /// Row of "level of i <= v" (above = false) or ">= v" (above = true).
    std::size_t rowOf(std::size_t i, int v, bool above) const {
        return 1 + 2 * (m_first[i] + std::size_t(v)) + (above ? 1 : 0);
    }

    std::vector<int> m_heights;
    std::vector<std::size_t> m_first;     ///< first level row of attribute i
    std::size_t m_levelRows = 0;          ///< Σ (h_i + 1)
    std::size_t m_words = 0;              ///< words per row (capacity / 64)
    std::vector<std::uint64_t> m_rows;    ///< row 0: live slots; then the level rows
    std::vector<std::uint32_t> m_counts;  ///< per row: its set bits
    /// Per row, a bit per word of the row: the word is not zero (scan visits only those).
    std::vector<std::uint64_t> m_summary;
    std::size_t m_summaryWords = 0;
    std::vector<LevelCode> m_levels;  ///< slot-major
    std::vector<std::size_t> m_free;
    std::size_t m_slots = 0;  ///< slots ever used (live or free)
    std::size_t m_live = 0;
};

/// a <= b in every level. Without an early exit, so that the compiler compares many levels
/// per instruction: the implicit classifier tests each raise against a few dozen nodes.
inline bool levelsBelow(std::span<const LevelCode> a, std::span<const LevelCode> b) {
    unsigned above = 0;
    for (std::size_t i = 0; i < a.size(); ++i) above |= unsigned(a[i] > b[i]);
    return above == 0;
}

/// Levels of node `id` in a lattice of `heights` (mixed radix, first QI most significant).
void decodeLevels(NodeId id, const std::vector<int>& heights, std::span<LevelCode> out);
NodeId encodeLevels(std::span<const LevelCode> levels, const std::vector<int>& heights);

}  // namespace ldv::detail
