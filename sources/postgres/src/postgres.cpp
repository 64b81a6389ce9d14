// PostgreSQL behind ldiv's TableSource interface: the catalog gives columns and types, the
// server computes the base groups (GROUP BY), and rows are only fetched — streamed through
// COPY — for analyses that need them. Publishing writes with COPY in one transaction.
#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <sstream>

#include "connection.h"
#include "ldiv/data/error.h"
#include "ldiv/data/feedback.h"
#include "ldiv/io/csv_group_reader.h"
#include "ldiv/io/table_digest.h"
#include "ldiv/postgres.h"
#include "ldiv/postgres_table_hash.h"

namespace ldv::pg {
namespace {

using detail::Connection;

double msSince(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
        .count();
}

// COPY hands over one row per chunk; rows are parsed in batches of about this many bytes.
constexpr std::size_t kRowBatchBytes = std::size_t(1) << 20;

class PostgresSource : public TableSource {
public:
    explicit PostgresSource(const std::string& uri)
        : m_location(parseLocation(uri)), m_conn(m_location) {}

    std::string name() const override { return m_location.display; }

    std::vector<SourceColumn> columns() override {
        if (!m_columns.empty()) return m_columns;
        const std::string sql = describeStatement(m_location, m_conn);
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
        // sql_ms includes the catalog look-ups that choose the statement's shape.
        const auto start = std::chrono::steady_clock::now();
        const std::string sql = groupingStatement(wanted, allNames, options);
        m_statements.push_back(sql);
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
        // For progress only: the planner's estimate of the table's rows (none for a query).
        double estimate = -1;
        if (!m_location.table.empty()) {
            const std::string e =
                m_conn.scalar(kRowEstimateStatement, quoteQualified(tableName(m_location), m_conn));
            if (!e.empty()) estimate = std::strtod(e.c_str(), nullptr);
        }
        const std::string sql = rowsStatement(m_location, m_conn);
        m_statements.push_back(sql);
        const auto start = std::chrono::steady_clock::now();
        CsvOptions read = options;
        read.separator = ',';
        read.header = true;
        read.trim = false;
        read.inferTypes = false;
        // COPY streams the rows; each batch is parsed into the table as it arrives, so the
        // text of the whole table is never held (only the dictionary-encoded columns).
        CsvTableReader reader(name(), ',', read);
        std::string batch;
        auto flush = [&] {
            reader.feed(batch);
            batch.clear();
            if (!feedback) return;
            feedback->checkCancelled();
            if (estimate > 0)
                feedback->setProgress(std::min(0.99, double(reader.rowsRead()) / estimate));
        };
        m_conn.copyOut(sql, [&](std::string_view chunk) {
            batch.append(chunk);
            if (batch.size() >= kRowBatchBytes) flush();
        });
        flush();
        CsvReport csv;
        Table t = reader.finish(&csv);
        setTypes(t, all);
        report.kind = "postgresql";
        report.rows = t.rowCount();
        report.groups = t.rowCount();
        report.queryMs = msSince(start);
        report.statements = m_statements;
        if (feedback) feedback->setProgress(1.0);
        return t;
    }

private:
    // The plain GROUP BY, unless the table is partitioned on a key the columns do not cover
    // and has foreign partitions: then one GROUP BY per partition, so that each shard still
    // aggregates its own rows (PostgreSQL 15 would ship the rows to the coordinator;
    // docs/database.md, "Cluster").
    std::string groupingStatement(const std::vector<std::string>& wanted,
                                  const std::vector<std::string>& allNames,
                                  const CsvOptions& options) {
        if (!m_location.table.empty()) {
            const std::string rel = quoteQualified(tableName(m_location), m_conn);
            std::vector<std::string> key;
            for (const auto& row : m_conn.query(kPartitionKeyStatement, rel)) key.push_back(row[0]);
            if (!coversPartitionKey(wanted, key)) {
                // Only foreign partitions need it: over local ones the server's own partial
                // aggregation (and its parallel workers) is as good.
                std::vector<QualifiedName> parts;
                bool foreign = false;
                for (const auto& row : m_conn.query(kLeafPartitionsStatement, rel)) {
                    parts.push_back({row[0], row[1]});
                    foreign = foreign || row[2] == "f";
                }
                if (foreign)
                    return partitionGroupStatement(parts, wanted, allNames, options, m_conn);
            }
        }
        return groupStatement(m_location, wanted, allNames, options, m_conn);
    }

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
    Connection conn(target, detail::Access::ReadWrite);
    const QualifiedName name = detail::resolvedTableName(conn, target);
    const std::vector<std::string> statements =
        publishStatements(name, table.columnNames(), options.replace, conn);
    const std::string rel = quoteQualified(name, conn);
    if (!options.replace && !conn.scalar("SELECT to_regclass($1)::text", rel).empty())
        throw ParameterError("table " + rel + " already exists at " + target.display +
                             "; give --replace to overwrite it");
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
                        // COPY reads a line "\." as the end of the data, in CSV too: the one
                        // value of a one-column row goes quoted, or the rows after it are lost.
                        if (fields.size() == 1 && fields[0] == "\\.")
                            batch << "\"\\.\"\n";
                        else
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

std::string explainStatements(const std::string& uri, const std::vector<std::string>& statements) {
    const Location location = parseLocation(uri);
    Connection conn(location);
    std::string out;
    for (const std::string& statement : statements) {
        const std::string select = copiedQuery(statement);
        if (select.empty()) continue;
        out += "-- " + statement + "\n";
        for (const auto& row : conn.query("EXPLAIN (VERBOSE) " + select)) out += row[0] + "\n";
    }
    return out;
}

void registerPostgres() {
    detail::holdEnvironmentPassword();
    for (const char* scheme : {"postgresql", "postgres"}) {
        registerTableSource(scheme, [](const std::string& uri) -> std::unique_ptr<TableSource> {
            return std::make_unique<PostgresSource>(uri);
        });
        registerTableWriter(scheme, publish);
        registerTableDigest(scheme,
                            [](const std::string& uri) { return exportCanonicalTable(uri); });
    }
}

std::string serverOf(const std::string& uri) {
    return detail::serverOfConninfo(parseLocation(uri).conninfo);
}

bool awaitsConfirmation(const std::string& uri) {
    try {
        return detail::withholdsPassword(serverOf(uri));
    } catch (const std::exception&) {
        return false;  // malformed: the load reports it
    }
}

void confirmServer(const std::string& uriOrServer) {
    if (uriOrServer.find("://") != std::string::npos) {
        detail::confirmServerImpl(serverOf(uriOrServer));
        return;
    }
    // HOST[:PORT], or [IPV6]:PORT; the port defaults as libpq's does.
    std::string host = uriOrServer, port;
    if (!host.empty() && host.front() == '[') {
        const auto close = host.find(']');
        if (close != std::string::npos && close + 1 < host.size() && host[close + 1] == ':')
            port = host.substr(close + 2);
        host = close == std::string::npos ? std::string() : host.substr(0, close + 1);
    } else if (std::count(host.begin(), host.end(), ':') == 1) {
        port = host.substr(host.find(':') + 1);
        host = host.substr(0, host.find(':'));
        if (port.empty()) host.clear();
    }
    if (port.empty()) port = "5432";
    if (host.empty() || port.find_first_not_of("0123456789") != std::string::npos)
        throw ParameterError("invalid --confirm-server '" + uriOrServer +
                             "': expected HOST or HOST:PORT");
    detail::confirmServerImpl(detail::serverOfConninfo("postgresql://" + host + ":" + port + "/"));
}

}  // namespace ldv::pg
