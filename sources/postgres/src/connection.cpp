#include "connection.h"

#include <cstdlib>
#include <mutex>
#include <vector>

#include "ldiv/data/error.h"

namespace ldv::pg::detail {
namespace {
std::string trimmed(std::string s) {
    while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.pop_back();
    return s;
}
}  // namespace

namespace {
std::mutex& passwordMutex() {
    static std::mutex m;
    return m;
}
std::string& sessionPassword() {
    static std::string password;
    return password;
}
}  // namespace

void setSessionPasswordImpl(const std::string& password) {
    const std::lock_guard<std::mutex> lock(passwordMutex());
    sessionPassword() = password;
}

Connection::Connection(const Location& location) : m_name(location.display) {
    // The URI is expanded in place of "dbname"; keywords before it are defaults the URI may
    // override (a host that does not answer gives up after 10 s unless PGCONNECT_TIMEOUT or
    // the URI says otherwise), keywords after it override the URI (a password typed in the
    // workbench for this session: kept in memory only, never in a URI or a file).
    std::vector<const char*> keys, values;
    const bool timeoutSet = std::getenv("PGCONNECT_TIMEOUT") != nullptr;
    if (!timeoutSet) {
        keys.push_back("connect_timeout");
        values.push_back("10");
    }
    keys.push_back("dbname");
    values.push_back(location.conninfo.c_str());
    std::string password;
    {
        const std::lock_guard<std::mutex> lock(passwordMutex());
        password = sessionPassword();
    }
    if (!password.empty()) {
        keys.push_back("password");
        values.push_back(password.c_str());
    }
    keys.push_back(nullptr);
    values.push_back(nullptr);
    m_conn = PQconnectdbParams(keys.data(), values.data(), 1);
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
    // libpq's words for a server that wants a password nobody gave.
    if (message.find("no password supplied") != std::string::npos)
        message = trimmed(message) +
                  " (the server asks for a password: set PGPASSWORD or ~/.pgpass, or type it "
                  "in the workbench's connection dialog)";
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

std::vector<std::vector<std::string>> Connection::query(const std::string& sql) {
    Result r(PQexec(m_conn, sql.c_str()));
    if (PQresultStatus(r.get()) != PGRES_TUPLES_OK) fail("query failed", r.get());
    std::vector<std::vector<std::string>> rows(std::size_t(PQntuples(r.get())));
    for (std::size_t i = 0; i < rows.size(); ++i)
        for (int c = 0; c < PQnfields(r.get()); ++c)
            rows[i].emplace_back(PQgetvalue(r.get(), int(i), c));
    return rows;
}

std::string Connection::scalar(const std::string& sql, const std::string& parameter) {
    const char* values[] = {parameter.c_str()};
    Result r(PQexecParams(m_conn, sql.c_str(), 1, nullptr, values, nullptr, nullptr, 0));
    if (PQresultStatus(r.get()) != PGRES_TUPLES_OK) fail("statement failed", r.get());
    if (PQntuples(r.get()) == 0 || PQgetisnull(r.get(), 0, 0)) return {};
    return PQgetvalue(r.get(), 0, 0);
}

}  // namespace ldv::pg::detail
