// The grouping primitive (group_index.h).
#include "data/group_index.h"

#include <algorithm>
#include <bit>

namespace ldv::detail {

void KeyGrouper::begin(std::uint64_t space, std::size_t expected) {
    m_groupKeys.clear();
    m_groupSlots.clear();
    // The dense array is kept between calls, so only its first use pays for the allocation;
    // the hash table grows when it has to.
    m_dense = space <= denseLimit(expected);
    if (m_dense) {
        if (m_denseIds.size() < space) m_denseIds.resize(std::size_t(space), kNone);
        return;
    }
    const std::uint64_t wanted = std::bit_ceil(std::max<std::uint64_t>(
        1024,
        std::min<std::uint64_t>(2 * std::min<std::uint64_t>(expected, space), kPresized / 16)));
    if (m_slotIds.size() < wanted) {
        m_slotKeys.assign(std::size_t(wanted), 0);
        m_slotIds.assign(std::size_t(wanted), kNone);
    }
    m_mask = m_slotIds.size() - 1;
}

void KeyGrouper::growHash() {
    const std::size_t size = m_slotIds.size() * 2;
    m_slotKeys.assign(size, 0);
    m_slotIds.assign(size, kNone);
    m_mask = size - 1;
    for (std::uint32_t g = 0; g < m_groupKeys.size(); ++g) {
        std::uint64_t p = mixKey(m_groupKeys[g]) & m_mask;
        while (m_slotIds[p] != kNone) p = (p + 1) & m_mask;
        m_slotKeys[p] = m_groupKeys[g];
        m_slotIds[p] = g;
        m_groupSlots[g] = p;
    }
}

std::uint32_t KeyGrouper::insertHashed(std::uint64_t key) {
    std::uint64_t p = mixKey(key) & m_mask;
    while (m_slotIds[p] != kNone) {
        if (m_slotKeys[p] == key) return m_slotIds[p];
        p = (p + 1) & m_mask;
    }
    const auto id = std::uint32_t(m_groupKeys.size());
    m_slotKeys[p] = key;
    m_slotIds[p] = id;
    m_groupKeys.push_back(key);
    m_groupSlots.push_back(p);
    if (2 * m_groupKeys.size() > m_mask) growHash();
    return id;
}

void KeyGrouper::end() {
    if (m_dense) {
        for (std::uint64_t key : m_groupKeys) m_denseIds[key] = kNone;
    } else {
        for (std::uint64_t slot : m_groupSlots) m_slotIds[slot] = kNone;
    }
    m_groupKeys.clear();
    m_groupSlots.clear();
}

}  // namespace ldv::detail
