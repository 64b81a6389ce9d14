#include "ldiv/hierarchy/hierarchy.h"

#include <sstream>

#include "data/text_util.h"
#include "data/unicode_nfc.h"
#include "data/view_index.h"
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

std::vector<HierarchyIssue> validateHierarchy(const Hierarchy& hierarchy, const Column* column) {
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
    detail::ViewIndex baseRow(rows.size());
    bool shapeOk = true;
    for (std::size_t r = 0; r < rows.size(); ++r) {
        if (rows[r].size() != width) {
            shapeOk = false;
            issues.push_back({Kind::RaggedRow, int(r), -1,
                              "row " + std::to_string(r + 1) + " ('" + rows[r].front() + "') has " +
                                  std::to_string(rows[r].size()) + " levels, the first row has " +
                                  std::to_string(width)});
            continue;
        }
        for (std::size_t j = 0; j < width; ++j)
            if (rows[r][j].empty())
                issues.push_back({Kind::EmptyCell, int(r), int(j),
                                  "empty cell at row " + std::to_string(r + 1) + ", level " +
                                      std::to_string(j)});
        const std::uint32_t first = baseRow.emplace(rows[r].front(), std::uint32_t(r));
        if (first != r)
            issues.push_back({Kind::DuplicateBase, int(r), 0,
                              "base value '" + rows[r].front() + "' appears in rows " +
                                  std::to_string(first + 1) + " and " + std::to_string(r + 1)});
    }
    if (shapeOk) {
        // Level j+1 coarsens level j when every level-j value has one level-(j+1) parent.
        for (std::size_t j = 1; j + 1 < width; ++j) {
            detail::ViewIndex parentRow(rows.size());
            for (std::size_t r = 0; r < rows.size(); ++r) {
                const std::size_t seen = parentRow.emplace(rows[r][j], std::uint32_t(r));
                if (seen != r && rows[seen][j + 1] != rows[r][j + 1]) {
                    issues.push_back(
                        {Kind::NotNesting, int(r), int(j + 1),
                         "level " + std::to_string(j + 1) + " is not a coarsening of level " +
                             std::to_string(j) + ": '" + rows[r][j] + "' generalizes to '" +
                             rows[seen][j + 1] + "' (row " + std::to_string(seen + 1) + ", '" +
                             rows[seen][0] + "') and to '" + rows[r][j + 1] + "' (row " +
                             std::to_string(r + 1) + ", '" + rows[r][0] + "')"});
                    break;  // one example per level pair is enough to act on
                }
            }
        }
        if (width > 1) {
            for (std::size_t r = 1; r < rows.size(); ++r)
                if (rows[r].back() != rows[0].back()) {
                    issues.push_back({Kind::MultipleTops, int(r), int(width - 1),
                                      "the top level has more than one value ('" + rows[0].back() +
                                          "', '" + rows[r].back() + "')"});
                    break;
                }
        }
    }
    if (column) {
        std::string missing;
        std::size_t count = 0;
        for (const std::string& v : column->dictionary())
            if (baseRow.find(v) == detail::ViewIndex::kAbsent) {
                if (count < 20) missing += (count ? ", '" : "'") + detail::clip(v) + "'";
                ++count;
            }
        if (count)
            issues.push_back({Kind::MissingValue, -1, 0,
                              std::to_string(count) + " value(s) of attribute '" + column->name() +
                                  "' are not in the hierarchy: " + missing +
                                  (count > 20 ? ", …" : "")});
    }
    return issues;
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
