#pragma once
// PostgreSQL as a table source and a publication target (libpq). The statements ldiv sends
// are built by the pure functions below, so that tests can check them without a server —
// including that they stay within what Citus (distributed PostgreSQL) runs in parallel; see
// docs/database.md.
#include <cstddef>
#include <string>
#include <vector>

#include "ldiv/io/csv_table_reader.h"
#include "ldiv/io/table_source.h"

namespace ldv::pg {

/// A parsed `postgresql://USER@HOST:PORT/DB?table=NAME` or `…?query=SELECT …` URI.
struct Location {
    std::string conninfo;  ///< the URI handed to libpq, ldiv's own parameters removed
    std::string table;     ///< NAME or SCHEMA.NAME, case-sensitive as written
    std::string schema;    ///< from ?schema=: the schema of an unqualified table= name
    std::string query;     ///< a SELECT whose result is the table
    std::string display;   ///< the URI as given, for messages (a password never shows)
};

/// A URI's query parameters are on an allow-list (docs/database.md): host, port, dbname, user,
/// sslmode (passed to libpq) and table, query, schema (ldiv's). Anything else, `options` and
/// `password` above all, is refused: `options=-c …` would let a project file change the
/// server's settings for the session (standard_conforming_strings=off, search_path), and a
/// password belongs in PGPASSWORD or ~/.pgpass, never in a file.
/// Throws InputError for a malformed URI or a parameter off the allow-list (names what is
/// wrong), ParameterError for a URI that carries a password (it belongs in PGPASSWORD or
/// ~/.pgpass, never in a project file). `needTable`: only ?table= is accepted (publication
/// targets).
Location parseLocation(const std::string& uri, bool needTable = false);
/// `uri` with any password (`user:secret@`, `password=secret`) replaced by "…": what messages
/// and reports show.
std::string redactUri(const std::string& uri);

/// How names and values are written into SQL text. The live implementation is a connection's
/// PQescapeIdentifier/PQescapeLiteral, which follow the server's standard_conforming_strings
/// and the client encoding: nothing is quoted by hand (docs/database.md, "Safety").
class Quoter {
public:
    virtual ~Quoter() = default;
    virtual std::string identifier(const std::string& name) const = 0;
    virtual std::string literal(const std::string& value) const = 0;
};

/// A table name split into schema (empty: the server's current_schema()) and name.
struct QualifiedName {
    std::string schema;
    std::string name;
};
/// SCHEMA.NAME from ?table= (split at the first dot), or ?schema= with an unqualified name.
QualifiedName tableName(const Location& location);
/// "schema"."name", or "name" when the schema is empty.
std::string quoteQualified(const QualifiedName& name, const Quoter& quoter);

/// The relation a location reads: the quoted table, or the query as a subquery.
std::string relation(const Location& location, const Quoter& quoter);
/// Prepared (never run) to read the column names and types from the catalog.
std::string describeStatement(const Location& location, const Quoter& quoter);
/// The base-group collapse: COPY (SELECT cols…, count(*) … GROUP BY cols…) TO STDOUT as CSV.
/// With MissingPolicy::Drop, rows with a NULL or a missing token in any of `allColumns` are
/// filtered out first, as readCsv drops them.
std::string groupStatement(const Location& location, const std::vector<std::string>& columns,
                           const std::vector<std::string>& allColumns, const CsvOptions& options,
                           const Quoter& quoter);
/// The partition key's columns of a partitioned table, in key order; an expression in the key
/// reads as "" (never covered). No rows for a table that is not partitioned.
inline constexpr const char* kPartitionKeyStatement =
    "SELECT coalesce(a.attname::text, '') FROM pg_partitioned_table p "
    "CROSS JOIN LATERAL unnest(p.partattrs::int2[]) WITH ORDINALITY AS k(attnum, n) "
    "LEFT JOIN pg_attribute a ON a.attrelid = p.partrelid AND a.attnum = k.attnum "
    "WHERE p.partrelid = to_regclass($1) ORDER BY k.n";
/// The leaf partitions (schema, name, relkind: 'f' for a foreign table) of a partitioned
/// table, at any depth.
inline constexpr const char* kLeafPartitionsStatement =
    "SELECT n.nspname, c.relname, c.relkind FROM pg_partition_tree(to_regclass($1)) t "
    "JOIN pg_class c ON c.oid = t.relid JOIN pg_namespace n ON n.oid = c.relnamespace "
    "WHERE t.isleaf ORDER BY 1, 2";
/// True when every column of the partition key `key` is among the GROUP BY `columns` (or the
/// table is not partitioned): then PostgreSQL's partitionwise aggregation runs the whole
/// GROUP BY on each partition, on its shard for a postgres_fdw partition, because no group
/// spans two partitions. Otherwise it ships the rows and aggregates them on the coordinator.
bool coversPartitionKey(const std::vector<std::string>& columns,
                        const std::vector<std::string>& key);
/// The base-group collapse of a partitioned table whose key is not among the columns, in a
/// shape that still aggregates on the shards: one GROUP BY per leaf partition (each a remote
/// aggregate, run concurrently under async_capable), UNION ALL, re-aggregated by summing the
/// partial counts. Same columns and rows as groupStatement(). See docs/database.md.
std::string partitionGroupStatement(const std::vector<QualifiedName>& partitions,
                                    const std::vector<std::string>& columns,
                                    const std::vector<std::string>& allColumns,
                                    const CsvOptions& options, const Quoter& quoter);
/// The SELECT inside `COPY (SELECT …) TO STDOUT …`; empty for any other statement.
std::string copiedQuery(const std::string& statement);
/// `EXPLAIN (VERBOSE)` of each COPY statement in `statements`, run on the server of `uri`
/// (nothing is executed): each plan after a line "-- " + the statement. For --explain-sql.
std::string explainStatements(const std::string& uri, const std::vector<std::string>& statements);
/// Every row, as CSV, for the analyses that need rows (streamed: COPY sends row by row, and
/// ldiv parses each batch as it arrives).
std::string rowsStatement(const Location& location, const Quoter& quoter);
/// The first `limit` rows, for the workbench's preview.
std::string previewStatement(const Location& location, std::size_t limit, const Quoter& quoter);
/// The planner's estimate of a table's rows (pg_class.reltuples), for progress only; -1 when
/// unknown (a query, a table never analysed). A catalog read on the coordinator under Citus.
inline constexpr const char* kRowEstimateStatement =
    "SELECT reltuples::bigint FROM pg_class WHERE oid = to_regclass($1)";
/// ldiv's column type for a PostgreSQL type OID: int2/int4/int8 → integer,
/// float4/float8/numeric → decimal, date → date, anything else → text.
ColumnType columnTypeOf(unsigned int typeOid);
/// PostgreSQL keeps names of at most 63 bytes (NAMEDATALEN - 1) and cuts longer ones
/// silently: a publication refuses them instead.
inline constexpr std::size_t kMaxNameBytes = 63;
/// The statements of a publication into `target` (its schema resolved: never empty, so that
/// DROP and CREATE name the same table whatever the search_path), in order; the rows go
/// through COPY … FROM STDIN between the last two. All in one transaction, so a failure
/// leaves no table. Throws ParameterError for a temporary schema (pg_temp: the table would
/// vanish with ldiv's connection) and for a name over kMaxNameBytes.
std::vector<std::string> publishStatements(const QualifiedName& target,
                                           const std::vector<std::string>& columns, bool replace,
                                           const Quoter& quoter);
/// The name of the count column of groupStatement().
inline constexpr const char* kCountColumn = "ldiv_rows";

/// Registers the postgresql:// and postgres:// schemes with openTableSource() and
/// writeTableTo(). Call once at start-up, before any thread: it also takes PGPASSWORD out of
/// the environment (held in memory), so that libpq never sends it on its own (see
/// confirmServer).
void registerPostgres();

/// Marks the server of `uri` (its host and port, as libpq resolves them) as one the user
/// named themself: a URI typed on the command line, a host confirmed in the workbench.
/// PGPASSWORD is sent to confirmed servers only, never to one that a project file or a
/// release record names on its own (docs/database.md, "Passwords"). Takes a URI (throws as
/// parseLocation) or HOST[:PORT] (--confirm-server; ParameterError when malformed).
void confirmServer(const std::string& uriOrServer);
/// True when connecting to `uri` would withhold PGPASSWORD: it is set, and the URI's server
/// is neither confirmed nor the one a session password was typed for. The workbench asks
/// before it opens a project that names such a server. False for a malformed URI.
bool awaitsConfirmation(const std::string& uri);
/// "HOST:PORT" of a URI as libpq would connect to it (PGHOST/PGPORT filling in what the URI
/// leaves out); the key of confirmServer and of a session password.
std::string serverOf(const std::string& uri);

}  // namespace ldv::pg
