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

void setSessionPasswordImpl(const std::string& password);

class Connection {
public:
    explicit Connection(const Location& location);
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
    /// Runs a one-parameter query and returns its first value (empty for NULL).
    std::string scalar(const std::string& sql, const std::string& parameter);

    [[noreturn]] void fail(const std::string& what, const PGresult* result = nullptr) const;

private:
    PGconn* m_conn = nullptr;
    std::string m_name;
};

}  // namespace ldv::pg::detail
