#pragma once
// Generalization hierarchies (SPEC §1): for every base value one value per level 0..h;
// level j+1 must be a coarsening of level j.
#include <cstddef>
#include <string>
#include <vector>

#include "ldiv/data/table.h"

namespace ldv {

/// The string model of one attribute's hierarchy: one row per base value, column j = the
/// value at level j (the CSV interchange format used by ARX and the papers' tools).
class Hierarchy {
public:
    Hierarchy() = default;
    /// Rows must all have the same length >= 1 (checked by validate()).
    explicit Hierarchy(std::vector<std::vector<std::string>> rows, std::string source = {});

    /// Height h: the number of levels above the base (0 for an identity hierarchy).
    int height() const;
    std::size_t baseCount() const { return m_rows.size(); }
    const std::vector<std::vector<std::string>>& rows() const { return m_rows; }
    std::vector<std::vector<std::string>>& rows() { return m_rows; }
    const std::string& value(std::size_t base, int level) const { return m_rows[base][level]; }
    /// Where it came from (file path or builder description), used in error messages.
    const std::string& source() const { return m_source; }
    void setSource(std::string source) { m_source = std::move(source); }
    bool empty() const { return m_rows.empty(); }
    bool operator==(const Hierarchy& other) const { return m_rows == other.m_rows; }

    /// A height-0 hierarchy over the given values (the attribute is kept as is).
    static Hierarchy identity(const std::vector<std::string>& values);

private:
    std::vector<std::vector<std::string>> m_rows;
    std::string m_source;
};

/// One problem found by validation; `row` and `level` are 0-based, -1 when not applicable.
struct HierarchyIssue {
    enum class Kind { RaggedRow, EmptyCell, DuplicateBase, NotNesting, MissingValue, MultipleTops };
    Kind kind;
    int row = -1;
    int level = -1;
    std::string message;
};

/// Checks structure (row lengths, empty cells, duplicate base values, nesting, a single
/// top value) and, when `column` is given, that every data value has a row. MultipleTops
/// is reported but is not an error (isError()).
std::vector<HierarchyIssue> validateHierarchy(const Hierarchy& hierarchy,
                                              const Column* column = nullptr);
bool isError(const HierarchyIssue& issue);

/// Reads the CSV interchange format (separator detected when 0). Throws InputError on
/// malformed CSV or an invalid structure (the first issues, listed).
Hierarchy readHierarchy(const std::string& path, char separator = 0);
Hierarchy parseHierarchy(std::string_view text, const std::string& sourceName, char separator = 0);
std::string formatHierarchy(const Hierarchy& hierarchy, char separator = ';');
void writeHierarchy(const Hierarchy& hierarchy, const std::string& path, char separator = ';');

/// A hierarchy bound to a column: level maps on integer codes. Level 0 codes are the
/// column's codes; level j codes index levelValues(j), which holds only the values that
/// some data value reaches (so dense counting stays small).
class HierarchyMap {
public:
    HierarchyMap() = default;
    /// Throws InputError naming the attribute and listing the data values the hierarchy
    /// misses, or the first structural error.
    HierarchyMap(const Hierarchy& hierarchy, const Column& column);
    /// Identity (height 0) over a column.
    explicit HierarchyMap(const Column& column);

    int height() const { return static_cast<int>(m_maps.size()) - 1; }
    /// levelMap(j)[baseCode] = level-j code.
    const std::vector<Code>& levelMap(int level) const { return m_maps[level]; }
    Code map(Code base, int level) const { return m_maps[level][base]; }
    std::size_t levelSize(int level) const { return m_values[level].size(); }
    const std::string& levelValue(int level, Code code) const { return m_values[level][code]; }
    const std::vector<std::string>& levelValues(int level) const { return m_values[level]; }
    /// upMap(from, to)[code at `from`] = code at `to` (from <= to); valid because levels nest.
    std::vector<Code> upMap(int from, int to) const;
    /// Number of data-domain base values that a level-j value covers (|leaves| restricted to
    /// the values that occur), used by KL-divergence and information utility.
    const std::vector<std::uint32_t>& coverage(int level) const { return m_coverage[level]; }
    /// Number of hierarchy base values (occurring or not) a level-j value covers.
    const std::vector<std::uint32_t>& fullCoverage(int level) const {
        return m_fullCoverage[level];
    }

private:
    void computeCoverage(const std::vector<std::vector<std::uint32_t>>& fullCounts);
    std::vector<std::vector<Code>> m_maps;
    std::vector<std::vector<std::string>> m_values;
    std::vector<std::vector<std::uint32_t>> m_coverage;
    std::vector<std::vector<std::uint32_t>> m_fullCoverage;
};

}  // namespace ldv
