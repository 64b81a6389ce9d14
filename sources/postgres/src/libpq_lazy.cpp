// libpq, loaded when a postgresql:// location is first used instead of when `ldiv` starts.
//
// Linked the usual way, libpq brings some twenty libraries (Kerberos, LDAP, GnuTLS, SASL…)
// that the dynamic loader maps and relocates at every start: ~3 ms of a command that takes
// 20 ms on Adult (an empty program linked with -lpq starts in 4.8–5.5 ms against 2.0 ms).
// So the functions of libpq this module calls are defined here, with the declarations of
// <libpq-fe.h> (the compiler checks the signatures), and each forwards to the function of
// libpq.so.5 found by dlopen/dlsym on its first call.
#include <dlfcn.h>
#include <libpq-fe.h>

#include <string>

#include "ldiv/data/error.h"

namespace {

constexpr const char* kLibrary = "libpq.so.5";

void* library() {
    static void* const handle = dlopen(kLibrary, RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        const char* why = dlerror();
        throw ldv::InputError(kLibrary, 0, 0,
                              std::string("PostgreSQL support needs libpq, which cannot be "
                                          "loaded (install the libpq5 package): ") +
                                  (why ? why : "not found"));
    }
    return handle;
}

template <class F>
F* symbol(const char* name) {
    void* address = dlsym(library(), name);
    if (!address)
        throw ldv::InputError(kLibrary, 0, 0,
                              std::string("libpq has no function ") + name +
                                  ": install a libpq5 of PostgreSQL 12 or later");
    return reinterpret_cast<F*>(address);
}

}  // namespace

// The function of libpq named `name`, resolved once.
#define LDIV_LIBPQ(name) static auto* const real = symbol<decltype(::name)>(#name)

// What frees or closes takes what libpq gave, so a null needs no library (and a destructor
// never throws for want of one).
extern "C" {

void PQfreemem(void* ptr) {
    if (!ptr) return;
    LDIV_LIBPQ(PQfreemem);
    real(ptr);
}
void PQconninfoFree(PQconninfoOption* connOptions) {
    if (!connOptions) return;
    LDIV_LIBPQ(PQconninfoFree);
    real(connOptions);
}
void PQclear(PGresult* res) {
    if (!res) return;
    LDIV_LIBPQ(PQclear);
    real(res);
}
void PQfinish(PGconn* conn) {
    if (!conn) return;
    LDIV_LIBPQ(PQfinish);
    real(conn);
}
PQconninfoOption* PQconninfoParse(const char* conninfo, char** errmsg) {
    LDIV_LIBPQ(PQconninfoParse);
    return real(conninfo, errmsg);
}
PGconn* PQconnectdbParams(const char* const* keywords, const char* const* values,
                          int expand_dbname) {
    LDIV_LIBPQ(PQconnectdbParams);
    return real(keywords, values, expand_dbname);
}
ConnStatusType PQstatus(const PGconn* conn) {
    LDIV_LIBPQ(PQstatus);
    return real(conn);
}
char* PQerrorMessage(const PGconn* conn) {
    LDIV_LIBPQ(PQerrorMessage);
    return real(conn);
}
int PQsetClientEncoding(PGconn* conn, const char* encoding) {
    LDIV_LIBPQ(PQsetClientEncoding);
    return real(conn, encoding);
}
PGresult* PQexec(PGconn* conn, const char* query) {
    LDIV_LIBPQ(PQexec);
    return real(conn, query);
}
PGresult* PQexecParams(PGconn* conn, const char* command, int nParams, const Oid* paramTypes,
                       const char* const* paramValues, const int* paramLengths,
                       const int* paramFormats, int resultFormat) {
    LDIV_LIBPQ(PQexecParams);
    return real(conn, command, nParams, paramTypes, paramValues, paramLengths, paramFormats,
                resultFormat);
}
PGresult* PQprepare(PGconn* conn, const char* stmtName, const char* query, int nParams,
                    const Oid* paramTypes) {
    LDIV_LIBPQ(PQprepare);
    return real(conn, stmtName, query, nParams, paramTypes);
}
PGresult* PQdescribePrepared(PGconn* conn, const char* stmt) {
    LDIV_LIBPQ(PQdescribePrepared);
    return real(conn, stmt);
}
PGresult* PQgetResult(PGconn* conn) {
    LDIV_LIBPQ(PQgetResult);
    return real(conn);
}
ExecStatusType PQresultStatus(const PGresult* res) {
    LDIV_LIBPQ(PQresultStatus);
    return real(res);
}
char* PQresultErrorMessage(const PGresult* res) {
    LDIV_LIBPQ(PQresultErrorMessage);
    return real(res);
}
int PQntuples(const PGresult* res) {
    LDIV_LIBPQ(PQntuples);
    return real(res);
}
int PQnfields(const PGresult* res) {
    LDIV_LIBPQ(PQnfields);
    return real(res);
}
char* PQfname(const PGresult* res, int field_num) {
    LDIV_LIBPQ(PQfname);
    return real(res, field_num);
}
Oid PQftype(const PGresult* res, int field_num) {
    LDIV_LIBPQ(PQftype);
    return real(res, field_num);
}
char* PQgetvalue(const PGresult* res, int tup_num, int field_num) {
    LDIV_LIBPQ(PQgetvalue);
    return real(res, tup_num, field_num);
}
int PQgetisnull(const PGresult* res, int tup_num, int field_num) {
    LDIV_LIBPQ(PQgetisnull);
    return real(res, tup_num, field_num);
}
int PQputCopyData(PGconn* conn, const char* buffer, int nbytes) {
    LDIV_LIBPQ(PQputCopyData);
    return real(conn, buffer, nbytes);
}
int PQputCopyEnd(PGconn* conn, const char* errormsg) {
    LDIV_LIBPQ(PQputCopyEnd);
    return real(conn, errormsg);
}
int PQgetCopyData(PGconn* conn, char** buffer, int async) {
    LDIV_LIBPQ(PQgetCopyData);
    return real(conn, buffer, async);
}

char* PQescapeLiteral(PGconn* conn, const char* str, size_t len) {
    LDIV_LIBPQ(PQescapeLiteral);
    return real(conn, str, len);
}
char* PQescapeIdentifier(PGconn* conn, const char* str, size_t len) {
    LDIV_LIBPQ(PQescapeIdentifier);
    return real(conn, str, len);
}

}  // extern "C"
