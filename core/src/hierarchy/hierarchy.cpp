#include "ldiv/hierarchy/hierarchy.h"

#include <optional>
#include <sstream>

#include "data/text_util.h"
#include "data/unicode_nfc.h"
#include "data/view_index.h"
#include "hierarchy/hierarchy_check.h"
#include "ldiv/data/error.h"
#include "ldiv/io/csv_table_reader.h"

namespace ldv {

Hierarchy::Hierarchy(std::vector<std::vector<std::string>> rows, std::string source)
    : m_rows(std::move(rows)), m_source(std::move(source)) {
    // Labels in Unicode normalisation form C, as the data's (Column::intern): a hierarchy
    // written with decomposed "José" matches data typed composed, and the reverse.
    for (auto& row : m_rows)
        for (std::string& cell : row)
            if (!detail::isAscii(cell)) cell = detail::toNfc(cell);
}

int Hierarchy::height() const {
    return m_rows.empty() ? 0 : static_cast<int>(m_rows.front().size()) - 1;
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

std::vector<HierarchyIssue> checkHierarchy(const Hierarchy& hierarchy, const Column* column,
                                           std::vector<std::uint32_t>* rowOf) {
    using Kind = HierarchyIssue::Kind;
    std::vector<HierarchyIssue> issues;
    const auto& rows = hierarchy.rows();
    if (rows.empty()) {
        issues.push_back({Kind::EmptyCell, -1, -1, "the hierarchy has no rows"});
        return issues;
    }
    // An empty row has no base value to name it by (and no front() to take): report it
    // before anything reads a cell, whichever row it is.
    for (std::size_t r = 0; r < rows.size(); ++r)
        if (rows[r].empty()) {
            issues.push_back({Kind::EmptyCell, int(r), -1,
                              "row " + std::to_string(r + 1) +
                                  " is empty: every row needs a base value and "
                                  "one value per level"});
            return issues;
        }
    const std::size_t width = rows.front().size();
    // One pass over the rows for every check: each row is an allocation of its own, so a
    // large hierarchy is read from memory once, not once per level.
    auto baseRow = makeViewIndex(
        [&rows](std::uint32_t r) -> std::string_view { return rows[r].front(); }, rows.size());
    // Level j+1 coarsens level j when every level-j value has one level-(j+1) parent. A row
    // repeating the previous row's level-j value and parent agrees with that value's first
    // row (the previous row did, or the level was reported): only the first row of each run
    // is looked up, so a sorted hierarchy costs one lookup per distinct value, not per row.
    auto cellOf = [&rows](std::size_t j) {
        return [&rows, j](std::uint32_t r) -> std::string_view { return rows[r][j]; };
    };
    std::vector<ViewIndex<decltype(cellOf(0))>> parentRow;
    for (std::size_t j = 0; j + 1 < width; ++j) parentRow.emplace_back(cellOf(j));
    std::vector<std::optional<HierarchyIssue>> notNesting(width);  // the first, per level
    std::optional<HierarchyIssue> multipleTops;
    // The base value's slot is fetched a few rows ahead: the index is larger than the cache,
    // and its slots are visited in random order.
    constexpr std::size_t kAhead = 8;
    std::uint64_t ahead[kAhead];
    auto baseHash = [&rows](std::size_t r) {
        const std::string& v = rows[r].front();
        return hashBytes(v.data(), v.size());
    };
    for (std::size_t r = 0; r < kAhead && r < rows.size(); ++r) ahead[r] = baseHash(r);
    // The data's values are looked up as the rows go by (the dictionary's index is small and
    // the row at hand is in the cache), not the other way round (a random row per value).
    auto dictionary =
        makeViewIndex([column](std::uint32_t c) -> std::string_view { return column->value(c); },
                      column ? column->domainSize() : 0);
    std::vector<std::uint32_t> rowOfCode(column ? column->domainSize() : 0, kAbsentIndex);
    if (column)
        for (Code c = 0; c < column->domainSize(); ++c) dictionary.emplace(column->value(c), c);
    bool shapeOk = true;
    for (std::size_t r = 0; r < rows.size(); ++r) {
        const std::uint64_t hash = ahead[r % kAhead];
        if (r + kAhead < rows.size()) {
            ahead[r % kAhead] = baseHash(r + kAhead);
            baseRow.prefetch(ahead[r % kAhead]);
            if (column) dictionary.prefetch(ahead[r % kAhead]);
        }
        const std::vector<std::string>& row = rows[r];
        if (row.size() != width) {
            shapeOk = false;
            issues.push_back({Kind::RaggedRow, int(r), -1,
                              "row " + std::to_string(r + 1) + " ('" + row.front() + "') has " +
                                  std::to_string(row.size()) + " levels, the first row has " +
                                  std::to_string(width)});
            continue;
        }
        for (std::size_t j = 0; j < width; ++j)
            if (row[j].empty())
                issues.push_back({Kind::EmptyCell, int(r), int(j),
                                  "empty cell at row " + std::to_string(r + 1) + ", level " +
                                      std::to_string(j)});
        const std::uint32_t first = baseRow.emplace(row.front(), hash, std::uint32_t(r));
        if (first == r && column) {
            const std::uint32_t c = dictionary.find(row.front(), hash);
            if (c != kAbsentIndex) rowOfCode[c] = std::uint32_t(r);
        }
        if (first != r)
            issues.push_back({Kind::DuplicateBase, int(r), 0,
                              "base value '" + row.front() + "' appears in rows " +
                                  std::to_string(first + 1) + " and " + std::to_string(r + 1)});
        if (!shapeOk) continue;  // nesting and tops are judged on a rectangular hierarchy only
        for (std::size_t j = 1; j + 1 < width; ++j) {
            if (notNesting[j]) continue;
            std::size_t seen;
            if (r > 0 && row[j] == rows[r - 1][j]) {
                if (row[j + 1] == rows[r - 1][j + 1]) continue;
                seen = parentRow[j].find(row[j]);
            } else {
                seen = parentRow[j].emplace(row[j], std::uint32_t(r));
            }
            if (seen != r && rows[seen][j + 1] != row[j + 1])
                notNesting[j] = HierarchyIssue{
                    Kind::NotNesting, int(r), int(j + 1),
                    "level " + std::to_string(j + 1) + " is not a coarsening of level " +
                        std::to_string(j) + ": '" + row[j] + "' generalizes to '" +
                        rows[seen][j + 1] + "' (row " + std::to_string(seen + 1) + ", '" +
                        rows[seen][0] + "') and to '" + row[j + 1] + "' (row " +
                        std::to_string(r + 1) + ", '" + row[0] + "')"};
        }
        if (width > 1 && !multipleTops && row.back() != rows[0].back())
            multipleTops = HierarchyIssue{Kind::MultipleTops, int(r), int(width - 1),
                                          "the top level has more than one value ('" +
                                              rows[0].back() + "', '" + row.back() + "')"};
    }
    if (shapeOk) {
        for (std::optional<HierarchyIssue>& issue : notNesting)
            if (issue) issues.push_back(std::move(*issue));
        if (multipleTops) issues.push_back(std::move(*multipleTops));
    }
    if (column) {
        std::string missing;
        std::size_t count = 0;
        for (Code c = 0; c < column->domainSize(); ++c)
            if (rowOfCode[c] == kAbsentIndex) {
                if (count < 20)
                    missing += (count ? ", '" : "'") + detail::clip(column->value(c)) + "'";
                ++count;
            }
        if (rowOf) *rowOf = std::move(rowOfCode);
        if (count)
            issues.push_back({Kind::MissingValue, -1, 0,
                              std::to_string(count) + " value(s) of attribute '" + column->name() +
                                  "' are not in the hierarchy: " + missing +
                                  (count > 20 ? ", …" : "")});
    }
    return issues;
}

}  // namespace detail

std::vector<HierarchyIssue> validateHierarchy(const Hierarchy& hierarchy, const Column* column) {
    return detail::checkHierarchy(hierarchy, column, nullptr);
}

Hierarchy parseHierarchy(std::string_view text, const std::string& sourceName, char separator) {
    Hierarchy h(parseCsvRecords(text, sourceName, separator), sourceName);
    if (h.empty()) throw InputError(sourceName, 0, 0, "the hierarchy file is empty");
    for (const HierarchyIssue& issue : validateHierarchy(h))
        if (isError(issue))
            throw InputError(sourceName, issue.row >= 0 ? std::size_t(issue.row) + 1 : 0,
                             issue.level >= 0 ? std::size_t(issue.level) + 1 : 0, issue.message);
    return h;
}

Hierarchy readHierarchy(const std::string& path, char separator) {
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
