#pragma once
// What a project load produces on a worker thread and hands to Project on the GUI thread:
// the table, the per-column value counts and the resolved hierarchies.
#include <QString>
#include <QStringList>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "ldiv/csv.h"
#include "ldiv/hierarchy.h"
#include "ldiv/project.h"
#include "ldiv/table.h"

namespace ldv {
class Feedback;
}

namespace ldv::ui {

/// Where a hierarchy came from, so an unmodified one is saved the same way.
struct HierarchyOrigin {
    std::string file;     ///< absolute path of an unmodified hierarchy file
    std::string builder;  ///< builder spec of an unmodified built hierarchy
};

struct ProjectData {
    ProjectConfig config;  ///< hierarchies moved out into `hierarchies`
    QString projectPath;   ///< absolute; empty for a project not saved yet
    QString dataPath;      ///< absolute, or a database URI (postgresql://…)
    std::shared_ptr<Table> table;
    CsvReport report;
    std::vector<ColumnType> inferredTypes;
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
/// A new, unsaved project over a CSV file: every attribute insensitive, no hierarchies.
std::shared_ptr<ProjectData> loadCsvProject(const QString& csvPath, const CsvOptions& options,
                                            Feedback* feedback);
/// A new, unsaved project over a database table or query (a postgresql:// URI, as `ldiv`
/// takes it): its rows fetched in streamed batches. Throws InputError with the server's words.
std::shared_ptr<ProjectData> loadSourceProject(const QString& uri, const CsvOptions& options,
                                               Feedback* feedback);
/// Reads the data of a project: a CSV file, or every row of a database URI.
Table readData(const QString& dataPath, const CsvOptions& options, CsvReport& report,
               Feedback* feedback);
/// Counts the rows of every code of a column.
std::vector<std::uint32_t> countValues(const Column& column);

}  // namespace ldv::ui
