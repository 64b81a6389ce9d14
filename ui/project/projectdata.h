#pragma once
// What a project load produces on a worker thread and hands to Project on the GUI thread:
// the table and hierarchies as core loads them for ldv::Workspace (loadTable,
// configuredHierarchy), plus what only the workbench keeps: the inferred types, the
// per-column value counts and the problems that do not stop it from opening.
#include <QString>
#include <QStringList>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "ldiv/data/table.h"
#include "ldiv/hierarchy/hierarchy.h"
#include "ldiv/io/csv_table_reader.h"
#include "ldiv/io/table_formats.h"
#include "ldiv/project/workspace.h"

namespace ldv {
class Feedback;
}

namespace ldv::ui {

struct ProjectData {
    ProjectConfig config;  ///< hierarchies moved out into `hierarchies`
    QString projectPath;   ///< absolute; empty for a project not saved yet
    QString dataPath;      ///< absolute, or a database URI (postgresql://…)
    /// Shared with background jobs, never changed in place: a type change copies it.
    std::shared_ptr<const Table> table;
    CsvReport report;
    std::vector<ColumnType> inferredTypes;
    /// Variable and value labels of a Stata, SPSS or SAS file (empty for CSV and xlsx).
    TableMetadata metadata;
    /// valueCounts[column][code] = rows with that value.
    std::vector<std::vector<std::uint32_t>> valueCounts;
    std::map<std::string, Hierarchy> hierarchies;
    std::map<std::string, HierarchyOrigin> origins;
    /// Problems that do not prevent opening (a hierarchy file that cannot be read).
    QStringList warnings;
};

/// Loads a project file, its data and hierarchies. Throws InputError/ParameterError naming
/// the file and place at fault, or Cancelled.
std::shared_ptr<ProjectData> loadProjectData(const QString& projectPath, Feedback* feedback);
/// A new, unsaved project over a CSV file: every attribute insensitive, no hierarchies;
/// `types` are overrides chosen before the import (saved with the project).
std::shared_ptr<ProjectData> loadCsvProject(const QString& csvPath, const CsvOptions& options,
                                            Feedback* feedback,
                                            const std::map<std::string, ColumnType>& types = {});
/// A new, unsaved project over a database table or query (a postgresql:// URI, as `ldiv`
/// takes it): its rows fetched in streamed batches. Throws InputError with the server's words.
std::shared_ptr<ProjectData> loadSourceProject(const QString& uri, const CsvOptions& options,
                                               Feedback* feedback);
/// Counts the rows of every code of a column.
std::vector<std::uint32_t> countValues(const Column& column);

}  // namespace ldv::ui
