#pragma once
// The value diff of two nodes' published tables (the Lattice perspective's comparison): the
// tables are row-aligned (suppressed rows masked), so every quasi-identifier cell that
// differs is one change "from → to"; changes are counted per (attribute, from, to). Pure
// function on the prepared data (worker-safe).
#include <string>
#include <vector>

#include "ldiv/lattice/lattice.h"
#include "ldiv/search/search_result.h"

namespace ldv {
class Workspace;
}

namespace ldv {

struct ValueChange {
    std::size_t attribute = 0;  ///< QI index
    std::string from, to;
    std::size_t rows = 0;
};

struct NodeDiff {
    Levels from, to;
    /// Rows with at least one differing quasi-identifier cell.
    std::size_t rowsChanged = 0;
    /// Per QI: rows whose cell differs.
    std::vector<std::size_t> rowsChangedPerAttribute;
    /// By attribute, then most rows first, then the values.
    std::vector<ValueChange> changes;
};

NodeDiff diffNodes(const Workspace& data, const SearchConfig& config, std::span<const int> from,
                   std::span<const int> to);

}  // namespace ldv
