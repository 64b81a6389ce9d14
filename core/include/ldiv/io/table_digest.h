#pragma once
// The hash a release record gives a database table: SHA-256 of its canonical export
// (docs/database.md, "Release records of a table"). core/ cannot reach a database: the module
// that can registers the table digest of its URI scheme at start-up, as it registers the
// scheme's source and writer (table_source.h).
#include <functional>
#include <string>
#include <string_view>

#include "ldiv/data/table.h"

namespace ldv {

/// A record's "files.published_kind" (and "original_kind") for a PostgreSQL table; a file
/// has none.
inline constexpr const char* kPostgresTableKind = "postgresql-table";
/// A record's "hashes.published_method" (and "original_method") for a table: SHA-256 of its
/// canonical CSV export. The number changes if the export ever does.
inline constexpr const char* kCanonicalCsvMethod = "canonical-csv-v1";

/// The canonical export's SHA-256 of the table `uri` names (lower-case hex).
using TableDigest = std::function<std::string(const std::string& uri)>;
void registerTableDigest(const std::string& scheme, TableDigest digest);

/// The canonical export's SHA-256 of the table `uri` names, by the scheme's registered
/// digest (ParameterError when none is registered, as in a build without PostgreSQL).
std::string tableSha256(const std::string& uri);
/// kPostgresTableKind for a postgresql:// or postgres:// URI, "" for a file.
std::string artefactKind(const std::string& location);

/// Streams to `sink` the canonical CSV export the server gives for `table` once ldiv has
/// written it to a database (a text column per column, an empty value NULL): the header,
/// then the rows sorted by their values compared byte by byte (COLLATE "C"), column after
/// column, NULL first; fields quoted as COPY … (FORMAT csv) quotes them. What `ldiv verify
/// --original` compares the reproduction of a table's publication with.
void writeCanonicalCsv(const Table& table, const std::function<void(std::string_view)>& sink);

}  // namespace ldv
