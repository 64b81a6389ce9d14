#pragma once
// The canonical hash of a PostgreSQL table, which a release record of a table carries
// (docs/database.md, "Release records of a table"): SHA-256 over the table's canonical CSV
// export, computed here as the export streams in, never over the whole text in memory.
// Client-side rather than in the server: sha256(string_agg(…)) would build one value, which
// PostgreSQL caps at 1 GB, and pgcrypto's digest() is an extension a server may not have.
#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ldiv/postgres.h"

namespace ldv::pg {

/// The session settings of the export (name, value), so that the values of non-text columns
/// (a source table's dates, timestamps, intervals, floats, bytea, money) print the same on
/// every server whatever its defaults.
inline const std::vector<std::pair<std::string, std::string>> kCanonicalSettings{
    {"DateStyle", "ISO, YMD"},   {"IntervalStyle", "postgres"}, {"TimeZone", "UTC"},
    {"extra_float_digits", "1"}, {"bytea_output", "hex"},       {"lc_monetary", "C"}};

/// COPY (SELECT c1::text AS c1, … FROM table ORDER BY c1::text COLLATE "C" NULLS FIRST, …)
/// TO STDOUT WITH (FORMAT csv, HEADER true): every column in table order, as text, the rows
/// ordered byte by byte on each column in turn. Names go through `quoter`.
std::string canonicalExportStatement(const QualifiedName& table,
                                     const std::vector<std::string>& columns, const Quoter& quoter);

/// Streams the canonical export of the table `uri` names (a `?table=` URI: a query is
/// refused) to `sink` in a read-only session, and returns its SHA-256 (lower-case hex).
/// InputError naming the URI when the table cannot be read (it does not exist, no
/// permission, no password for its server).
std::string exportCanonicalTable(const std::string& uri,
                                 const std::function<void(std::string_view)>& sink = {});

}  // namespace ldv::pg
