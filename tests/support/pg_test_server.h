#pragma once
// The throwaway PostgreSQL server of the tests/postgres suites (scripts/with-postgres.sh sets
// PGHOST, PGPORT, PGUSER, PGDATABASE and LDIV_PSQL): one psql runner and one URI builder for
// every suite, instead of a copy in each.
#include <QProcess>
#include <QString>
#include <QStringList>

#include "test_paths.h"

namespace ldv::test {

struct PsqlRun {
    bool ok = false;  ///< psql exited normally with status 0
    QString out;      ///< standard output, unaligned and tuples only (-A -t), untrimmed
};

/// Runs `sql` with psql (LDIV_PSQL, else the one on PATH), stopping at the first error; a
/// failure is logged with psql's message.
inline PsqlRun runPsql(const QString& sql, const QString& database = {}, int timeoutMs = 300000) {
    QProcess p;
    const QString bin = qEnvironmentVariable("LDIV_PSQL", QStringLiteral("psql"));
    QStringList args{"-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-c", sql};
    if (!database.isEmpty()) args << "-d" << database;
    p.start(bin, args);
    p.waitForFinished(timeoutMs);
    PsqlRun run;
    run.ok = p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
    if (!run.ok) qWarning("psql failed: %s", p.readAllStandardError().constData());
    run.out = QString::fromUtf8(p.readAllStandardOutput());
    return run;
}

/// postgresql://USER@PGHOST:PGPORT/DATABASE?PARAMS, the user and database the environment's
/// unless given.
inline QString pgUri(const QString& params, const QString& user = {},
                     const QString& database = {}) {
    return QString("postgresql://%1@%2:%3/%4?%5")
        .arg(user.isEmpty() ? qEnvironmentVariable("PGUSER") : user, qEnvironmentVariable("PGHOST"),
             qEnvironmentVariable("PGPORT"),
             database.isEmpty() ? qEnvironmentVariable("PGDATABASE") : database, params);
}

/// The suites' shorthands (`using namespace ldv::test::pgshort;`): an environment variable,
/// a bundled example's path, a URI of the server, psql's output.
namespace pgshort {
inline QString env(const char* name) {
    return qEnvironmentVariable(name);
}
inline QString ex(const char* path) {
    return QString::fromStdString(example(path));
}
inline QString uri(const QString& params, const QString& user = {}, const QString& database = {}) {
    return pgUri(params, user, database);
}
inline QString psql(const QString& sql) {
    return runPsql(sql).out;
}
}  // namespace pgshort

}  // namespace ldv::test
