#include "ldiv/io/table_source.h"

#include <chrono>
#include <map>

#include "ldiv/data/error.h"
#include "ldiv/io/csv_group_reader.h"

namespace ldv {
namespace {

std::map<std::string, TableSourceFactory>& registry() {
    static std::map<std::string, TableSourceFactory> factories;
    return factories;
}

std::map<std::string, bool>& inMemorySchemes() {
    static std::map<std::string, bool> schemes;
    return schemes;
}

std::map<std::string, TableWriter>& writers() {
    static std::map<std::string, TableWriter> registered;
    return registered;
}

[[noreturn]] void unknownScheme(const std::string& scheme) {
    if (scheme == "postgresql" || scheme == "postgres")
        throw ParameterError("'" + scheme +
                             "://' needs PostgreSQL support, which this build of ldiv does not "
                             "have (configure with -DLDIV_POSTGRES=ON and libpq-dev installed)");
    throw ParameterError("unknown data source '" + scheme +
                         "://': give a CSV file or a postgresql:// URI");
}

std::string schemeOf(const std::string& location) {
    const auto colon = location.find("://");
    if (colon == std::string::npos || colon == 0) return {};
    for (std::size_t i = 0; i < colon; ++i) {
        const char c = location[i];
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              c == '+' || c == '-' || c == '.'))
            return {};
    }
    return location.substr(0, colon);
}

class CsvStreamSource : public TableSource {
public:
    CsvStreamSource(std::string path, const CsvOptions& options)
        : m_path(std::move(path)), m_options(options) {}

    std::string name() const override { return m_path; }

    std::vector<SourceColumn> columns() override {
        std::vector<SourceColumn> out;
        for (std::string& n : readCsvHeader(m_path, m_options))
            out.push_back({std::move(n), ColumnType::Text});
        return out;
    }

    GroupedTable groups(const std::vector<std::string>& columns, const CsvOptions& options,
                        SourceReport& report, Feedback* feedback) override {
        const auto start = std::chrono::steady_clock::now();
        GroupedTable out = readCsvGroups(m_path, options, columns, nullptr, feedback);
        report.kind = "csv-stream";
        report.rows = out.rows;
        report.groups = out.counts.size();
        report.queryMs =
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                .count();
        return out;
    }

    Table rows(const CsvOptions& options, SourceReport& report, Feedback* feedback) override {
        CsvReport csv;
        Table t = readCsv(m_path, options, &csv, feedback);
        report.kind = "csv";
        report.rows = t.rowCount();
        report.groups = t.rowCount();
        return t;
    }

private:
    std::string m_path;
    CsvOptions m_options;
};

}  // namespace

void registerTableSource(const std::string& scheme, TableSourceFactory factory, bool inMemory) {
    registry()[scheme] = std::move(factory);
    inMemorySchemes()[scheme] = inMemory;
}

bool isInMemorySource(const std::string& location) {
    const auto it = inMemorySchemes().find(schemeOf(location));
    return it != inMemorySchemes().end() && it->second;
}

bool isSourceUri(const std::string& location) {
    const std::string scheme = schemeOf(location);
    return !scheme.empty() && scheme != "file";
}

std::unique_ptr<TableSource> openTableSource(const std::string& uri) {
    const std::string scheme = schemeOf(uri);
    const auto it = registry().find(scheme);
    if (it == registry().end()) unknownScheme(scheme);
    return it->second(uri);
}

void registerTableWriter(const std::string& scheme, TableWriter writer) {
    writers()[scheme] = std::move(writer);
}

void writeTableTo(const std::string& uri, const Table& table, const TableWriteOptions& options) {
    const std::string scheme = schemeOf(uri);
    const auto it = writers().find(scheme);
    if (it == writers().end()) unknownScheme(scheme);
    it->second(uri, table, options);
}

std::unique_ptr<TableSource> openCsvStream(const std::string& path, const CsvOptions& options) {
    return std::make_unique<CsvStreamSource>(path, options);
}

}  // namespace ldv
