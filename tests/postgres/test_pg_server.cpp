// PostgreSQL in and out against a real server (scripts/with-postgres.sh starts a throwaway
// one and exports PGHOST/PGPORT/PGUSER/PGDATABASE; without PGHOST these tests skip). Adult
// loaded into PostgreSQL must give exactly the CSV's search results; a publication written
// to a table must audit like the CSV publication; a failed COPY must leave no table.
#include <QtTest>

#include "cli_runner.h"
#include "pg_test_server.h"
#include "test_paths.h"

using namespace ldv;

namespace {

QString env(const char* name) {
    return qEnvironmentVariable(name);
}
QString ex(const char* path) {
    return QString::fromStdString(test::example(path));
}

QString uri(const QString& params, const QString& user = {}, const QString& database = {}) {
    return test::pgUri(params, user, database);
}

// psql as the test's superuser; returns stdout (unaligned, tuples only).
QString psql(const QString& sql, const QString& database = {}) {
    return test::runPsql(sql, database, 120000).out.trimmed();
}

const char* kQi[] = {"sex", "age", "race", "marital-status", "education"};

QStringList roles(const QString& data) {
    QStringList args{data, "--qi", "sex,age,race,marital-status,education", "--sensitive",
                     "salary-class"};
    for (const char* a : kQi)
        args << "--hierarchy" << QString("%1=%2").arg(a, ex("adult/adult_hierarchy_") + a + ".csv");
    return args;
}

// The result parts that must agree between CSV and database. Sums of logarithms (KL
// divergence) are added up in group order, which differs between the two (the database's
// GROUP BY returns groups in its own order): they agree to 12 significant digits, not bits.
QJsonObject essentials(const QJsonObject& j) {
    QJsonObject optimum = j["optimum"].toObject();
    for (const char* key : {"kl_divergence", "average_class_size"})
        if (optimum.contains(key)) optimum[key] = QString::number(optimum[key].toDouble(), 'g', 12);
    QJsonObject out{{"lattice_size", j["lattice_size"]},
                    {"satisfying_count", j["satisfying_count"]},
                    {"minimal_nodes", j["minimal_nodes"]},
                    {"optimum", optimum}};
    out["rows"] = j["statistics"].toObject()["rows"];
    out["base_groups"] = j["statistics"].toObject()["base_groups"];
    return out;
}

}  // namespace

class TestPgServer : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        if (env("PGHOST").isEmpty())
            QSKIP("no PostgreSQL server: run under scripts/with-postgres.sh");
        psql("DROP TABLE IF EXISTS adult, published, failed, faulty, mapping");
        psql(
            "CREATE TABLE adult (sex text, age integer, race text, \"marital-status\" text, "
            "education text, "
            "\"native-country\" text, workclass text, occupation text, \"salary-class\" text)");
        psql(QString("\\copy adult FROM '%1' WITH (FORMAT csv, HEADER true, DELIMITER ';')")
                 .arg(ex("adult/adult.csv")));
        QCOMPARE(psql("SELECT count(*) FROM adult"), QString("30162"));
    }

    void searchEqualsCsv_data() {
        QTest::addColumn<QStringList>("criteria");
        QTest::newRow("k=5") << QStringList{"--criterion", "k=5"};
        QTest::newRow("entropy-l") << QStringList{"--criterion", "entropy-l=1.5"};
        QTest::newRow("k=5, 2% suppression")
            << QStringList{"--criterion", "k=5", "--suppression", "0.02"};
        QTest::newRow("k=5, dm, drop missing")
            << QStringList{"--criterion", "k=5", "--metric", "kl", "--missing", "drop"};
    }
    void searchEqualsCsv() {
        QFETCH(QStringList, criteria);
        const auto csv = test::runCli(QStringList{"search"} + roles(ex("adult/adult.csv")) +
                                      criteria + QStringList{"--json"});
        const auto db = test::runCli(QStringList{"search"} + roles(uri("table=adult")) + criteria +
                                     QStringList{"--json"});
        QCOMPARE(csv.exitCode, 0);
        QVERIFY2(db.exitCode == 0, db.err.constData());
        QVERIFY(csv.json()["satisfying_count"].toInt() > 0);
        QCOMPARE(essentials(db.json()), essentials(csv.json()));
        const QJsonObject st = db.json()["statistics"].toObject();
        QCOMPARE(st["rows"].toInteger(), qint64(30162));
        QVERIFY(st["base_groups"].toInteger() > 1000 && st["base_groups"].toInteger() < 30162);
        QVERIFY(st["sql_ms"].toDouble() > 0);
        QCOMPARE(csv.json()["statistics"].toObject()["sql_ms"].toDouble(), 0.0);
        // The same through a query, and through a project file whose data is the URI.
        const auto query = test::runCli(QStringList{"search"} +
                                        roles(uri("query=SELECT * FROM adult WHERE age >= 0")) +
                                        criteria + QStringList{"--json"});
        QVERIFY2(query.exitCode == 0, query.err.constData());
        QCOMPARE(essentials(query.json()), essentials(csv.json()));
    }

    void projectFileNamesTheTable() {
        QFile f(ex("adult/adult.ldiv.json"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        QJsonObject project = QJsonDocument::fromJson(f.readAll()).object();
        QJsonObject data = project["data"].toObject();
        data["path"] = uri("table=adult");
        project["data"] = data;
        QJsonArray attributes = project["attributes"].toArray();
        for (auto a : attributes) {
            QJsonObject o = a.toObject();
            QJsonObject h = o["hierarchy"].toObject();
            if (h.contains("file")) h["file"] = ex("adult/") + h["file"].toString();
            o["hierarchy"] = h;
            a = o;
        }
        project["attributes"] = attributes;
        QTemporaryDir dir;
        const QString path = dir.filePath("adult-pg.ldiv.json");
        QFile out(path);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(QJsonDocument(project).toJson());
        out.close();
        const auto db = test::runCli({"search", "--project", path, "--criterion", "k=5", "--json"});
        const auto csv = test::runCli(
            {"search", "--project", ex("adult/adult.ldiv.json"), "--criterion", "k=5", "--json"});
        QVERIFY2(db.exitCode == 0, db.err.constData());
        QCOMPARE(csv.exitCode, 0);
        QCOMPARE(essentials(db.json()), essentials(csv.json()));
    }

    void publishThenAudit() {
        QTemporaryDir dir;
        const QString csvOut = dir.filePath("published.csv");
        const QStringList publish =
            QStringList{"generalize"} + roles(ex("adult/adult.csv")) +
            QStringList{"--identifying", "occupation", "--insensitive", "native-country,workclass",
                        "--criterion",   "k=5",        "--suppression", "0.02",
                        "--node",        "optimum"};
        QCOMPARE(test::runCli(publish + QStringList{"--output", csvOut}).exitCode, 0);
        const auto toDb =
            test::runCli(publish + QStringList{"--output", uri("table=published"), "--mapping",
                                               uri("table=mapping"), "--replace"});
        QVERIFY2(toDb.exitCode == 0, toDb.err.constData());
        // The value mapping went to a table too: one row per QI value of the five QIs, with
        // every row of the data counted once per QI.
        const auto mapping =
            test::runCli(publish + QStringList{"--output", dir.filePath("p2.csv"), "--mapping",
                                               dir.filePath("mapping.csv")});
        QCOMPARE(mapping.exitCode, 0);
        QFile mappingCsv(dir.filePath("mapping.csv"));
        QVERIFY(mappingCsv.open(QIODevice::ReadOnly));
        const int mappingRows =
            mappingCsv.readAll().trimmed().count('\n');  // lines minus the header
        QCOMPARE(psql("SELECT count(*) FROM mapping").toInt(), mappingRows);
        // Published rows only (the suppressed rows' values and counts would give them away).
        QFile p2(dir.filePath("p2.csv"));
        QVERIFY(p2.open(QIODevice::ReadOnly));
        const int publishedRows = int(p2.readAll().trimmed().count('\n'));
        QCOMPARE(psql("SELECT sum(rows::bigint) FROM mapping"), QString::number(5 * publishedRows));
        // Identifying columns never reach the database.
        QCOMPARE(
            psql("SELECT string_agg(column_name, ',' ORDER BY ordinal_position) FROM "
                 "information_schema.columns "
                 "WHERE table_name = 'published'"),
            QString("sex,age,race,marital-status,education,native-country,workclass,salary-class"));
        const QStringList audit{"--qi",        "sex,age,race,marital-status,education",
                                "--sensitive", "salary-class",
                                "--criterion", "k=5",
                                "--json"};
        const auto a = test::runCli(QStringList{"audit", csvOut} + audit);
        const auto b = test::runCli(QStringList{"audit", uri("table=published")} + audit);
        QCOMPARE(a.exitCode, 0);
        QVERIFY2(b.exitCode == 0, b.err.constData());
        QVERIFY(a.json()["k"].toInt() >= 5);
        // Classes are numbered in the order their groups arrive, which the database chooses:
        // the worst class's number may differ, its measure may not.
        const auto unnumbered = [](QJsonObject j) {
            QJsonArray criteria = j["criteria"].toArray();
            for (auto c : criteria) {
                QJsonObject o = c.toObject();
                o.remove("worst_class");
                c = o;
            }
            j["criteria"] = criteria;
            return j;
        };
        QCOMPARE(unnumbered(b.json()), unnumbered(a.json()));
        const auto streamed = test::runCli(QStringList{"audit", csvOut, "--stream"} + audit);
        QCOMPARE(unnumbered(streamed.json()), unnumbered(a.json()));
        // An existing table is refused unless --replace is given.
        const auto again = test::runCli(publish + QStringList{"--output", uri("table=published")});
        QCOMPARE(again.exitCode, 1);
        QVERIFY2(again.err.contains("already exists") && again.err.contains("--replace"),
                 again.err.constData());
        const auto replaced =
            test::runCli(publish + QStringList{"--output", uri("table=published"), "--replace"});
        QVERIFY2(replaced.exitCode == 0, replaced.err.constData());
    }

    // A value PostgreSQL refuses in row 3,000 of 5,000: the COPY fails midway, the
    // transaction rolls back, and no table is left — nor is an existing one touched. ldiv
    // refuses a NUL byte itself when reading, so the refused value is a valid UTF-8 '€' sent
    // to a LATIN1 database, which has no such character: the server's conversion fails as
    // it reaches that row.
    void failedCopyLeavesNoTable() {
        const QString db = "ldiv_latin1";
        psql("DROP DATABASE IF EXISTS " + db);
        psql("CREATE DATABASE " + db +
             " ENCODING 'LATIN1' LC_COLLATE 'C' LC_CTYPE 'C' TEMPLATE template0");
        QCOMPARE(psql("SHOW server_encoding", db), QString("LATIN1"));
        QTemporaryDir dir;
        const QString input = dir.filePath("euro.csv");
        QFile f(input);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("zip,note,disease\n");
        for (int r = 0; r < 5000; ++r) {
            const QByteArray note = r == 3000 ? QByteArray("price \xe2\x82\xac") : QByteArray("ok");
            f.write(QByteArray::number(47600 + r % 7) + "," + note + "," +
                    (r % 2 ? "flu" : "cold") + "\n");
        }
        f.close();
        const QStringList args{"generalize",    input,          "--qi",        "zip",
                               "--hierarchy",   "zip=suppress", "--sensitive", "disease",
                               "--insensitive", "note",         "--node",      "0"};
        const auto r = test::runCli(args + QStringList{"--output", uri("table=failed", {}, db)});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("COPY failed") && r.err.contains("LATIN1"), r.err.constData());
        QCOMPARE(psql("SELECT to_regclass('failed') IS NULL", db), QString("t"));
        // Over an existing table with --replace: the old table stays as it was.
        psql("CREATE TABLE faulty (x text); INSERT INTO faulty VALUES ('kept')", db);
        const auto replace =
            test::runCli(args + QStringList{"--output", uri("table=faulty", {}, db), "--replace"});
        QCOMPARE(replace.exitCode, 2);
        QCOMPARE(psql("SELECT string_agg(x, ',') FROM faulty", db), QString("kept"));
    }

    void clearErrors_data() {
        QTest::addColumn<QString>("data");
        QTest::addColumn<QString>("qi");
        QTest::addColumn<QString>("password");
        QTest::addColumn<QString>("message");
        QTest::newRow("missing table") << uri("table=nosuch") << "sex"
                                       << ""
                                       << "relation \"nosuch\" does not exist";
        QTest::newRow("missing column") << uri("table=adult") << "nosuch"
                                        << ""
                                        << "no column 'nosuch'";
        QTest::newRow("wrong password") << uri("table=adult", "ldiv_pw") << "sex"
                                        << "wrong"
                                        << "password authentication failed";
        QTest::newRow("permission denied") << uri("table=adult", "ldiv_reader") << "sex"
                                           << ""
                                           << "permission denied for table adult";
        // Fails at the first row aged 39, after rows have been sent.
        QTest::newRow("failing query")
            << uri("query=SELECT (100 / (age - 39))::text AS sex FROM adult") << "sex"
            << ""
            << "division by zero";
        QTest::newRow("query syntax") << uri("query=SELEKT sex FROM adult") << "sex"
                                      << ""
                                      << "syntax error";
    }
    void clearErrors() {
        QFETCH(QString, data);
        QFETCH(QString, qi);
        QFETCH(QString, password);
        QFETCH(QString, message);
        psql(
            "DO $$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'ldiv_pw') THEN "
            "CREATE ROLE ldiv_pw LOGIN PASSWORD 'right'; END IF; IF NOT EXISTS (SELECT FROM "
            "pg_roles WHERE "
            "rolname = 'ldiv_reader') THEN CREATE ROLE ldiv_reader LOGIN; END IF; END $$");
        if (!password.isEmpty()) qputenv("PGPASSWORD", password.toUtf8());
        const auto r = test::runCli({"search", data, "--qi", qi, "--criterion", "k=2"});
        qunsetenv("PGPASSWORD");
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(message.toUtf8()), r.err.constData());
        QVERIFY2(r.err.contains("postgresql://"), r.err.constData());
    }

    // The right password from the environment works (libpq reads PGPASSWORD; ldiv never
    // takes one in the URI).
    void passwordFromEnvironment() {
        psql("GRANT SELECT ON adult TO ldiv_pw");
        qputenv("PGPASSWORD", "right");
        const auto r =
            test::runCli({"search", uri("table=adult", "ldiv_pw"), "--qi", "sex", "--hierarchy",
                          "sex=suppress", "--criterion", "k=2", "--json"});
        qunsetenv("PGPASSWORD");
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QCOMPARE(r.json()["statistics"].toObject()["rows"].toInteger(), qint64(30162));
    }

    // Commands that need rows fetch them (here: generalize from a table).
    void rowsFromTable() {
        QTemporaryDir dir;
        const QString a = dir.filePath("a.csv"), b = dir.filePath("b.csv");
        const QStringList node{"--node", "1,1,1,1,1",     "--output-sep",
                               ";",      "--insensitive", "native-country,workclass,occupation"};
        QCOMPARE(test::runCli(QStringList{"generalize"} + roles(ex("adult/adult.csv")) + node +
                              QStringList{"--output", a})
                     .exitCode,
                 0);
        const auto r = test::runCli(QStringList{"generalize"} + roles(uri("table=adult")) + node +
                                    QStringList{"--output", b});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        // A table has no row order (a parallel scan interleaves), so compare the rows as a
        // multiset.
        const auto sortedLines = [](const QString& path) {
            QFile f(path);
            if (!f.open(QIODevice::ReadOnly)) return QList<QByteArray>{};
            QList<QByteArray> lines = f.readAll().split('\n');
            std::sort(lines.begin() + 1, lines.end());
            return lines;
        };
        const QList<QByteArray> la = sortedLines(a), lb = sortedLines(b);
        QCOMPARE(la.size(), 30162 + 2);  // header, rows, the empty piece after the last newline
        QCOMPARE(lb, la);
    }
};

QTEST_GUILESS_MAIN(TestPgServer)
#include "test_pg_server.moc"
