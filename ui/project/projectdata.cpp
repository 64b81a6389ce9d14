#include "project/projectdata.h"

#include <QDir>
#include <QFileInfo>

#include "ldiv/criteria/presence_dataset.h"
#include "ldiv/data/error.h"
#include "ldiv/data/feedback.h"
#include "ldiv/io/table_source.h"

namespace ldv::ui {

namespace {

/// The table as core loads it (the same refusals and messages as `ldiv`), and what the
/// workbench keeps of it: the types before the project's overrides and the value counts.
void loadTableInto(ProjectData& data, const std::string& baseDir, Feedback* feedback) {
    LoadedTable loaded = loadTable(data.config, baseDir, feedback);
    data.report = loaded.report;
    data.inferredTypes = loaded.inferredTypes;
    data.metadata = std::move(loaded.metadata);
    for (std::size_t c = 0; c < loaded.table->columnCount(); ++c)
        data.valueCounts.push_back(countValues(loaded.table->column(c)));
    data.table = std::move(loaded.table);
}

std::shared_ptr<ProjectData> newProject(const QString& dataPath, const CsvOptions& options,
                                        Feedback* feedback,
                                        const std::map<std::string, ColumnType>& types = {}) {
    auto data = std::make_shared<ProjectData>();
    data->dataPath = dataPath;
    data->config.dataPath = dataPath.toStdString();
    data->config.csv = options;
    for (const auto& [name, type] : types) data->config.ensureAttribute(name).type = type;
    loadTableInto(*data, {}, feedback);
    return data;
}

}  // namespace

std::vector<std::uint32_t> countValues(const Column& column) {
    std::vector<std::uint32_t> counts(column.domainSize(), 0);
    for (Code code : column.codes()) ++counts[code];
    return counts;
}

std::shared_ptr<ProjectData> loadCsvProject(const QString& csvPath, const CsvOptions& options,
                                            Feedback* feedback,
                                            const std::map<std::string, ColumnType>& types) {
    return newProject(QFileInfo(csvPath).absoluteFilePath(), options, feedback, types);
}

// A database table (postgresql://…): every row fetched in streamed batches, as `ldiv` does for
// the commands that need rows; the workbench shows rows and its analyses need them.
std::shared_ptr<ProjectData> loadSourceProject(const QString& uri, const CsvOptions& options,
                                               Feedback* feedback) {
    return newProject(uri, options, feedback);
}

std::shared_ptr<ProjectData> loadProjectData(const QString& projectPath, Feedback* feedback) {
    const QFileInfo info(projectPath);
    if (!info.exists()) throw InputError(projectPath.toStdString(), 0, 0, "no such project file");
    auto data = std::make_shared<ProjectData>();
    data->projectPath = info.absoluteFilePath();
    data->config = loadProject(data->projectPath.toStdString());
    const std::string baseDir = info.absolutePath().toStdString();
    data->dataPath = QString::fromStdString(resolvePath(baseDir, data->config.dataPath));
    // A research subset file is held by its absolute path (Project::researchSubset).
    if (researchSubsetIsFile(data->config.researchSubset, baseDir))
        data->config.researchSubset =
            QDir::cleanPath(
                QDir(info.absolutePath())
                    .absoluteFilePath(QString::fromStdString(data->config.researchSubset)))
                .toStdString();
    loadTableInto(*data, baseDir, feedback);
    for (AttributeConfig& a : data->config.attributes) {
        const Column& column = data->table->column(data->table->requireColumn(a.name));
        try {
            HierarchyOrigin origin;
            if (auto h = configuredHierarchy(data->config, a, column, baseDir, &origin)) {
                data->hierarchies[a.name] = std::move(*h);
                if (!origin.file.empty() || !origin.builder.empty())
                    data->origins[a.name] = std::move(origin);
            }
        } catch (const Cancelled&) {
            throw;
        } catch (const std::exception& e) {
            // Open the project anyway: the hierarchy editor shows what is wrong.
            data->warnings << QString("Hierarchy of '%1': %2")
                                  .arg(QString::fromStdString(a.name),
                                       QString::fromStdString(e.what()));
        }
        // The hierarchies live in `hierarchies` from now on (edited, saved back by Project).
        a.hierarchy.reset();
        a.hierarchyFile.clear();
        a.hierarchyBuilder.clear();
    }
    if (feedback) feedback->setProgress(1.0);
    return data;
}

}  // namespace ldv::ui
