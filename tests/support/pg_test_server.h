#pragma once
// The throwaway PostgreSQL server of the tests/postgres suites (scripts/with-postgres.sh sets
// PGHOST, PGPORT, PGUSER, PGDATABASE and LDIV_PSQL): one psql runner and one URI builder for
// every suite, instead of a copy in each; the hand recomputation of a table's canonical hash
// and a table's rows as a sorted multiset, which the release suites compare with ldiv's.
#include <QProcess>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>
#include <algorithm>
#include <vector>

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

/// The hand recomputation docs/database.md ("Release records of a table") gives: psql builds
/// the canonical COPY statement of `table` from the catalog, psql runs it under the canonical
/// settings, sha256sum hashes its output. Empty when the table does not exist.
inline QString psqlSha256(const QString& table) {
    const QString statement =
        runPsql(QString("SELECT 'COPY (SELECT ' || string_agg(format('%I::text AS %I', attname, "
                        "attname), ', ' ORDER BY attnum) || ' FROM ' || '%1'::regclass::text || "
                        "' ORDER BY ' || string_agg(format('%I::text COLLATE \"C\" NULLS FIRST', "
                        "attname), ', ' ORDER BY attnum) || ') TO STDOUT WITH (FORMAT csv, HEADER "
                        "true)' FROM pg_attribute WHERE attrelid = '%1'::regclass AND attnum > 0 "
                        "AND NOT attisdropped")
                    .arg(table))
            .out.trimmed();
    if (!statement.startsWith("COPY")) return {};
    QProcess p;
    QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
    e.insert("PGOPTIONS",
             "-c DateStyle=ISO,YMD -c IntervalStyle=postgres -c TimeZone=UTC "
             "-c extra_float_digits=1 -c bytea_output=hex -c lc_monetary=C");
    e.insert("PGCLIENTENCODING", "UTF8");
    e.insert("STATEMENT", statement);
    p.setProcessEnvironment(e);
    p.start("bash", {"-c",
                     "set -o pipefail; \"${LDIV_PSQL:-psql}\" -X -c \"$STATEMENT\" | "
                     "sha256sum"});
    p.waitForFinished(300000);
    if (p.exitCode() != 0) qWarning("%s", p.readAllStandardError().constData());
    return QString::fromUtf8(p.readAllStandardOutput()).section(' ', 0, 0);
}

/// Rows as lists of their values, sorted: a table's compared with a file's as multisets.
using TableRows = std::vector<QStringList>;

/// The rows of `table` (NULL as ""), sorted. Values holding a newline are not supported.
inline TableRows tableRows(const QString& table) {
    TableRows rows;
    const QString out = runPsql(
                            "SELECT concat_ws(E'\\x1f', VARIADIC ARRAY(SELECT coalesce(v, '') FROM "
                            "json_each_text(row_to_json(t)) AS j(k, v))) FROM " +
                            table + " AS t")
                            .out;
    for (const QString& line : out.split('\n', Qt::SkipEmptyParts))
        rows.push_back(line.split(QChar(0x1f)));
    std::sort(rows.begin(), rows.end());
    return rows;
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
/// `copy`, replaced by a copy of `table` whose first row (by ctid) has `value` in `column`:
/// one changed cell, for the release suites' tampering.
inline void tamperedCopy(const QString& table, const QString& copy, const QString& column,
                         const QString& value = "tampered") {
    psql("DROP TABLE IF EXISTS " + copy);
    psql("CREATE TABLE " + copy + " AS SELECT * FROM " + table);
    psql(QString("UPDATE %1 SET \"%2\" = '%3' WHERE ctid = (SELECT min(ctid) FROM %1)")
             .arg(copy, column, value));
}
/// The first row (by ctid) of `table` deleted.
inline void deleteFirstRow(const QString& table) {
    psql(QString("DELETE FROM %1 WHERE ctid = (SELECT min(ctid) FROM %1)").arg(table));
}
/// Adult (the bundled example) as the table `name`, replaced, its columns typed as a steward
/// would; its row count as the server says.
inline QString loadAdult(const QString& name) {
    psql("DROP TABLE IF EXISTS " + name);
    psql("CREATE TABLE " + name +
         " (sex text, age integer, race text, \"marital-status\" text, education text, "
         "\"native-country\" text, workclass text, occupation text, \"salary-class\" text)");
    psql(QString("\\copy %1 FROM '%2' WITH (FORMAT csv, HEADER true, DELIMITER ';')")
             .arg(name, ex("adult/adult.csv")));
    return psql("SELECT count(*) FROM " + name).trimmed();
}
}  // namespace pgshort

}  // namespace ldv::test
