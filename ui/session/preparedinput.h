#pragma once
// What every analysis of the workbench starts from: a snapshot of the project taken on the
// GUI thread (configuration, shared table, hierarchies by attribute) and, bound from it on a
// worker thread, the core ldv::Workspace, the same one `ldiv` works on.
#include <map>
#include <memory>
#include <string>

#include "ldiv/data/table.h"
#include "ldiv/hierarchy/hierarchy.h"
#include "ldiv/project/workspace.h"

namespace ldv::ui {

class Project;

struct DataSnapshot {
    ProjectConfig config;  ///< roles and search settings (the workbench's own state left out)
    std::shared_ptr<const Table> table;
    std::map<std::string, Hierarchy> hierarchies;  ///< by attribute, any role
    /// Makes `attribute` the first sensitive attribute (the one the analyses read); the QI
    /// order is kept.
    void putSensitiveFirst(const std::string& attribute);
    /// Binds the workspace (ParameterError without a quasi-identifier, InputError naming the
    /// attribute for a hierarchy that does not cover its values).
    std::shared_ptr<Workspace> prepare() const;
};

/// Takes the snapshot (cheap: the table is shared, hierarchies are copied).
DataSnapshot snapshotOf(const Project& project);

}  // namespace ldv::ui
