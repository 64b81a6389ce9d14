#pragma once
// Rows of codes collapsed into groups in order of first appearance, with their counts: open
// addressing over the flat keys, a slot holding a hash tag and the group. One table for the
// streaming group reader (csv_fast_groups.cpp, which feeds it a batch at a time with
// prefetching) and the parallel reader's merge of its pieces' groups (csv_parallel.cpp).
#include <algorithm>
#include <cstdint>
#include <vector>

#include "ldiv/data/table.h"

namespace ldv::detail {

class GroupKeys {
public:
    /// `keys` (width codes per group) and `counts` are the caller's, and may already hold
    /// groups: they keep their order, and new groups are appended.
    GroupKeys(std::size_t width, std::vector<Code>& keys, std::vector<std::uint64_t>& counts)
        : m_width(width), m_keys(keys), m_counts(counts) {
        std::size_t size = 1024;
        while (m_counts.size() * 2 > size) size *= 2;
        m_slots.assign(size, 0);
        for (std::uint32_t g = 0; g < m_counts.size(); ++g) place(g);
    }

    std::uint64_t hashOf(const Code* k) const {
        std::uint64_t h = 0x9E3779B97F4A7C15ull;
        for (std::size_t i = 0; i < m_width; ++i) h = (h ^ k[i]) * 0xBF58476D1CE4E5B9ull;
        return h ^ (h >> 31);
    }

    /// The group of key `k` with hash `h`, added with count 0 when it is new.
    std::uint32_t groupOf(const Code* k, std::uint64_t h) {
        const std::size_t mask = m_slots.size() - 1;
        const auto tag = std::uint32_t(h >> 32);
        for (std::size_t p = h & mask;; p = (p + 1) & mask) {
            const std::uint64_t s = m_slots[p];
            if (s == 0) {
                const auto g = std::uint32_t(m_counts.size());
                m_slots[p] = (std::uint64_t(tag) << 32) | (g + 1);
                m_keys.insert(m_keys.end(), k, k + m_width);
                m_counts.push_back(0);
                if (m_counts.size() * 2 > m_slots.size()) grow();
                return g;
            }
            if (std::uint32_t(s >> 32) != tag) continue;
            const std::uint32_t g = std::uint32_t(s) - 1;
            if (std::equal(k, k + m_width, m_keys.data() + std::size_t(g) * m_width)) return g;
        }
    }

    void add(const Code* k, std::uint64_t count) { m_counts[groupOf(k, hashOf(k))] += count; }

    /// For a batch: the slot a later row's hash starts at, and the key that slot names, fetched
    /// ahead while this row is placed.
    void prefetchSlot(std::uint64_t h) const {
        __builtin_prefetch(&m_slots[h & (m_slots.size() - 1)]);
    }
    void prefetchKey(std::uint64_t h) const {
        const std::uint64_t s = m_slots[h & (m_slots.size() - 1)];
        if (s) __builtin_prefetch(m_keys.data() + std::size_t(std::uint32_t(s) - 1) * m_width);
    }

private:
    void place(std::uint32_t g) {
        const std::uint64_t h = hashOf(m_keys.data() + std::size_t(g) * m_width);
        const std::size_t mask = m_slots.size() - 1;
        std::size_t p = h & mask;
        while (m_slots[p] != 0) p = (p + 1) & mask;
        m_slots[p] = (std::uint64_t(std::uint32_t(h >> 32)) << 32) | (g + 1);
    }
    void grow() {
        m_slots.assign(m_slots.size() * 2, 0);
        for (std::uint32_t g = 0; g < m_counts.size(); ++g) place(g);
    }

    std::size_t m_width;
    std::vector<Code>& m_keys;
    std::vector<std::uint64_t>& m_counts;
    std::vector<std::uint64_t> m_slots;  // 0 = empty, else (hash tag << 32) | (group + 1)
};

}  // namespace ldv::detail
