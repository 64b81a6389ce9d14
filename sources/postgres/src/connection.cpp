#include "connection.h"

#include "ldiv/error.h"

namespace ldv::pg::detail {
namespace {
std::string trimmed(std::string s) {
    while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.pop_back();
    return s;
}
}  // namespace

Connection::Connection(const Location& location) : m_name(location.display) {
    m_conn = PQconnectdb(location.conninfo.c_str());
    // A constructor that throws runs no destructor: the failed connection is finished here.
    try {
        if (!m_conn || PQstatus(m_conn) != CONNECTION_OK) fail("cannot connect");
        // Values are exchanged as UTF-8 text whatever the server's or the locale's encoding.
        if (PQsetClientEncoding(m_conn, "UTF8") != 0)
            fail("cannot set the client encoding to UTF8");
    } catch (...) {
        if (m_conn) PQfinish(m_conn);
        m_conn = nullptr;
        throw;
    }
}

Connection::~Connection() {
    if (m_conn) PQfinish(m_conn);
}

void Connection::fail(const std::string& what, const PGresult* result) const {
    std::string message;
    if (result) message = PQresultErrorMessage(result);
    if (message.empty() && m_conn) message = PQerrorMessage(m_conn);
    if (message.empty()) message = "out of memory";
    throw InputError(m_name, 0, 0, what + ": " + trimmed(message));
}

void Connection::exec(const std::string& sql) {
    Result r(PQexec(m_conn, sql.c_str()));
    const auto status = PQresultStatus(r.get());
    if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) fail("statement failed", r.get());
}

Result Connection::describe(const std::string& sql) {
    Result prepared(PQprepare(m_conn, "", sql.c_str(), 0, nullptr));
    if (PQresultStatus(prepared.get()) != PGRES_COMMAND_OK)
        fail("cannot read the table's columns", prepared.get());
    Result d(PQdescribePrepared(m_conn, ""));
    if (PQresultStatus(d.get()) != PGRES_COMMAND_OK)
        fail("cannot read the table's columns", d.get());
    return d;
}

void Connection::copyOut(const std::string& sql,
                         const std::function<void(std::string_view)>& sink) {
    Result r(PQexec(m_conn, sql.c_str()));
    if (PQresultStatus(r.get()) != PGRES_COPY_OUT) fail("query failed", r.get());
    for (;;) {
        char* buffer = nullptr;
        const int n = PQgetCopyData(m_conn, &buffer, 0);
        if (n > 0) {
            try {
                sink(std::string_view(buffer, std::size_t(n)));
            } catch (...) {
                PQfreemem(buffer);
                throw;
            }
            PQfreemem(buffer);
            continue;
        }
        if (n == -2) fail("reading the query's rows failed");
        break;
    }
    Result end(PQgetResult(m_conn));
    if (PQresultStatus(end.get()) != PGRES_COMMAND_OK) fail("query failed", end.get());
    while (PGresult* more = PQgetResult(m_conn)) PQclear(more);
}

void Connection::copyIn(
    const std::string& sql,
    const std::function<void(const std::function<void(std::string_view)>&)>& produce) {
    Result r(PQexec(m_conn, sql.c_str()));
    if (PQresultStatus(r.get()) != PGRES_COPY_IN) fail("COPY failed", r.get());
    bool serverFailed = false;
    produce([&](std::string_view chunk) {
        if (serverFailed) return;
        // -1: the server ended the COPY (e.g. it refused a row); the reason comes with the result.
        if (PQputCopyData(m_conn, chunk.data(), int(chunk.size())) != 1) serverFailed = true;
    });
    if (PQputCopyEnd(m_conn, nullptr) != 1 && !serverFailed) fail("COPY failed");
    Result end(PQgetResult(m_conn));
    if (PQresultStatus(end.get()) != PGRES_COMMAND_OK) fail("COPY failed", end.get());
    while (PGresult* more = PQgetResult(m_conn)) PQclear(more);
}

std::string Connection::scalar(const std::string& sql, const std::string& parameter) {
    const char* values[] = {parameter.c_str()};
    Result r(PQexecParams(m_conn, sql.c_str(), 1, nullptr, values, nullptr, nullptr, 0));
    if (PQresultStatus(r.get()) != PGRES_TUPLES_OK) fail("statement failed", r.get());
    if (PQntuples(r.get()) == 0 || PQgetisnull(r.get(), 0, 0)) return {};
    return PQgetvalue(r.get(), 0, 0);
}

}  // namespace ldv::pg::detail
