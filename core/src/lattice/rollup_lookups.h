#pragma once
// The two pieces that the narrow (class_table.cpp) and the wide (class_table_wide.cpp) rollup
// loops share: choosing the loop unrolled for the number of changed attributes, and the
// lookup that rewrites a changed attribute's field of a packed key. Both loops once spelled
// them out; they live here so that the two cannot drift apart.
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <utility>
#include <vector>

namespace ldv::detail {

/// The most changed attributes a rollup loop is unrolled for; more take the general loop.
inline constexpr std::size_t kMaxUnrolledLookups = 6;

/// Calls `loop(std::integral_constant<std::size_t, F>{})` with F = `changed` when 1 ≤ changed ≤
/// kMaxUnrolledLookups, else with F = 0 (the loop over any number). Run once per rollup, so the
/// choice costs nothing next to the loop.
template <class Loop>
void withUnrolledLookups(std::size_t changed, Loop&& loop) {
    [&]<std::size_t... I>(std::index_sequence<I...>) {
        const bool unrolled =
            ((changed == I + 1 && (loop(std::integral_constant<std::size_t, I + 1>{}), true)) ||
             ...);
        if (!unrolled) loop(std::integral_constant<std::size_t, 0>{});
    }
    (std::make_index_sequence<kMaxUnrolledLookups>{});
}

/// The changed attributes' lookups of one rollup: changed attribute j adds
/// `deltas[j][(word >> shifts[j]) & masks[j]]` to the key of a class whose packed word is
/// `word`. `Fixed` > 0 copies the first Fixed tables, shifts and masks into arrays, so that an
/// unrolled loop keeps them in registers; 0 reads them through the vectors, for any number.
/// Made on the stack of the loop and used only through these inline members, it costs nothing
/// over locals.
template <std::size_t Fixed>
class DeltaLookups {
public:
    DeltaLookups(const std::vector<const std::uint64_t*>& deltas,
                 const std::vector<unsigned>& shifts, const std::vector<std::uint64_t>& masks)
        : m_count(Fixed ? Fixed : deltas.size()),
          m_anyDeltas(deltas.data()),
          m_anyShifts(shifts.data()),
          m_anyMasks(masks.data()) {
        if constexpr (Fixed > 0)
            for (std::size_t j = 0; j < Fixed; ++j) {
                m_deltas[j] = deltas[j];
                m_shifts[j] = shifts[j];
                m_masks[j] = masks[j];
            }
    }

    /// How many attributes change.
    std::size_t count() const { return m_count; }

    /// What changed attribute j adds to the key of packed word `word`.
    [[gnu::always_inline]] std::uint64_t delta(std::size_t j, std::uint64_t word) const {
        if constexpr (Fixed > 0)
            return m_deltas[j][(word >> m_shifts[j]) & m_masks[j]];
        else
            return m_anyDeltas[j][(word >> m_anyShifts[j]) & m_anyMasks[j]];
    }

    /// `word` with every changed attribute rewritten (a one-word key).
    [[gnu::always_inline]] std::uint64_t rewrite(std::uint64_t word) const {
        std::uint64_t key = word;
        if constexpr (Fixed > 0) {
            for (std::size_t j = 0; j < Fixed; ++j) key += delta(j, word);
        } else {
            for (std::size_t j = 0; j < m_count; ++j) key += delta(j, word);
        }
        return key;
    }

private:
    static constexpr std::size_t kSlots = Fixed ? Fixed : 1;
    std::size_t m_count;
    const std::uint64_t* m_deltas[kSlots] = {};
    unsigned m_shifts[kSlots] = {};
    std::uint64_t m_masks[kSlots] = {};
    const std::uint64_t* const* m_anyDeltas;
    const unsigned* m_anyShifts;
    const std::uint64_t* m_anyMasks;
};

}  // namespace ldv::detail
