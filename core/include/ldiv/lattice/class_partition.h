#pragma once
// The equivalence classes of one release over the rows of the original data: the classes of a
// lattice node (full-domain generalization) or of a published table read back. The attacks and
// experiments that judge a release (beliefs, the background-knowledge attack, homogeneity) take
// one instead of grouping rows on their own.
//
// Not ldiv/release/release_record.h's ReleaseRecord: that is the checkable record of what a
// publication claims (hashes, configuration, measured criteria); this is the partition the claims
// are measured on.
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "ldiv/data/table.h"
#include "ldiv/lattice/dataset.h"

namespace ldv {

/// The classes of one release (Machanavajjhala et al. 2007's q*-blocks) and the class of every
/// row of the original.
struct ClassPartition {
    /// The node's levels (in the dataset's QI order); empty for a published table.
    Levels levels;
    /// Rows and, per sensitive attribute of the dataset, the histogram of every class. For a
    /// node also the generalized keys; for a published table no keys (its values are text).
    EquivalenceClasses classes;
    /// Class of every row of the original table (rows in its order); empty for a node grouped
    /// without rows (ofNode with withRows = false, e.g. for a table loaded as groups).
    std::vector<std::uint32_t> rowClass;

    std::size_t count() const { return classes.count(); }

    /// The classes of node `levels` of `data`. withRows: also the class of every row (refused
    /// for data loaded as groups, see Dataset::rowClasses).
    static ClassPartition ofNode(const Dataset& data, std::span<const int> levels,
                                 bool withRows = true);
    /// The classes of `published`, whose rows are `original`'s rows in the same order: rows
    /// grouped by the values of the columns named as `original`'s QI columns, as they stand
    /// (generalized values are just values). Histograms count `original`'s sensitive codes.
    /// ParameterError for a missing column, InputError naming `sourceName` when the row
    /// counts differ.
    static ClassPartition ofPublished(const Dataset& original, const Table& published,
                                      const std::string& sourceName = "the published table");
    /// ofPublished for the CSV file `path`.
    static ClassPartition readPublished(const std::string& path, const Dataset& original);
};

/// Rows of `table` grouped by their codes in `columns`: the class of every row, classes
/// numbered in order of their first row.
std::vector<std::uint32_t> groupRows(const Table& table, std::span<const std::size_t> columns);

/// Row classes of a published table: its rows grouped by the values of the `qi` columns as
/// they stand. Throws ParameterError for a missing column.
std::vector<std::uint32_t> publishedRowClasses(const Table& published,
                                               const std::vector<std::string>& qi);

}  // namespace ldv
