#include "lattice/group_index.h"

#include <limits>

namespace ldv::detail {
namespace {
constexpr std::uint32_t kEmpty = std::numeric_limits<std::uint32_t>::max();
}  // namespace

GroupIndex::GroupIndex(const std::vector<std::uint64_t>& radix, std::size_t expectedItems) {
    m_strides.assign(radix.size(), 1);
    std::uint64_t space = 1;
    for (std::size_t i = radix.size(); i-- > 0;) {
        m_strides[i] = space;
        if (__builtin_mul_overflow(space, std::max<std::uint64_t>(radix[i], 1), &space)) {
            m_packs = false;
            return;
        }
    }
    if (!m_packs) return;
    // A dense array beats hashing while it is not much larger than the input.
    if (space <= std::max<std::uint64_t>(1u << 16, 4 * std::uint64_t(expectedItems))) {
        m_dense = true;
        m_denseIds.assign(std::size_t(space), kEmpty);
    } else {
        m_keys.assign(1024, 0);
        m_ids.assign(1024, kEmpty);
        m_mask = 1023;
    }
}

void GroupIndex::grow() {
    std::vector<std::uint64_t> keys(m_keys.size() * 2, 0);
    std::vector<std::uint32_t> ids(m_ids.size() * 2, kEmpty);
    const std::uint64_t mask = keys.size() - 1;
    for (std::size_t s = 0; s < m_keys.size(); ++s) {
        if (m_ids[s] == kEmpty) continue;
        std::uint64_t p = mixKey(m_keys[s]) & mask;
        while (ids[p] != kEmpty) p = (p + 1) & mask;
        keys[p] = m_keys[s];
        ids[p] = m_ids[s];
    }
    m_keys.swap(keys);
    m_ids.swap(ids);
    m_mask = mask;
}

std::uint32_t GroupIndex::insert(std::uint64_t packed) {
    if (m_dense) {
        std::uint32_t& id = m_denseIds[packed];
        if (id == kEmpty) id = m_groups++;
        return id;
    }
    std::uint64_t p = mixKey(packed) & m_mask;
    while (m_ids[p] != kEmpty) {
        if (m_keys[p] == packed) return m_ids[p];
        p = (p + 1) & m_mask;
    }
    m_keys[p] = packed;
    m_ids[p] = m_groups++;
    if (std::uint64_t(m_groups) * 2 > m_mask) grow();
    return m_groups - 1;
}

}  // namespace ldv::detail
