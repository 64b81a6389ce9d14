#pragma once
// Internals shared by the criteria sources: sorting an EC's counts without touching the heap
// on the common path (the lattice search evaluates millions of classes).
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <vector>

namespace ldv::detail {

/// The non-zero counts of a histogram, sorted descending (r1 ≥ r2 ≥ … ≥ rm), kept in a
/// stack buffer when there are at most `InlineSize` of them and on the heap otherwise.
class SortedCounts {
public:
    static constexpr std::size_t InlineSize = 128;

    explicit SortedCounts(std::span<const std::uint32_t> counts) {
        std::size_t m = 0;
        for (std::uint32_t c : counts) m += c != 0;
        std::uint32_t* out = m_local.data();
        if (m > InlineSize) {
            m_heap.resize(m);
            out = m_heap.data();
        }
        std::size_t i = 0;
        for (std::uint32_t c : counts) {
            if (c != 0) {
                out[i++] = c;
                m_total += c;
            }
        }
        m_values = std::span<std::uint32_t>(out, m);
        std::sort(m_values.begin(), m_values.end(), std::greater<>());
    }
    SortedCounts(const SortedCounts&) = delete;
    SortedCounts& operator=(const SortedCounts&) = delete;

    /// r1..rm, 0-based (values()[0] = r1).
    std::span<const std::uint32_t> values() const { return m_values; }
    std::size_t distinct() const { return m_values.size(); }
    std::uint64_t total() const { return m_total; }
    /// Σ_{j ≥ i} r_j for 1-based rank i (0 when i > m).
    std::uint64_t tailFrom(std::size_t rank) const {
        std::uint64_t sum = 0;
        for (std::size_t j = rank == 0 ? 0 : rank - 1; j < m_values.size(); ++j) sum += m_values[j];
        return sum;
    }

private:
    std::array<std::uint32_t, InlineSize> m_local;
    std::vector<std::uint32_t> m_heap;
    std::span<std::uint32_t> m_values;
    std::uint64_t m_total = 0;
};

/// Entropy comparisons allow this much rounding slack so that boundary cases such as
/// H(2,1,1) = log 2√2 hold for ℓ = 2√2, and merging two classes never loses by an ulp.
inline constexpr double EntropySlack = 1e-12;

/// Count of code `s` in a histogram that may be shorter than the domain (missing = 0).
inline std::uint32_t countOf(std::span<const std::uint32_t> counts, std::size_t s) {
    return s < counts.size() ? counts[s] : 0;
}

}  // namespace ldv::detail
