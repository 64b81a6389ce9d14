#pragma once
// PEXT (BMI2) gathers the output fields of a bit-packed key into a dense index in one
// instruction. Written as inline assembly so that the library needs no -mbmi2; the rollups call
// it only when the CPU reports a fast PEXT (RollupEngine's m_pext).
#include <cstdint>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define LDV_X86_PEXT 1
#endif

namespace ldv::detail {

inline std::uint64_t pext(std::uint64_t x, std::uint64_t mask) {
#ifdef LDV_X86_PEXT
    std::uint64_t r;
    asm("pextq %2, %1, %0" : "=r"(r) : "r"(x), "r"(mask));
    return r;
#else
    // Never called: m_pext is false off x86-64. Kept portable all the same.
    std::uint64_t r = 0;
    for (std::uint64_t bit = 1; mask; mask &= mask - 1, bit <<= 1)
        if (x & mask & (~mask + 1)) r |= bit;
    return r;
#endif
}

}  // namespace ldv::detail
