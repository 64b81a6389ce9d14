// Release records of a SafePub publication into a PostgreSQL table (docs/dp.md, "Release";
// docs/database.md, "Release records of a table"): `generalize -c differential-privacy=EPS,DELTA
// --release` into a table records the SHA-256 of the table's canonical export (what psql +
// sha256sum give by hand) and every other key as the CSV publication's record of the same seed;
// the table holds the CSV publication's rows as a multiset. `ldiv verify` judges the table's
// classes against k and its values against the node, exits 0 with the original and 3 when a cell
// was changed or a row deleted, naming the table. Runs under scripts/with-postgres.sh; skipped
// without PGHOST.
#include <QtTest>

#include <QJsonArray>
#include <QJsonDocument>

#include "cli_adult.h"
#include "cli_runner.h"
#include "file_fixtures.h"
#include "pg_test_server.h"
#include "published_rows.h"
#include "release_verdicts.h"
#include "test_paths.h"

using namespace ldv;
using namespace ldv::test::pgshort;
using test::csvRows;
using test::detailOf;
using test::failing;
using test::psqlSha256;
using test::readJson;
using test::rehashed;
using test::smallestClass;
using test::tableRows;
using test::verdict;
using test::writeAll;

namespace {

const QStringList kQi{"sex", "age", "race", "marital-status", "education"};

}  // namespace

class TestPgReleaseDp : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

    /// SafePub (ε = 1, δ = 1e-5, seed 7, PRAM of workclass) of `source` into `output` (a CSV
    /// file or a table, replaced) with the record `rec`; the command's JSON, empty on failure.
    QJsonObject publish(const QString& source, const QString& output, const QString& rec) {
        const auto g = test::runCli(QStringList{"generalize"} + test::adultOptions(source) +
                                    QStringList{"-c", "differential-privacy=1,1e-5", "--pram",
                                                "workclass", "-o", output, "--replace", "--seed",
                                                "7", "--release", rec, "--json"});
        if (g.exitCode != 0) qWarning("%s", g.err.constData());
        return g.exitCode == 0 ? g.json() : QJsonObject();
    }

private slots:
    void initTestCase() {
        if (env("PGHOST").isEmpty())
            QSKIP("no PostgreSQL server: run under scripts/with-postgres.sh");
        QVERIFY(m_dir.isValid());
        psql("DROP TABLE IF EXISTS drel_out, drel_copy");
        QCOMPARE(loadAdult("drel_adult"), QString("30162"));
    }

    // The same seed into a CSV file and into a table: the table holds the file's rows, its
    // record is the file's but for the published artefact's name, kind, hash and the output,
    // and its hash is the hand recomputation's; verify with the original holds, without it
    // only the claims that need the original are unchecked.
    void fileAndTable() {
        const QString adult = ex("adult/adult.csv");
        const QString out = m_dir.filePath("out.csv"), csvRec = m_dir.filePath("csv.json"),
                      dbRec = m_dir.filePath("db.json");
        const QJsonObject file = publish(adult, out, csvRec);
        QVERIFY(!file.isEmpty());
        const QJsonObject table = publish(adult, uri("table=drel_out"), dbRec);
        QVERIFY(!table.isEmpty());
        QCOMPARE(table["node"], file["node"]);
        QCOMPARE(table["rows"], file["rows"]);
        QCOMPARE(table["columns"], file["columns"]);
        QVERIFY(table["rows"].toInt() > 0);
        QCOMPARE(table["rows"].toInt(),
                 table["sampled_rows"].toInt() - table["suppressed_rows"].toInt());
        QCOMPARE(tableRows("drel_out"), csvRows(out, ';'));  // Adult's separator

        const QJsonObject r = readJson(dbRec);
        QCOMPARE(r["files"]["published"].toString(), uri("table=drel_out"));
        QCOMPARE(r["files"]["published_kind"].toString(), QString("postgresql-table"));
        QCOMPARE(r["hashes"]["published_method"].toString(), QString("canonical-csv-v1"));
        const QString byHand = psqlSha256("drel_out");
        QCOMPARE(byHand.size(), 64);
        QCOMPARE(r["hashes"]["published"].toString(), byHand);
        QCOMPARE(r["configuration"]["output"].toObject(),
                 (QJsonObject{{"separator", ","}, {"neutralize_formulas", false}}));
        const QJsonObject csvRecord = readJson(csvRec);
        QCOMPARE(csvRecord["configuration"]["output"].toObject(),
                 (QJsonObject{{"separator", ";"}, {"neutralize_formulas", true}}));
        QVERIFY(!csvRecord["files"].toObject().contains("published_kind"));
        // Every other key is the CSV record's: ε, δ, β, k, node, steps, rows, suppression, the
        // k-threshold's measure, risk.
        QJsonObject a = csvRecord, b = r;
        for (QJsonObject* o : {&a, &b}) {
            o->remove("hashes");
            o->remove("files");
            QJsonObject conf = (*o)["configuration"].toObject();
            conf.remove("output");
            (*o)["configuration"] = conf;
        }
        QCOMPARE(b, a);
        QCOMPARE(r["hashes"]["original"], csvRecord["hashes"]["original"]);
        QCOMPARE(r["rows"]["published"].toInt(), table["rows"].toInt());
        // The smallest class the record claims is the one counted here in the table, and at
        // least the k that ε and δ give (58, tests/core/test_safepub's oracle value).
        const int k = r["configuration"]["differential_privacy"]["k"].toInt();
        QCOMPARE(k, 58);
        QStringList columns;
        for (const QJsonValue& name : table["columns"].toArray()) columns << name.toString();
        const qsizetype smallest = smallestClass(tableRows("drel_out"), columns, kQi);
        QCOMPARE(r["criteria"][0]["measured"].toInteger(), qint64(smallest));
        QVERIFY(smallest >= k);

        const auto v = test::runCli({"verify", dbRec, "--original", adult, "--json"});
        QVERIFY2(v.exitCode == 0, v.out.constData());
        const QJsonObject j = v.json();
        QCOMPARE(j["published_table"].toString(), uri("table=drel_out"));
        for (const char* claim :
             {"record format", "configuration", "differential privacy parameters",
              "published table hash", "published rows", "k-threshold", "prosecutor risk",
              "original file hash", "original rows", "values at the node"})
            QVERIFY2(verdict(j, claim) == "holds", claim);
        QCOMPARE(verdict(j, "pram"), QString("information"));
        QCOMPARE(verdict(j, "sampling and mechanism"), QString("information"));
        QVERIFY2(detailOf(j, "published rows")
                     .startsWith(QString::number(table["rows"].toInt()) + " rows in the table"),
                 v.out.constData());

        const auto alone = test::runCli({"verify", dbRec, "--json"});
        QCOMPARE(alone.exitCode, 3);
        QVERIFY2(failing(alone.json()).isEmpty(), alone.out.constData());
        QCOMPARE(verdict(alone.json(), "published table hash"), QString("holds"));
        QCOMPARE(verdict(alone.json(), "k-threshold"), QString("holds"));
        QCOMPARE(verdict(alone.json(), "original file hash"), QString("not checked"));
        QCOMPARE(verdict(alone.json(), "values at the node"), QString("not checked"));
    }

    // From a ?table= source: the record's original is the source table, hashed over its
    // canonical export, and verify --original takes its URI.
    void fromTable() {
        const QString rec = m_dir.filePath("from-table.json");
        QVERIFY(!publish(uri("table=drel_adult"), uri("table=drel_out"), rec).isEmpty());
        const QJsonObject r = readJson(rec);
        QCOMPARE(r["files"]["original"].toString(), uri("table=drel_adult"));
        QCOMPARE(r["files"]["original_kind"].toString(), QString("postgresql-table"));
        QCOMPARE(r["hashes"]["original"].toString(), psqlSha256("drel_adult"));
        QCOMPARE(r["hashes"]["published"].toString(), psqlSha256("drel_out"));
        const auto v =
            test::runCli({"verify", rec, "--original", uri("table=drel_adult"), "--json"});
        QVERIFY2(v.exitCode == 0, v.out.constData());
        QCOMPARE(verdict(v.json(), "original table hash"), QString("holds"));
        QCOMPARE(verdict(v.json(), "values at the node"), QString("holds"));
        const auto alone = test::runCli({"verify", rec, "--json"});
        QCOMPARE(alone.exitCode, 3);
        QVERIFY2(failing(alone.json()).isEmpty(), alone.out.constData());
        QCOMPARE(verdict(alone.json(), "original table hash"), QString("not checked"));
    }

    // One changed cell (in a copy named with --published) and one deleted row (in the record's
    // own table): exit 3, the table named; a record of a table whose output is not the
    // export's fails its configuration.
    void tampered() {
        const QString adult = ex("adult/adult.csv");
        const QString rec = m_dir.filePath("tampered.json");
        QVERIFY(!publish(adult, uri("table=drel_out"), rec).isEmpty());
        tamperedCopy("drel_out", "drel_copy", "race");
        const auto cell = test::runCli(
            {"verify", rec, "--published", uri("table=drel_copy"), "--original", adult, "--json"});
        QCOMPARE(cell.exitCode, 3);
        QCOMPARE(verdict(cell.json(), "published table hash"), QString("fails"));
        QVERIFY2(detailOf(cell.json(), "published table hash").contains("table=drel_copy"),
                 cell.out.constData());
        // The changed row is a class of one, and 'tampered' is no value of race's hierarchy.
        QCOMPARE(verdict(cell.json(), "k-threshold"), QString("fails"));
        QCOMPARE(verdict(cell.json(), "values at the node"), QString("fails"));
        QVERIFY2(detailOf(cell.json(), "values at the node").contains("race = 'tampered'"),
                 cell.out.constData());

        deleteFirstRow("drel_out");
        const auto row = test::runCli({"verify", rec, "--original", adult});
        QCOMPARE(row.exitCode, 3);
        QVERIFY2(
            row.out.contains("FAIL published table hash") && row.out.contains("table=drel_out"),
            row.out.constData());
        QVERIFY2(row.out.contains("FAIL published rows"), row.out.constData());

        // The record's output changed to a CSV file's (and its configuration hash with it).
        QJsonObject r = readJson(rec);
        QJsonObject conf = r["configuration"].toObject();
        conf["output"] = QJsonObject{{"separator", ";"}, {"neutralize_formulas", true}};
        r["configuration"] = conf;
        const QString edited = m_dir.filePath("edited.json");
        QVERIFY(writeAll(edited, QJsonDocument(rehashed(r)).toJson()));
        const auto output = test::runCli({"verify", edited, "--original", adult, "--json"});
        QCOMPARE(output.exitCode, 3);
        QCOMPARE(verdict(output.json(), "configuration hash"), QString("holds"));
        QCOMPARE(verdict(output.json(), "configuration"), QString("fails"));
        QVERIFY2(detailOf(output.json(), "configuration").contains("canonical export"),
                 output.out.constData());
    }

    // A ?query= source is no table to hash: refused before anything is written.
    void querySourceRefused() {
        psql("DROP TABLE IF EXISTS drel_copy");
        const QString rec = m_dir.filePath("q.json");
        const auto g = test::runCli(QStringList{"generalize"} +
                                    test::adultOptions(uri("query=SELECT * FROM drel_adult")) +
                                    QStringList{"-c", "differential-privacy=1,1e-5", "-o",
                                                uri("table=drel_copy"), "--release", rec});
        QCOMPARE(g.exitCode, 1);
        QVERIFY2(g.err.contains("is a query"), g.err.constData());
        QVERIFY(!QFile::exists(rec));
        QCOMPARE(psql("SELECT to_regclass('drel_copy') IS NULL").trimmed(), QString("t"));
    }

    void cleanupTestCase() { psql("DROP TABLE IF EXISTS drel_adult, drel_out, drel_copy"); }
};

QTEST_GUILESS_MAIN(TestPgReleaseDp)
#include "test_pg_release_dp.moc"
