#include "ldiv/postgres_table_hash.h"

#include "connection.h"
#include "ldiv/crypto/digest.h"
#include "ldiv/data/error.h"

namespace ldv::pg {

std::string canonicalExportStatement(const QualifiedName& table,
                                     const std::vector<std::string>& columns, const Quoter& q) {
    // ::text in the list as well as in the key: the printed value is the sorted one, so rows
    // with the same key print the same and the order of the output is total.
    std::string list, order;
    for (const std::string& c : columns) {
        const std::string name = q.identifier(c);
        list += (list.empty() ? "" : ", ") + name + "::text AS " + name;
        order += (order.empty() ? "" : ", ") + name + "::text COLLATE \"C\" NULLS FIRST";
    }
    return "COPY (SELECT " + list + " FROM " + quoteQualified(table, q) + " ORDER BY " + order +
           ") TO STDOUT WITH (FORMAT csv, HEADER true)";
}

std::string exportCanonicalTable(const std::string& uri,
                                 const std::function<void(std::string_view)>& sink) {
    // A table only: a record's ?query= would run whatever it says (read-only, but still).
    const Location location = parseLocation(uri, true);
    detail::Connection conn(location);  // one READ ONLY transaction
    for (const auto& [name, value] : kCanonicalSettings)
        conn.exec("SET " + conn.identifier(name) + " TO " + conn.literal(value));
    const QualifiedName table = tableName(location);
    const detail::Result d = conn.describe(describeStatement(location, conn));
    std::vector<std::string> columns;
    for (int i = 0; i < PQnfields(d.get()); ++i) columns.emplace_back(PQfname(d.get(), i));
    if (columns.empty()) throw InputError(location.display, 0, 0, "the table has no columns");
    Sha256 sha;
    conn.copyOut(canonicalExportStatement(table, columns, conn), [&](std::string_view chunk) {
        sha.update(chunk);
        if (sink) sink(chunk);
    });
    return sha.hex();
}

}  // namespace ldv::pg
