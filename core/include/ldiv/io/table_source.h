#pragma once
// Where a table comes from when it is not read whole into memory: a database, or a CSV
// streamed record by record. The engine only ever needs the *base groups* — the distinct
// combinations of the quasi-identifying and sensitive values with their row counts — so a
// source is asked for a GROUP BY, never for every row, unless an analysis truly needs rows.
//
// core/ knows sources only through this interface; a database client (libpq) lives in its
// own module, which registers its URI scheme with registerTableSource() at start-up. A build
// without that module still knows the scheme's name, so a URI gets a clear error.
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "ldiv/data/table.h"
#include "ldiv/io/csv_table_reader.h"

namespace ldv {

class Feedback;

/// Rows collapsed to distinct value combinations: row r of `table` stands for `counts[r]`
/// rows of the source (Column::missingCount() counts source rows too).
struct GroupedTable {
    Table table;
    std::vector<std::uint32_t> counts;
    std::uint64_t rows = 0;  ///< sum of counts: the source's rows
};

struct SourceColumn {
    std::string name;
    ColumnType type = ColumnType::Text;
};

/// What loading took, for the statistics of `--json` output.
struct SourceReport {
    std::string kind;        ///< "csv", "csv-stream", "postgresql"
    std::uint64_t rows = 0;  ///< rows of the source (after the missing-value policy)
    std::size_t groups = 0;  ///< rows held in memory (distinct combinations when grouped)
    double queryMs = 0;      ///< time spent in the source (SQL or streaming), ms
    std::vector<std::string> statements;  ///< the statements sent to a database, in order
};

class TableSource {
public:
    virtual ~TableSource() = default;
    /// Names the source in error messages (never a password).
    virtual std::string name() const = 0;
    /// The columns in source order, typed from the source's catalog where it has one.
    virtual std::vector<SourceColumn> columns() = 0;
    /// The distinct combinations of `columns` (in that order) with their row counts.
    /// `options` gives the missing-value tokens and policy: with MissingPolicy::Drop a row is
    /// dropped when any of *its* columns is missing, as readCsv does.
    virtual GroupedTable groups(const std::vector<std::string>& columns, const CsvOptions& options,
                                SourceReport& report, Feedback* feedback = nullptr) = 0;
    /// Every row, for the analyses that need rows (fetched in batches).
    virtual Table rows(const CsvOptions& options, SourceReport& report,
                       Feedback* feedback = nullptr) = 0;
};

using TableSourceFactory = std::function<std::unique_ptr<TableSource>(const std::string& uri)>;

/// Registers the opener of URIs "scheme://…" (e.g. "postgresql"). Not thread-safe: call at
/// start-up. `inMemory`: the source's rows are already in this process (the Python module's
/// DataFrames), so reading them whole costs less than collapsing them into groups.
void registerTableSource(const std::string& scheme, TableSourceFactory factory,
                         bool inMemory = false);
/// True for a URI whose scheme was registered as in memory: commands that need only base
/// groups read its rows, as they read a CSV file's (no --stream, no GROUP BY).
bool isInMemorySource(const std::string& location);
/// True for "scheme://…" with a scheme a database source would use (registered or not).
bool isSourceUri(const std::string& location);
/// Opens a URI with its registered factory. Throws ParameterError when the scheme is not
/// registered (a build without that database module).
std::unique_ptr<TableSource> openTableSource(const std::string& uri);

/// Writing a table to a URI (e.g. `ldiv generalize --output postgresql://…?table=NAME`).
struct TableWriteOptions {
    /// Replace an existing table; otherwise an existing table is refused (ParameterError).
    bool replace = false;
};
using TableWriter =
    std::function<void(const std::string& uri, const Table& table, const TableWriteOptions&)>;
void registerTableWriter(const std::string& scheme, TableWriter writer);
/// Writes with the scheme's registered writer, all or nothing. Throws ParameterError when the
/// scheme is not registered.
void writeTableTo(const std::string& uri, const Table& table,
                  const TableWriteOptions& options = {});

/// A CSV file read record by record: groups() keeps one entry per distinct combination, so
/// memory is bounded by the groups, not by the rows (`ldiv … --stream`).
std::unique_ptr<TableSource> openCsvStream(const std::string& path, const CsvOptions& options);

}  // namespace ldv
