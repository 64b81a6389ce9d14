#pragma once
// What the workbench's "Open database table…" dialog asks a server before a table is opened:
// the tables the user can read, and a preview of the first rows. The table is then opened
// through the same postgresql:// URI the command line takes (makeUri), so a saved project
// names it exactly as `ldiv search URI` would.
#include <cstddef>
#include <string>
#include <vector>

#include "ldiv/data/table.h"

namespace ldv::pg {

/// Where to connect; never a password (see setSessionPassword).
struct ConnectionSettings {
    std::string host = "localhost";
    int port = 5432;
    std::string database;
    std::string user;
};

/// postgresql://USER@HOST:PORT/DB?table=NAME (or ?query=…), with the user, host and database
/// percent-encoded where needed and '%', '&' and '#' encoded in the table name and the query,
/// so that parseLocation() gives back exactly `table` or `query`.
std::string makeUri(const ConnectionSettings& settings, const std::string& table,
                    const std::string& query = {});

/// The tables and views the user has a privilege on, as SCHEMA.NAME, "public" first, system
/// schemas left out (information_schema.tables). Throws InputError with the server's words
/// (connection refused, password authentication failed, …).
std::vector<std::string> listTables(const ConnectionSettings& settings);

/// The first `limit` rows of a postgresql:// URI (?table= or ?query=), typed from the
/// catalog; columns and values exactly as `ldiv` would read them. Throws InputError.
Table previewTable(const std::string& uri, std::size_t limit = 20);

/// A password typed for this process only (the workbench's dialog), for the server of
/// `settings` (host and port): later connections to that server use it, connections to any
/// other server never do (a project file naming another host must not receive it). It is
/// held in memory and never written to a URI, a project or the settings. It also confirms
/// that server for PGPASSWORD (confirmServer). Empty: PGPASSWORD (for confirmed servers) or
/// ~/.pgpass.
void setSessionPassword(const ConnectionSettings& settings, const std::string& password);

}  // namespace ldv::pg
