#pragma once
// Assigns dense group ids to items by a packed 64-bit key: the one grouping primitive of the
// engine (Dataset's grouping and rollup, the searches' RollupEngine). Small key spaces are
// counted in a dense array, larger ones in an open-addressing hash table; the buffers are
// kept between uses, so grouping node after node allocates nothing.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace ldv::detail {

/// splitmix64 finalizer: spreads packed keys over hash-table slots.
inline std::uint64_t mixKey(std::uint64_t x) {
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ULL;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

/// Reusable grouping of packed 64-bit keys into dense ids (dense array for small key spaces,
/// open addressing otherwise). Not thread-safe: one per worker.
class KeyGrouper {
public:
    void begin(std::uint64_t space, std::size_t expected);
    /// The largest key space begin() counts densely for `expected` items: a dense array beats
    /// hashing while it is not much larger than the input. Sized for at most 2^24 groups: grouping
    /// 10 M rows into a few hundred thousand base groups must not allocate for 10 M.
    static std::uint64_t denseLimit(std::size_t expected) {
        return std::max<std::uint64_t>(
            1u << 16, std::min<std::uint64_t>(4 * std::uint64_t(expected), kPresized));
    }
    std::uint32_t insert(std::uint64_t key) {
        if (m_dense) {
            std::uint32_t& id = m_denseIds[key];
            if (id == kNone) {
                id = std::uint32_t(m_groupKeys.size());
                m_groupKeys.push_back(key);
            }
            return id;
        }
        return insertHashed(key);
    }
    /// Dense mode, for the search's hottest loop: the id of every key (kNone when unseen) and
    /// room for `maxGroups` group keys, filled by the caller through raw pointers (a vector's
    /// push_back makes the compiler reload its state on every item); closeDense(groups) then
    /// keeps the first `groups`, so that groupKeys() and end() work as after insert().
    struct DenseView {
        std::uint32_t* ids;
        std::uint64_t* keys;
    };
    DenseView openDense(std::size_t maxGroups) {
        m_groupKeys.resize(maxGroups);
        return {m_denseIds.data(), m_groupKeys.data()};
    }
    void closeDense(std::size_t groups) { m_groupKeys.resize(groups); }
    static constexpr std::uint32_t kNone = 0xffffffffu;
    std::uint32_t groups() const { return std::uint32_t(m_groupKeys.size()); }
    /// The key of each group, valid until end().
    const std::vector<std::uint64_t>& groupKeys() const { return m_groupKeys; }
    /// Clears only what was touched, so the next begin() costs O(groups).
    void end();

private:
    bool m_dense = false;
    std::vector<std::uint32_t> m_denseIds;
    std::vector<std::uint64_t> m_slotKeys;
    std::vector<std::uint32_t> m_slotIds;
    std::uint64_t m_mask = 0;
    std::vector<std::uint64_t> m_groupKeys;
    std::vector<std::uint64_t> m_groupSlots;  ///< hash slot of each group, to clear it
    static constexpr std::uint64_t kPresized = std::uint64_t(1) << 24;
    std::uint32_t insertHashed(std::uint64_t key);
    void growHash();
};

/// The mixed-radix strides of keys over `radix` (the last attribute varies fastest) and the
/// size of their key space; false when that space does not fit in 64 bits.
inline bool packedStrides(const std::vector<std::uint64_t>& radix,
                          std::vector<std::uint64_t>& stride, std::uint64_t& space) {
    stride.assign(radix.size(), 1);
    space = 1;
    for (std::size_t i = radix.size(); i-- > 0;) {
        stride[i] = space;
        if (__builtin_mul_overflow(space, std::max<std::uint64_t>(radix[i], 1), &space))
            return false;
    }
    return true;
}

/// Assigns every source item (row or finer class) the id of its group under the key
/// keyAt(item, i) for i < radix.size(), ids in order of first item. Returns the group count.
/// The key is packed in mixed radix when the product of the radices fits in 64 bits, else the
/// grouping is refined one attribute at a time.
template <class KeyAt>
std::uint32_t assignGroups(std::size_t items, const std::vector<std::uint64_t>& radix, KeyAt keyAt,
                           std::vector<std::uint32_t>& groupOf) {
    groupOf.resize(items);
    const std::size_t d = radix.size();
    std::vector<std::uint64_t> stride;
    std::uint64_t space = 1;
    const bool packs = packedStrides(radix, stride, space);
    KeyGrouper index;
    if (packs) {
        index.begin(space, items);
        for (std::size_t t = 0; t < items; ++t) {
            std::uint64_t key = 0;
            for (std::size_t i = 0; i < d; ++i) key += std::uint64_t(keyAt(t, i)) * stride[i];
            groupOf[t] = index.insert(key);
        }
        return index.groups();
    }
    // Key space beyond 64 bits: refine the grouping one attribute at a time.
    std::fill(groupOf.begin(), groupOf.end(), 0);
    std::uint32_t groups = 1;
    for (std::size_t i = 0; i < d; ++i) {
        index.begin(std::uint64_t(groups) * std::max<std::uint64_t>(radix[i], 1), items);
        for (std::size_t t = 0; t < items; ++t)
            groupOf[t] = index.insert(std::uint64_t(groupOf[t]) * radix[i] + keyAt(t, i));
        groups = index.groups();
        index.end();
    }
    return groups;
}

}  // namespace ldv::detail
