#pragma once
// string_view -> number, where the number gives its key back (a hierarchy row gives its
// cell, a level code its label): open addressing with 8-byte slots (hash tag, number), so a
// 100,000-row hierarchy is checked and bound with a 2 MB array per index instead of a node
// per value (std::unordered_map spent most of the time loading a zip hierarchy in allocation
// and pointer chasing) or a 24-byte slot holding the key's view.
#include <cstdint>
#include <string_view>
#include <vector>

#include "data/hash_bytes.h"

namespace ldv::detail {

inline constexpr std::uint32_t kAbsentIndex = 0xFFFFFFFFu;

/// `KeyOf` maps a stored number to its key (called only when the hash tags agree).
template <class KeyOf>
class ViewIndex {
public:
    static constexpr std::uint32_t kAbsent = kAbsentIndex;

    explicit ViewIndex(KeyOf keyOf, std::size_t expected = 16) : m_keyOf(keyOf) {
        std::size_t capacity = 16;
        while (capacity < expected * 2) capacity *= 2;
        m_slots.assign(capacity, 0);
    }

    std::uint32_t find(std::string_view key) const {
        return find(key, hashBytes(key.data(), key.size()));
    }
    /// find() with the key's hashBytes() computed by the caller.
    std::uint32_t find(std::string_view key, std::uint64_t h) const {
        const std::uint64_t slot = m_slots[locate(key, h)];
        return slot ? std::uint32_t(slot) - 1 : kAbsent;
    }
    /// Inserts key -> value unless the key is present; returns the value held for the key.
    std::uint32_t emplace(std::string_view key, std::uint32_t value) {
        return emplace(key, hashBytes(key.data(), key.size()), value);
    }
    /// emplace() with the key's hashBytes() computed by the caller.
    std::uint32_t emplace(std::string_view key, std::uint64_t h, std::uint32_t value) {
        if ((m_size + 1) * 2 > m_slots.size()) grow();
        std::uint64_t& s = m_slots[locate(key, h)];
        if (s) return std::uint32_t(s) - 1;
        s = (h & 0xFFFFFFFF00000000ull) | (std::uint64_t(value) + 1);
        ++m_size;
        return value;
    }
    std::size_t size() const { return m_size; }
    /// Asks for the slot of a key with hash `h` to be brought into the cache (a hint only).
    void prefetch(std::uint64_t h) const {
        __builtin_prefetch(m_slots.data() + (std::size_t(h) & (m_slots.size() - 1)));
    }

private:
    // Slot: 0 when empty, else (high 32 bits of the hash << 32) | (value + 1).
    std::size_t locate(std::string_view key, std::uint64_t h) const {
        const std::size_t mask = m_slots.size() - 1;
        const std::uint64_t tag = h & 0xFFFFFFFF00000000ull;
        for (std::size_t i = std::size_t(h) & mask;; i = (i + 1) & mask) {
            const std::uint64_t s = m_slots[i];
            if (!s) return i;
            if ((s & 0xFFFFFFFF00000000ull) == tag && m_keyOf(std::uint32_t(s) - 1) == key)
                return i;
        }
    }
    void grow() {
        std::vector<std::uint64_t> old(m_slots.size() * 2, 0);
        old.swap(m_slots);
        const std::size_t mask = m_slots.size() - 1;
        for (const std::uint64_t s : old)
            if (s) {
                const std::string_view key = m_keyOf(std::uint32_t(s) - 1);
                std::size_t i = std::size_t(hashBytes(key.data(), key.size())) & mask;
                while (m_slots[i]) i = (i + 1) & mask;
                m_slots[i] = s;
            }
    }

    KeyOf m_keyOf;
    std::vector<std::uint64_t> m_slots;
    std::size_t m_size = 0;
};

template <class KeyOf>
ViewIndex<KeyOf> makeViewIndex(KeyOf keyOf, std::size_t expected = 16) {
    return ViewIndex<KeyOf>(keyOf, expected);
}

}  // namespace ldv::detail
