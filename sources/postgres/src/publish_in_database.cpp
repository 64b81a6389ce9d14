// Publishing inside the database (postgres_publish.h): the generalization is a join with
// uploaded maps, the suppression a left join with the uploaded failing classes, and the rows
// never leave the server.
#include <sstream>

#include "connection.h"
#include "ldiv/data/error.h"
#include "ldiv/postgres_publish.h"
#include "missing_filter.h"

namespace ldv::pg {
namespace {

using detail::Connection;

std::string qiColumn(std::size_t i) {
    return "ldiv_q" + std::to_string(i);
}

// CSV for COPY … FROM STDIN; FORCE_NOT_NULL on every column reads an empty field as '' (a
// missing value is the value "" in a map, never NULL, so that the join on coalesce(…, '')
// finds it).
void upload(Connection& conn, const std::string& table, std::size_t columns,
            const std::vector<std::vector<std::string>>& rows) {
    std::string list;
    for (std::size_t c = 0; c < columns; ++c)
        list +=
            (list.empty() ? "" : ", ") +
            (table == kSuppressedTable ? qiColumn(c) : std::string(c == 0 ? "ldiv_v" : "ldiv_g"));
    conn.copyIn(
        "COPY pg_temp." + table + " FROM STDIN WITH (FORMAT csv, FORCE_NOT_NULL (" + list + "))",
        [&](const std::function<void(std::string_view)>& put) {
            std::ostringstream batch;
            for (const auto& row : rows) {
                writeCsvRecord(batch, row, ',');
                if (batch.tellp() > (1 << 20)) {
                    put(batch.str());
                    batch.str({});
                }
            }
            put(batch.str());
        });
}

}  // namespace

std::string hierarchyTableName(std::size_t qi) {
    return "ldiv_h" + std::to_string(qi);
}

std::string inDatabaseSelect(const Location& source, const InDatabasePublication& p,
                             const Quoter& q) {
    // The filter runs on the bare relation, in a subquery, so that its unqualified column
    // names cannot meet the maps' columns.
    const std::string from = "(SELECT * FROM " + relation(source, q) +
                             detail::missingFilter(p.sourceColumns, p.options, q) + ") AS ldiv_src";
    const bool suppressing = !p.suppressed.empty();
    std::string joins;
    for (std::size_t i = 0; i < p.qis.size(); ++i) {
        const std::string h = hierarchyTableName(i);
        joins += " JOIN pg_temp." + h + " AS " + h + " ON " + h + ".ldiv_v = coalesce(ldiv_src." +
                 q.identifier(p.qis[i]) + "::text, '')";
    }
    if (suppressing) {
        std::string on;
        for (std::size_t i = 0; i < p.qis.size(); ++i)
            on += std::string(on.empty() ? "" : " AND ") + "ldiv_s." + qiColumn(i) + " = " +
                  hierarchyTableName(i) + ".ldiv_g";
        joins += " LEFT JOIN pg_temp." + std::string(kSuppressedTable) + " AS ldiv_s ON " + on;
    }
    std::string list;
    for (const std::string& c : p.published) {
        std::string value = "ldiv_src." + q.identifier(c) + "::text";
        for (std::size_t i = 0; i < p.qis.size(); ++i) {
            if (p.qis[i] != c) continue;
            value = hierarchyTableName(i) + ".ldiv_g";
            if (suppressing && p.mask)
                value = "CASE WHEN ldiv_s.ldiv_q0 IS NULL THEN " + value + " ELSE " +
                        q.literal(p.maskToken) + " END";
        }
        // An empty value is NULL in the table, as the COPY path writes it.
        list += (list.empty() ? "" : ", ") + ("nullif(" + value + ", '') AS " + q.identifier(c));
    }
    std::string where;
    if (suppressing && !p.mask) where = " WHERE ldiv_s.ldiv_q0 IS NULL";
    return "SELECT " + list + " FROM " + from + joins + where;
}

bool sameDatabase(const std::string& source, const std::string& target) {
    return parseLocation(source).conninfo == parseLocation(target, true).conninfo;
}

std::uint64_t copiedOutRows() {
    return detail::copiedOutRows();
}

InDatabaseResult publishInDatabase(const std::string& sourceUri, const std::string& targetUri,
                                   const InDatabasePublication& p, bool replace,
                                   std::uint64_t expectedRows) {
    const Location source = parseLocation(sourceUri);
    const Location target = parseLocation(targetUri, true);
    if (source.conninfo != target.conninfo)
        throw ParameterError("internal: an in-database publication needs the source's database");
    if (p.hierarchies.size() != p.qis.size())
        throw ParameterError("internal: one map per quasi-identifier");
    Connection conn(target, detail::Access::ReadWrite);
    InDatabaseResult out;
    // As publish() (postgres.cpp): the schema resolved first, so that DROP and CREATE name
    // the same table whatever the search_path.
    QualifiedName name = tableName(target);
    if (name.schema.empty()) {
        name.schema = conn.scalar("SELECT current_schema()");
        if (name.schema.empty())
            throw InputError(target.display, 0, 0,
                             "no schema to create " + name.name +
                                 " in: the search_path names no existing schema; give "
                                 "?table=SCHEMA.NAME");
    }
    // BEGIN, [DROP], CREATE …, (COPY: replaced by INSERT … SELECT), COMMIT.
    const std::vector<std::string> statements = publishStatements(name, p.published, replace, conn);
    const std::string rel = quoteQualified(name, conn);
    if (!replace && !conn.scalar("SELECT to_regclass($1)::text", rel).empty())
        throw ParameterError("table " + rel + " already exists at " + target.display +
                             "; give --replace to overwrite it");
    const auto exec = [&](const std::string& sql) {
        out.statements.push_back(sql);
        conn.exec(sql);
    };
    for (std::size_t s = 0; s + 2 < statements.size(); ++s) exec(statements[s]);
    for (std::size_t i = 0; i < p.qis.size(); ++i) {
        const std::string h = hierarchyTableName(i);
        exec("CREATE TEMPORARY TABLE " + h +
             " (ldiv_v text PRIMARY KEY, ldiv_g text NOT NULL) "
             "ON COMMIT DROP");
        std::vector<std::vector<std::string>> rows;
        rows.reserve(p.hierarchies[i].size());
        for (const auto& [value, generalized] : p.hierarchies[i])
            rows.push_back({value, generalized});
        upload(conn, h, 2, rows);
        exec("ANALYZE pg_temp." + h);
    }
    if (!p.suppressed.empty()) {
        std::string defs;
        for (std::size_t i = 0; i < p.qis.size(); ++i)
            defs += (defs.empty() ? "" : ", ") + qiColumn(i) + " text NOT NULL";
        exec("CREATE TEMPORARY TABLE " + std::string(kSuppressedTable) + " (" + defs +
             ") ON COMMIT DROP");
        upload(conn, kSuppressedTable, p.qis.size(), p.suppressed);
        exec("ANALYZE pg_temp." + std::string(kSuppressedTable));
    }
    std::string list;
    for (const std::string& c : p.published)
        list += (list.empty() ? "" : ", ") + conn.identifier(c);
    // One statement writes the table; its count comes back through the CTE.
    const std::string insert = "WITH ldiv_written AS (INSERT INTO " + rel + " (" + list + ") " +
                               inDatabaseSelect(source, p, conn) +
                               " RETURNING 1) SELECT count(*) FROM ldiv_written";
    out.statements.push_back(insert);
    out.rows = std::stoull(conn.scalar(insert));
    // The groups were read in another transaction: a table changed in between would publish
    // rows nobody judged. The connection closes with the transaction open: rolled back.
    if (out.rows != expectedRows)
        throw InputError(source.display, 0, 0,
                         "the table changed while ldiv published it: " + std::to_string(out.rows) +
                             " rows to write, " + std::to_string(expectedRows) +
                             " judged; nothing was written, run it again");
    exec(statements.back());
    return out;
}

}  // namespace ldv::pg
