#include "data/view_index.h"
#include "hierarchy/hierarchy_check.h"
#include "ldiv/data/error.h"
#include "ldiv/hierarchy/hierarchy.h"

namespace ldv {

HierarchyMap::HierarchyMap(const Column& column) {
    std::vector<Code> identity(column.domainSize());
    for (Code c = 0; c < identity.size(); ++c) identity[c] = c;
    m_maps.push_back(std::move(identity));
    m_values.push_back(column.dictionary());
    computeCoverage({std::vector<std::uint32_t>(column.domainSize(), 1)});
}

HierarchyMap::HierarchyMap(const Hierarchy& hierarchy, const Column& column) {
    // The row of each data value comes out of the validation's index of base values. Base
    // values are in normalisation form C, as the dictionary's (Hierarchy's constructor,
    // Column::intern), so an exact lookup of each dictionary value finds what Column::find
    // of each row would.
    std::vector<std::uint32_t> rowOf;
    for (const HierarchyIssue& issue :
         detail::checkHierarchy(hierarchy, &column, &rowOf, hierarchy.validated()))
        if (isError(issue))
            throw InputError("hierarchy of '" + column.name() + "'" +
                             (hierarchy.source().empty() ? "" : " (" + hierarchy.source() + ")") +
                             ": " + issue.message);
    const std::size_t h = std::size_t(hierarchy.height());
    const std::size_t n = column.domainSize();
    const Hierarchy& hy = hierarchy;  // read by cell(): never builds rows()
    const std::size_t rows = hy.baseCount();

    m_maps.assign(h + 1, std::vector<Code>(n));
    m_values.assign(h + 1, {});
    m_values[0] = column.dictionary();
    for (Code c = 0; c < n; ++c) m_maps[0][c] = c;
    std::vector<std::vector<std::uint32_t>> fullCounts(h + 1);
    fullCounts[0].assign(n, 1);
    if (h == 0) {
        computeCoverage(fullCounts);
        return;
    }
    // One pass over the rows in file order (each row is an allocation of its own: visiting
    // them by data value would be a cache miss per value) numbers each level's labels in
    // order of first appearance, counts the rows under each, and notes the numbers of every
    // data value's row. A row repeating the previous row's label has its number: a sorted
    // hierarchy is looked up once per run, not once per row.
    std::vector<std::uint32_t> codeOfRow(rows, detail::kAbsentIndex);
    for (Code c = 0; c < n; ++c) codeOfRow[rowOf[c]] = c;
    std::vector<std::vector<std::uint32_t>> firstRow(h + 1), rowsUnder(h + 1), labelOf(h + 1);
    auto cellOf = [&hy, &firstRow](std::size_t j) {
        return [&hy, &firstRow, j](std::uint32_t label) { return hy.cell(firstRow[j][label], j); };
    };
    std::vector<detail::ViewIndex<decltype(cellOf(1))>> labels;
    labels.reserve(h + 1);
    for (std::size_t j = 0; j <= h; ++j) {
        labels.emplace_back(cellOf(j));
        labelOf[j].assign(n, 0);
    }
    std::vector<std::uint32_t> current(h + 1, 0);
    for (std::size_t r = 0; r < rows; ++r) {
        for (std::size_t j = 1; j <= h; ++j) {
            const std::string_view label = hy.cell(r, j);
            if (r == 0 || label != hy.cell(r - 1, j)) {
                const auto next = std::uint32_t(firstRow[j].size());
                current[j] = labels[j].emplace(label, next);
                if (current[j] == next) {
                    firstRow[j].push_back(std::uint32_t(r));
                    rowsUnder[j].push_back(0);
                }
            }
            ++rowsUnder[j][current[j]];
        }
        if (const std::uint32_t c = codeOfRow[r]; c != detail::kAbsentIndex)
            for (std::size_t j = 1; j <= h; ++j) labelOf[j][c] = current[j];
    }
    // Level codes in order of first appearance over the data's codes, as before: only the
    // values some data value reaches (so dense counting stays small).
    for (std::size_t j = 1; j <= h; ++j) {
        std::vector<Code> codeOfLabel(firstRow[j].size(), detail::kAbsentIndex);
        for (Code c = 0; c < n; ++c) {
            const std::uint32_t label = labelOf[j][c];
            if (codeOfLabel[label] == detail::kAbsentIndex) {
                codeOfLabel[label] = Code(m_values[j].size());
                m_values[j].emplace_back(hy.cell(firstRow[j][label], j));
                fullCounts[j].push_back(rowsUnder[j][label]);
            }
            m_maps[j][c] = codeOfLabel[label];
        }
    }
    computeCoverage(fullCounts);
}

void HierarchyMap::computeCoverage(const std::vector<std::vector<std::uint32_t>>& fullCounts) {
    m_fullCoverage = fullCounts;
    m_coverage.assign(m_maps.size(), {});
    for (std::size_t j = 0; j < m_maps.size(); ++j) {
        m_coverage[j].assign(m_values[j].size(), 0);
        for (Code v : m_maps[j]) ++m_coverage[j][v];
    }
}

std::vector<Code> HierarchyMap::upMap(int from, int to) const {
    std::vector<Code> up(levelSize(from), 0);
    for (std::size_t base = 0; base < m_maps[0].size(); ++base)
        up[m_maps[from][base]] = m_maps[to][base];
    return up;
}

}  // namespace ldv
