// The workbench dialog's questions to a server: the readable tables, and a preview.
#include "ldiv/postgres_catalog.h"

#include "connection.h"
#include "ldiv/data/error.h"
#include "ldiv/postgres.h"

namespace ldv::pg {
namespace {

// Percent-encodes every byte outside `keep` (and every non-ASCII byte).
std::string encode(const std::string& text, const std::string& alsoKeep) {
    static const char* hex = "0123456789ABCDEF";
    std::string out;
    for (unsigned char c : text) {
        const bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                           (c >= '0' && c <= '9') || c == '-' || c == '_' || c == '.' || c == '~' ||
                           alsoKeep.find(char(c)) != std::string::npos;
        if (plain) {
            out += char(c);
        } else {
            out += '%';
            out += hex[c >> 4];
            out += hex[c & 15];
        }
    }
    return out;
}

// Only what parseLocation() would misread: '%' (an escape), '&' (the next parameter, for a
// table), '#' (a fragment). A query stays readable in a project file.
std::string encodeParameter(const std::string& text) {
    std::string out;
    for (char c : text) {
        if (c == '%')
            out += "%25";
        else if (c == '&')
            out += "%26";
        else if (c == '#')
            out += "%23";
        else
            out += c;
    }
    return out;
}

std::string baseUri(const ConnectionSettings& s) {
    std::string uri = "postgresql://";
    if (!s.user.empty()) uri += encode(s.user, "") + "@";
    // An IPv6 address goes in brackets; a host name or IPv4 address as it is.
    const bool ipv6 = s.host.find(':') != std::string::npos;
    uri += ipv6 ? "[" + s.host + "]" : encode(s.host, "");
    if (s.port > 0) uri += ":" + std::to_string(s.port);
    uri += "/" + encode(s.database, "");
    return uri;
}

}  // namespace

std::string makeUri(const ConnectionSettings& settings, const std::string& table,
                    const std::string& query) {
    std::string uri = baseUri(settings);
    if (!query.empty()) return uri + "?query=" + encodeParameter(query);
    return uri + "?table=" + encodeParameter(table);
}

std::vector<std::string> listTables(const ConnectionSettings& settings) {
    Location where;
    where.conninfo = baseUri(settings);
    where.display = where.conninfo;
    detail::Connection conn(where);  // read only
    // information_schema.tables lists only relations the user holds some privilege on.
    const auto rows = conn.query(
        "SELECT table_schema, table_name FROM information_schema.tables "
        "WHERE table_schema NOT IN ('pg_catalog', 'information_schema') "
        "ORDER BY table_schema <> 'public', table_schema, table_name");
    std::vector<std::string> out;
    for (const auto& r : rows) out.push_back(r[0] + "." + r[1]);
    return out;
}

Table previewTable(const std::string& uri, std::size_t limit) {
    const Location loc = parseLocation(uri);
    detail::Connection conn(loc);
    const detail::Result d = conn.describe(describeStatement(loc, conn));
    std::string csv;
    conn.copyOut(previewStatement(loc, limit, conn),
                 [&](std::string_view chunk) { csv.append(chunk); });
    CsvOptions read;
    read.separator = ',';
    read.trim = false;
    read.inferTypes = false;
    Table t = parseCsv(csv, loc.display, read);
    for (int i = 0; i < PQnfields(d.get()); ++i)
        if (const auto index = t.columnIndex(PQfname(d.get(), i)))
            t.column(*index).setType(columnTypeOf(PQftype(d.get(), i)));
    return t;
}

void setSessionPassword(const ConnectionSettings& settings, const std::string& password) {
    const std::string server = detail::serverOfConninfo(baseUri(settings));
    // The user typed this server into the dialog: it is theirs to send PGPASSWORD to as well.
    detail::confirmServerImpl(server);
    detail::setSessionPasswordImpl(server, password);
}

}  // namespace ldv::pg
