// Release records of a transformation published into a PostgreSQL table (docs/database.md,
// "Release records of a table"): `generalize --transform mondrian|microaggregation|
// cell-suppression|local|microaggregation+local --release` into a table records the SHA-256
// of the table's canonical export (what psql + sha256sum give by hand), and every other key
// as the CSV publication's record of the same run; the table holds the CSV publication's rows
// as a multiset. `ldiv verify` judges the table's classes, exits 0 with the original and 3
// when one cell was changed, a row deleted or a claim is false, naming the table. Runs under
// scripts/with-postgres.sh; skipped without PGHOST.
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

struct Case {
    QStringList data;  ///< generalize's data, roles and criteria (everything but the output)
    QString original;  ///< what verify --original is given: the source file or table
    char separator;    ///< the CSV publication's separator
    QStringList qi;    ///< the quasi-identifiers (the first is tampered with)
};

}  // namespace

class TestPgReleaseTransforms : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QMap<QString, Case> m_cases;

    /// Publishes `model` into `output` (a CSV file or a table, replaced) with the record
    /// `rec`, seed 7; the command's JSON, empty on failure.
    QJsonObject publish(const QString& model, const QString& output, const QString& rec) {
        const Case& c = m_cases[model];
        const auto g =
            test::runCli(QStringList{"generalize"} + c.data +
                         QStringList{"--transform", model.section(' ', 0, 0), "-o", output,
                                     "--replace", "--seed", "7", "--release", rec, "--json"});
        if (g.exitCode != 0) qWarning("%s", g.err.constData());
        return g.exitCode == 0 ? g.json() : QJsonObject();
    }

private slots:
    void initTestCase() {
        if (env("PGHOST").isEmpty())
            QSKIP("no PostgreSQL server: run under scripts/with-postgres.sh");
        QVERIFY(m_dir.isValid());
        psql("DROP TABLE IF EXISTS trel_out, trel_copy");
        QCOMPARE(loadAdult("trel_adult"), QString("30162"));
        const QStringList adultCriteria{"-c", "k=5", "-c", "distinct-l=2"};
        const QStringList adultQi{"sex", "age", "race", "marital-status", "education"};
        m_cases["mondrian"] = {test::adultOptions() + adultCriteria, ex("adult/adult.csv"), ';',
                               adultQi};
        // The rows are fetched from the table; the record's original is the table.
        m_cases["mondrian from a table"] = {
            test::adultOptions(uri("table=trel_adult")) + adultCriteria, uri("table=trel_adult"),
            ',', adultQi};
        // The 10 rows of tests/core/test_microaggregation and the 7 of test_cell_suppression
        // (as in tests/cli/test_cli_release_transforms).
        const QString ten = m_dir.filePath("ten.csv");
        QVERIFY(writeAll(
            ten,
            "x,y,s\n1,2,a\n2,1,a\n2,2,b\n9,9,a\n10,9,b\n9,10,c\n5,5,a\n6,5,b\n5,6,c\n1,1,a\n"));
        m_cases["microaggregation"] = {{ten, "--qi", "x,y", "--sensitive", "s", "--criterion",
                                        "k=3", "--aggregate", "y=interval"},
                                       ten,
                                       ',',
                                       {"x", "y"}};
        m_cases["microaggregation+local"] = {
            {ten, "--qi", "x,y", "--sensitive", "s", "--criterion", "k=3", "--aggregate", "x=mean",
             "--aggregate", "y=interval"},
            ten,
            ',',
            {"x", "y"}};
        const QString seven = m_dir.filePath("seven.csv");
        QVERIFY(writeAll(
            seven,
            "a,b,c,s\nm,1,x,s0\nm,1,x,s1\nm,2,x,s2\nf,2,y,s0\nf,2,y,s1\nf,3,y,s2\ng,4,z,s0\n"));
        m_cases["cell-suppression"] = {{seven, "--qi", "a,b,c", "--sensitive", "s", "--criterion",
                                        "k=2", "--suppression", "0.2"},
                                       seven,
                                       ',',
                                       {"a", "b", "c"}};
        // Local recoding of the seven rows suppresses one (g,4,z), which the limit allows.
        m_cases["local"] = {
            {seven, "--qi", "a,b,c", "--sensitive", "s", "--hierarchy", "a=suppress", "--hierarchy",
             "b=suppress", "--hierarchy", "c=suppress", "--criterion", "k=2", "--criterion",
             "distinct-l=2", "--suppression", "0.2"},
            seven,
            ',',
            {"a", "b", "c"}};
    }

    void models_data() {
        QTest::addColumn<QString>("model");
        for (const char* m : {"mondrian", "mondrian from a table", "microaggregation",
                              "microaggregation+local", "cell-suppression", "local"})
            QTest::newRow(m) << QString(m);
    }

    // The same run (seed 7) into a CSV file and into a table: the table holds the file's rows,
    // its record is the file's but for the published artefact's name, kind and hash, which is
    // the hand recomputation's; verify with the original holds, without it only the claims
    // about the original are unchecked.
    void models() {
        QFETCH(QString, model);
        const Case& c = m_cases[model];
        const QString out = m_dir.filePath("out.csv"), csvRec = m_dir.filePath("csv.json"),
                      dbRec = m_dir.filePath("db.json");
        const QJsonObject file = publish(model, out, csvRec);
        QVERIFY(!file.isEmpty());
        const QJsonObject table = publish(model, uri("table=trel_out"), dbRec);
        QVERIFY(!table.isEmpty());
        QCOMPARE(table["rows"], file["rows"]);
        QCOMPARE(table["columns"], file["columns"]);
        QCOMPARE(tableRows("trel_out"), csvRows(out, c.separator));

        const QJsonObject r = readJson(dbRec);
        QCOMPARE(r["files"]["published"].toString(), uri("table=trel_out"));
        QCOMPARE(r["files"]["published_kind"].toString(), QString("postgresql-table"));
        QCOMPARE(r["hashes"]["published_method"].toString(), QString("canonical-csv-v1"));
        const QString byHand = psqlSha256("trel_out");
        QCOMPARE(byHand.size(), 64);
        QCOMPARE(r["hashes"]["published"].toString(), byHand);
        QCOMPARE(r["configuration"]["output"].toObject(),
                 (QJsonObject{{"separator", ","}, {"neutralize_formulas", false}}));
        // Every claim is the CSV record's: rows, suppression, each criterion's measure, risk.
        const QJsonObject csvRecord = readJson(csvRec);
        QJsonObject a = csvRecord, b = r;
        QVERIFY(a["criteria"].toArray().size() > 0);
        for (QJsonObject* o : {&a, &b}) {
            o->remove("hashes");
            o->remove("files");
            QJsonObject conf = (*o)["configuration"].toObject();
            conf.remove("output");
            (*o)["configuration"] = conf;
        }
        QCOMPARE(b, a);
        // The hashes of the original are the same too (a file's bytes, or the source table's
        // canonical export).
        QCOMPARE(r["hashes"]["original"], csvRecord["hashes"]["original"]);

        const auto v = test::runCli({"verify", dbRec, "--original", c.original, "--json"});
        QVERIFY2(v.exitCode == 0, v.out.constData());
        QCOMPARE(v.json()["published_table"].toString(), uri("table=trel_out"));
        QCOMPARE(verdict(v.json(), "published table hash"), QString("holds"));
        QCOMPARE(verdict(v.json(), "published table reproduces from the original"),
                 QString("holds"));
        QCOMPARE(verdict(v.json(), c.original.startsWith("postgresql://") ? "original table hash"
                                                                          : "original file hash"),
                 QString("holds"));
        const QString k = r["criteria"][0]["spec"].toString();
        QCOMPARE(verdict(v.json(), "criterion " + k), QString("holds"));
        // The smallest class the record claims is the one counted here in the table.
        QStringList columns;
        for (const QJsonValue& name : table["columns"].toArray()) columns << name.toString();
        const qsizetype smallest =
            smallestClass(tableRows("trel_out"), columns, c.qi, model == "cell-suppression");
        QCOMPARE(r["criteria"][0]["measured"].toInteger(), qint64(smallest));
        QVERIFY(smallest >= k.section('=', 1).toInt());

        const auto alone = test::runCli({"verify", dbRec, "--json"});
        QCOMPARE(alone.exitCode, 3);
        QVERIFY2(failing(alone.json()).isEmpty(), alone.out.constData());
        QCOMPARE(verdict(alone.json(), "published table hash"), QString("holds"));
        QCOMPARE(verdict(alone.json(), "published table reproduces from the original"),
                 QString("not checked"));
    }

    void tampered_data() {
        QTest::addColumn<QString>("model");
        for (const char* m : {"mondrian", "microaggregation", "cell-suppression"})
            QTest::newRow(m) << QString(m);
    }

    // One changed cell (in a copy named with --published) and one deleted row (in the record's
    // own table): exit 3, the table named; a record whose claim was raised: exit 3.
    void tampered() {
        QFETCH(QString, model);
        const Case& c = m_cases[model];
        const QString rec = m_dir.filePath("tampered.json");
        QVERIFY(!publish(model, uri("table=trel_out"), rec).isEmpty());
        tamperedCopy("trel_out", "trel_copy", c.qi.first());
        const auto cell = test::runCli({"verify", rec, "--published", uri("table=trel_copy"),
                                        "--original", c.original, "--json"});
        QCOMPARE(cell.exitCode, 3);
        QCOMPARE(verdict(cell.json(), "published table hash"), QString("fails"));
        QVERIFY2(detailOf(cell.json(), "published table hash").contains("table=trel_copy"),
                 cell.out.constData());
        QCOMPARE(verdict(cell.json(), "published table reproduces from the original"),
                 QString("fails"));
        // The row with the changed cell is a class of its own (for MDAV and Mondrian, whose
        // classes are the rows' distinct QI tuples): k fails on the table.
        const QJsonObject published = readJson(rec);
        const QString k = published["criteria"][0]["spec"].toString();
        if (model != "cell-suppression")
            QCOMPARE(verdict(cell.json(), "criterion " + k), QString("fails"));

        deleteFirstRow("trel_out");
        const auto row = test::runCli({"verify", rec, "--original", c.original});
        QCOMPARE(row.exitCode, 3);
        QVERIFY2(
            row.out.contains("FAIL published table hash") && row.out.contains("table=trel_out"),
            row.out.constData());
        QVERIFY2(row.out.contains("FAIL published rows"), row.out.constData());

        // Back to the published table, a record claiming a larger smallest class than the
        // table's: the criterion's claim fails, and only it.
        QVERIFY(!publish(model, uri("table=trel_out"), rec).isEmpty());
        QJsonObject r = readJson(rec);
        QJsonArray criteria = r["criteria"].toArray();
        QJsonObject first = criteria[0].toObject();
        first["measured"] = first["measured"].toInt() + 1;
        criteria[0] = first;
        r["criteria"] = criteria;
        const QString raised = m_dir.filePath("raised.json");
        QVERIFY(writeAll(raised, QJsonDocument(rehashed(r)).toJson()));
        const auto claim = test::runCli({"verify", raised, "--original", c.original, "--json"});
        QCOMPARE(claim.exitCode, 3);
        QCOMPARE(failing(claim.json()).join(" | "), "criterion " + first["spec"].toString());
        QVERIFY(detailOf(claim.json(), "criterion " + first["spec"].toString())
                    .contains("the record's claim differs"));
    }

    // A ?query= source is no table to hash: refused before anything is written.
    void querySourceRefused() {
        psql("DROP TABLE IF EXISTS trel_copy");
        const QString rec = m_dir.filePath("q.json");
        const auto g = test::runCli(QStringList{"generalize"} +
                                    test::adultOptions(uri("query=SELECT * FROM trel_adult")) +
                                    QStringList{"-c", "k=5", "--transform", "mondrian", "-o",
                                                uri("table=trel_copy"), "--release", rec});
        QCOMPARE(g.exitCode, 1);
        QVERIFY2(g.err.contains("is a query"), g.err.constData());
        QVERIFY(!QFile::exists(rec));
        QCOMPARE(psql("SELECT to_regclass('trel_copy') IS NULL").trimmed(), QString("t"));
    }

    void cleanupTestCase() { psql("DROP TABLE IF EXISTS trel_adult, trel_out, trel_copy"); }
};

QTEST_GUILESS_MAIN(TestPgReleaseTransforms)
#include "test_pg_release_transforms.moc"
