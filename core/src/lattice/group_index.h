#pragma once
// Assigns dense group ids to items by their composite key of codes. Keys are packed into a
// 64-bit mixed-radix number when the key space fits; small key spaces are counted in a
// dense array, larger ones in an open-addressing hash table.
#include <cstdint>
#include <vector>

namespace ldv::detail {

/// splitmix64 finalizer: spreads packed keys over hash-table slots (shared by GroupIndex and
/// the search's KeyGrouper).
inline std::uint64_t mixKey(std::uint64_t x) {
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ULL;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

class GroupIndex {
public:
    /// `radix[i]` is the number of distinct codes of key part i.
    explicit GroupIndex(const std::vector<std::uint64_t>& radix, std::size_t expectedItems);

    bool packs() const { return m_packs; }
    /// Returns the group id of a packed key, creating it if new.
    std::uint32_t insert(std::uint64_t packed);
    std::uint32_t groupCount() const { return m_groups; }
    const std::vector<std::uint64_t>& strides() const { return m_strides; }

private:
    void grow();
    bool m_packs = true;
    bool m_dense = false;
    std::vector<std::uint64_t> m_strides;
    std::vector<std::uint32_t> m_denseIds;
    std::vector<std::uint64_t> m_keys;
    std::vector<std::uint32_t> m_ids;
    std::uint64_t m_mask = 0;
    std::uint32_t m_groups = 0;
};

}  // namespace ldv::detail
