#pragma once
// Local suppression of single cells (after sdcMicro's localSuppression, Templ, Kowarik &
// Meindl 2015): quasi-identifier cells of the records at risk are replaced by "*", the least
// important attribute first, until every record is k-anonymous. A suppressed cell is a
// missing value that matches every value, as sdcMicro counts frequencies: record r's
// frequency is the number of records s (r included) such that, for every QI, r's and s's
// cells are equal or one of them is "*". Every published record has frequency ≥ k. With
// wildcards these sets overlap, so the records do not fall into a partition of classes.
#include <cstdint>
#include <string>
#include <vector>

#include "ldiv/evaluation/search_config.h"
#include "ldiv/lattice/dataset.h"
#include "ldiv/transform/mondrian.h"

namespace ldv {

inline constexpr const char* kSuppressedCell = "*";

struct CellSuppressionResult {
    /// The distinct published QI tuples ("*" in the suppressed cells) as classes, and the
    /// tuple of every row, so that mondrianTable writes the table. Their sizes are not the
    /// records' frequencies (see above).
    MondrianResult classes;
    /// QIs (Dataset order), least important first: the order cells were suppressed in.
    std::vector<std::size_t> order;
    /// Suppressed cells per QI (Dataset order).
    std::vector<std::uint64_t> suppressedCells;
    /// Records with every QI suppressed, and the suppression limit's ⌊limit·n⌋.
    std::uint64_t suppressedRecords = 0;
    std::uint64_t recordLimit = 0;
    /// The smallest frequency of a published record (n when every cell is suppressed).
    std::uint64_t minFrequency = 0;
};

/// Whether cell suppression can publish `data` under `config`: k-anonymity only (the other
/// criteria are judged per class, and with wildcards there are no classes to judge), no
/// research subset, no grouped table. Throws ParameterError naming the obstacle.
void checkCellSuppressionSupport(const Dataset& data, const SearchConfig& config);

/// The default importance: QIs with more distinct values are less important (suppressed
/// first), as sdcMicro's default; ties keep the QI order.
std::vector<std::size_t> defaultSuppressionOrder(const Dataset& data);

/// Suppresses cells: each record whose frequency is below k, in row order, has its cells
/// suppressed in `order` (QIs least important first, each QI once; empty: the default) until
/// its frequency reaches k. A suppressed cell only adds matches, so a record once at k stays
/// there and one pass suffices. When the table has fewer than k rows, classes.tableFails names
/// the criterion; when more records lose every QI than the suppression limit allows, it says
/// so too, and the classes are left empty.
CellSuppressionResult suppressCells(const Dataset& data, const SearchConfig& config,
                                    const std::vector<std::size_t>& order = {});

}  // namespace ldv
