#pragma once
// Raw spelling -> dictionary code, for the readers' per-value lookup: an open-addressing
// table over one byte arena, so a value seen before costs one hash and one compare, and a
// new value one copy (never a node or a string per value). Column::intern stays the owner
// of the dictionary (and of Unicode normalisation); this only remembers its answers, so two
// spellings of one NFC label may map to the same code.
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "data/hash_bytes.h"
#include "ldiv/data/table.h"

namespace ldv::detail {

class SpellingIndex {
public:
    static constexpr std::uint32_t kAbsent = 0xFFFFFFFFu;

    SpellingIndex() { m_slots.assign(64, 0); }

    /// The code remembered for `text` (hash `h`), or kAbsent.
    Code find(std::string_view text, std::uint64_t h) const {
        bool marked;
        return find(text, h, marked);
    }

    /// The same, and the mark it was inserted with (when found).
    Code find(std::string_view text, std::uint64_t h, bool& marked) const {
        const std::size_t mask = m_slots.size() - 1;
        const auto tag = std::uint32_t(h >> 32);
        for (std::size_t i = std::size_t(h) & mask;; i = (i + 1) & mask) {
            const std::uint64_t slot = m_slots[i];
            if (!slot) return kAbsent;
            if (std::uint32_t(slot >> 32) != tag) continue;
            const Entry& e = m_entries[std::uint32_t(slot) - 1];
            if (e.size == text.size() &&
                sameBytes(m_bytes.data() + e.offset, text.data(), e.size)) {
                marked = e.marked;
                return e.code;
            }
        }
    }

    /// Remembers `text` -> `code` (text must be absent), with a mark of the caller's (the
    /// readers mark a missing-value token).
    void insert(std::string_view text, std::uint64_t h, Code code, bool marked = false) {
        if ((m_entries.size() + 1) * 2 > m_slots.size()) grow();
        m_entries.push_back({h, m_bytes.size(), std::uint32_t(text.size()), code, marked});
        m_bytes.append(text);
        place(h, std::uint32_t(m_entries.size()));
    }

    std::size_t size() const { return m_entries.size(); }
    /// The spelling of the `entry`-th insert and its hash (the parallel reader merges a
    /// chunk's spellings into the whole file's in this order: their first appearance).
    std::string_view spelling(std::size_t entry) const {
        return {m_bytes.data() + m_entries[entry].offset, m_entries[entry].size};
    }
    std::uint64_t hashOf(std::size_t entry) const { return m_entries[entry].hash; }

private:
    struct Entry {
        std::uint64_t hash;
        std::size_t offset;
        std::uint32_t size;
        Code code;
        bool marked;
    };
    void place(std::uint64_t h, std::uint32_t entryPlusOne) {
        const std::size_t mask = m_slots.size() - 1;
        std::size_t i = std::size_t(h) & mask;
        while (m_slots[i]) i = (i + 1) & mask;
        m_slots[i] = (std::uint64_t(std::uint32_t(h >> 32)) << 32) | entryPlusOne;
    }
    void grow() {
        m_slots.assign(m_slots.size() * 2, 0);
        for (std::uint32_t e = 0; e < m_entries.size(); ++e) place(m_entries[e].hash, e + 1);
    }

    std::vector<std::uint64_t> m_slots;  // 0 = empty, else (hash tag << 32) | entry + 1
    std::vector<Entry> m_entries;
    std::string m_bytes;
};

}  // namespace ldv::detail
