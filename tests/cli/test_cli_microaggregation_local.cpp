// `ldiv generalize --transform microaggregation+local` (issue 34, item 1's combination): the
// published table of a 9-row table worked by hand (tests/core/test_microaggregation_local),
// a release that `ldiv verify --original` accepts (exit 0) and rejects after one changed cell
// (exit 3), a record that holds the aggregate of each microaggregated column only, and the
// refusals: other combinations name why, --aggregate must name a numeric QI, and a k is needed.
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QtTest>

#include "cli_runner.h"
#include "file_fixtures.h"
#include "release_verdicts.h"
#include "test_paths.h"

using namespace ldv;
using test::failing;
using test::verdict;

class TestCliMicroaggregationLocal : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QString m_nine;

    QStringList args(const QStringList& extra) const {
        return QStringList{"generalize", m_nine,        "--qi",       "x,c",         "--sensitive",
                           "s",          "--hierarchy", "c=suppress", "--criterion", "k=3"} +
               extra;
    }

private slots:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        m_nine = m_dir.filePath("nine.csv");
        QVERIFY(
            test::writeAll(m_nine,
                           "x,c,s\n1,a,p\n2,a,q\n3,b,p\n10,b,q\n11,a,p\n12,b,q\n20,a,p\n21,b,q\n"
                           "22,b,p\n"));
    }

    // MDAV with k=3 groups x into {1,2,3} mean 2, {10,11,12} mean 11, {20,21,22} mean 21;
    // local recoding then keeps the means and lifts c to * (DM 27 against 41 for the other
    // way round; worked in tests/core/test_microaggregation_local).
    void publishesTheHandWorkedTable() {
        const QString out = m_dir.filePath("nine_out.csv");
        const auto r = test::runCli(args({"--transform", "microaggregation+local", "--aggregate",
                                          "x=mean", "-o", out, "--keep-order", "--json"}));
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QCOMPARE(QString::fromUtf8(test::readFile(out)),
                 QString("x,c,s\n2,*,p\n2,*,q\n2,*,p\n11,*,q\n11,*,p\n11,*,q\n21,*,p\n21,*,q\n"
                         "21,*,p\n"));
        const QJsonObject j = r.json();
        QCOMPARE(j["transform"].toString(), QString("microaggregation+local"));
        QCOMPARE(j["classes"].toInt(), 3);
        QCOMPARE(j["min_class_size"].toInt(), 3);
        QCOMPARE(j["mdav_groups"].toInt(), 3);
        QCOMPARE(j["mdav_k"].toInt(), 3);
        QCOMPARE(j["discernibility"].toDouble(), 27.0);
        QCOMPARE(j["aggregates"].toObject().keys(), QStringList{"x"});
        QCOMPARE(j["iterations"].toArray().size(), 1);
    }

    // Published with a record (shuffled, seed 7): verify reproduces it from the original and
    // every claim holds; one changed cell fails the reproduction and the hash (exit 3).
    void releaseVerifies() {
        const QString out = m_dir.filePath("rel.csv");
        const QString rec = m_dir.filePath("rel.ldiv-release.json");
        const auto g = test::runCli(
            args({"--criterion", "distinct-l=2", "--transform", "microaggregation+local",
                  "--aggregate", "x=median", "-o", out, "--release", rec, "--seed", "7"}));
        QVERIFY2(g.exitCode == 0, g.err.constData());
        const QJsonObject record = test::readJson(rec);
        const QJsonObject t = record["configuration"]["transformation"].toObject();
        QCOMPARE(t["model"].toString(), QString("microaggregation+local"));
        // Only the microaggregated column carries an aggregate; c is recoded only.
        QCOMPARE(t["aggregates"].toObject(), (QJsonObject{{"x", "median"}}));
        QCOMPARE(record["configuration"]["suppressed"].toString(), QString("removed"));

        const auto v =
            test::runCli({"verify", rec, "--published", out, "--original", m_nine, "--json"});
        QVERIFY2(v.exitCode == 0, v.out.constData());
        QCOMPARE(verdict(v.json(), "published file reproduces from the original"),
                 QString("holds"));
        QCOMPARE(verdict(v.json(), "criterion k=3"), QString("holds"));
        QCOMPARE(verdict(v.json(), "criterion distinct-l=2"), QString("holds"));

        // One cell changed: the first data row's x (an aggregate) becomes 99.
        QByteArray bytes = test::readFile(out);
        const int line = bytes.indexOf('\n') + 1;
        bytes.replace(line, bytes.indexOf(',', line) - line, "99");
        const QString changed = m_dir.filePath("rel_changed.csv");
        QVERIFY(test::writeAll(changed, bytes));
        const auto bad =
            test::runCli({"verify", rec, "--published", changed, "--original", m_nine, "--json"});
        QCOMPARE(bad.exitCode, 3);
        const QStringList f = failing(bad.json());
        QVERIFY2(f.contains("published file reproduces from the original"), bad.out.constData());
        QVERIFY(f.contains("published file hash"));
    }

    // The hospital project (Machanavajjhala et al. 2007): age microaggregated, zip and
    // nationality recoded; its release verifies too, and the file's classes over all three
    // QIs have at least 4 rows.
    void hospitalReleaseVerifies() {
        const QString project =
            QString::fromStdString(test::example("hospital/hospital.ldiv.json"));
        const QString original = QString::fromStdString(test::example("hospital/hospital.csv"));
        const QString out = m_dir.filePath("hospital.csv");
        const QString rec = m_dir.filePath("hospital.ldiv-release.json");
        const auto g =
            test::runCli({"generalize", "--project", project, "--criterion", "k=4", "--transform",
                          "microaggregation+local", "--aggregate", "age=mean", "-o", out,
                          "--release", rec, "--seed", "3", "--json"});
        QVERIFY2(g.exitCode == 0, g.err.constData());
        QCOMPARE(g.json()["rows"].toInt(), 12);
        const QStringList lines =
            QString::fromUtf8(test::readFile(out)).split('\n', Qt::SkipEmptyParts);
        const QStringList header = lines[0].split(',');
        QMap<QString, int> classes;
        for (int r = 1; r < lines.size(); ++r) {
            const QStringList cells = lines[r].split(',');
            ++classes[cells[header.indexOf("zip")] + "|" + cells[header.indexOf("age")] + "|" +
                      cells[header.indexOf("nationality")]];
        }
        for (int n : classes) QVERIFY(n >= 4);
        QCOMPARE(classes.size(), g.json()["classes"].toInt());
        const auto v =
            test::runCli({"verify", rec, "--published", out, "--original", original, "--json"});
        QVERIFY2(v.exitCode == 0, v.out.constData());
    }

    void refusals_data() {
        QTest::addColumn<QStringList>("extra");
        QTest::addColumn<QString>("message");
        QTest::newRow("mondrian+local")
            << QStringList{"--transform", "mondrian+local"} << "Mondrian and local recoding";
        QTest::newRow("local+microaggregation")
            << QStringList{"--transform", "local+microaggregation", "--aggregate", "x=mean"}
            << "write microaggregation+local";
        QTest::newRow("cell-suppression+local")
            << QStringList{"--transform", "cell-suppression+local"} << "form no classes";
        QTest::newRow("no --aggregate")
            << QStringList{"--transform", "microaggregation+local"} << "needs --aggregate";
        QTest::newRow("text QI") << QStringList{"--transform", "microaggregation+local",
                                                "--aggregate", "c=mean"}
                                 << "'c' is not typed integer or decimal";
        QTest::newRow("--aggregate with local")
            << QStringList{"--transform", "local", "--aggregate", "x=mean"}
            << "--aggregate is for --transform microaggregation only (and its combination "
               "microaggregation+local)";
    }

    // Refused before anything is written, exit 1, naming why.
    void refusals() {
        QFETCH(QStringList, extra);
        QFETCH(QString, message);
        const QString out = m_dir.filePath("refused.csv");
        const auto r = test::runCli(args(extra + QStringList{"-o", out}));
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(QString::fromUtf8(r.err).contains(message), r.err.constData());
        QVERIFY(!QFile::exists(out));
    }
};

QTEST_GUILESS_MAIN(TestCliMicroaggregationLocal)
#include "test_cli_microaggregation_local.moc"
