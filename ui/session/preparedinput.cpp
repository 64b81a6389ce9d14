#include "session/preparedinput.h"

#include <algorithm>

#include "ldiv/data/error.h"
#include "project/project.h"

namespace ldv::ui {

DataSnapshot snapshotOf(const Project& project) {
    DataSnapshot s;
    s.config = project.config();
    s.config.workbench.clear();
    s.table = project.sharedTable();
    s.hierarchies = project.hierarchies();
    return s;
}

void DataSnapshot::putSensitiveFirst(const std::string& attribute) {
    // Sensitive attributes are bound in the order of the entries; fix the QI order first, which
    // follows the entries when it is not given.
    config.qiOrder = config.namesWithRole(Role::QuasiIdentifying);
    auto& entries = config.attributes;
    auto it = std::find_if(entries.begin(), entries.end(), [&](const AttributeConfig& a) {
        return a.name == attribute && a.role == Role::Sensitive;
    });
    if (it != entries.end()) std::rotate(entries.begin(), it, it + 1);
}

std::shared_ptr<Workspace> DataSnapshot::prepare() const {
    if (config.namesWithRole(Role::QuasiIdentifying).empty())
        throw ParameterError(
            "no quasi-identifying attribute: mark at least one attribute as quasi-identifying");
    return std::make_shared<Workspace>(config, table, hierarchies);
}

}  // namespace ldv::ui
