// The workbench's File ▸ Open database table… dialog, driven offscreen against the throwaway
// server of scripts/with-postgres.sh (skipped without PGHOST, or in a build without the
// workbench): it lists the readable tables, previews the first rows, opens a table or a
// query as a project whose data is the CLI's URI, reports the server's errors without
// blocking the event loop, keeps a typed password in memory only, and cancels a load.
#include <QtTest>

#ifdef LDIV_TEST_WITH_UI
#include <QSettings>
#include <QStandardPaths>

#include "database/databasedialog.h"
#include "ldiv/postgres.h"
#include "ldiv/postgres_catalog.h"
#include "pg_test_server.h"
#include "project/project.h"
#include "project/projectdata.h"

using namespace ldv;
using namespace ldv::ui;

namespace {

QString env(const char* name) {
    return qEnvironmentVariable(name);
}

QString psql(const QString& sql) {
    return test::runPsql(sql, {}, 120000).out.trimmed();
}

pg::ConnectionSettings server(const QString& user = {}) {
    pg::ConnectionSettings s;
    s.host = env("PGHOST").toStdString();
    s.port = env("PGPORT").toInt();
    s.database = env("PGDATABASE").toStdString();
    s.user = (user.isEmpty() ? env("PGUSER") : user).toStdString();
    return s;
}

}  // namespace

class TestPgDialog : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        if (env("PGHOST").isEmpty())
            QSKIP("no PostgreSQL server: run under scripts/with-postgres.sh");
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
        pg::registerPostgres();
        // 50 people: zip 4760..4764 (10 each), age 20..49, one of three diseases.
        psql("DROP TABLE IF EXISTS dialog_people, dialog_secret, dialog_big");
        psql(
            "CREATE TABLE dialog_people AS SELECT i AS id, '476' || (i % 5) AS zip, "
            "20 + i % 30 AS age, (ARRAY['flu','cold','asthma'])[1 + i % 3] AS disease "
            "FROM generate_series(1, 50) AS i");
        psql("CREATE TABLE dialog_secret (x text)");
        // 300,000 rows: about 9 MB of CSV, several of the 1 MB batches rows are parsed in.
        psql(
            "CREATE TABLE dialog_big AS SELECT i AS id, 'zip' || (i % 97) AS zip "
            "FROM generate_series(1, 300000) AS i");
        psql("ANALYZE dialog_big");
        psql(
            "DO $$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'ldiv_pw') THEN "
            "CREATE ROLE ldiv_pw LOGIN PASSWORD 'right'; END IF; IF NOT EXISTS (SELECT FROM "
            "pg_roles WHERE rolname = 'ldiv_reader') THEN CREATE ROLE ldiv_reader LOGIN; END "
            "IF; END $$");
        psql("GRANT SELECT ON dialog_people TO ldiv_pw");
        psql("REVOKE ALL ON dialog_secret FROM PUBLIC");
    }

    void cleanup() { pg::setSessionPassword({}, {}); }

    void listsPreviewsAndOpensATable() {
        DatabaseDialog d;
        d.setSettings(server());
        d.connectToServer();
        // The connection runs on a worker thread: the call returns at once.
        QVERIFY(d.isBusy());
        QTRY_VERIFY_WITH_TIMEOUT(!d.isBusy(), 20000);
        QCOMPARE(d.errorText(), QString());
        const QStringList tables = d.tableNames();
        QVERIFY2(tables.contains("public.dialog_people"), qPrintable(tables.join(", ")));
        QVERIFY(tables.contains("public.dialog_secret"));  // the owner may read it
        QVERIFY(!tables.contains("pg_catalog.pg_class"));  // system schemas left out

        QVERIFY(d.selectTable("public.dialog_people"));
        QTRY_VERIFY_WITH_TIMEOUT(!d.isBusy() && d.previewRows() > 0, 20000);
        QCOMPARE(d.previewRows(), 20);
        QCOMPARE(d.previewColumns(), 4);
        // Every previewed row is one of the table's: zip and disease follow from the id.
        QSet<int> ids;
        for (int r = 0; r < d.previewRows(); ++r) {
            const int id = d.previewText(r, 0).toInt();
            QVERIFY(id >= 1 && id <= 50);
            ids.insert(id);
            QCOMPARE(d.previewText(r, 1), QString("476%1").arg(id % 5));
            QCOMPARE(d.previewText(r, 2).toInt(), 20 + id % 30);
            QCOMPARE(d.previewText(r, 3), QStringList({"flu", "cold", "asthma"})[id % 3]);
        }
        QCOMPARE(ids.size(), 20);
        const QString expected =
            QString("postgresql://%1@%2:%3/%4?table=public.dialog_people")
                .arg(env("PGUSER"), env("PGHOST"), env("PGPORT"), env("PGDATABASE"));
        QCOMPARE(d.uri(), expected);

        d.startOpen();
        QTRY_VERIFY_WITH_TIMEOUT(d.result() != nullptr, 20000);
        QCOMPARE(d.result()->dataPath, expected);
        const Table& t = *d.result()->table;
        QCOMPARE(t.rowCount(), std::size_t(50));
        QVERIFY(t.column(0).type() == ColumnType::Integer);  // from the catalog
        QVERIFY(t.column(1).type() == ColumnType::Text);
        const std::size_t zip = t.requireColumn("zip");
        QCOMPARE(t.column(zip).domainSize(), std::size_t(5));
        for (Code c = 0; c < 5; ++c) QCOMPARE(countValues(t.column(zip))[c], 10u);

        // Saved, the project names the table by the same URI, which opens again.
        Project project(d.result());
        QCOMPARE(project.displayName(), QString("public.dialog_people"));
        QTemporaryDir dir;
        const QString path = dir.filePath("people.ldiv.json");
        project.save(path);
        QCOMPARE(QString::fromStdString(loadProject(path.toStdString()).dataPath), expected);
        const auto reopened = loadProjectData(path, nullptr);
        QCOMPARE(reopened->table->rowCount(), std::size_t(50));
    }

    void previewsAndOpensAQuery() {
        DatabaseDialog d;
        d.setSettings(server());
        d.connectToServer();
        QTRY_VERIFY_WITH_TIMEOUT(!d.isBusy(), 20000);
        const QString sql =
            "SELECT zip, count(*) AS n FROM dialog_people WHERE zip LIKE '476%' GROUP BY zip "
            "ORDER BY zip";
        d.setQuery(sql);
        QTRY_VERIFY_WITH_TIMEOUT(!d.isBusy() && d.previewRows() > 0, 20000);
        QCOMPARE(d.previewRows(), 5);
        QCOMPARE(d.previewText(0, 0), QString("4760"));
        QCOMPARE(d.previewText(4, 1), QString("10"));
        // '%' is escaped in the URI, so the CLI's parser gives back the query exactly.
        QVERIFY(d.uri().contains("LIKE '476%25'"));
        QCOMPARE(pg::parseLocation(d.uri().toStdString()).query, sql.toStdString());
        d.startOpen();
        QTRY_VERIFY_WITH_TIMEOUT(d.result() != nullptr, 20000);
        QCOMPARE(d.result()->table->rowCount(), std::size_t(5));
    }

    void reportsErrors_data() {
        QTest::addColumn<QString>("user");
        QTest::addColumn<int>("port");
        QTest::addColumn<QString>("password");
        QTest::addColumn<QString>("query");
        QTest::addColumn<QString>("message");
        // Port 1 on loopback: nothing listens there.
        QTest::newRow("refused") << QString() << 1 << QString() << QString()
                                 << "Connection refused";
        QTest::newRow("wrong password") << "ldiv_pw" << 0 << "wrong" << QString()
                                        << "password authentication failed for user \"ldiv_pw\"";
        QTest::newRow("no password") << "ldiv_pw" << 0 << QString() << QString()
                                     << "type it in the workbench's connection dialog";
        QTest::newRow("missing table") << QString() << 0 << QString() << "SELECT * FROM nosuch"
                                       << "relation \"nosuch\" does not exist";
        QTest::newRow("permission denied")
            << "ldiv_reader" << 0 << QString() << "SELECT * FROM dialog_secret"
            << "permission denied for table dialog_secret";
    }
    void reportsErrors() {
        QFETCH(QString, user);
        QFETCH(int, port);
        QFETCH(QString, password);
        QFETCH(QString, query);
        QFETCH(QString, message);
        qunsetenv("PGPASSWORD");
        pg::ConnectionSettings s = server(user);
        if (port) s.port = port;
        DatabaseDialog d;
        d.setSettings(s);
        d.setPassword(password);
        d.connectToServer();
        QVERIFY(d.isBusy());
        QTRY_VERIFY_WITH_TIMEOUT(!d.isBusy(), 20000);
        if (!query.isEmpty()) {
            QCOMPARE(d.errorText(), QString());
            d.setQuery(query);
            QTRY_VERIFY_WITH_TIMEOUT(!d.isBusy(), 20000);
        }
        QVERIFY2(d.errorText().contains(message), qPrintable(d.errorText()));
        QCOMPARE(d.previewRows(), 0);
    }

    // A typed password opens the connection for this session; it is in no URI, project or
    // setting.
    void typedPasswordIsNeverSaved() {
        qunsetenv("PGPASSWORD");
        DatabaseDialog d;
        d.setSettings(server("ldiv_pw"));
        d.setPassword("right");
        d.connectToServer();
        QTRY_VERIFY_WITH_TIMEOUT(!d.isBusy(), 20000);
        QVERIFY2(d.errorText().isEmpty(), qPrintable(d.errorText()));
        QVERIFY(d.selectTable("public.dialog_people"));
        QTRY_VERIFY_WITH_TIMEOUT(!d.isBusy() && d.previewRows() > 0, 20000);
        QVERIFY(!d.uri().contains("right"));
        d.startOpen();
        QTRY_VERIFY_WITH_TIMEOUT(d.result() != nullptr, 20000);
        QTemporaryDir dir;
        Project project(d.result());
        project.save(dir.filePath("p.ldiv.json"));
        QFile saved(dir.filePath("p.ldiv.json"));
        QVERIFY(saved.open(QIODevice::ReadOnly));
        QVERIFY(!saved.readAll().contains("right"));
        QSettings settings;
        QCOMPARE(settings.value("database/user").toString(), QString("ldiv_pw"));
        for (const QString& key : settings.allKeys())
            QVERIFY2(!settings.value(key).toString().contains("right"), qPrintable(key));
    }

    // A load of a table larger than a batch reports progress and stops when cancelled.
    void loadsInBatchesAndCancels() {
        DatabaseDialog d;
        d.setSettings(server());
        d.connectToServer();
        QTRY_VERIFY_WITH_TIMEOUT(!d.isBusy(), 20000);
        QVERIFY(d.selectTable("public.dialog_big"));
        QTRY_VERIFY_WITH_TIMEOUT(!d.isBusy() && d.previewRows() > 0, 20000);
        d.startOpen();
        QVERIFY(d.isBusy());
        QTest::keyClick(&d, Qt::Key_Escape);  // Cancel while loading cancels the load
        QTRY_VERIFY_WITH_TIMEOUT(!d.isBusy(), 20000);
        QCOMPARE(d.errorText(), QString("Loading cancelled."));
        QVERIFY(!d.result());
        // Uncancelled, every row arrives across the batches.
        d.startOpen();
        QTRY_VERIFY_WITH_TIMEOUT(d.result() != nullptr, 60000);
        const Table& t = *d.result()->table;
        QCOMPARE(t.rowCount(), std::size_t(300000));
        const std::size_t zip = t.requireColumn("zip");
        QCOMPARE(t.column(zip).domainSize(), std::size_t(97));
        const auto counts = countValues(t.column(zip));
        const auto first = t.column(zip).find("zip0");
        QVERIFY(first);
        QCOMPARE(counts[*first], 300000u / 97u);  // i % 97 == 0 for 3,092 of 1..300,000
    }
};

#else
class TestPgDialog : public QObject {
    Q_OBJECT
private slots:
    void skipped() { QSKIP("built without the workbench"); }
};
#endif

QTEST_MAIN(TestPgDialog)
#include "test_pg_dialog.moc"
