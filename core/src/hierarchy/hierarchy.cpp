#include "ldiv/hierarchy/hierarchy.h"

#include <mutex>
#include <optional>
#include <sstream>
#include <utility>

#include "data/text_util.h"
#include "data/unicode_nfc.h"
#include "data/view_index.h"
#include "hierarchy/hierarchy_check.h"
#include "io/cell_table.h"
#include "io/csv_fast_reader.h"
#include "ldiv/data/error.h"
#include "ldiv/io/csv_table_reader.h"
#include "ldiv/io/table_formats.h"

namespace ldv {

struct Hierarchy::Lazy {
    std::once_flag once;
    std::vector<std::vector<std::string>> rows;
};

Hierarchy::Hierarchy() = default;
Hierarchy::~Hierarchy() = default;

Hierarchy::Hierarchy(std::vector<std::vector<std::string>> rows, std::string source)
    : m_rows(std::move(rows)), m_source(std::move(source)) {
    // Labels in Unicode normalisation form C, as the data's (Column::intern): a hierarchy
    // written with decomposed "José" matches data typed composed, and the reverse.
    for (auto& row : m_rows)
        for (std::string& cell : row)
            if (!detail::isAscii(cell)) cell = detail::toNfc(cell);
}

Hierarchy::Hierarchy(std::shared_ptr<const detail::CellTable> cells, std::string source)
    : m_source(std::move(source)) {
    setCells(std::move(cells));
}

void Hierarchy::setCells(std::shared_ptr<const detail::CellTable> cells) {
    m_cells = std::move(cells);
    m_view = {};
    m_validated = false;
    m_lazy.reset();
    if (!m_cells) return;
    m_lazy = std::make_unique<Lazy>();
    m_view = {m_cells->text.data(), m_cells->cellStart.data(), m_cells->rowStart.data(),
              m_cells->rowCount()};
}

Hierarchy::Hierarchy(const Hierarchy& other)
    : m_rows(other.m_cells ? std::vector<std::vector<std::string>>{} : other.m_rows),
      m_source(other.m_source) {
    setCells(other.m_cells);
    m_validated = other.m_validated;
}

Hierarchy& Hierarchy::operator=(const Hierarchy& other) {
    if (this != &other) *this = Hierarchy(other);
    return *this;
}

Hierarchy::Hierarchy(Hierarchy&& other) noexcept
    : m_rows(std::move(other.m_rows)),
      m_cells(std::move(other.m_cells)),
      m_view(std::exchange(other.m_view, {})),
      m_lazy(std::move(other.m_lazy)),
      m_source(std::move(other.m_source)),
      m_validated(std::exchange(other.m_validated, false)) {}

Hierarchy& Hierarchy::operator=(Hierarchy&& other) noexcept {
    m_rows = std::move(other.m_rows);
    m_cells = std::move(other.m_cells);
    m_view = std::exchange(other.m_view, {});
    m_lazy = std::move(other.m_lazy);
    m_source = std::move(other.m_source);
    m_validated = std::exchange(other.m_validated, false);
    return *this;
}

namespace {

std::vector<std::vector<std::string>> rowsOf(const detail::CellTable& cells) {
    std::vector<std::vector<std::string>> rows(cells.rowCount());
    for (std::size_t r = 0; r < rows.size(); ++r) {
        rows[r].reserve(cells.width(r));
        for (std::size_t j = 0; j < cells.width(r); ++j) rows[r].emplace_back(cells.cell(r, j));
    }
    return rows;
}

}  // namespace

const std::vector<std::vector<std::string>>& Hierarchy::rows() const {
    if (!m_cells) return m_rows;
    std::call_once(m_lazy->once, [this] { m_lazy->rows = rowsOf(*m_cells); });
    return m_lazy->rows;
}

std::vector<std::vector<std::string>>& Hierarchy::rows() {
    if (m_cells) {
        std::as_const(*this).rows();
        m_rows = std::move(m_lazy->rows);
        setCells(nullptr);
    }
    return m_rows;
}

bool Hierarchy::operator==(const Hierarchy& other) const {
    if (baseCount() != other.baseCount()) return false;
    for (std::size_t r = 0; r < baseCount(); ++r) {
        if (width(r) != other.width(r)) return false;
        for (std::size_t j = 0; j < width(r); ++j)
            if (cell(r, j) != other.cell(r, j)) return false;
    }
    return true;
}

int Hierarchy::height() const {
    return empty() ? 0 : static_cast<int>(width(0)) - 1;
}

Hierarchy Hierarchy::identity(const std::vector<std::string>& values) {
    std::vector<std::vector<std::string>> rows;
    rows.reserve(values.size());
    for (const std::string& v : values) rows.push_back({v});
    return Hierarchy(std::move(rows), "identity");
}

bool isError(const HierarchyIssue& issue) {
    return issue.kind != HierarchyIssue::Kind::MultipleTops;
}

namespace detail {

struct HierarchyAccess {
    static void markValidated(Hierarchy& hierarchy) {
        // Only cells are immutable: rows can be edited through rows() at any time.
        hierarchy.m_validated = hierarchy.m_cells != nullptr;
    }
};

std::vector<HierarchyIssue> checkHierarchy(const Hierarchy& hierarchy, const Column* column,
                                           std::vector<std::uint32_t>* rowOf, bool knownValid) {
    using Kind = HierarchyIssue::Kind;
    std::vector<HierarchyIssue> issues;
    const Hierarchy& h = hierarchy;  // read by cell(): never builds rows()
    const std::size_t rows = h.baseCount();
    auto text = [&h](std::size_t r, std::size_t j) { return std::string(h.cell(r, j)); };
    if (rows == 0) {
        issues.push_back({Kind::EmptyCell, -1, -1, "the hierarchy has no rows"});
        return issues;
    }
    // An empty row has no base value to name it by (and no front() to take): report it
    // before anything reads a cell, whichever row it is.
    for (std::size_t r = 0; r < rows; ++r)
        if (h.width(r) == 0) {
            issues.push_back({Kind::EmptyCell, int(r), -1,
                              "row " + std::to_string(r + 1) +
                                  " is empty: every row needs a base value and "
                                  "one value per level"});
            return issues;
        }
    const std::size_t width = h.width(0);
    // One pass over the rows for every check: a large hierarchy is read from memory once,
    // not once per level.
    auto baseRow =
        makeViewIndex([&h](std::uint32_t r) { return h.cell(r, 0); }, knownValid ? 0 : rows);
    // Level j+1 coarsens level j when every level-j value has one level-(j+1) parent. A row
    // repeating the previous row's level-j value and parent agrees with that value's first
    // row (the previous row did, or the level was reported): only the first row of each run
    // is looked up, so a sorted hierarchy costs one lookup per distinct value, not per row.
    auto cellOf = [&h](std::size_t j) { return [&h, j](std::uint32_t r) { return h.cell(r, j); }; };
    std::vector<ViewIndex<decltype(cellOf(0))>> parentRow;
    for (std::size_t j = 0; j + 1 < width; ++j) parentRow.emplace_back(cellOf(j));
    std::vector<std::optional<HierarchyIssue>> notNesting(width);  // the first, per level
    std::optional<HierarchyIssue> multipleTops;
    // The base value's slot is fetched a few rows ahead: the index is larger than the cache,
    // and its slots are visited in random order.
    constexpr std::size_t kAhead = 8;
    std::uint64_t ahead[kAhead];
    auto baseHash = [&h](std::size_t r) {
        const std::string_view v = h.cell(r, 0);
        return hashBytes(v.data(), v.size());
    };
    for (std::size_t r = 0; r < kAhead && r < rows; ++r) ahead[r] = baseHash(r);
    // The data's values are looked up as the rows go by (the dictionary's index is small and
    // the row at hand is in the cache), not the other way round (a random row per value).
    auto dictionary =
        makeViewIndex([column](std::uint32_t c) -> std::string_view { return column->value(c); },
                      column ? column->domainSize() : 0);
    std::vector<std::uint32_t> rowOfCode(column ? column->domainSize() : 0, kAbsentIndex);
    if (column)
        for (Code c = 0; c < column->domainSize(); ++c) dictionary.emplace(column->value(c), c);
    bool shapeOk = true;
    for (std::size_t r = 0; r < rows; ++r) {
        const std::uint64_t hash = ahead[r % kAhead];
        if (r + kAhead < rows) {
            ahead[r % kAhead] = baseHash(r + kAhead);
            if (!knownValid) baseRow.prefetch(ahead[r % kAhead]);
            if (column) dictionary.prefetch(ahead[r % kAhead]);
        }
        const std::string_view base = h.cell(r, 0);
        if (h.width(r) != width) {
            shapeOk = false;
            issues.push_back({Kind::RaggedRow, int(r), -1,
                              "row " + std::to_string(r + 1) + " ('" + std::string(base) +
                                  "') has " + std::to_string(h.width(r)) +
                                  " levels, the first row has " + std::to_string(width)});
            continue;
        }
        for (std::size_t j = 0; j < width && !knownValid; ++j)
            if (h.cell(r, j).empty())
                issues.push_back({Kind::EmptyCell, int(r), int(j),
                                  "empty cell at row " + std::to_string(r + 1) + ", level " +
                                      std::to_string(j)});
        const std::uint32_t first =
            knownValid ? std::uint32_t(r) : baseRow.emplace(base, hash, std::uint32_t(r));
        if (first == r && column) {
            const std::uint32_t c = dictionary.find(base, hash);
            if (c != kAbsentIndex) rowOfCode[c] = std::uint32_t(r);
        }
        if (first != r)
            issues.push_back({Kind::DuplicateBase, int(r), 0,
                              "base value '" + std::string(base) + "' appears in rows " +
                                  std::to_string(first + 1) + " and " + std::to_string(r + 1)});
        // Nesting and tops are judged on a rectangular hierarchy only, and not again.
        if (!shapeOk || knownValid) continue;
        for (std::size_t j = 1; j + 1 < width; ++j) {
            if (notNesting[j]) continue;
            const std::string_view label = h.cell(r, j), parent = h.cell(r, j + 1);
            std::size_t seen;
            if (r > 0 && label == h.cell(r - 1, j)) {
                if (parent == h.cell(r - 1, j + 1)) continue;
                seen = parentRow[j].find(label);
            } else {
                seen = parentRow[j].emplace(label, std::uint32_t(r));
            }
            if (seen != r && h.cell(seen, j + 1) != parent)
                notNesting[j] = HierarchyIssue{
                    Kind::NotNesting, int(r), int(j + 1),
                    "level " + std::to_string(j + 1) + " is not a coarsening of level " +
                        std::to_string(j) + ": '" + text(r, j) + "' generalizes to '" +
                        text(seen, j + 1) + "' (row " + std::to_string(seen + 1) + ", '" +
                        text(seen, 0) + "') and to '" + text(r, j + 1) + "' (row " +
                        std::to_string(r + 1) + ", '" + text(r, 0) + "')"};
        }
        if (width > 1 && !multipleTops && h.cell(r, width - 1) != h.cell(0, width - 1))
            multipleTops =
                HierarchyIssue{Kind::MultipleTops, int(r), int(width - 1),
                               "the top level has more than one value ('" + text(0, width - 1) +
                                   "', '" + text(r, width - 1) + "')"};
    }
    if (shapeOk) {
        for (std::optional<HierarchyIssue>& issue : notNesting)
            if (issue) issues.push_back(std::move(*issue));
        if (multipleTops) issues.push_back(std::move(*multipleTops));
    }
    if (column) {
        std::string missing;
        std::size_t count = 0;
        bool emptyAbsent = false;
        for (Code c = 0; c < column->domainSize(); ++c)
            if (rowOfCode[c] == kAbsentIndex) {
                emptyAbsent = emptyAbsent || column->value(c).empty();
                if (count < 20)
                    missing += (count ? ", '" : "'") + detail::clip(column->value(c)) + "'";
                ++count;
            }
        if (rowOf) *rowOf = std::move(rowOfCode);
        if (count)
            issues.push_back(
                {Kind::MissingValue, -1, 0,
                 std::to_string(count) + " value(s) of attribute '" + column->name() +
                     "' are not in the hierarchy: " + missing + (count > 20 ? ", …" : "") +
                     // The empty value is a missing cell kept as a value: a
                     // hierarchy file has no empty cells, so it can never match.
                     (emptyAbsent ? "; '' is a missing value (an empty cell or a missing "
                                    "token) kept by --missing keep, which no hierarchy row "
                                    "can list: drop those rows with --missing drop "
                                    "(\"missing_policy\": \"drop\" in a project)"
                                  : "")});
    }
    return issues;
}

}  // namespace detail

std::vector<HierarchyIssue> validateHierarchy(const Hierarchy& hierarchy, const Column* column) {
    return detail::checkHierarchy(hierarchy, column, nullptr, false);
}

namespace {

/// The cells in normalisation form C, as Hierarchy's constructor makes the rows.
void normalizeCells(detail::CellTable& cells) {
    if (detail::isAscii(cells.text)) return;
    detail::CellTable out;
    out.text.reserve(cells.text.size());
    out.rowStart = cells.rowStart;
    out.cellStart.reserve(cells.cellStart.size());
    for (std::size_t k = 0; k + 1 < cells.cellStart.size(); ++k) {
        const std::string_view cell(cells.text.data() + cells.cellStart[k],
                                    cells.cellStart[k + 1] - cells.cellStart[k]);
        if (detail::isAscii(cell))
            out.text.append(cell);
        else
            out.text.append(detail::toNfc(cell));
        out.cellStart.push_back(std::uint32_t(out.text.size()));
    }
    cells = std::move(out);
}

}  // namespace

namespace {
/// Refuses an empty or invalid hierarchy, naming the row and level; marks a valid one.
Hierarchy validated(Hierarchy h, const std::string& sourceName);
}  // namespace

Hierarchy parseHierarchy(std::string_view text, const std::string& sourceName, char separator) {
    // The fast path gives the records parseCsvRecords gives, as one block of cells; on
    // anything unusual parseCsvRecords reads the text and reports the error.
    const char sep = separator ? separator : detectSeparator(text);
    Hierarchy h;
    auto cells = std::make_shared<detail::CellTable>();
    if (detail::fastCsvCells(text, sep, true, *cells)) {
        normalizeCells(*cells);
        h = Hierarchy(std::move(cells), sourceName);
    } else {
        h = Hierarchy(parseCsvRecords(text, sourceName, sep), sourceName);
    }
    return validated(std::move(h), sourceName);
}

namespace {
Hierarchy validated(Hierarchy h, const std::string& sourceName) {
    if (h.empty()) throw InputError(sourceName, 0, 0, "the hierarchy file is empty");
    for (const HierarchyIssue& issue : validateHierarchy(h))
        if (isError(issue))
            throw InputError(sourceName, issue.row >= 0 ? std::size_t(issue.row) + 1 : 0,
                             issue.level >= 0 ? std::size_t(issue.level) + 1 : 0, issue.message);
    detail::HierarchyAccess::markValidated(h);
    return h;
}
}  // namespace

Hierarchy readHierarchy(const std::string& path, char separator) {
    // A hierarchy kept in Excel is read from its first sheet, one row per value.
    if (tableFormatOf(path) == TableFormat::Xlsx)
        return validated(Hierarchy(readXlsxRecords(path), path), path);
    return parseHierarchy(readFileText(path), path, separator);
}

std::string formatHierarchy(const Hierarchy& hierarchy, char separator) {
    std::ostringstream out;
    for (const auto& row : hierarchy.rows()) writeCsvRecord(out, row, separator);
    return out.str();
}

void writeHierarchy(const Hierarchy& hierarchy, const std::string& path, char separator) {
    writeFileAtomically(path, formatHierarchy(hierarchy, separator));
}

}  // namespace ldv
