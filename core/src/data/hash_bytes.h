#pragma once
// Hashing and comparing the short byte strings of a table's cells, for the open-addressing
// indexes of the readers (io/spelling_index.h) and of the hierarchies (data/view_index.h):
// one hash for both, below either.
#include <cstdint>
#include <cstring>

namespace ldv::detail {

/// A 64-bit hash of short byte strings: words folded by multiply-xorshift, the tail read as
/// overlapping words (as wyhash does), then a final avalanche (the low bits index slots).
inline std::uint64_t hashBytes(const char* s, std::size_t n) {
    constexpr std::uint64_t k1 = 0x9E3779B97F4A7C15ull, k2 = 0xBF58476D1CE4E5B9ull;
    std::uint64_t h = k1 ^ (n * k2);
    auto mix = [&](std::uint64_t w) {
        h = (h ^ w) * k2;
        h ^= h >> 31;
    };
    while (n > 8) {
        std::uint64_t w;
        std::memcpy(&w, s, 8);
        mix(w);
        s += 8;
        n -= 8;
    }
    if (n >= 4) {
        std::uint32_t a, b;
        std::memcpy(&a, s, 4);
        std::memcpy(&b, s + n - 4, 4);
        mix((std::uint64_t(a) << 32) | b);
    } else if (n > 0) {
        const auto* u = reinterpret_cast<const unsigned char*>(s);
        mix((std::uint64_t(u[0]) << 16) | (std::uint64_t(u[n / 2]) << 8) | u[n - 1]);
    }
    h ^= h >> 29;
    h *= k1;
    return h ^ (h >> 32);
}

/// a[0, n) == b[0, n) for the short strings of a table's cells, inline: overlapping word
/// loads instead of a library call to memcmp per cell.
inline bool sameBytes(const char* a, const char* b, std::size_t n) {
    auto word8 = [](const char* p) {
        std::uint64_t w;
        std::memcpy(&w, p, 8);
        return w;
    };
    auto word4 = [](const char* p) {
        std::uint32_t w;
        std::memcpy(&w, p, 4);
        return w;
    };
    if (n >= 8) {
        if (n > 16) return std::memcmp(a, b, n) == 0;
        return word8(a) == word8(b) && word8(a + n - 8) == word8(b + n - 8);
    }
    if (n >= 4) return word4(a) == word4(b) && word4(a + n - 4) == word4(b + n - 4);
    for (std::size_t i = 0; i < n; ++i)
        if (a[i] != b[i]) return false;
    return true;
}

}  // namespace ldv::detail
