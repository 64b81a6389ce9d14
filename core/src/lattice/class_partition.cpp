// The classes of a node or of a published table (class_partition.h).
#include "ldiv/lattice/class_partition.h"

#include <algorithm>

#include "data/group_index.h"
#include "ldiv/data/error.h"
#include "ldiv/io/csv_table_reader.h"

namespace ldv {

std::vector<std::uint32_t> groupRows(const Table& table, std::span<const std::size_t> columns) {
    std::vector<std::uint64_t> radix;
    std::vector<std::span<const Code>> codes;
    for (std::size_t c : columns) {
        radix.push_back(table.column(c).domainSize());
        codes.push_back(table.column(c).codes());
    }
    std::vector<std::uint32_t> rowClass;
    detail::assignGroups(
        table.rowCount(), radix, [&](std::size_t r, std::size_t i) { return codes[i][r]; },
        rowClass);
    return rowClass;
}

std::vector<std::uint32_t> publishedRowClasses(const Table& published,
                                               const std::vector<std::string>& qi) {
    std::vector<std::size_t> columns;
    for (const std::string& name : qi) columns.push_back(published.requireColumn(name));
    return groupRows(published, columns);
}

ClassPartition ClassPartition::ofNode(const Dataset& data, std::span<const int> levels,
                                      bool withRows) {
    ClassPartition p;
    p.levels.assign(levels.begin(), levels.end());
    p.classes = data.classes(levels, withRows);
    if (withRows) p.rowClass = data.rowClasses(p.classes);
    return p;
}

ClassPartition ClassPartition::ofPublished(const Dataset& original, const Table& published,
                                           const std::string& sourceName) {
    if (original.grouped())
        throw ParameterError(
            "comparing a published table with the original needs the original's rows, but it "
            "was loaded as groups (a database table or --stream); load it as rows");
    if (published.rowCount() != original.rowCount())
        throw InputError(sourceName, 0, 0,
                         "the published table has " + std::to_string(published.rowCount()) +
                             " rows but the original has " + std::to_string(original.rowCount()) +
                             " (rows must be in the same order)");
    std::vector<std::string> names;
    for (std::size_t c : original.qiColumns()) names.push_back(original.table().column(c).name());
    ClassPartition p;
    p.rowClass = publishedRowClasses(published, names);
    std::uint32_t count = 0;
    for (std::uint32_t c : p.rowClass) count = std::max(count, c + 1);
    EquivalenceClasses& classes = p.classes;
    classes.sizes.assign(count, 0);
    for (std::uint32_t c : p.rowClass) ++classes.sizes[c];
    for (std::size_t sa : original.sensitiveColumns()) {
        const Column& column = original.table().column(sa);
        const std::size_t m = column.domainSize();
        classes.sensitiveDomains.push_back(std::uint32_t(m));
        std::vector<std::uint32_t>& h = classes.histograms.emplace_back(count * m, 0);
        for (std::size_t r = 0; r < p.rowClass.size(); ++r) ++h[p.rowClass[r] * m + column.code(r)];
    }
    return p;
}

ClassPartition ClassPartition::readPublished(const std::string& path, const Dataset& original) {
    return ofPublished(original, readCsv(path), path);
}

}  // namespace ldv
