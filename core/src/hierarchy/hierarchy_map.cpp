#include "data/view_index.h"
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
    for (const HierarchyIssue& issue : validateHierarchy(hierarchy, &column))
        if (isError(issue))
            throw InputError("hierarchy of '" + column.name() + "'" +
                             (hierarchy.source().empty() ? "" : " (" + hierarchy.source() + ")") +
                             ": " + issue.message);
    const int h = hierarchy.height();
    // The row of each data value (validation found one for every value). Base values are in
    // normalisation form C, as the dictionary's (Hierarchy's constructor, Column::intern), so
    // an exact lookup of each dictionary value finds what Column::find of each row would.
    std::vector<std::uint32_t> rowOf(column.domainSize(), 0);
    {
        detail::ViewIndex base(hierarchy.baseCount());
        for (std::size_t r = 0; r < hierarchy.baseCount(); ++r)
            base.emplace(hierarchy.value(r, 0), std::uint32_t(r));
        for (Code c = 0; c < column.domainSize(); ++c) rowOf[c] = base.find(column.value(c));
    }

    m_maps.assign(h + 1, std::vector<Code>(column.domainSize()));
    m_values.assign(h + 1, {});
    m_values[0] = column.dictionary();
    for (Code c = 0; c < column.domainSize(); ++c) m_maps[0][c] = c;
    std::vector<std::vector<std::uint32_t>> fullCounts(h + 1);
    fullCounts[0].assign(column.domainSize(), 1);
    // Row by row, every level at once: each hierarchy row is an allocation of its own, so one
    // visit per row (not one per row and level) saves a cache miss per level on a large one.
    std::vector<detail::ViewIndex> indexes;
    indexes.reserve(std::size_t(h) + 1);
    for (int j = 0; j <= h; ++j) indexes.emplace_back(j == 0 ? 1 : column.domainSize());
    for (Code c = 0; c < column.domainSize(); ++c) {
        const std::vector<std::string>& row = hierarchy.rows()[rowOf[c]];
        for (int j = 1; j <= h; ++j) {
            const std::string& v = row[std::size_t(j)];
            const Code code = indexes[std::size_t(j)].emplace(v, Code(m_values[j].size()));
            if (code == m_values[j].size()) m_values[j].push_back(v);
            m_maps[j][c] = code;
        }
    }
    // Values covered in the whole hierarchy (including base values absent from the data).
    for (int j = 1; j <= h; ++j) fullCounts[j].assign(m_values[j].size(), 0);
    for (const std::vector<std::string>& row : hierarchy.rows())
        for (int j = 1; j <= h; ++j) {
            const Code code = indexes[std::size_t(j)].find(row[std::size_t(j)]);
            if (code != detail::ViewIndex::kAbsent) ++fullCounts[j][code];
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
