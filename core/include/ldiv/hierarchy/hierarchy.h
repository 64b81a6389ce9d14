#pragma once
// Generalization hierarchies (SPEC §1): for every base value one value per level 0..h;
// level j+1 must be a coarsening of level j.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "ldiv/data/table.h"

namespace ldv {

// CellTable: a file's cells (core/src/io/cell_table.h); HierarchyAccess: parseHierarchy's
// mark of a validated hierarchy.
namespace detail {
struct CellTable;
struct HierarchyAccess;
}  // namespace detail

/// The string model of one attribute's hierarchy: one row per base value, column j = the
/// value at level j (the CSV interchange format used by ARX and the papers' tools).
///
/// A hierarchy read from a file keeps its cells in one block of text (detail::CellTable)
/// until rows() is asked for: a 100,000-row zip hierarchy as a vector of vectors of strings
/// is 22 MB of fresh memory (a page fault per 4 KiB) for a 3.6 MB file, and validation and
/// binding read cells() only. rows() builds the vectors once (thread-safe); the non-const
/// rows() makes them the hierarchy's only form, to be edited.
class Hierarchy {
public:
    Hierarchy();
    /// Rows must all have the same length >= 1 (checked by validate()).
    explicit Hierarchy(std::vector<std::vector<std::string>> rows, std::string source = {});
    /// From cells already in normalisation form C (parseHierarchy).
    Hierarchy(std::shared_ptr<const detail::CellTable> cells, std::string source);
    Hierarchy(const Hierarchy& other);
    Hierarchy& operator=(const Hierarchy& other);
    Hierarchy(Hierarchy&& other) noexcept;
    Hierarchy& operator=(Hierarchy&& other) noexcept;
    ~Hierarchy();

    /// Height h: the number of levels above the base (0 for an identity hierarchy).
    int height() const;
    std::size_t baseCount() const { return m_view.rowStart ? m_view.rows : m_rows.size(); }
    /// The number of cells in row `base` (height() + 1 when the hierarchy is valid).
    std::size_t width(std::size_t base) const {
        return m_view.rowStart ? m_view.rowStart[base + 1] - m_view.rowStart[base]
                               : m_rows[base].size();
    }
    /// The cell at (base, level), level < width(base), without building rows(). Inlined by
    /// force: validation and binding call it for every cell, and GCC kept it out of line.
    [[gnu::always_inline]] std::string_view cell(std::size_t base, std::size_t level) const {
        if (!m_view.rowStart) return m_rows[base][level];
        const std::size_t k = m_view.rowStart[base] + level;
        return {m_view.text + m_view.cellStart[k], m_view.cellStart[k + 1] - m_view.cellStart[k]};
    }
    const std::vector<std::vector<std::string>>& rows() const;
    std::vector<std::vector<std::string>>& rows();
    const std::string& value(std::size_t base, int level) const { return rows()[base][level]; }
    /// Where it came from (file path or builder description), used in error messages.
    const std::string& source() const { return m_source; }
    void setSource(std::string source) { m_source = std::move(source); }
    bool empty() const { return baseCount() == 0; }
    bool operator==(const Hierarchy& other) const;
    /// True when parseHierarchy found no error in these very cells (copies keep it; the
    /// non-const rows() clears it): HierarchyMap then checks only the data's values.
    bool validated() const { return m_validated; }

    /// A height-0 hierarchy over the given values (the attribute is kept as is).
    static Hierarchy identity(const std::vector<std::string>& values);

private:
    struct Lazy;  // rows() built from m_cells, once
    /// m_cells' arrays, for cell() and width() inline (all null without m_cells).
    struct CellView {
        const char* text = nullptr;
        const std::uint32_t* cellStart = nullptr;
        const std::uint32_t* rowStart = nullptr;
        std::size_t rows = 0;
    };
    void setCells(std::shared_ptr<const detail::CellTable> cells);
    std::vector<std::vector<std::string>> m_rows;  // the rows, when m_cells is null
    std::shared_ptr<const detail::CellTable> m_cells;
    CellView m_view;
    std::unique_ptr<Lazy> m_lazy;
    std::string m_source;
    bool m_validated = false;
    friend struct detail::HierarchyAccess;
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
