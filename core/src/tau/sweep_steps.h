#pragma once
// SWEEP's sensitive-value generalization step, not public API: sweep.cpp runs it and
// tests/core/test_sweep checks it on hand-made rows (a white-box test, see tests/CMakeLists.txt).
#include <cstddef>
#include <cstdint>
#include <vector>

#include "ldiv/tau/tau_input.h"

namespace ldv {

namespace detail {
/// Step 1 / step 11 (Tian & Zhang 2011 §4.3): while the rows fail (τ,ℓ), pick a row whose SA covers
/// the dominant base value, least general first (ties: latest row), and replace its SA by its
/// parent. `rows` index into `saNode`, which is updated. Returns the number of steps.
std::size_t generalizeSensitive(const TauInput& input, const std::vector<std::uint32_t>& rows,
                                std::vector<std::uint32_t>& saNode, double tau, double l);
}  // namespace detail

}  // namespace ldv
