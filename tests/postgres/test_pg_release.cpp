// Release records of a table (issue 38 item 4, docs/database.md "Release records of a
// table"): `generalize --release` into a PostgreSQL table records the SHA-256 of the table's
// canonical export, which psql + sha256sum recompute by hand; `ldiv verify` reads the table
// where the record says and fails (exit 3, naming the table) when one cell or one row
// changed; a crafted record reads nothing but the table it names, or nothing at all;
// suppression (removed and masked) publishes the CSV path's rows. Runs under
// scripts/with-postgres.sh; skipped without PGHOST.
#include <QtTest>

#include <QJsonDocument>
#include <algorithm>
#include <random>

#include "cli_adult.h"
#include "cli_runner.h"
#include "ldiv/crypto/digest.h"
#include "ldiv/io/table_digest.h"
#include "ldiv/io/table_source.h"
#include "ldiv/postgres.h"
#include "ldiv/postgres_table_hash.h"
#include "pg_test_server.h"
#include "test_paths.h"

using namespace ldv;
using namespace ldv::test::pgshort;

namespace {

// A node of Adult with failing classes within a 20 % limit: some rows are suppressed.
const QStringList kNode{"--node", "0,1,1,1,0", "-c", "k=5", "--suppression", "0.2"};

QJsonObject readJson(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return {};
    return QJsonDocument::fromJson(f.readAll()).object();
}

void writeJson(const QString& path, const QJsonObject& o) {
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(QJsonDocument(o).toJson());
}

using test::psqlSha256;
using test::tableRows;
using Rows = test::TableRows;

Rows fileRows(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return {};
    Rows rows;
    const QStringList lines = QString::fromUtf8(f.readAll()).split('\n', Qt::SkipEmptyParts);
    // Adult's published values hold no separator, quote or newline: a split suffices.
    for (qsizetype i = 1; i < lines.size(); ++i) rows.push_back(lines[i].split(';'));
    std::sort(rows.begin(), rows.end());
    return rows;
}

}  // namespace

class TestPgRelease : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        if (env("PGHOST").isEmpty())
            QSKIP("no PostgreSQL server: run under scripts/with-postgres.sh");
        psql("DROP TABLE IF EXISTS rel_out, rel_copy, rel_victim, rel_indb, rel_canon");
        QCOMPARE(loadAdult("rel_adult"), QString("30162"));
        psql("CREATE TABLE rel_victim (keep text); INSERT INTO rel_victim VALUES ('mine')");
        const auto g = test::runCli(QStringList{"generalize"} +
                                    test::adultOptions(ex("adult/adult.csv")) + kNode +
                                    QStringList{"--output", uri("table=rel_out"), "--replace",
                                                "--seed", "7", "--release", record(), "--json"});
        QVERIFY2(g.exitCode == 0, g.err.constData());
        QVERIFY(g.json()["suppressed_rows"].toInteger() > 0);
    }

    // The record names the table by its URI and says how its hash was taken.
    void recordNamesTheTable() {
        const QJsonObject r = readJson(record());
        QCOMPARE(r["files"].toObject()["published"].toString(), uri("table=rel_out"));
        QCOMPARE(r["files"].toObject()["published_kind"].toString(), QString("postgresql-table"));
        QCOMPARE(r["hashes"].toObject()["published_method"].toString(),
                 QString("canonical-csv-v1"));
        // The original is a file: no kind, no method.
        QVERIFY(!r["files"].toObject().contains("original_kind"));
        QVERIFY(!r["hashes"].toObject().contains("original_method"));
    }

    // psql + sha256sum give ldiv's hash.
    void psqlRecomputesTheHash() {
        const QString byHand = psqlSha256("rel_out");
        QCOMPARE(byHand.size(), 64);
        QCOMPARE(byHand, readJson(record())["hashes"].toObject()["published"].toString());
    }

    // verify reads the table the record names: every claim holds; with --original the
    // publication is replayed and its canonical export is the table's.
    void roundTripVerifies() {
        // Without --original every claim the table shows holds; the original's hash and rows
        // are not checked, which fails the verdict as for a file (docs/releases.md).
        const auto v = test::runCli({"verify", record(), "--json"});
        QCOMPARE(v.exitCode, 3);
        QCOMPARE(v.json()["published_table"].toString(), uri("table=rel_out"));
        checkOnlyOriginalUnchecked(v.json());
        const auto o =
            test::runCli({"verify", record(), "--original", ex("adult/adult.csv"), "--json"});
        QVERIFY2(o.exitCode == 0, o.out.constData());
        QVERIFY(o.out.contains("published table reproduces from the original"));
        // A file of the canonical export (saved with psql) verifies offline the same way.
        QTemporaryDir dir;
        const QString saved = dir.filePath("export.csv");
        QProcess p;
        p.setStandardOutputFile(saved);
        p.start(
            qEnvironmentVariable("LDIV_PSQL", "psql"),
            {"-X", "-c",
             "COPY (SELECT " + columnList("rel_out", "%I::text AS %I") + " FROM rel_out ORDER BY " +
                 columnList("rel_out", "%I::text COLLATE \"C\" NULLS FIRST") +
                 ") TO STDOUT WITH (FORMAT csv, HEADER true)"});
        QVERIFY(p.waitForFinished(300000) && p.exitCode() == 0);
        const auto f = test::runCli(
            {"verify", record(), "--published", saved, "--original", ex("adult/adult.csv")});
        QVERIFY2(f.exitCode == 0, f.out.constData());
    }

    // One changed cell: exit 3, the table named.
    void changedCellFails() {
        tamperedCopy("rel_out", "rel_copy", "occupation", "Astronaut");
        const auto v = test::runCli({"verify", record(), "--published", uri("table=rel_copy")});
        QCOMPARE(v.exitCode, 3);
        QVERIFY2(v.out.contains("FAIL published table hash"), v.out.constData());
        QVERIFY2(v.out.contains("table=rel_copy"), v.out.constData());
    }

    // One row deleted: exit 3.
    void deletedRowFails() {
        copyTable();
        deleteFirstRow("rel_copy");
        const auto v = test::runCli({"verify", record(), "--published", uri("table=rel_copy")});
        QCOMPARE(v.exitCode, 3);
        QVERIFY2(v.out.contains("FAIL published table hash"), v.out.constData());
        QVERIFY2(v.out.contains("FAIL published rows"), v.out.constData());
    }

    // A crafted record: names with quotes and semicolons, a DROP TABLE payload, a query in
    // place of a table, a parameter off the allow-list. verify reads at most the table
    // named (none of these exists), says which record named it, and leaves everything else.
    void craftedRecordTouchesNothing_data() {
        QTest::addColumn<QString>("published");
        QTest::newRow("quotes and a DROP") << uri("table=x\"; DROP TABLE rel_victim; --");
        QTest::newRow("single quote") << uri("table=x'); DROP TABLE rel_victim; --");
        QTest::newRow("schema payload") << uri("table=public.rel_victim\"; DROP TABLE rel_victim");
        QTest::newRow("query") << uri("query=SELECT 1; DROP TABLE rel_victim");
        QTest::newRow("options") << uri(
            "table=rel_out&options=-c%20default_transaction_read_only"
            "%3Doff");
    }
    void craftedRecordTouchesNothing() {
        QFETCH(QString, published);
        QTemporaryDir dir;
        const QString crafted = dir.filePath("crafted.ldiv-release.json");
        QJsonObject r = readJson(record());
        QJsonObject files = r["files"].toObject();
        files["published"] = published;
        r["files"] = files;
        writeJson(crafted, r);
        const auto v = test::runCli({"verify", crafted});
        QCOMPARE(v.exitCode, 3);
        QVERIFY2(v.out.contains("FAIL published table hash") && v.out.contains(crafted.toUtf8()),
                 v.out.constData());
        QCOMPARE(psql("SELECT keep FROM rel_victim").trimmed(), QString("mine"));
        QCOMPARE(psql("SELECT count(*) FROM rel_out").trimmed(),
                 QString::number(r["rows"].toObject()["published"].toInteger()));
    }

    // Suppression removed and masked: the table holds the CSV path's rows, as a multiset, and
    // each record verifies.
    void suppressionAsForCsv_data() {
        QTest::addColumn<QString>("suppressed");
        QTest::newRow("remove") << "remove";
        QTest::newRow("mask") << "mask";
    }
    void suppressionAsForCsv() {
        QFETCH(QString, suppressed);
        QTemporaryDir dir;
        const QStringList options = test::adultOptions(ex("adult/adult.csv")) + kNode +
                                    QStringList{"--suppressed", suppressed};
        const auto c = test::runCli(QStringList{"generalize"} + options +
                                    QStringList{"--output", dir.filePath("out.csv"), "--release",
                                                dir.filePath("csv.json"), "--json"});
        QVERIFY2(c.exitCode == 0, c.err.constData());
        const auto d = test::runCli(QStringList{"generalize"} + options +
                                    QStringList{"--output", uri("table=rel_copy"), "--replace",
                                                "--release", dir.filePath("db.json"), "--json"});
        QVERIFY2(d.exitCode == 0, d.err.constData());
        QCOMPARE(d.json()["suppressed"], c.json()["suppressed"]);
        QVERIFY(c.json()["suppressed_rows"].toInteger() > 0);
        QCOMPARE(tableRows("rel_copy"), fileRows(dir.filePath("out.csv")));
        const auto v = test::runCli(
            {"verify", dir.filePath("db.json"), "--original", ex("adult/adult.csv"), "--json"});
        QVERIFY2(v.exitCode == 0, v.out.constData());
        // Both records make the same claims; only the hashes and names of the output differ.
        QJsonObject a = readJson(dir.filePath("csv.json")), b = readJson(dir.filePath("db.json"));
        for (QJsonObject* o : {&a, &b}) {
            o->remove("hashes");
            o->remove("files");
            QJsonObject conf = (*o)["configuration"].toObject();
            conf.remove("output");
            conf.remove("row_order");
            (*o)["configuration"] = conf;
        }
        QCOMPARE(b, a);
    }

    // Inside the database, from a table of the same database: the record's original is the
    // source table, hashed the same way; verify --original replays from it.
    void inDatabaseFromATable() {
        QTemporaryDir dir;
        const QString rec = dir.filePath("indb.json");
        const auto g = test::runCli(
            QStringList{"generalize"} + test::adultOptions(uri("table=rel_adult")) + kNode +
            QStringList{"--suppressed", "mask", "--output", uri("table=rel_indb"), "--replace",
                        "--release", rec, "--json"});
        QVERIFY2(g.exitCode == 0, g.err.constData());
        QVERIFY(g.json()["in_database"].toBool());
        const QJsonObject r = readJson(rec);
        QCOMPARE(r["files"].toObject()["original_kind"].toString(), QString("postgresql-table"));
        QCOMPARE(r["hashes"].toObject()["original"].toString(), psqlSha256("rel_adult"));
        QCOMPARE(r["hashes"].toObject()["published"].toString(), psqlSha256("rel_indb"));
        checkOnlyOriginalUnchecked(test::runCli({"verify", rec, "--json"}).json());
        const auto o = test::runCli({"verify", rec, "--original", uri("table=rel_adult")});
        QVERIFY2(o.exitCode == 0, o.out.constData());
        QVERIFY(o.out.contains("OK   original table hash"));
        // A deleted row of the record's own table: exit 3, naming it.
        psql("DELETE FROM rel_indb WHERE ctid = (SELECT min(ctid) FROM rel_indb)");
        const auto gone = test::runCli({"verify", rec});
        QCOMPARE(gone.exitCode, 3);
        QVERIFY2(gone.out.contains("table=rel_indb"), gone.out.constData());
        // A dropped table: exit 3, naming the record and the table.
        psql("DROP TABLE rel_indb");
        const auto missing = test::runCli({"verify", rec});
        QCOMPARE(missing.exitCode, 3);
        QVERIFY2(missing.out.contains(rec.toUtf8()) && missing.out.contains("does not exist"),
                 missing.out.constData());
    }

    // The replay's canonical form (writeCanonicalCsv, in ldiv) is the server's export of the
    // table ldiv writes, for awkward values: quotes, commas, CR and LF, empty (NULL), spaces
    // at the ends, non-ASCII, bytes that sort differently under a locale, "\." alone (in a
    // table of one column, where COPY must quote it), and awkward column names.
    void canonicalFormIsTheServers_data() {
        QTest::addColumn<int>("columns");
        QTest::newRow("three columns") << 3;
        QTest::newRow("one column") << 1;
    }
    void canonicalFormIsTheServers() {
        QFETCH(int, columns);
        pg::registerPostgres();
        std::mt19937 rng(38 + columns);
        const std::vector<std::string> words{
            "a",     "B",    "b",  "O'Brien", "say \"hi\"",  "x,y", "line\nbreak",
            "cr\rx", "",     " l", "t ",      "Zoë",         "é",   "\\.",
            "\\",    "NULL", "ab", "a b",     "\xe2\x82\xac"};
        const std::vector<std::string> names{"q \"one\"", "x,y", "Zoë"};
        std::vector<Column> cols;
        for (int c = 0; c < columns; ++c) cols.emplace_back(names[std::size_t(c)]);
        for (int r = 0; r < 400; ++r)
            for (Column& c : cols) c.append(words[rng() % words.size()]);
        const Table table(std::move(cols));
        const std::string at = uri("table=rel_canon").toStdString();
        writeTableTo(at, table, {true});
        Sha256 sha;
        writeCanonicalCsv(table, [&](std::string_view chunk) { sha.update(chunk); });
        std::string exported;
        const std::string server =
            pg::exportCanonicalTable(at, [&](std::string_view chunk) { exported += chunk; });
        std::string mine;
        writeCanonicalCsv(table, [&](std::string_view chunk) { mine += chunk; });
        QCOMPARE(QString::fromStdString(mine), QString::fromStdString(exported));
        QCOMPARE(server, sha.hex());
        QCOMPARE(server, tableSha256(at));
        QCOMPARE(QString::fromStdString(server), psqlSha256("rel_canon"));
    }

    // A ?query= source is no table to hash: refused before anything is written.
    void querySourceRefused() {
        QTemporaryDir dir;
        psql("DROP TABLE IF EXISTS rel_copy");
        const auto g = test::runCli(
            QStringList{"generalize"} + test::adultOptions(uri("query=SELECT * FROM rel_adult")) +
            kNode +
            QStringList{"--output", uri("table=rel_copy"), "--release", dir.filePath("q.json")});
        QCOMPARE(g.exitCode, 1);
        QVERIFY2(g.err.contains("is a query"), g.err.constData());
        QVERIFY(!QFile::exists(dir.filePath("q.json")));
        QCOMPARE(psql("SELECT to_regclass('rel_copy') IS NULL").trimmed(), QString("t"));
    }

    // A file record is not verified against a table, nor without --published.
    void fileRecordNeedsAFile() {
        QTemporaryDir dir;
        const auto c = test::runCli(QStringList{"generalize"} +
                                    test::adultOptions(ex("adult/adult.csv")) + kNode +
                                    QStringList{"--output", dir.filePath("out.csv"), "--release",
                                                dir.filePath("csv.json")});
        QVERIFY2(c.exitCode == 0, c.err.constData());
        const auto noFile = test::runCli({"verify", dir.filePath("csv.json")});
        QCOMPARE(noFile.exitCode, 1);
        QVERIFY2(noFile.err.contains("--published is required"), noFile.err.constData());
        const auto table =
            test::runCli({"verify", dir.filePath("csv.json"), "--published", uri("table=rel_out")});
        QCOMPARE(table.exitCode, 1);
    }

    void cleanupTestCase() {
        psql("DROP TABLE IF EXISTS rel_adult, rel_out, rel_copy, rel_victim, rel_indb, rel_canon");
    }

private:
    // Every claim holds but those about the original, which need --original.
    static void checkOnlyOriginalUnchecked(const QJsonObject& verdict) {
        bool tableHash = false;
        for (const auto& c : verdict["claims"].toArray()) {
            const QJsonObject claim = c.toObject();
            const QString name = claim["claim"].toString(), v = claim["verdict"].toString();
            tableHash = tableHash || (name == "published table hash" && v == "holds");
            if (v == "fails" || (v == "not checked" && !name.startsWith("original")))
                QFAIL(qPrintable(name + ": " + claim["detail"].toString()));
        }
        QVERIFY(tableHash);
    }
    QString record() const { return m_dir.filePath("rel_out.ldiv-release.json"); }
    void copyTable() {
        psql("DROP TABLE IF EXISTS rel_copy");
        psql("CREATE TABLE rel_copy AS SELECT * FROM rel_out");
    }
    // The table's columns in order, each through format(`pattern`, name, name).
    static QString columnList(const QString& table, const QString& pattern) {
        return psql(QString("SELECT string_agg(format('%1', attname, attname), ', ' ORDER BY "
                            "attnum) FROM pg_attribute WHERE attrelid = '%2'::regclass AND "
                            "attnum > 0 AND NOT attisdropped")
                        .arg(QString(pattern).replace("'", "''"), table))
            .trimmed();
    }

    QTemporaryDir m_dir;
};

QTEST_GUILESS_MAIN(TestPgRelease)
#include "test_pg_release.moc"
