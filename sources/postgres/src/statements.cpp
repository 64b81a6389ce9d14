// The SQL ldiv sends to PostgreSQL, as plain text built without a connection. Every
// statement is a single-table SELECT with GROUP BY and count(*), or COPY, or DDL on one
// table: what Citus distributes (docs/database.md, tests/postgres/test_citus_statements).
#include <libpq-fe.h>

#include <memory>

#include "ldiv/data/error.h"
#include "ldiv/postgres.h"

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

Location parseLocation(const std::string& uri, bool needTable) {
    Location loc;
    loc.display = uri;
    const auto schemeEnd = uri.find("://");
    if (schemeEnd == std::string::npos) malformed(uri, "no scheme");
    const std::string scheme = uri.substr(0, schemeEnd);
    if (scheme != "postgresql" && scheme != "postgres")
        malformed(uri, "the scheme must be postgresql://");
    const auto question = uri.find('?');
    std::string base = uri.substr(0, question);
    // A password in the URI would end up in project files and shell histories.
    const std::string authority =
        base.substr(schemeEnd + 3, base.find('/', schemeEnd + 3) - (schemeEnd + 3));
    const auto at = authority.rfind('@');
    if (at != std::string::npos && authority.substr(0, at).find(':') != std::string::npos)
        throw ParameterError(
            "the URI '" + uri.substr(0, schemeEnd + 3) +
            "…' carries a password; remove it and give "
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
            if (param.rfind("table=", 0) == 0) {
                if (!loc.table.empty()) malformed(uri, "table= is given twice");
                loc.table = percentDecode(param.substr(6));
                if (loc.table.empty()) malformed(uri, "table= names no table");
            } else if (!param.empty()) {
                passThrough += (passThrough.empty() ? "?" : "&") + param;
            }
        }
    }
    if (!loc.table.empty() && !loc.query.empty())
        malformed(uri, "give either table= or query=, not both");
    if (needTable && !loc.query.empty())
        malformed(uri, "a publication target needs ?table=NAME, not a query");
    if (loc.table.empty() && loc.query.empty()) malformed(uri, "no table= or query= parameter");
    if (!loc.query.empty() && loc.query.find_first_not_of(" \t\r\n") == std::string::npos)
        malformed(uri, "query= is empty");
    loc.conninfo = base + passThrough;
    // libpq's own parser checks host, port and parameters without connecting.
    char* error = nullptr;
    PQconninfoOption* options = PQconninfoParse(loc.conninfo.c_str(), &error);
    if (!options) {
        std::string why = error ? error : "libpq cannot parse it";
        if (error) PQfreemem(error);
        while (!why.empty() && (why.back() == '\n' || why.back() == ' ')) why.pop_back();
        malformed(uri, why);
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
                malformed(uri, "invalid port '" + port + "'");
        }
    }
    return loc;
}

std::string quoteIdentifier(const std::string& name) {
    std::string out = "\"";
    for (char c : name) out += c == '"' ? std::string("\"\"") : std::string(1, c);
    return out + "\"";
}

std::string quoteQualified(const std::string& dotted) {
    const auto dot = dotted.find('.');
    if (dot == std::string::npos) return quoteIdentifier(dotted);
    return quoteIdentifier(dotted.substr(0, dot)) + "." + quoteIdentifier(dotted.substr(dot + 1));
}

std::string quoteLiteral(const std::string& text) {
    std::string out = "'";
    for (char c : text) out += c == '\'' ? std::string("''") : std::string(1, c);
    return out + "'";
}

std::string relation(const Location& loc) {
    if (!loc.table.empty()) return quoteQualified(loc.table);
    std::string q = loc.query;
    while (!q.empty() && (q.back() == ';' || q.back() == ' ' || q.back() == '\n')) q.pop_back();
    return "(" + q + ") AS ldiv_source";
}

std::string describeStatement(const Location& loc) {
    return "SELECT * FROM " + relation(loc);
}

std::string groupStatement(const Location& loc, const std::vector<std::string>& columns,
                           const std::vector<std::string>& allColumns, const CsvOptions& options) {
    std::string list;
    for (const std::string& c : columns) list += (list.empty() ? "" : ", ") + quoteIdentifier(c);
    std::string sql = "SELECT " + list + ", count(*) AS " + kCountColumn + " FROM " + relation(loc);
    if (options.missing == MissingPolicy::Drop) {
        std::string tokens;
        for (const std::string& t : options.missingTokens)
            tokens += (tokens.empty() ? "" : ", ") + quoteLiteral(t);
        std::string where;
        for (const std::string& c : allColumns) {
            where += (where.empty() ? "" : " AND ") + quoteIdentifier(c) + " IS NOT NULL";
            if (!tokens.empty())
                where += " AND " + quoteIdentifier(c) + "::text NOT IN (" + tokens + ")";
        }
        if (!where.empty()) sql += " WHERE " + where;
    }
    sql += " GROUP BY " + list;
    return "COPY (" + sql + ") TO STDOUT WITH (FORMAT csv, HEADER true)";
}

std::string rowsStatement(const Location& loc) {
    return "COPY (SELECT * FROM " + relation(loc) + ") TO STDOUT WITH (FORMAT csv, HEADER true)";
}

std::string previewStatement(const Location& loc, std::size_t limit) {
    return "COPY (SELECT * FROM " + relation(loc) + " LIMIT " + std::to_string(limit) +
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

std::vector<std::string> publishStatements(const Location& target,
                                           const std::vector<std::string>& columns, bool replace) {
    const std::string rel = quoteQualified(target.table);
    std::string defs, list;
    for (const std::string& c : columns) {
        defs += (defs.empty() ? "" : ", ") + quoteIdentifier(c) + " text";
        list += (list.empty() ? "" : ", ") + quoteIdentifier(c);
    }
    std::vector<std::string> out{"BEGIN"};
    if (replace) out.push_back("DROP TABLE IF EXISTS " + rel);
    out.push_back("CREATE TABLE " + rel + " (" + defs + ")");
    out.push_back("COPY " + rel + " (" + list + ") FROM STDIN WITH (FORMAT csv)");
    out.push_back("COMMIT");
    return out;
}

}  // namespace ldv::pg
