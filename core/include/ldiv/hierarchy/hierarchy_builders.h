#pragma once
// Builders that produce the same Hierarchy model as an imported CSV, so a built hierarchy
// can be edited, exported and re-imported (SPEC §1 kinds of hierarchies).
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "ldiv/hierarchy/hierarchy.h"

namespace ldv {

struct IntervalOptions {
    /// Bin width per level above the base, e.g. {5, 10, 20}; each must divide the next.
    std::vector<double> widths;
    /// Bins start at origin + i·width.
    double origin = 0;
    /// Bottom coding: values below become "<bottom"; top coding: values ≥ top become ">=top".
    std::optional<double> bottom;
    std::optional<double> top;
    /// Integer labels read "20-24"; decimal labels read "[20, 25)".
    bool integerLabels = true;
    std::string topValue = "*";
};

/// Numeric ranges per level, then the top value. Throws ParameterError naming a value that
/// is not a number, or widths that do not nest.
Hierarchy buildIntervals(const std::vector<std::string>& values, const IntervalOptions& options);

/// Masking from the right: `steps` = characters masked per level, cumulative is applied
/// (default: one more character per level up to the full length), e.g. 14853 → 1485* → 148**.
Hierarchy buildMasking(const std::vector<std::string>& values, std::vector<int> steps = {},
                       char mask = '*');

/// Height 1: every value → top.
Hierarchy buildSuppression(const std::vector<std::string>& values, const std::string& top = "*");

/// Dates: day → month (YYYY-MM) → year (YYYY) → top. Accepts the formats the CSV type
/// inference recognizes. Throws ParameterError naming the first value that is not a date.
Hierarchy buildDates(const std::vector<std::string>& values, const std::string& top = "*");

/// Ordered grouping: `ordered` lists the values in their natural order; level j groups
/// `groupSizes[j-1]` consecutive groups of level j-1 (so sizes multiply), labelled
/// "first..last"; then the top. Values of the data missing from `ordered` are an error.
Hierarchy buildOrderedGrouping(const std::vector<std::string>& ordered,
                               const std::vector<std::size_t>& groupSizes,
                               const std::string& top = "*");

/// Taxonomy from parent → child edges: every value's path to the root. Leaves at different
/// depths are padded by repeating the leaf at the lower levels. Throws ParameterError on a
/// cycle, a child with two parents, several roots, or a value that is in no edge.
Hierarchy buildTaxonomy(const std::vector<std::pair<std::string, std::string>>& parentChild,
                        const std::vector<std::string>& values);

/// Builds a hierarchy for a column from a textual spec (used by `--hierarchy COL=SPEC` and
/// the project file's "builder"): parseHierarchySpec then buildHierarchy (hierarchy_spec.h),
/// which say which specs there are and how missing values are placed. Returns nullopt when
/// `spec` is not a builder spec (then it is a hierarchy file path).
class Column;
std::optional<Hierarchy> buildFromSpec(const std::string& spec, const Column& column,
                                       const std::string& baseDir = {},
                                       const std::vector<std::string>& missingTokens = {"?", ""});

}  // namespace ldv
