#include "project/projectdata.h"

#include <QDir>
#include <QFileInfo>

#include "ldiv/error.h"
#include "ldiv/feedback.h"
#include "ldiv/hierarchy_builders.h"
#include "ldiv/table_source.h"

namespace ldv::ui {

namespace {

QString resolve(const QString& baseDir, const std::string& path) {
    const QString p = QString::fromStdString(path);
    if (isSourceUri(path)) return p;  // a database table: the URI as the CLI takes it
    return QDir::cleanPath(QFileInfo(p).isAbsolute() ? p : baseDir + "/" + p);
}

void finishTable(ProjectData& data) {
    const Table& t = *data.table;
    // As ldv::Workspace refuses it (the same messages as `ldiv`): nothing to publish.
    if (t.rowCount() == 0) {
        const std::string path = data.dataPath.toStdString();
        if (data.report.rowsDropped > 0)
            throw InputError(
                path, 0, 0,
                "all " + std::to_string(data.report.rowsDropped) +
                    " rows have missing values and were dropped (missing policy 'drop'); "
                    "keep them as a value instead (--missing keep)");
        throw InputError(path, 0, 0, "the file has a header but no data rows");
    }
    for (std::size_t c = 0; c < t.columnCount(); ++c) {
        data.inferredTypes.push_back(t.column(c).type());
        data.valueCounts.push_back(countValues(t.column(c)));
    }
}

}  // namespace

std::vector<std::uint32_t> countValues(const Column& column) {
    std::vector<std::uint32_t> counts(column.domainSize(), 0);
    for (Code code : column.codes()) ++counts[code];
    return counts;
}

std::shared_ptr<ProjectData> loadCsvProject(const QString& csvPath, const CsvOptions& options,
                                            Feedback* feedback) {
    auto data = std::make_shared<ProjectData>();
    data->dataPath = QFileInfo(csvPath).absoluteFilePath();
    data->config.dataPath = data->dataPath.toStdString();
    data->config.csv = options;
    data->table = std::make_shared<Table>(
        readCsv(data->dataPath.toStdString(), options, &data->report, feedback));
    finishTable(*data);
    return data;
}

// A database table (postgresql://…): every row fetched in streamed batches, as `ldiv` does for
// the commands that need rows; the workbench shows rows and its analyses need them.
Table readData(const QString& dataPath, const CsvOptions& options, CsvReport& report,
               Feedback* feedback) {
    const std::string path = dataPath.toStdString();
    if (!isSourceUri(path)) return readCsv(path, options, &report, feedback);
    const std::unique_ptr<TableSource> source = openTableSource(path);
    SourceReport sourceReport;
    Table t = source->rows(options, sourceReport, feedback);
    report.rowsRead = t.rowCount();
    return t;
}

std::shared_ptr<ProjectData> loadSourceProject(const QString& uri, const CsvOptions& options,
                                               Feedback* feedback) {
    auto data = std::make_shared<ProjectData>();
    data->dataPath = uri;
    data->config.dataPath = uri.toStdString();
    data->config.csv = options;
    data->table = std::make_shared<Table>(readData(uri, options, data->report, feedback));
    finishTable(*data);
    return data;
}

std::shared_ptr<ProjectData> loadProjectData(const QString& projectPath, Feedback* feedback) {
    const QFileInfo info(projectPath);
    if (!info.exists()) throw InputError(projectPath.toStdString(), 0, 0, "no such project file");
    auto data = std::make_shared<ProjectData>();
    data->projectPath = info.absoluteFilePath();
    data->config = loadProject(data->projectPath.toStdString());
    const QString baseDir = info.absolutePath();
    data->dataPath = resolve(baseDir, data->config.dataPath);
    data->table =
        std::make_shared<Table>(readData(data->dataPath, data->config.csv, data->report, feedback));
    finishTable(*data);
    Table& table = *data->table;
    for (AttributeConfig& a : data->config.attributes) {
        const std::size_t col = table.requireColumn(a.name);
        if (a.type) table.column(col).setType(*a.type);
        try {
            if (a.hierarchy) {
                data->hierarchies[a.name] = *a.hierarchy;
            } else if (!a.hierarchyFile.empty()) {
                const QString file = resolve(baseDir, a.hierarchyFile);
                data->hierarchies[a.name] = readHierarchy(file.toStdString());
                data->origins[a.name].file = file.toStdString();
            } else if (!a.hierarchyBuilder.empty()) {
                auto built =
                    buildFromSpec(a.hierarchyBuilder, table.column(col), baseDir.toStdString());
                if (!built)
                    throw ParameterError("unknown hierarchy builder '" + a.hierarchyBuilder + "'");
                data->hierarchies[a.name] = std::move(*built);
                data->origins[a.name].builder = a.hierarchyBuilder;
            }
        } catch (const Cancelled&) {
            throw;
        } catch (const std::exception& e) {
            // Open the project anyway: the hierarchy editor shows what is wrong.
            data->warnings << QString("Hierarchy of '%1': %2")
                                  .arg(QString::fromStdString(a.name),
                                       QString::fromStdString(e.what()));
        }
        a.hierarchy.reset();
        a.hierarchyFile.clear();
        a.hierarchyBuilder.clear();
    }
    if (feedback) feedback->setProgress(1.0);
    return data;
}

}  // namespace ldv::ui
