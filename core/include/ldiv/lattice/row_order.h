#pragma once
// The order of a published table's rows. A source sorted by name or id lets anyone who knows
// that order re-identify rows by position, whatever their generalized values; so `ldiv
// generalize` shuffles the rows unless asked not to (--keep-order), with a seed it records in
// the release so that `verify --original` reproduces the same file.
#include <cstdint>

#include "ldiv/data/table.h"

namespace ldv {

/// Permutes `table`'s rows in place with a Fisher–Yates shuffle driven by std::mt19937_64
/// seeded with `seed`; the index of step i is rng() % (i + 1). Both are fully specified by
/// the C++ standard, so a seed gives the same order on every platform (std::shuffle's
/// algorithm is not specified).
void shuffleRows(Table& table, std::uint64_t seed);

/// A seed from std::random_device, for a shuffle nobody fixed (below 2^53).
std::uint64_t randomSeed();

}  // namespace ldv
