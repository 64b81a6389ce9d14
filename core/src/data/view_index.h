#pragma once
// string_view -> number over views that outlive the index (a hierarchy's cells, a column's
// dictionary): open addressing with the hash tag beside the entry, so a 100,000-row hierarchy
// is checked and bound with one flat array per level instead of a node per value
// (std::unordered_map spent most of the time loading a zip hierarchy in allocation and
// pointer chasing).
#include <cstdint>
#include <string_view>
#include <vector>

#include "io/spelling_index.h"

namespace ldv::detail {

class ViewIndex {
public:
    static constexpr std::uint32_t kAbsent = 0xFFFFFFFFu;

    explicit ViewIndex(std::size_t expected = 16) {
        std::size_t capacity = 16;
        while (capacity < expected * 2) capacity *= 2;
        m_slots.assign(capacity, Slot{});
    }

    std::uint32_t find(std::string_view key) const {
        return m_slots[locate(key, hashBytes(key.data(), key.size()))].value;
    }
    /// Inserts key -> value unless the key is present; returns the value held for the key.
    std::uint32_t emplace(std::string_view key, std::uint32_t value) {
        if ((m_size + 1) * 2 > m_slots.size()) grow();
        const std::uint64_t h = hashBytes(key.data(), key.size());
        Slot& s = m_slots[locate(key, h)];
        if (s.value != kAbsent) return s.value;
        s = {key.data(), std::uint32_t(key.size()), std::uint32_t(h >> 32), value};
        ++m_size;
        return value;
    }
    std::size_t size() const { return m_size; }

private:
    struct Slot {
        const char* data = nullptr;
        std::uint32_t size = 0;
        std::uint32_t tag = 0;
        std::uint32_t value = kAbsent;
    };
    std::size_t locate(std::string_view key, std::uint64_t h) const {
        const std::size_t mask = m_slots.size() - 1;
        const auto tag = std::uint32_t(h >> 32);
        for (std::size_t i = std::size_t(h) & mask;; i = (i + 1) & mask) {
            const Slot& s = m_slots[i];
            if (s.value == kAbsent) return i;
            if (s.tag == tag && s.size == key.size() && std::string_view(s.data, s.size) == key)
                return i;
        }
    }
    void grow() {
        std::vector<Slot> old(m_slots.size() * 2);
        old.swap(m_slots);
        for (const Slot& s : old)
            if (s.value != kAbsent) {
                const std::string_view key(s.data, s.size);
                m_slots[locate(key, hashBytes(key.data(), key.size()))] = s;
            }
    }

    std::vector<Slot> m_slots;
    std::size_t m_size = 0;
};

}  // namespace ldv::detail
