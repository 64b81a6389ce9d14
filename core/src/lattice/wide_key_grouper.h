#pragma once
// Dense group ids for 128-bit keys (two words), by open addressing: KeyGrouper's hashed half
// for the rollups whose bit-field keys need two words (RollupEngine, class_table_wide.cpp).
// The buffers are kept between uses, so grouping node after node allocates nothing.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "data/group_index.h"

namespace ldv::detail {

/// Reusable grouping of (low, high) word pairs into ids in order of first insertion. Not
/// thread-safe: one per worker.
class WideKeyGrouper {
public:
    void begin(std::size_t expected);
    std::uint32_t insert(std::uint64_t lo, std::uint64_t hi) {
        std::uint64_t p = slotOf(lo, hi);
        while (m_slotIds[p] != kNone) {
            if (m_slotKeys[2 * p] == lo && m_slotKeys[2 * p + 1] == hi) return m_slotIds[p];
            p = (p + 1) & m_mask;
        }
        return insertAt(p, lo, hi);
    }
    std::uint32_t groups() const { return std::uint32_t(m_groupSlots.size()); }
    /// Clears only what was touched, so the next begin() costs O(groups).
    void end();

private:
    static constexpr std::uint32_t kNone = 0xffffffffu;
    std::vector<std::uint64_t> m_slotKeys;  ///< two words a slot, low first
    std::vector<std::uint32_t> m_slotIds;
    std::vector<std::uint64_t> m_groupSlots;  ///< hash slot of each group, to clear it
    std::uint64_t m_mask = 0;
    std::uint64_t slotOf(std::uint64_t lo, std::uint64_t hi) const {
        // The odd multiplier makes distinct high words distinct before mixing, so keys that
        // differ only in the high word do not collide.
        return mixKey(lo ^ (hi * 0x9e3779b97f4a7c15ULL)) & m_mask;
    }
    std::uint32_t insertAt(std::uint64_t slot, std::uint64_t lo, std::uint64_t hi);
    void grow();
};

}  // namespace ldv::detail
