#pragma once
// Raw spelling -> dictionary code, for the readers' per-value lookup: open-addressing tables
// over one byte arena, so a value seen before costs one probe and one compare, and a new
// value one copy (never a node or a string per value). Spellings of up to 24 bytes are keyed
// by their bytes, longer ones by a hash. Column::intern stays the owner of the dictionary
// (and of Unicode normalisation); this only remembers its answers, so two spellings of one
// NFC label may map to the same code.
#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "data/hash_bytes.h"
#include "ldiv/data/table.h"

namespace ldv::detail {

class SpellingIndex {
public:
    static constexpr std::uint32_t kAbsent = 0xFFFFFFFFu;

    SpellingIndex() {
        m_slots.assign(16, 0);
        m_short.assign(16, Short{});
    }

    /// The code remembered for `text`, or kAbsent, and its mark. A spelling of up to 24 bytes
    /// (most cells) is kept in a table keyed by its bytes themselves: no hash of them, one
    /// slot read and three compares, where a longer one reads a slot, an entry and the bytes
    /// (issue 38: the lookups were half of loading a 10 M-row file).
    Code lookup(std::string_view text, bool& marked) const {
        return lookupIn(text, marked, nullptr, nullptr);  // no buffer: packed by packShort
    }

    /// Bytes a reader's buffer must hold from a spelling's start for lookupIn to pack it
    /// with two loads.
    static constexpr std::size_t kReadAhead = 32;

    /// lookup, for a spelling inside a reader's buffer [begin, end): where kReadAhead bytes
    /// from its start lie in the buffer, a short spelling is packed by two masked 16-byte loads
    /// instead of copies chosen by its size, a branch a column of mixed lengths mispredicted
    /// on about every other row (issue 38). Other spellings (near the buffer's end, or
    /// unescaped elsewhere) are packed as lookup packs them.
    Code lookupIn(std::string_view text, bool& marked, const char* begin, const char* end) const {
        if (text.size() <= kShortMax) {
#if defined(__SSE2__)
            const auto at = reinterpret_cast<std::uintptr_t>(text.data());
            const auto from = reinterpret_cast<std::uintptr_t>(begin);
            if (at >= from && std::size_t(end - begin) >= kReadAhead &&
                at - from <= std::size_t(end - begin) - kReadAhead) [[likely]]
                return findShort(packLoaded(text), marked);
#endif
            return findShort(packShort(text), marked);
        }
        return findLong(text, hashBytes(text.data(), text.size()), marked);
    }

    /// Remembers `text` -> `code` (text must be absent), with a mark of the caller's (the
    /// readers mark a missing-value token).
    void remember(std::string_view text, Code code, bool marked) {
        const bool isShort = text.size() <= kShortMax;
        insert(text, isShort ? 0 : hashBytes(text.data(), text.size()), code, marked);
    }

    /// lookup with the hash already known (`h` as hashOf gives it: a short spelling's is not
    /// needed).
    Code find(std::string_view text, std::uint64_t h) const {
        bool marked;
        return find(text, h, marked);
    }
    Code find(std::string_view text, std::uint64_t h, bool& marked) const {
        if (text.size() <= kShortMax) return findShort(packShort(text), marked);
        return findLong(text, h, marked);
    }

    /// remember with the hash already known.
    void insert(std::string_view text, std::uint64_t h, Code code, bool marked = false) {
        const bool isShort = text.size() <= kShortMax;
        m_entries.push_back(
            {isShort ? 0 : h, m_bytes.size(), std::uint32_t(text.size()), code, marked});
        m_bytes.append(text);
        if (isShort) {
            // At most a quarter full while the table is small (a slot missed by a frequent
            // spelling's probe mispredicts on every row of it), half beyond 4,096 slots.
            if ((m_shortUsed + 1) * (m_short.size() <= 4096 ? 4 : 2) > m_short.size()) growShort();
            Short slot = packShort(text);
            slot.sizeAndMark |= marked ? kMarkBit : 0;
            slot.code = code;
            placeShort(slot);
            ++m_shortUsed;
        } else {
            if ((m_longUsed + 1) * 2 > m_slots.size()) grow();
            place(h, std::uint32_t(m_entries.size()));
            ++m_longUsed;
        }
    }

    std::size_t size() const {
        return m_entries.size();
    }
    /// The spelling of the `entry`-th insert and its hash, as find takes it (the parallel
    /// reader merges a chunk's spellings into the whole file's in this order: their first
    /// appearance). A spelling of up to kShortMax bytes needs no hash: its hashOf is 0.
    std::string_view spelling(std::size_t entry) const {
        return {m_bytes.data() + m_entries[entry].offset, m_entries[entry].size};
    }
    std::uint64_t hashOf(std::size_t entry) const {
        return m_entries[entry].hash;
    }

private:
    static constexpr std::size_t kShortMax = 24;
    struct Short {
        std::uint64_t word[3] = {0, 0, 0};  // the bytes, zero-padded to 24
        std::uint32_t sizeAndMark = 0;      // 0: empty; else size + 1, and kMarkBit
        Code code = 0;
    };
    static constexpr std::uint32_t kSizeBits = 0xFF, kMarkBit = 0x100;

    /// A spelling of up to 24 bytes as its bytes, zero-padded to three words (byte i of the
    /// spelling at bits 8i of its word, as packLoaded's little-endian loads give them), and its
    /// size + 1. Reads only the spelling's bytes, with fixed-size loads (a copy of a variable
    /// size was a call into the C library on every insert and every merge lookup).
    static Short packShort(std::string_view text) {
        const char* s = text.data();
        const std::size_t n = text.size();
        Short key;
        key.sizeAndMark = std::uint32_t(n + 1);
        key.word[0] = packWord(s, std::min<std::size_t>(n, 8));
        if (n > 8) key.word[1] = packWord(s + 8, std::min<std::size_t>(n - 8, 8));
        if (n > 16) key.word[2] = packWord(s + 16, n - 16);
        return key;
    }
    /// The n <= 8 bytes at s, byte i at bits 8i.
    static std::uint64_t packWord(const char* s, std::size_t n) {
        if (n >= 4) {  // the first four and the last four, overlapping
            std::uint32_t a, b;
            std::memcpy(&a, s, 4);
            std::memcpy(&b, s + n - 4, 4);
            if constexpr (std::endian::native == std::endian::big)
                a = __builtin_bswap32(a), b = __builtin_bswap32(b);
            return a | (std::uint64_t(b) << (8 * (n - 4)));
        }
        if (n == 0) return 0;
        const auto* u = reinterpret_cast<const unsigned char*>(s);
        return u[0] | (std::uint64_t(u[n / 2]) << (8 * (n / 2))) |
               (std::uint64_t(u[n - 1]) << (8 * (n - 1)));
    }
#if defined(__SSE2__)
    /// packShort from kReadAhead bytes at text.data(): the bytes past the spelling are masked
    /// off (a window into kOnes gives the size's mask without a branch).
    static Short packLoaded(std::string_view text) {
        alignas(16) static constexpr unsigned char kOnes[64] = {
            255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255,
            255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255};
        const std::size_t n = text.size();
        const auto* s = reinterpret_cast<const __m128i*>(text.data());
        const auto* ones = kOnes + 32 - n;  // byte j of the mask is set when j < n
        const __m128i a = _mm_and_si128(_mm_loadu_si128(s),
                                        _mm_loadu_si128(reinterpret_cast<const __m128i*>(ones)));
        const __m128i b = _mm_and_si128(
            _mm_loadu_si128(s + 1), _mm_loadu_si128(reinterpret_cast<const __m128i*>(ones + 16)));
        Short key;
        key.word[0] = std::uint64_t(_mm_cvtsi128_si64(a));
        key.word[1] = std::uint64_t(_mm_cvtsi128_si64(_mm_unpackhi_epi64(a, a)));
        key.word[2] = std::uint64_t(_mm_cvtsi128_si64(b));
        key.sizeAndMark = std::uint32_t(n + 1);
        return key;
    }
#endif
    std::size_t shortSlot(const Short& key) const {
        const std::uint64_t mixed = (key.word[0] ^ (key.word[1] * 0xBF58476D1CE4E5B9ull) ^
                                     (key.word[2] * 0x94D049BB133111EBull) ^
                                     (std::uint64_t(key.sizeAndMark & kSizeBits) << 58)) *
                                    0x9E3779B97F4A7C15ull;
        return std::size_t(mixed >> m_shortShift);
    }
    Code findShort(const Short& key, bool& marked) const {
        for (std::size_t i = shortSlot(key);; i = (i + 1) & (m_short.size() - 1)) {
            const Short& slot = m_short[i];
            if (slot.word[0] == key.word[0] && slot.word[1] == key.word[1] &&
                slot.word[2] == key.word[2] && (slot.sizeAndMark & kSizeBits) == key.sizeAndMark) {
                marked = (slot.sizeAndMark & kMarkBit) != 0;
                return slot.code;
            }
            if (slot.sizeAndMark == 0) return kAbsent;
        }
    }
    Code findLong(std::string_view text, std::uint64_t h, bool& marked) const {
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
    void growShort() {
        std::vector<Short> old(m_short.size() * 2, Short{});
        old.swap(m_short);
        m_shortShift -= 1;
        for (const Short& slot : old)
            if (slot.sizeAndMark) placeShort(slot);
    }
    void placeShort(const Short& slot) {
        std::size_t i = shortSlot(slot);
        while (m_short[i].sizeAndMark) i = (i + 1) & (m_short.size() - 1);
        m_short[i] = slot;
    }

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
        for (std::uint32_t e = 0; e < m_entries.size(); ++e)
            if (m_entries[e].size > kShortMax) place(m_entries[e].hash, e + 1);
    }

    // The spellings of more than kShortMax bytes: 0 = empty, else (hash tag << 32) | entry + 1.
    std::vector<std::uint64_t> m_slots;
    std::size_t m_longUsed = 0;
    std::vector<Entry> m_entries;
    std::string m_bytes;
    std::vector<Short> m_short;  // the spellings of up to kShortMax bytes, by packShort
    std::size_t m_shortUsed = 0;
    unsigned m_shortShift = 64 - 4;  // log2 of m_short's 16 slots
};

}  // namespace ldv::detail
