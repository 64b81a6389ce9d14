#include "connection.h"
#include <atomic>

#include <cctype>
#include <cstdlib>
#include <mutex>
#include <set>
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

// Where passwords may go. PGPASSWORD is taken out of the environment at start-up, because
// libpq would otherwise send it to any server a URI names, a crafted project file's
// included; it goes only to servers the user named (confirmServer). A password typed in the
// workbench goes only to the server it was typed for.
struct Passwords {
    std::mutex mutex;
    std::string environment;
    std::set<std::string> confirmed;
    std::string sessionServer;
    std::string session;
};
Passwords& passwords() {
    static Passwords p;
    return p;
}

std::string lowered(std::string s) {
    for (char& c : s) c = char(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

}  // namespace

std::string serverOfConninfo(const std::string& conninfo) {
    char* error = nullptr;
    PQconninfoOption* options = PQconninfoParse(conninfo.c_str(), &error);
    if (error) PQfreemem(error);
    std::string host, port;
    if (options) {
        for (PQconninfoOption* o = options; o->keyword; ++o) {
            if (!o->val) continue;
            if (std::string(o->keyword) == "host") host = o->val;
            if (std::string(o->keyword) == "port") port = o->val;
        }
        PQconninfoFree(options);
    }
    // libpq's own fallbacks: PGHOST / PGPORT, then the local socket and 5432.
    if (host.empty())
        if (const char* h = std::getenv("PGHOST")) host = h;
    if (port.empty())
        if (const char* p = std::getenv("PGPORT")) port = p;
    if (port.empty()) port = "5432";
    return lowered(host) + ":" + port;
}

void setSessionPasswordImpl(const std::string& server, const std::string& password) {
    Passwords& p = passwords();
    const std::lock_guard<std::mutex> lock(p.mutex);
    p.sessionServer = password.empty() ? std::string() : server;
    p.session = password;
}

void holdEnvironmentPassword() {
    Passwords& p = passwords();
    const std::lock_guard<std::mutex> lock(p.mutex);
    if (const char* e = std::getenv("PGPASSWORD")) p.environment = e;
    unsetenv("PGPASSWORD");
}

void confirmServerImpl(const std::string& server) {
    Passwords& p = passwords();
    const std::lock_guard<std::mutex> lock(p.mutex);
    p.confirmed.insert(server);
}

bool withholdsPassword(const std::string& server) {
    Passwords& p = passwords();
    const std::lock_guard<std::mutex> lock(p.mutex);
    if (p.environment.empty() || p.confirmed.count(server)) return false;
    return p.session.empty() || p.sessionServer != server;
}

Connection::Connection(const Location& location, Access access) : m_name(location.display) {
    // The URI is expanded in place of "dbname"; keywords before it are defaults the URI may
    // override (a host that does not answer gives up after 10 s unless PGCONNECT_TIMEOUT or
    // the URI says otherwise), keywords after it override the URI (a password: kept in
    // memory only, never in a URI or a file, and only for a server the user named).
    std::vector<const char*> keys, values;
    const bool timeoutSet = std::getenv("PGCONNECT_TIMEOUT") != nullptr;
    if (!timeoutSet) {
        keys.push_back("connect_timeout");
        values.push_back("10");
    }
    keys.push_back("dbname");
    values.push_back(location.conninfo.c_str());
    m_server = serverOfConninfo(location.conninfo);
    std::string password;
    {
        Passwords& p = passwords();
        const std::lock_guard<std::mutex> lock(p.mutex);
        if (!p.session.empty() && p.sessionServer == m_server)
            password = p.session;
        else if (p.confirmed.count(m_server))
            password = p.environment;
        m_passwordWithheld = password.empty() && !p.environment.empty();
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
        // A reader changes nothing: the whole session is one READ ONLY transaction, in
        // which the server refuses writes, sequence changes and DDL, whatever a ?query=
        // calls. It ends (rolled back) when the connection closes.
        if (access == Access::ReadOnly) exec("BEGIN TRANSACTION READ ONLY");
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
        message =
            trimmed(message) +
            (m_passwordWithheld
                 ? " (the server " + m_server +
                       " asks for a password; PGPASSWORD goes only to a server you name "
                       "yourself, and this one comes from a file: give its URI on the "
                       "command line or confirm it with --confirm-server " +
                       m_server +
                       " (in the workbench: answer Yes when it asks), or put the password "
                       "in ~/.pgpass, which names its host)"
                 : std::string(" (the server asks for a password: set PGPASSWORD or "
                               "~/.pgpass, or type it in the workbench's connection dialog)"));
    throw InputError(m_name, 0, 0, what + ": " + trimmed(message));
}

namespace {
// Rows (COPY hands over one per chunk) received by every COPY … TO STDOUT of this process.
std::atomic<std::uint64_t> copiedOut{0};

// One statement per call: the extended protocol refuses "a; b" where PQexec would run both.
PGresult* run(PGconn* conn, const std::string& sql) {
    return PQexecParams(conn, sql.c_str(), 0, nullptr, nullptr, nullptr, nullptr, 0);
}
}  // namespace

void Connection::exec(const std::string& sql) {
    Result r(run(m_conn, sql));
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
    Result r(run(m_conn, sql));
    if (PQresultStatus(r.get()) != PGRES_COPY_OUT) fail("query failed", r.get());
    for (;;) {
        char* buffer = nullptr;
        const int n = PQgetCopyData(m_conn, &buffer, 0);
        if (n > 0) {
            copiedOut.fetch_add(1, std::memory_order_relaxed);
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
    Result r(run(m_conn, sql));
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

namespace {
std::vector<std::vector<std::string>> rowsOf(const PGresult* r) {
    std::vector<std::vector<std::string>> rows(std::size_t(PQntuples(r)));
    for (std::size_t i = 0; i < rows.size(); ++i)
        for (int c = 0; c < PQnfields(r); ++c) rows[i].emplace_back(PQgetvalue(r, int(i), c));
    return rows;
}
}  // namespace

std::vector<std::vector<std::string>> Connection::query(const std::string& sql,
                                                        const std::string& parameter) {
    const char* values[] = {parameter.c_str()};
    Result r(PQexecParams(m_conn, sql.c_str(), 1, nullptr, values, nullptr, nullptr, 0));
    if (PQresultStatus(r.get()) != PGRES_TUPLES_OK) fail("query failed", r.get());
    return rowsOf(r.get());
}

std::vector<std::vector<std::string>> Connection::query(const std::string& sql) {
    Result r(run(m_conn, sql));
    if (PQresultStatus(r.get()) != PGRES_TUPLES_OK) fail("query failed", r.get());
    return rowsOf(r.get());
}

std::string Connection::scalar(const std::string& sql, const std::string& parameter) {
    const char* values[] = {parameter.c_str()};
    Result r(PQexecParams(m_conn, sql.c_str(), 1, nullptr, values, nullptr, nullptr, 0));
    if (PQresultStatus(r.get()) != PGRES_TUPLES_OK) fail("statement failed", r.get());
    if (PQntuples(r.get()) == 0 || PQgetisnull(r.get(), 0, 0)) return {};
    return PQgetvalue(r.get(), 0, 0);
}

std::string Connection::scalar(const std::string& sql) {
    Result r(run(m_conn, sql));
    if (PQresultStatus(r.get()) != PGRES_TUPLES_OK) fail("statement failed", r.get());
    if (PQntuples(r.get()) == 0 || PQgetisnull(r.get(), 0, 0)) return {};
    return PQgetvalue(r.get(), 0, 0);
}

namespace {
std::string escaped(char* text) {
    std::string out(text);
    PQfreemem(text);
    return out;
}
}  // namespace

std::string Connection::identifier(const std::string& name) const {
    char* text = PQescapeIdentifier(m_conn, name.data(), name.size());
    if (!text) fail("cannot quote the name '" + name + "'");
    return escaped(text);
}

std::string Connection::literal(const std::string& value) const {
    char* text = PQescapeLiteral(m_conn, value.data(), value.size());
    if (!text) fail("cannot quote the value '" + value + "'");
    return escaped(text);
}

std::uint64_t copiedOutRows() {
    return copiedOut.load(std::memory_order_relaxed);
}

QualifiedName resolvedTableName(Connection& conn, const Location& target) {
    QualifiedName name = tableName(target);
    if (name.schema.empty()) {
        name.schema = conn.scalar("SELECT current_schema()");
        if (name.schema.empty())
            throw InputError(target.display, 0, 0,
                             "no schema to create " + name.name +
                                 " in: the search_path names no existing schema; give "
                                 "?table=SCHEMA.NAME");
    }
    return name;
}

}  // namespace ldv::pg::detail
