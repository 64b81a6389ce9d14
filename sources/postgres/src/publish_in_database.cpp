// Publishing inside the database (postgres_publish.h): the generalization and the suppression
// are one join with an uploaded map of the QI combinations, and the rows never leave the
// server.
#include <sstream>

#include "connection.h"
#include "ldiv/data/error.h"
#include "ldiv/postgres_publish.h"
#include "missing_filter.h"

namespace ldv::pg {
namespace {

using detail::Connection;

std::string mapColumn(const char* kind, std::size_t i) {
    return std::string("ldiv_") + kind + std::to_string(i);
}

}  // namespace

std::string inDatabaseSelect(const Location& source, const InDatabasePublication& p,
                             const Quoter& q) {
    // The filter runs on the bare relation, in a subquery, so that its unqualified column
    // names cannot meet the map's columns.
    const std::string from = "(SELECT * FROM " + relation(source, q) +
                             detail::missingFilter(p.sourceColumns, p.options, q) + ") AS ldiv_src";
    bool suppressing = false;
    for (const auto& c : p.combinations) suppressing = suppressing || c.suppressed;
    // One join, on every QI at once: the map has one row per combination, so each source row
    // finds exactly one.
    std::string on;
    for (std::size_t i = 0; i < p.qis.size(); ++i)
        on += std::string(on.empty() ? "" : " AND ") + "ldiv_m." + mapColumn("v", i) +
              " = coalesce(ldiv_src." + q.identifier(p.qis[i]) + "::text, '')";
    std::string list;
    for (const std::string& c : p.published) {
        std::string value = "ldiv_src." + q.identifier(c) + "::text";
        for (std::size_t i = 0; i < p.qis.size(); ++i) {
            if (p.qis[i] != c) continue;
            value = "ldiv_m." + mapColumn("g", i);
            if (suppressing && p.mask)
                value = "CASE WHEN ldiv_m.ldiv_suppressed THEN " + q.literal(p.maskToken) +
                        " ELSE " + value + " END";
        }
        // An empty value is NULL in the table, as the COPY path writes it.
        list += (list.empty() ? "" : ", ") + ("nullif(" + value + ", '') AS " + q.identifier(c));
    }
    std::string where;
    if (suppressing && !p.mask) where = " WHERE NOT ldiv_m.ldiv_suppressed";
    return "SELECT " + list + " FROM " + from + " JOIN pg_temp." + kMapTable + " AS ldiv_m ON " +
           on + where;
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
    Connection conn(target, detail::Access::ReadWrite);
    InDatabaseResult out;
    const QualifiedName name = detail::resolvedTableName(conn, target);
    // BEGIN, [DROP], CREATE …, (COPY: replaced by the map and CREATE TABLE … AS SELECT), COMMIT.
    const std::vector<std::string> statements = publishStatements(name, p.published, replace, conn);
    const std::string rel = quoteQualified(name, conn);
    if (!replace && !conn.scalar("SELECT to_regclass($1)::text", rel).empty())
        throw ParameterError("table " + rel + " already exists at " + target.display +
                             "; give --replace to overwrite it");
    const auto exec = [&](const std::string& sql) {
        out.statements.push_back(sql);
        conn.exec(sql);
    };
    // BEGIN and DROP as they are; the CREATE TABLE becomes CREATE TABLE … AS below.
    for (std::size_t s = 0; s + 3 < statements.size(); ++s) exec(statements[s]);
    // The join is an equality with a small uploaded table, which a hash join serves in one
    // pass over the source. The planner cannot estimate a join on coalesce(…::text, '') and
    // picked nested loops that rescan the map per row (with one map per QI, as first written:
    // 2.1 s on Adult instead of 0.5). For this transaction only.
    exec("SET LOCAL enable_nestloop = off");
    exec("SET LOCAL enable_mergejoin = off");
    std::string defs, names;
    for (const char* kind : {"v", "g"})
        for (std::size_t i = 0; i < p.qis.size(); ++i) {
            defs += mapColumn(kind, i) + " text NOT NULL, ";
            names += (names.empty() ? "" : ", ") + mapColumn(kind, i);
        }
    exec("CREATE TEMPORARY TABLE " + std::string(kMapTable) + " (" + defs +
         "ldiv_suppressed boolean NOT NULL) ON COMMIT DROP");
    // CSV; FORCE_NOT_NULL reads an empty field as '' (a missing value is the value "", never
    // NULL, so that the join on coalesce(…, '') finds it). The values never enter SQL text.
    const std::string copy = "COPY pg_temp." + std::string(kMapTable) +
                             " FROM STDIN WITH (FORMAT csv, FORCE_NOT_NULL (" + names + "))";
    out.statements.push_back(copy);
    conn.copyIn(copy, [&](const std::function<void(std::string_view)>& put) {
        std::ostringstream batch;
        std::vector<std::string> fields;
        for (const auto& c : p.combinations) {
            if (c.values.size() != p.qis.size() || c.generalized.size() != p.qis.size())
                throw ParameterError("internal: a combination has one value per QI");
            fields = c.values;
            fields.insert(fields.end(), c.generalized.begin(), c.generalized.end());
            fields.push_back(c.suppressed ? "t" : "f");
            writeCsvRecord(batch, fields, ',');
            if (batch.tellp() > (1 << 20)) {
                put(batch.str());
                batch.str({});
            }
        }
        put(batch.str());
    });
    exec("ANALYZE pg_temp." + std::string(kMapTable));
    // One statement writes the table. CREATE TABLE … AS rather than INSERT … SELECT into the
    // created table: it inserts in bulk (INSERT … RETURNING, first written, took 10.4 s
    // against 4.8 s for the fetch-and-COPY path on 1 M rows). Its columns are the SELECT's,
    // text and named as the source's. The count is a scan of the new table.
    const std::string create = "CREATE TABLE " + rel + " AS " + inDatabaseSelect(source, p, conn);
    exec(create);
    const std::string count = "SELECT count(*) FROM " + rel;
    out.statements.push_back(count);
    out.rows = std::stoull(conn.scalar(count));
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
