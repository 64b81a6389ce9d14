#include "search/preparedinput.h"

#include "ldiv/error.h"
#include "project/project.h"

namespace ldv::ui {

DataSnapshot snapshotOf(const Project& project) {
    DataSnapshot s;
    s.table = project.sharedTable();
    for (const std::string& name : project.qiOrder()) {
        const int column = project.columnIndex(name);
        if (column < 0) continue;
        s.qiColumns.push_back(std::size_t(column));
        s.hierarchies.push_back(project.hierarchyOrIdentity(name));
    }
    for (int c = 0; c < project.columnCount(); ++c) {
        if (project.role(c) == Role::Sensitive) s.sensitiveColumns.push_back(std::size_t(c));
        if (project.role(c) == Role::Identifying) s.identifyingColumns.push_back(std::size_t(c));
    }
    return s;
}

std::shared_ptr<PreparedData> DataSnapshot::prepare() const {
    if (qiColumns.empty())
        throw ParameterError("no quasi-identifying attribute: mark at least one attribute as quasi-identifying");
    auto out = std::make_shared<PreparedData>();
    out->table = table;
    out->identifying = identifyingColumns;
    out->hierarchies = hierarchies;
    std::vector<HierarchyMap> maps;
    for (std::size_t i = 0; i < qiColumns.size(); ++i) {
        const Column& column = table->column(qiColumns[i]);
        out->qiNames.push_back(column.name());
        maps.emplace_back(hierarchies[i], column);
    }
    for (std::size_t c : sensitiveColumns) out->sensitiveNames.push_back(table->column(c).name());
    out->dataset = std::make_unique<Dataset>(*table, qiColumns, std::move(maps), sensitiveColumns);
    return out;
}

}  // namespace ldv::ui
