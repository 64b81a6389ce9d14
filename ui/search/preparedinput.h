#pragma once
// What every analysis of the workbench starts from: a snapshot of the project taken on the
// GUI thread (shared table, QI columns with copies of their hierarchies, sensitive and
// identifying columns) and, built from it on a worker thread, the core Dataset.
#include <memory>
#include <string>
#include <vector>

#include "ldiv/dataset.h"
#include "ldiv/hierarchy.h"
#include "ldiv/table.h"

namespace ldv::ui {

class Project;

/// The bound dataset with the table it points into (kept alive together).
struct PreparedData {
    std::shared_ptr<const Table> table;
    std::vector<std::string> qiNames;
    std::vector<std::string> sensitiveNames;
    std::vector<std::size_t> identifying;
    /// Per QI (the dataset's maps were bound from these; 1DLD orders values by them).
    std::vector<Hierarchy> hierarchies;
    std::unique_ptr<Dataset> dataset;
};

struct DataSnapshot {
    std::shared_ptr<const Table> table;
    std::vector<std::size_t> qiColumns, sensitiveColumns, identifyingColumns;
    std::vector<Hierarchy> hierarchies;  ///< per QI; identity where none is configured
    /// Binds the hierarchies (throws InputError naming the attribute) and groups the rows.
    std::shared_ptr<PreparedData> prepare() const;
};

/// Takes the snapshot (cheap: the table is shared, hierarchies are copied).
DataSnapshot snapshotOf(const Project& project);

}  // namespace ldv::ui
