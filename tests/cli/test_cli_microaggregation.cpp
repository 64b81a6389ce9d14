// `ldiv generalize --transform microaggregation|cell-suppression` (issue 34): the options
// (--aggregate, --importance) and their refusals, the JSON keys, and the published tables of
// the hand-worked examples of tests/core/test_microaggregation and test_cell_suppression.
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include "cli_runner.h"
#include "test_paths.h"

using namespace ldv;

namespace {
QStringList readLines(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return {};
    return QString::fromUtf8(f.readAll()).split('\n', Qt::SkipEmptyParts);
}

void writeFile(const QString& path, const QByteArray& text) {
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(text);
}
}  // namespace

class TestCliMicroaggregation : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QString m_numeric;
    QString m_text;

private slots:
    void initTestCase() {
        // The 10 rows of tests/core/test_microaggregation (x, y) with a sensitive column.
        m_numeric = m_dir.filePath("ten.csv");
        writeFile(
            m_numeric,
            "x,y,s\n1,2,a\n2,1,a\n2,2,b\n9,9,a\n10,9,b\n9,10,c\n5,5,a\n6,5,b\n5,6,c\n1,1,a\n");
        // The 7 rows of tests/core/test_cell_suppression.
        m_text = m_dir.filePath("seven.csv");
        writeFile(
            m_text,
            "a,b,c,s\nm,1,x,s0\nm,1,x,s1\nm,2,x,s2\nf,2,y,s0\nf,2,y,s1\nf,3,y,s2\ng,4,z,s0\n");
    }

    // k=3, x by its mean and y by its interval: the groups {1,2,10}, {3,7,8,9}, {4,5,6}.
    void tenRowsMicroaggregated() {
        const QString out = m_dir.filePath("ten_out.csv");
        const auto r =
            test::runCli({"generalize", m_numeric, "--qi", "x,y", "--sensitive", "s", "--criterion",
                          "k=3", "--transform", "microaggregation", "--aggregate", "y=interval",
                          "--keep-order", "-o", out, "--json"});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonObject j = r.json();
        QCOMPARE(j["transform"].toString(), QString("microaggregation"));
        QCOMPARE(j["classes"].toInt(), 3);
        QCOMPARE(j["mdav_groups"].toInt(), 3);
        QCOMPARE(j["merges"].toInt(), 0);
        QCOMPARE(j["min_class_size"].toInt(), 3);
        QCOMPARE(j["aggregates"].toObject()["x"].toString(), QString("mean"));
        QCOMPARE(j["aggregates"].toObject()["y"].toString(), QString("interval"));
        QCOMPARE(readLines(out),
                 (QStringList{"x,y,s", "1.33,[1-2],a", "1.33,[1-2],a", "4.5,[2-6],b",
                              "9.33,[9-10],a", "9.33,[9-10],b", "9.33,[9-10],c", "4.5,[2-6],a",
                              "4.5,[2-6],b", "4.5,[2-6],c", "1.33,[1-2],a"}));
        // distinct-l=2 merges {1,2,10} (all a) into {3,7,8,9}.
        const auto l = test::runCli({"generalize", m_numeric, "--qi", "x,y", "--sensitive", "s",
                                     "--criterion", "k=3", "--criterion", "distinct-l=2",
                                     "--transform", "microaggregation", "-o", out, "--json"});
        QVERIFY2(l.exitCode == 0, l.err.constData());
        QCOMPARE(l.json()["merges"].toInt(), 1);
        QCOMPARE(l.json()["classes"].toInt(), 2);
    }

    // k=2 with importance b,c,a and 20 % of the records allowed to lose every QI.
    void sevenRowsCellSuppressed() {
        const QString out = m_dir.filePath("seven_out.csv");
        const QStringList base{"generalize",
                               m_text,
                               "--qi",
                               "a,b,c",
                               "--sensitive",
                               "s",
                               "--criterion",
                               "k=2",
                               "--transform",
                               "cell-suppression",
                               "--importance",
                               "b,c,a",
                               "--keep-order",
                               "-o",
                               out,
                               "--json"};
        const auto r = test::runCli(base + QStringList{"--suppression", "0.2"});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonObject j = r.json();
        QCOMPARE(j["suppressed_cells"].toObject()["b"].toInt(), 3);
        QCOMPARE(j["suppressed_cells"].toObject()["c"].toInt(), 1);
        QCOMPARE(j["suppressed_cells"].toObject()["a"].toInt(), 1);
        QCOMPARE(j["suppressed_cells_total"].toInt(), 5);
        QCOMPARE(j["suppressed_records"].toInt(), 1);
        QCOMPARE(j["min_frequency"].toInt(), 4);  // the emptied record matches every one
        QCOMPARE(j["importance"].toArray().size(), 3);
        QCOMPARE(readLines(out), (QStringList{"a,b,c,s", "m,1,x,s0", "m,1,x,s1", "m,*,x,s2",
                                              "f,2,y,s0", "f,2,y,s1", "f,*,y,s2", "*,*,*,s0"}));
        // With no suppression limit the emptied record is refused: exit 3, nothing written.
        QFile::remove(out);
        const auto refused = test::runCli(base + QStringList{"--suppression", "0"});
        QCOMPARE(refused.exitCode, 3);
        QVERIFY2(refused.err.contains("1 records lose every quasi-identifier"),
                 refused.err.constData());
        QVERIFY(!QFile::exists(out));
    }

    void refusals_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::newRow("text QI") << QStringList{"--transform", "microaggregation", "--qi", "a,b"}
                                 << "'a' is not typed integer or decimal";
        QTest::newRow("unknown aggregate")
            << QStringList{"--transform", "microaggregation", "--qi",
                           "b",           "--aggregate",      "b=average"}
            << "unknown aggregate 'average'";
        QTest::newRow("aggregate of a non-QI")
            << QStringList{"--transform", "microaggregation", "--qi", "b", "--aggregate", "c=mean"}
            << "--aggregate: 'c' is not a quasi-identifier";
        QTest::newRow("aggregate with another model")
            << QStringList{"--transform", "mondrian", "--qi", "b", "--aggregate", "b=mean"}
            << "--aggregate is for --transform microaggregation only";
        QTest::newRow("importance with another model")
            << QStringList{"--transform", "mondrian", "--qi", "b", "--importance", "b"}
            << "--importance is for --transform cell-suppression only";
        QTest::newRow("importance incomplete")
            << QStringList{"--transform", "cell-suppression", "--qi", "a,b", "--importance", "a"}
            << "'b' is missing";
        QTest::newRow("cell-suppression with l-diversity")
            << QStringList{"--transform", "cell-suppression", "--qi",
                           "a,b",         "--criterion",      "distinct-l=2"}
            << "cell-suppression guarantees k-anonymity only";
        QTest::newRow("microaggregation with a risk criterion")
            << QStringList{"--transform", "microaggregation", "--qi",
                           "b",           "--criterion",      "average-risk=0.1"}
            << "judged on all classes together";
        QTest::newRow("microaggregation with --node")
            << QStringList{"--transform", "microaggregation", "--qi", "b", "--node", "0"}
            << "takes none";
        QTest::newRow("local with a risk criterion")
            << QStringList{"--transform", "local", "--qi", "b", "--criterion", "average-risk=0.1"}
            << "judged on all classes together";
    }
    void refusals() {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        const QString out = m_dir.filePath("refused.csv");
        QStringList all{"generalize", m_text, "--sensitive", "s", "--criterion", "k=2", "-o", out};
        // Columns left out of --qi need a role: c is insensitive unless it is a QI.
        if (!args.join(' ').contains("a,b,c"))
            all << "--insensitive"
                << "c";
        if (!args.join(' ').contains("a,b"))
            all << "--insensitive"
                << "a";
        const auto r = test::runCli(all + args);
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(QString::fromUtf8(r.err).contains(message), r.err.constData());
        QVERIFY(!QFile::exists(out));
    }
};

QTEST_GUILESS_MAIN(TestCliMicroaggregation)
#include "test_cli_microaggregation.moc"
