// PostgreSQL behind ldiv's TableSource interface: the catalog gives columns and types, the
// server computes the base groups (GROUP BY), and rows are only fetched — streamed through
// COPY — for analyses that need them. Publishing writes with COPY in one transaction.
#include <chrono>
#include <sstream>

#include "connection.h"
#include "ldiv/csv_groups.h"
#include "ldiv/error.h"
#include "ldiv/feedback.h"
#include "ldiv/postgres.h"

namespace ldv::pg {
namespace {

using detail::Connection;

// Type OIDs from PostgreSQL's catalog (pg_type.dat); stable across releases.
ColumnType columnTypeOf(Oid type) {
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

double msSince(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
        .count();
}

class PostgresSource : public TableSource {
public:
    explicit PostgresSource(const std::string& uri)
        : m_location(parseLocation(uri)), m_conn(m_location) {}

    std::string name() const override { return m_location.display; }

    std::vector<SourceColumn> columns() override {
        if (!m_columns.empty()) return m_columns;
        const std::string sql = describeStatement(m_location);
        m_statements.push_back(sql);
        const detail::Result d = m_conn.describe(sql);
        for (int i = 0; i < PQnfields(d.get()); ++i)
            m_columns.push_back({PQfname(d.get(), i), columnTypeOf(PQftype(d.get(), i))});
        if (m_columns.empty()) throw InputError(name(), 0, 0, "the table has no columns");
        return m_columns;
    }

    GroupedTable groups(const std::vector<std::string>& wanted, const CsvOptions& options,
                        SourceReport& report, Feedback* feedback) override {
        const std::vector<SourceColumn> all = columns();
        std::vector<std::string> allNames;
        for (const SourceColumn& c : all) allNames.push_back(c.name);
        for (const std::string& w : wanted)
            if (std::find(allNames.begin(), allNames.end(), w) == allNames.end())
                missingColumn(w, all);
        const std::string sql = groupStatement(m_location, wanted, allNames, options);
        m_statements.push_back(sql);
        const auto start = std::chrono::steady_clock::now();
        // The server already dropped rows with missing values; NULL arrives as an unquoted
        // empty field and counts as missing when "" is a missing token, as in a CSV.
        CsvOptions read = options;
        read.missing = MissingPolicy::Keep;
        read.trim = false;
        read.inferTypes = false;
        CsvGroupReader reader(name(), ',', read, wanted, kCountColumn);
        m_conn.copyOut(sql, [&](std::string_view chunk) {
            reader.feed(chunk);
            if (feedback) feedback->checkCancelled();
        });
        GroupedTable out = reader.finish();
        setTypes(out.table, all);
        report.kind = "postgresql";
        report.rows = out.rows;
        report.groups = out.counts.size();
        report.queryMs = msSince(start);
        report.statements = m_statements;
        return out;
    }

    Table rows(const CsvOptions& options, SourceReport& report, Feedback* feedback) override {
        const std::vector<SourceColumn> all = columns();
        const std::string sql = rowsStatement(m_location);
        m_statements.push_back(sql);
        const auto start = std::chrono::steady_clock::now();
        std::string text;
        m_conn.copyOut(sql, [&](std::string_view chunk) {
            text.append(chunk);
            if (feedback) feedback->checkCancelled();
        });
        CsvOptions read = options;
        read.separator = ',';
        read.header = true;
        read.trim = false;
        read.inferTypes = false;
        Table t = parseCsv(text, name(), read);
        setTypes(t, all);
        report.kind = "postgresql";
        report.rows = t.rowCount();
        report.groups = t.rowCount();
        report.queryMs = msSince(start);
        report.statements = m_statements;
        return t;
    }

private:
    [[noreturn]] void missingColumn(const std::string& wanted,
                                    const std::vector<SourceColumn>& all) const {
        std::string list;
        for (const SourceColumn& c : all) list += (list.empty() ? "" : ", ") + c.name;
        throw InputError(name(), 0, 0, "no column '" + wanted + "'; columns are: " + list);
    }

    static void setTypes(Table& table, const std::vector<SourceColumn>& all) {
        for (const SourceColumn& c : all)
            if (const auto index = table.columnIndex(c.name)) table.column(*index).setType(c.type);
    }

    Location m_location;
    Connection m_conn;
    std::vector<SourceColumn> m_columns;
    std::vector<std::string> m_statements;
};

void publish(const std::string& uri, const Table& table, const TableWriteOptions& options) {
    const Location target = parseLocation(uri, true);
    Connection conn(target);
    const std::string rel = quoteQualified(target.table);
    if (!options.replace && !conn.scalar("SELECT to_regclass($1)::text", rel).empty())
        throw ParameterError("table " + rel + " already exists at " + uri +
                             "; give --replace to overwrite it");
    const std::vector<std::string> statements =
        publishStatements(target, table.columnNames(), options.replace);
    // BEGIN, [DROP], CREATE run as they are; COPY streams the rows; COMMIT only if all went
    // well. On any failure the connection closes with the transaction open, and the server
    // rolls it back: no table, or the old one untouched.
    for (std::size_t s = 0; s + 2 < statements.size(); ++s) conn.exec(statements[s]);
    conn.copyIn(statements[statements.size() - 2],
                [&](const std::function<void(std::string_view)>& put) {
                    std::ostringstream batch;
                    std::vector<std::string> fields(table.columnCount());
                    for (std::size_t r = 0; r < table.rowCount(); ++r) {
                        for (std::size_t c = 0; c < fields.size(); ++c)
                            fields[c] = table.value(r, c);
                        writeCsvRecord(batch, fields, ',');
                        if (batch.tellp() > (1 << 20)) {
                            put(batch.str());
                            batch.str({});
                        }
                    }
                    put(batch.str());
                });
    conn.exec(statements.back());
}

}  // namespace

void registerPostgres() {
    for (const char* scheme : {"postgresql", "postgres"}) {
        registerTableSource(scheme, [](const std::string& uri) -> std::unique_ptr<TableSource> {
            return std::make_unique<PostgresSource>(uri);
        });
        registerTableWriter(scheme, publish);
    }
}

}  // namespace ldv::pg
