#pragma once
// PostgreSQL as a table source and a publication target (libpq). The statements ldiv sends
// are built by the pure functions below, so that tests can check them without a server —
// including that they stay within what Citus (distributed PostgreSQL) runs in parallel; see
// docs/database.md.
#include <cstddef>
#include <string>
#include <vector>

#include "ldiv/data/table_source.h"
#include "ldiv/io/csv_table_reader.h"

namespace ldv::pg {

/// A parsed `postgresql://USER@HOST:PORT/DB?table=NAME` or `…?query=SELECT …` URI.
struct Location {
    std::string conninfo;  ///< the URI handed to libpq, ldiv's own parameters removed
    std::string table;     ///< NAME or SCHEMA.NAME, case-sensitive as written
    std::string query;     ///< a SELECT whose result is the table
    std::string display;   ///< the URI as given, for messages
};

/// Throws InputError for a malformed URI (names what is wrong), ParameterError for a URI that
/// carries a password (it belongs in PGPASSWORD or ~/.pgpass, never in a project file).
/// `needTable`: only ?table= is accepted (publication targets).
Location parseLocation(const std::string& uri, bool needTable = false);

/// "name" with embedded quotes doubled; SCHEMA.NAME becomes "SCHEMA"."NAME".
std::string quoteIdentifier(const std::string& name);
std::string quoteQualified(const std::string& dottedName);
std::string quoteLiteral(const std::string& text);

/// The relation a location reads: the quoted table, or the query as a subquery.
std::string relation(const Location& location);
/// Prepared (never run) to read the column names and types from the catalog.
std::string describeStatement(const Location& location);
/// The base-group collapse: COPY (SELECT cols…, count(*) … GROUP BY cols…) TO STDOUT as CSV.
/// With MissingPolicy::Drop, rows with a NULL or a missing token in any of `allColumns` are
/// filtered out first, as readCsv drops them.
std::string groupStatement(const Location& location, const std::vector<std::string>& columns,
                           const std::vector<std::string>& allColumns, const CsvOptions& options);
/// Every row, as CSV, for the analyses that need rows (streamed: COPY sends row by row, and
/// ldiv parses each batch as it arrives).
std::string rowsStatement(const Location& location);
/// The first `limit` rows, for the workbench's preview.
std::string previewStatement(const Location& location, std::size_t limit);
/// The planner's estimate of a table's rows (pg_class.reltuples), for progress only; -1 when
/// unknown (a query, a table never analysed). A catalog read on the coordinator under Citus.
inline constexpr const char* kRowEstimateStatement =
    "SELECT reltuples::bigint FROM pg_class WHERE oid = to_regclass($1)";
/// ldiv's column type for a PostgreSQL type OID: int2/int4/int8 → integer,
/// float4/float8/numeric → decimal, date → date, anything else → text.
ColumnType columnTypeOf(unsigned int typeOid);
/// The statements of a publication, in order; the rows go through COPY … FROM STDIN between
/// the last two. All in one transaction, so a failure leaves no table.
std::vector<std::string> publishStatements(const Location& target,
                                           const std::vector<std::string>& columns, bool replace);
/// The name of the count column of groupStatement().
inline constexpr const char* kCountColumn = "ldiv_rows";

/// Registers the postgresql:// and postgres:// schemes with openTableSource() and
/// writeTableTo(). Call once at start-up.
void registerPostgres();

}  // namespace ldv::pg
