#pragma once
// Applying a node: the publishable (generalized) table.
#include <string>
#include <vector>

#include "ldiv/data/table.h"
#include "ldiv/lattice/dataset.h"

namespace ldv {

struct GeneralizeOptions {
    /// Columns left out of the output (identifying attributes are always left out).
    std::vector<std::size_t> dropColumns;
    /// Rows to leave out (e.g. suppressed rows), sorted or not; empty = none.
    std::vector<std::uint32_t> suppressedRows;
    /// When true, suppressed rows are kept with every QI value replaced by this token.
    bool maskSuppressed = false;
    std::string suppressedToken = "*";
    /// Identifying columns published as these columns (one value per input row, e.g. from
    /// pseudonymizeIdentifying) in their place instead of being left out.
    std::vector<std::pair<std::size_t, Column>> pseudonyms;
    /// Per row, 1 = not part of the release at all, neither written nor masked (δ-presence:
    /// a row of the population outside the research subset); empty = every row is.
    std::vector<std::uint8_t> leftOut;
};

/// Replaces every QI value by its ancestor at `levels` (full-domain generalization,
/// SPEC §1); columns keep their order; `identifying` columns never appear.
Table generalizeTable(const Dataset& data, std::span<const int> levels,
                      const std::vector<std::size_t>& identifying,
                      const GeneralizeOptions& options = {});

}  // namespace ldv
