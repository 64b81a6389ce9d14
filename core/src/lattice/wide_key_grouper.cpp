// Grouping of 128-bit keys (wide_key_grouper.h).
#include "lattice/wide_key_grouper.h"

#include <algorithm>
#include <bit>

namespace ldv::detail {

void WideKeyGrouper::begin(std::size_t expected) {
    m_groupSlots.clear();
    // At most half full: sized for every item being its own group, capped as KeyGrouper's
    // table is (it grows past that when it must).
    const std::uint64_t wanted = std::bit_ceil(std::max<std::uint64_t>(
        1024, std::min<std::uint64_t>(2 * std::uint64_t(expected), std::uint64_t(1) << 20)));
    if (m_slotIds.size() < wanted) {
        m_slotKeys.assign(std::size_t(2 * wanted), 0);
        m_slotIds.assign(std::size_t(wanted), kNone);
    }
    m_mask = m_slotIds.size() - 1;
}

std::uint32_t WideKeyGrouper::insertAt(std::uint64_t slot, std::uint64_t lo, std::uint64_t hi) {
    const auto id = std::uint32_t(m_groupSlots.size());
    m_slotKeys[2 * slot] = lo;
    m_slotKeys[2 * slot + 1] = hi;
    m_slotIds[slot] = id;
    m_groupSlots.push_back(slot);
    if (2 * m_groupSlots.size() > m_mask) grow();
    return id;
}

void WideKeyGrouper::grow() {
    std::vector<std::uint64_t> keys(2 * m_slotIds.size() * 2, 0);
    std::vector<std::uint32_t> ids(m_slotIds.size() * 2, kNone);
    m_mask = ids.size() - 1;
    for (std::uint64_t& slot : m_groupSlots) {
        const std::uint64_t lo = m_slotKeys[2 * slot], hi = m_slotKeys[2 * slot + 1];
        const std::uint32_t id = m_slotIds[slot];
        std::uint64_t p = slotOf(lo, hi);
        while (ids[p] != kNone) p = (p + 1) & m_mask;
        keys[2 * p] = lo;
        keys[2 * p + 1] = hi;
        ids[p] = id;
        slot = p;
    }
    m_slotKeys.swap(keys);
    m_slotIds.swap(ids);
}

void WideKeyGrouper::end() {
    for (std::uint64_t slot : m_groupSlots) m_slotIds[slot] = kNone;
    m_groupSlots.clear();
}

}  // namespace ldv::detail
