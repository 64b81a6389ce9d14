// `ldiv inspect`, `audit` and `generalize`: the numbers of SPEC Example 2.2 and the
// generalize → audit round trip on Adult.
#include <QtTest>

#include "cli_adult.h"
#include "cli_runner.h"
#include "test_paths.h"

using namespace ldv;
using ldv::test::adultOptions;

namespace {
QString ex(const char* path) {
    return QString::fromStdString(test::example(path));
}
}  // namespace

class TestCliFoundation : public QObject {
    Q_OBJECT
private slots:
    void versionJson() {
        // `--version --json` in either order: the version `--version` prints, and the features
        // as booleans (postgres depends on the build; the others are required libraries).
        const auto plain = test::runCli({"--version"});
        QCOMPARE(plain.exitCode, 0);
        for (const QStringList& args :
             {QStringList{"--version", "--json"}, QStringList{"--json", "--version"}}) {
            const auto r = test::runCli(args);
            QCOMPARE(r.exitCode, 0);
            const QJsonObject j = r.json();
            QCOMPARE(QString::fromUtf8(plain.out).trimmed(), "ldiv " + j["version"].toString());
            const QJsonObject f = j["features"].toObject();
            QCOMPARE(f.keys(), QStringList({"postgres", "release_signing", "unicode_normalization",
                                            "utility_classifiers"}));
            for (const QString& key : f.keys()) QVERIFY2(f[key].isBool(), qPrintable(key));
            QCOMPARE(f["release_signing"].toBool(), true);
        }
    }
    void inspect() {
        const auto r = test::runCli({"inspect", ex("adult/adult.csv"), "--json"});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject j = r.json();
        QCOMPARE(j["rows"].toInt(), 30162);
        const QJsonObject age = j["columns"].toArray()[1].toObject();
        QCOMPARE(age["name"].toString(), QString("age"));
        QCOMPARE(age["type"].toString(), QString("integer"));
        QCOMPARE(age["distinct"].toInt(), 72);
    }
    void auditFigure2() {
        const auto r = test::runCli({"audit", ex("hospital/hospital_fig2_4anonymous.csv"), "--qi",
                                     "zip,age,nationality", "--sensitive", "condition", "--json"});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject j = r.json();
        QCOMPARE(j["k"].toInt(), 4);
        QCOMPARE(j["classes"].toInt(), 3);
        const QJsonObject sa = j["sensitive"].toArray()[0].toObject();
        QCOMPARE(sa["homogeneous_classes"].toInt(), 1);
        QCOMPARE(sa["homogeneous_rows"].toInt(), 4);
    }
    void auditFigure4() {
        const auto r = test::runCli({"audit", ex("hospital/hospital_fig4_3diverse.csv"), "--qi",
                                     "zip,age,nationality", "--sensitive", "condition", "--json"});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject sa = r.json()["sensitive"].toArray()[0].toObject();
        QCOMPARE(sa["min_distinct"].toInt(), 3);
        QCOMPARE(qRound(sa["min_exp_entropy"].toDouble() * 100), 283);
        QCOMPARE(sa["homogeneous_classes"].toInt(), 0);
    }
    void auditNodeOfProject() {
        const auto r = test::runCli({"audit", "--project", ex("hospital/hospital.ldiv.json"),
                                     "--node", "zip=1,age=2,nationality=1", "--json"});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.json()["classes"].toInt(), 3);
        QCOMPARE(r.json()["k"].toInt(), 4);
    }
    void generalizeRoundTrip() {
        QTemporaryDir dir;
        const QString out = dir.filePath("adult_node.csv");
        auto r = test::runCli(QStringList{"generalize"} + adultOptions(ex("adult/adult.csv")) +
                              QStringList{"--node", "1,2,1,1,2", "--output", out, "--json"});
        QCOMPARE(r.exitCode, 0);
        const auto original =
            test::runCli(QStringList{"audit"} + adultOptions(ex("adult/adult.csv")) +
                         QStringList{"--node", "1,2,1,1,2", "--json"});
        const auto published =
            test::runCli({"audit", out, "--qi", "sex,age,race,marital-status,education",
                          "--sensitive", "salary-class", "--json"});
        QCOMPARE(published.exitCode, 0);
        for (const char* key : {"classes", "k", "max_class_size", "rows"})
            QCOMPARE(published.json()[key].toInt(), original.json()[key].toInt());
        QCOMPARE(published.json()["sensitive"], original.json()["sensitive"]);
        QCOMPARE(original.json()["classes"].toInt(), 47);
    }
    void exportSafety() {
        // Identifying columns never reach the output; formula-like cells are neutralised on
        // request while numbers (including negative ones) stay as they are.
        QTemporaryDir dir;
        const QString data = dir.filePath("people.csv");
        QFile f(data);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(
            "name,zip,note,delta\nAnn,13053,=HYPERLINK(\"x\"),-5\nBob,13068,@SUM(A1),+2\nCy,13068,"
            "plain,3\n");
        f.close();
        const QString out = dir.filePath("out.csv");
        const auto r =
            test::runCli({"generalize", data, "--qi", "zip", "--identifying", "name",
                          "--insensitive", "note,delta", "--hierarchy", "zip=mask", "--node", "1",
                          "--keep-order", "--output", out, "--neutralize-formulas", "--json"});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.json()["removed_columns"].toArray().first().toString(), QString("name"));
        QFile written(out);
        QVERIFY(written.open(QIODevice::ReadOnly));
        QCOMPARE(QString(written.readAll()),
                 QString("zip,note,delta\n1305*,\"'=HYPERLINK(\"\"x\"\")\",-5\n1306*,'@SUM(A1),+"
                         "2\n1306*,plain,3\n"));
    }
    void errorsAndExitCodes_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("message");
        QTest::newRow("missing file")
            << QStringList{"inspect", "/nonexistent.csv"} << 2
            << "/nonexistent.csv: cannot open the file for reading: No such file or directory";
        QTest::newRow("unknown column")
            << QStringList{"audit", ex("hospital/hospital.csv"), "--qi", "zipcode"} << 1
            << "no column named 'zipcode'; the columns are: zip, age, nationality, condition";
        QTest::newRow("node too high")
            << QStringList{"audit", "--project", ex("hospital/hospital.ldiv.json"), "--node",
                           "1,2,5"}
            << 1 << "--node: level 5 of 'nationality' exceeds its hierarchy height 1";
        QTest::newRow("node length")
            << QStringList{"audit", "--project", ex("hospital/hospital.ldiv.json"), "--node", "1,2"}
            << 1 << "--node has 2 levels but there are 3 quasi-identifiers";
        QTest::newRow("no subcommand") << QStringList{} << 1 << "A subcommand is required";
        QTest::newRow("qi is sensitive")
            << QStringList{"audit", ex("hospital/hospital.csv"), "--qi", "zip", "--sensitive",
                           "zip"}
            << 1 << "attribute 'zip' cannot be both --qi and --sensitive";
        QTest::newRow("hierarchy misses values")
            << QStringList{"audit",       ex("hospital/hospital.csv"),
                           "--qi",        "age",
                           "--hierarchy", "age=" + ex("hospital/hierarchy_zip.csv")}
            << 2 << "12 value(s) of attribute 'age' are not in the hierarchy: '28', '29'";
    }
    void errorsAndExitCodes() {
        QFETCH(QStringList, args);
        QFETCH(int, exitCode);
        QFETCH(QString, message);
        const auto r = test::runCli(args);
        QCOMPARE(r.exitCode, exitCode);
        QVERIFY2(QString(r.err).contains(message), r.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestCliFoundation)
#include "test_cli_foundation.moc"
