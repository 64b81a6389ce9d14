#pragma once
// A libpq connection that turns every failure into an InputError naming the URI and
// carrying the server's own message (connection refused, password authentication failed,
// permission denied for table …, relation … does not exist).
#include <libpq-fe.h>

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "ldiv/postgres.h"

namespace ldv::pg::detail {

struct ResultDeleter {
    void operator()(PGresult* r) const { PQclear(r); }
};
using Result = std::unique_ptr<PGresult, ResultDeleter>;

/// A password typed for one server ("HOST:PORT", serverOf()) in this process only.
void setSessionPasswordImpl(const std::string& server, const std::string& password);
/// PGPASSWORD, taken out of the environment at start-up (registerPostgres) so that libpq
/// never sends it by itself; confirmServer() names where it may go.
void holdEnvironmentPassword();
void confirmServerImpl(const std::string& server);
/// PGPASSWORD is held and `server` is neither confirmed nor the session password's.
bool withholdsPassword(const std::string& server);
/// "host:port" as libpq resolves a conninfo (PGHOST/PGPORT, then the socket and 5432).
std::string serverOfConninfo(const std::string& conninfo);
/// Rows received by every COPY … TO STDOUT of this process (pg::copiedOutRows).
std::uint64_t copiedOutRows();

/// Read-only connections run everything in one READ ONLY transaction, so that a ?query= (or
/// a function it calls) cannot change the database; publications write.
enum class Access { ReadOnly, ReadWrite };

/// Every statement goes through the extended query protocol (PQexecParams), which runs one
/// statement per call: text that smuggles a second statement in is refused by the server.
class Connection : public Quoter {
public:
    explicit Connection(const Location& location, Access access = Access::ReadOnly);
    ~Connection();
    Connection(const Connection&) = delete;
    Connection& operator=(const Connection&) = delete;

    /// Runs a statement that returns no rows (or rows nobody reads).
    void exec(const std::string& sql);
    /// Prepares `sql` and describes its result columns (name, type OID), without running it.
    Result describe(const std::string& sql);
    /// Runs COPY … TO STDOUT, handing each chunk of CSV to `sink`.
    void copyOut(const std::string& sql, const std::function<void(std::string_view)>& sink);
    /// Runs COPY … FROM STDIN; `produce` calls `put` with CSV text until it returns.
    void copyIn(const std::string& sql,
                const std::function<void(const std::function<void(std::string_view)>&)>& produce);
    /// Runs a query and returns its rows as text (NULL as ""); for small catalog lookups.
    std::vector<std::vector<std::string>> query(const std::string& sql);
    /// Runs a one-parameter query and returns its rows as text (NULL as "").
    std::vector<std::vector<std::string>> query(const std::string& sql,
                                                const std::string& parameter);
    /// Runs a one-parameter query and returns its first value (empty for NULL).
    std::string scalar(const std::string& sql, const std::string& parameter);
    /// Runs a query without parameters and returns its first value (empty for NULL).
    std::string scalar(const std::string& sql);

    /// PQescapeIdentifier / PQescapeLiteral on this connection.
    std::string identifier(const std::string& name) const override;
    std::string literal(const std::string& value) const override;

    [[noreturn]] void fail(const std::string& what, const PGresult* result = nullptr) const;

private:
    PGconn* m_conn = nullptr;
    std::string m_name;
    std::string m_server;
    bool m_passwordWithheld = false;  ///< PGPASSWORD is set, but this server is unconfirmed
};

/// The table `target` names, its schema resolved on `conn` before anything runs: CREATE TABLE
/// puts an unqualified name in current_schema(), while DROP TABLE would find the first table
/// of that name anywhere on the search_path ("$user", public), so both must name the same one.
/// InputError when the search_path names no existing schema.
QualifiedName resolvedTableName(Connection& conn, const Location& target);

}  // namespace ldv::pg::detail
