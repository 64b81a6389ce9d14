#pragma once
// Which attributes make records unique: the distinction and separation of every combination
// of quasi-identifiers (Motwani & Xu 2007, "Efficient Algorithms for Masking and Finding
// Quasi-Identifiers"; ARX's risk view shows the same figures). For an attribute set S with
// classes E_1..E_u over n rows:
//   distinction(S) = u / n                       (fraction of distinct value tuples),
//   separation(S)  = 1 − Σ_i |E_i|(|E_i|−1) / (n(n−1))
//                                                (fraction of record pairs S tells apart).
// Both are 1 for a key. The partitions are built by refinement from the partition of a
// subset (the diagnosis module's code): a combination's partition is its prefix's partition
// split by one more attribute, and rows already unique are never touched again.
#include <cstddef>
#include <vector>

#include "ldiv/data/table.h"

namespace ldv {

class Feedback;

struct AttributeCombinationRisk {
    std::vector<std::size_t>
        columns;  ///< table column indices, ascending by position in the input list
    double distinction = 0;
    double separation = 0;
};

/// At most this many attributes (2^24 − 1 combinations).
inline constexpr std::size_t kMaxCombinationAttributes = 24;

/// Every non-empty subset of `columns`, ordered by size, then lexicographically by position
/// in `columns`. Throws ParameterError for an empty list, too many attributes or an empty
/// table; polls `feedback` (Cancelled) once per combination.
std::vector<AttributeCombinationRisk> attributeCombinationRisks(
    const Table& table, const std::vector<std::size_t>& columns, Feedback* feedback = nullptr);

}  // namespace ldv
