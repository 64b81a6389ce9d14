// The SQL ldiv sends to PostgreSQL, as plain text built without a connection. Every
// statement is a single-table SELECT with GROUP BY and count(*), or COPY, or DDL on one
// table: what Citus distributes (docs/database.md, tests/postgres/test_citus_statements).
#include <libpq-fe.h>

#include <algorithm>
#include <memory>

#include "ldiv/data/error.h"
#include "ldiv/postgres.h"
#include "missing_filter.h"

namespace ldv::pg {
namespace {

int hexValue(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

// %HH sequences decoded; anything else (a lone %, a +) kept as written, so a query typed
// unencoded on a command line ("… WHERE age > 30") reads as typed.
std::string percentDecode(const std::string& text) {
    std::string out;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '%' && i + 2 < text.size() && hexValue(text[i + 1]) >= 0 &&
            hexValue(text[i + 2]) >= 0) {
            out += char(hexValue(text[i + 1]) * 16 + hexValue(text[i + 2]));
            i += 2;
        } else {
            out += text[i];
        }
    }
    return out;
}

[[noreturn]] void malformed(const std::string& uri, const std::string& why) {
    throw InputError(
        uri, 0, 0,
        "malformed PostgreSQL URI: " + why +
            " (expected postgresql://USER@HOST:PORT/DB?table=NAME or ?query=SELECT …)");
}

}  // namespace

std::string redactUri(const std::string& uri) {
    std::string out = uri;
    const auto schemeEnd = out.find("://");
    if (schemeEnd != std::string::npos) {
        const auto authorityEnd = out.find_first_of("/?", schemeEnd + 3);
        const auto at = out.rfind('@', authorityEnd);
        if (at != std::string::npos && at > schemeEnd) {
            const auto colon = out.find(':', schemeEnd + 3);
            if (colon != std::string::npos && colon < at)
                out.replace(colon + 1, at - colon - 1, "…");
        }
    }
    // password=VALUE in any parameter (the key possibly %-encoded), up to the next '&'.
    const auto question = out.find('?');
    if (question == std::string::npos) return out;
    std::string rest = out.substr(question + 1), kept;
    while (!rest.empty()) {
        if (rest.rfind("query=", 0) == 0) {
            kept += (kept.empty() ? "" : "&") + rest;
            break;
        }
        const auto amp = rest.find('&');
        std::string param = rest.substr(0, amp);
        rest = amp == std::string::npos ? "" : rest.substr(amp + 1);
        const auto eq = param.find('=');
        if (eq != std::string::npos && percentDecode(param.substr(0, eq)) == "password")
            param = param.substr(0, eq + 1) + "…";
        kept += (kept.empty() ? "" : "&") + param;
    }
    return out.substr(0, question + 1) + kept;
}

Location parseLocation(const std::string& uri, bool needTable) {
    Location loc;
    loc.display = redactUri(uri);
    const std::string& shown = loc.display;
    const auto schemeEnd = uri.find("://");
    if (schemeEnd == std::string::npos) malformed(shown, "no scheme");
    const std::string scheme = uri.substr(0, schemeEnd);
    if (scheme != "postgresql" && scheme != "postgres")
        malformed(shown, "the scheme must be postgresql://");
    const auto question = uri.find('?');
    std::string base = uri.substr(0, question);
    // A password in the URI would end up in project files and shell histories.
    const std::string authority =
        base.substr(schemeEnd + 3, base.find('/', schemeEnd + 3) - (schemeEnd + 3));
    const auto at = authority.rfind('@');
    if (at != std::string::npos && authority.substr(0, at).find(':') != std::string::npos)
        throw ParameterError(
            "the URI '" + shown +
            "' carries a password; remove it and give "
            "it in PGPASSWORD or ~/.pgpass instead, so that it is never stored in a project file");
    std::string passThrough;
    if (question != std::string::npos) {
        std::string rest = uri.substr(question + 1);
        while (!rest.empty()) {
            // ?query= takes the rest of the URI: a SELECT may itself contain & and =.
            if (rest.rfind("query=", 0) == 0) {
                loc.query = percentDecode(rest.substr(6));
                break;
            }
            const auto amp = rest.find('&');
            const std::string param = rest.substr(0, amp);
            rest = amp == std::string::npos ? "" : rest.substr(amp + 1);
            if (param.empty()) continue;
            const auto eq = param.find('=');
            // libpq decodes %HH in keywords too: the allow-list judges the decoded name.
            const std::string key = percentDecode(param.substr(0, eq));
            const std::string value =
                eq == std::string::npos ? "" : percentDecode(param.substr(eq + 1));
            if (key == "password")
                throw ParameterError("the URI '" + shown +
                                     "' carries a password (password=); remove it and give it in "
                                     "PGPASSWORD or ~/.pgpass instead, so that it is never stored "
                                     "in a project file");
            if (key == "options")
                malformed(shown,
                          "options= is refused: it would change the server's settings for the "
                          "session (e.g. standard_conforming_strings, search_path); set them on "
                          "the server or in PGOPTIONS");
            if (key == "table") {
                if (!loc.table.empty()) malformed(shown, "table= is given twice");
                loc.table = value;
                if (loc.table.empty()) malformed(shown, "table= names no table");
            } else if (key == "schema") {
                if (!loc.schema.empty()) malformed(shown, "schema= is given twice");
                loc.schema = value;
                if (loc.schema.empty()) malformed(shown, "schema= names no schema");
            } else if (key == "host" || key == "port" || key == "dbname" || key == "user" ||
                       key == "sslmode") {
                // A dbname= holding a connection string would be expanded by some libpq
                // entry points: refused, as is a value that is not plain text.
                if (key == "dbname" && (value.find('=') != std::string::npos ||
                                        value.find("://") != std::string::npos))
                    malformed(shown, "dbname= must name a database, not a connection string");
                passThrough += (passThrough.empty() ? "?" : "&") + param;
            } else {
                malformed(shown, "the parameter '" + key +
                                     "' is not accepted; a URI may carry host, port, dbname, "
                                     "user, sslmode, table, query and schema");
            }
        }
    }
    if (!loc.table.empty() && !loc.query.empty())
        malformed(shown, "give either table= or query=, not both");
    if (!loc.schema.empty() && loc.table.empty()) malformed(shown, "schema= goes with table=");
    if (!loc.schema.empty() && loc.table.find('.') != std::string::npos)
        malformed(shown, "give the schema once: in schema= or as table=SCHEMA.NAME");
    if (needTable && !loc.query.empty())
        malformed(shown, "a publication target needs ?table=NAME, not a query");
    if (loc.table.empty() && loc.query.empty()) malformed(shown, "no table= or query= parameter");
    if (!loc.query.empty() && loc.query.find_first_not_of(" \t\r\n") == std::string::npos)
        malformed(shown, "query= is empty");
    loc.conninfo = base + passThrough;
    // libpq's own parser checks host, port and parameters without connecting.
    char* error = nullptr;
    PQconninfoOption* options = PQconninfoParse(loc.conninfo.c_str(), &error);
    if (!options) {
        std::string why = error ? error : "libpq cannot parse it";
        if (error) PQfreemem(error);
        while (!why.empty() && (why.back() == '\n' || why.back() == ' ')) why.pop_back();
        malformed(shown, why);
    }
    // Freed on every path: an invalid port throws from inside the loop.
    const std::unique_ptr<PQconninfoOption, decltype(&PQconninfoFree)> owned(options,
                                                                             &PQconninfoFree);
    for (PQconninfoOption* o = options; o->keyword; ++o) {
        if (std::string(o->keyword) == "port" && o->val) {
            const std::string port = o->val;
            // At most five digits before converting: std::stol would throw on a longer run.
            if (port.empty() || port.size() > 5 ||
                port.find_first_not_of("0123456789") != std::string::npos ||
                std::stol(port) > 65535 || std::stol(port) == 0)
                malformed(shown, "invalid port '" + port + "'");
        }
        // The authority part (user:password@) is checked above; libpq may still find a
        // password written in a form this parser did not see.
        if (std::string(o->keyword) == "password" && o->val && *o->val)
            throw ParameterError("the URI '" + shown +
                                 "' carries a password; give it in "
                                 "PGPASSWORD or ~/.pgpass instead");
    }
    return loc;
}

QualifiedName tableName(const Location& loc) {
    if (!loc.schema.empty()) return {loc.schema, loc.table};
    const auto dot = loc.table.find('.');
    if (dot == std::string::npos) return {{}, loc.table};
    return {loc.table.substr(0, dot), loc.table.substr(dot + 1)};
}

std::string quoteQualified(const QualifiedName& name, const Quoter& q) {
    if (name.schema.empty()) return q.identifier(name.name);
    return q.identifier(name.schema) + "." + q.identifier(name.name);
}

std::string relation(const Location& loc, const Quoter& q) {
    if (!loc.table.empty()) return quoteQualified(tableName(loc), q);
    std::string text = loc.query;
    while (!text.empty() && (text.back() == ';' || text.back() == ' ' || text.back() == '\n'))
        text.pop_back();
    return "(" + text + ") AS ldiv_source";
}

std::string describeStatement(const Location& loc, const Quoter& q) {
    return "SELECT * FROM " + relation(loc, q);
}

namespace detail {
std::string missingFilter(const std::vector<std::string>& allColumns, const CsvOptions& options,
                          const Quoter& q) {
    if (options.missing != MissingPolicy::Drop) return {};
    std::string tokens;
    for (const std::string& t : options.missingTokens)
        tokens += (tokens.empty() ? "" : ", ") + q.literal(t);
    std::string where;
    for (const std::string& c : allColumns) {
        where += (where.empty() ? "" : " AND ") + q.identifier(c) + " IS NOT NULL";
        if (!tokens.empty()) where += " AND " + q.identifier(c) + "::text NOT IN (" + tokens + ")";
    }
    return where.empty() ? where : " WHERE " + where;
}
}  // namespace detail

namespace {
using detail::missingFilter;

std::string columnList(const std::vector<std::string>& columns, const Quoter& q) {
    std::string list;
    for (const std::string& c : columns) list += (list.empty() ? "" : ", ") + q.identifier(c);
    return list;
}

std::string copyCsv(const std::string& select) {
    return "COPY (" + select + ") TO STDOUT WITH (FORMAT csv, HEADER true)";
}
}  // namespace

std::string groupStatement(const Location& loc, const std::vector<std::string>& columns,
                           const std::vector<std::string>& allColumns, const CsvOptions& options,
                           const Quoter& q) {
    const std::string list = columnList(columns, q);
    return copyCsv("SELECT " + list + ", count(*) AS " + kCountColumn + " FROM " +
                   relation(loc, q) + missingFilter(allColumns, options, q) + " GROUP BY " + list);
}

std::string partitionGroupStatement(const std::vector<QualifiedName>& partitions,
                                    const std::vector<std::string>& columns,
                                    const std::vector<std::string>& allColumns,
                                    const CsvOptions& options, const Quoter& q) {
    const std::string list = columnList(columns, q);
    const std::string where = missingFilter(allColumns, options, q);
    std::string parts;
    for (const QualifiedName& p : partitions)
        parts += std::string(parts.empty() ? "" : " UNION ALL ") + "SELECT " + list +
                 ", count(*) AS " + kCountColumn + " FROM " + quoteQualified(p, q) + where +
                 " GROUP BY " + list;
    // sum(bigint) is numeric: cast back, so that the count column reads as it does unsharded.
    return copyCsv("SELECT " + list + ", sum(" + kCountColumn + ")::bigint AS " + kCountColumn +
                   " FROM (" + parts + ") AS ldiv_parts GROUP BY " + list);
}

bool coversPartitionKey(const std::vector<std::string>& columns,
                        const std::vector<std::string>& key) {
    if (key.empty()) return true;
    for (const std::string& k : key)
        if (k.empty() || std::find(columns.begin(), columns.end(), k) == columns.end())
            return false;
    return true;
}

std::string copiedQuery(const std::string& statement) {
    const std::string open = "COPY (";
    const std::string close = ") TO STDOUT";
    if (!statement.starts_with(open)) return {};
    const auto end = statement.rfind(close);
    if (end == std::string::npos || end < open.size()) return {};
    return statement.substr(open.size(), end - open.size());
}

std::string rowsStatement(const Location& loc, const Quoter& q) {
    return copyCsv("SELECT * FROM " + relation(loc, q));
}

std::string previewStatement(const Location& loc, std::size_t limit, const Quoter& q) {
    return "COPY (SELECT * FROM " + relation(loc, q) + " LIMIT " + std::to_string(limit) +
           ") TO STDOUT WITH (FORMAT csv, HEADER true)";
}

ColumnType columnTypeOf(unsigned int type) {
    // Type OIDs from PostgreSQL's catalog (pg_type.dat); stable across releases.
    switch (type) {
        case 20:
        case 21:
        case 23:
            return ColumnType::Integer;  // int8, int2, int4
        case 700:
        case 701:
        case 1700:
            return ColumnType::Decimal;  // float4, float8, numeric
        case 1082:
            return ColumnType::Date;  // date
        default:
            return ColumnType::Text;
    }
}

namespace {
void checkNameLength(const std::string& what, const std::string& name) {
    if (name.size() > kMaxNameBytes)
        throw ParameterError(what + " '" + name + "' is " + std::to_string(name.size()) +
                             " bytes long; PostgreSQL keeps only the first " +
                             std::to_string(kMaxNameBytes) +
                             " and would cut it silently: give a shorter name");
}
}  // namespace

std::vector<std::string> publishStatements(const QualifiedName& target,
                                           const std::vector<std::string>& columns, bool replace,
                                           const Quoter& q) {
    // The schema is resolved by the caller (current_schema() when none is named): an
    // unqualified DROP would follow the search_path to another schema's table than the one
    // CREATE makes.
    if (target.schema.empty())
        throw ParameterError("internal: the target schema of " + target.name + " is unresolved");
    if (target.schema == "pg_temp" || target.schema.rfind("pg_temp_", 0) == 0)
        throw ParameterError("the target '" + target.schema + "." + target.name +
                             "' is a temporary table, which PostgreSQL drops when ldiv "
                             "disconnects: name a permanent schema");
    checkNameLength("the schema", target.schema);
    checkNameLength("the table name", target.name);
    for (const std::string& c : columns) checkNameLength("the column name", c);
    const std::string rel = quoteQualified(target, q);
    std::string defs, list;
    for (const std::string& c : columns) {
        defs += (defs.empty() ? "" : ", ") + q.identifier(c) + " text";
        list += (list.empty() ? "" : ", ") + q.identifier(c);
    }
    std::vector<std::string> out{"BEGIN"};
    if (replace) out.push_back("DROP TABLE IF EXISTS " + rel);
    out.push_back("CREATE TABLE " + rel + " (" + defs + ")");
    out.push_back("COPY " + rel + " (" + list + ") FROM STDIN WITH (FORMAT csv)");
    out.push_back("COMMIT");
    return out;
}

}  // namespace ldv::pg
