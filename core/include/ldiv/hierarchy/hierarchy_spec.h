#pragma once
// A hierarchy builder with its parameters: what `--hierarchy COL=SPEC`, the project file's
// "builder" and the workbench's builder panel describe. One parser, one formatter and one
// build, so the command line and the workbench build the same hierarchy from the same
// settings, with one rule for missing values.
#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "ldiv/hierarchy/hierarchy.h"

namespace ldv {

class Column;

struct HierarchySpec {
    enum class Kind { Intervals, Masking, Dates, OrderedGrouping, Suppression, Taxonomy, Identity };
    Kind kind = Kind::Intervals;
    /// Intervals: bin widths per level above the base, each dividing the next; bins start at
    /// origin + i·width; optional bottom and top coding (buildIntervals).
    std::vector<double> widths;
    double origin = 0;
    std::optional<double> bottom, top;
    /// Masking: characters masked per level; empty = one more per level.
    std::vector<int> maskSteps;
    /// Ordered grouping: groups of groups per level, and the values in their order; an empty
    /// order is natural order (natural_order.h: numbers numerically, months in calendar order,
    /// text with embedded numbers compared as numbers).
    std::vector<std::size_t> groupSizes;
    std::vector<std::string> order;
    /// Taxonomy: a CSV file of parent,child rows (relative to the project's folder), or the
    /// edges themselves.
    std::string taxonomyFile;
    std::vector<std::pair<std::string, std::string>> edges;
    std::string topValue = "*";
    bool operator==(const HierarchySpec&) const = default;
};

/// Parses `intervals:5,10,20` (optionally `;bottom=10;top=90;origin=0`), `mask` or `mask:2,3`,
/// `suppress`, `identity`, `dates`, `ordered:2,2`, `taxonomy:FILE`. nullopt when `text` names
/// no builder (it is then a hierarchy file's path); ParameterError naming the spec for bad
/// parameters.
std::optional<HierarchySpec> parseHierarchySpec(const std::string& text);

/// The text parseHierarchySpec reads back; nullopt when the spec holds what the text cannot
/// say (an explicit order, edges given inline, a top value other than "*").
std::optional<std::string> formatHierarchySpec(const HierarchySpec& spec);

/// Parent,child edges from CSV text: an optional "parent,child" header as the first row, blank
/// lines skipped; `separator` 0 guesses it (parseCsvRecords). Throws InputError naming
/// `sourceName` and the line of a row without two fields.
std::vector<std::pair<std::string, std::string>> parseTaxonomyEdges(const std::string& text,
                                                                    const std::string& sourceName,
                                                                    char separator = ',');

/// Builds the hierarchy of `column`. Values in `missingTokens` are left out of intervals,
/// dates and ordered groupings (they are neither numbers nor dates, and have no place in an
/// order) and put under the top value at every level. `baseDir` resolves a relative taxonomy
/// file. Throws ParameterError, or InputError naming the taxonomy file.
Hierarchy buildHierarchy(const HierarchySpec& spec, const Column& column,
                         const std::vector<std::string>& missingTokens,
                         const std::string& baseDir = {});

}  // namespace ldv
