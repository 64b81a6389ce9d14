#pragma once
// Microaggregation with MDAV, maximum distance to average vector (Domingo-Ferrer & Mateo-Sanz
// 2002; the fixed-size variant of Domingo-Ferrer & Torra 2005): the records are grouped, at
// least k to a group, by their standardized numeric quasi-identifiers, and each value is
// replaced by an aggregate of its group (mean, median, mode or the interval of the group's
// values). Every row of a group publishes the same values, so a group lies within one class
// of the published table.
#include <cstdint>
#include <string>
#include <vector>

#include "ldiv/evaluation/search_config.h"
#include "ldiv/lattice/dataset.h"
#include "ldiv/lattice/generalize.h"
#include "ldiv/transform/mondrian.h"

namespace ldv {

/// What a microaggregated attribute publishes for its group.
enum class Aggregate {
    /// The arithmetic mean, rounded to two decimals (trailing zeros dropped).
    Mean,
    /// The lower median: the ⌈n/2⌉-th smallest value, a value of the group as it was written.
    Median,
    /// The most frequent value (ties: the smallest), as it was written.
    Mode,
    /// "[min-max]", or the value itself when the group has one.
    Interval,
};

/// "mean", "median", "mode" or "interval"; throws ParameterError naming `text` otherwise.
Aggregate parseAggregate(const std::string& text);
const char* aggregateName(Aggregate a);

/// The published classes of a microaggregation, in the shape of Mondrian's (label per class
/// and QI, class of every row), so that mondrianTable writes either.
struct MicroaggregationResult {
    MondrianResult classes;
    /// Groups MDAV formed, and merges of a group failing a criterion into its nearest one.
    std::size_t mdavGroups = 0;
    std::size_t merges = 0;
};

/// Whether microaggregation can publish `data` under `config`: every quasi-identifier must be
/// numeric (typed integer or decimal, every value a number), since MDAV's distance and the
/// mean have no meaning for categories (microaggregation+local, microaggregation_local.h,
/// microaggregates some QIs and recodes the rest). The criteria are those Mondrian takes
/// (checkMondrianSupport: judged per class, monotone). Throws ParameterError naming the
/// attribute or criterion at fault.
void checkMicroaggregationSupport(const Dataset& data, const SearchConfig& config);

/// MDAV's groups of rows for `values` (n rows × d numbers, row-major), at least k (≥ 1) rows
/// each (all rows in one group when n < k): each column standardized to mean 0 and variance 1
/// (a constant one adds nothing), Euclidean distance. While 3k or more rows remain: the row r
/// farthest from the centroid, the row s farthest from r, the k nearest r form a group, then
/// the k nearest s; with 2k to 3k − 1 left, the k nearest the row farthest from the centroid and
/// the rest; with fewer, the rest. Ties go to the lower row. Rows with equal values are handled
/// as one point, so the cost is O(n/k · u) for u distinct rows rather than O(n²/k).
std::vector<std::vector<std::uint32_t>> mdavGroups(const std::vector<double>& values, std::size_t d,
                                                   std::size_t k);

/// MDAV on some of the quasi-identifiers only (the first step of `--transform
/// microaggregation+local`, transform/microaggregation_local.h): each of `qis` (Dataset
/// positions, every one numeric) is published as its group's aggregate.
struct PartialMicroaggregation {
    /// The aggregated quasi-identifiers (Dataset positions, ascending) and their aggregates.
    std::vector<std::size_t> qis;
    std::vector<Aggregate> aggregates;
    /// MDAV's groups (rows ascending), at least k rows each (all rows in one when n < k).
    std::vector<std::vector<std::uint32_t>> groups;
    /// Group-major: labels[g * qis.size() + j] is group g's aggregate of qis[j].
    std::vector<std::string> labels;
    /// Group of every row of the dataset's table.
    std::vector<std::uint32_t> rowGroup;
    const std::string& label(std::size_t group, std::size_t j) const {
        return labels[group * qis.size() + j];
    }
};

/// MDAV (mdavGroups) with `k` on the quasi-identifiers `qis` of `data` only, each published as
/// its aggregate (`aggregates[j]` for qis[j]). No criterion is judged here: the caller judges
/// the published classes. Throws ParameterError naming a QI that is not numeric (typed integer
/// or decimal, every value a number). Deterministic.
PartialMicroaggregation mdavAggregates(const Dataset& data, const std::vector<std::size_t>& qis,
                                       const std::vector<Aggregate>& aggregates, std::size_t k);

/// MDAV with k the largest of the class-size criteria (1 without one) on the QIs standardized
/// to mean 0 and variance 1 (a constant QI is left out of the distance); ties go to the lower
/// row. Groups that fail another criterion (ℓ-diversity, t-closeness, …), judged on the
/// group's size and sensitive histograms with Criterion::holds, are merged into the group with
/// the nearest centroid, the first failing group first, until every group holds: MDAV itself
/// knows only k. `aggregates` has one entry per QI (empty: all Mean). When the whole table
/// fails a criterion, classes.tableFails names it and nothing is grouped. Deterministic.
MicroaggregationResult microaggregate(const Dataset& data, const SearchConfig& config,
                                      const std::vector<Aggregate>& aggregates = {});

}  // namespace ldv
