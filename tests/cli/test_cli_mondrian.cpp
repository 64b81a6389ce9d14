// `ldiv generalize --transform mondrian` (issue 34): the option's contract (local's masked
// rows, the other models' refusals of the hospital project, and the options Mondrian
// does not take are refused, exit 1), the JSON keys,
// a table that fails as a whole (exit 3, nothing written), and the published Adult table,
// audited by `ldiv audit` from the file itself.
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include "cli_runner.h"
#include "test_paths.h"

using namespace ldv;

namespace {
QString ex(const char* path) {
    return QString::fromStdString(test::example(path));
}
const QString kQi = "sex,age,race,marital-status,education,native-country,workclass";

QStringList readLines(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return {};
    return QString::fromUtf8(f.readAll()).split('\n', Qt::SkipEmptyParts);
}
}  // namespace

class TestCliMondrian : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private slots:
    void adultIsPublishedAndAudits() {
        const QString out = m_dir.filePath("adult_mondrian.csv");
        const auto r = test::runCli({"generalize", "--project", ex("adult/adult.ldiv.json"),
                                     "--criterion", "k=5", "--suppression", "0", "--transform",
                                     "mondrian", "-o", out, "--json"});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonObject j = r.json();
        for (const char* key : {"classes", "discernibility", "min_class_size", "elapsed_ms", "rows",
                                "columns", "seed", "criteria", "transform"})
            QVERIFY2(j.contains(key), key);
        QCOMPARE(j["transform"].toString(), QString("mondrian"));
        QCOMPARE(j["rows"].toInt(), 30162);
        QVERIFY(j["min_class_size"].toInt() >= 5);
        // Issue 34's target: at most 1/30 of the full-domain optimum's DM (55,170,356).
        QVERIFY2(j["discernibility"].toDouble() <= 55170356.0 / 30,
                 QByteArray::number(j["discernibility"].toDouble()).constData());
        const int classes = j["classes"].toInt();
        QVERIFY(classes > 30);  // the full-domain optimum has 30

        const auto audit = test::runCli({"audit", out, "--qi", kQi, "--sensitive", "occupation",
                                         "--criterion", "k=5", "--json"});
        QVERIFY2(audit.exitCode == 0, audit.err.constData());
        const QJsonObject a = audit.json();
        QCOMPARE(a["rows"].toInt(), 30162);
        QCOMPARE(a["classes"].toInt(), classes);
        const QJsonArray criteria = a["criteria"].toArray();
        QCOMPARE(criteria.size(), 1);
        QVERIFY(criteria[0].toObject()["holds"].toBool());
    }

    void refusals_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("message");
        QTest::newRow("local with masked rows")
            << QStringList{"--transform", "local", "--suppressed", "mask"} << 1
            << "--suppressed mask is not supported with --transform local";
        // hospital's nationality is text: microaggregation needs numbers.
        QTest::newRow("microaggregation") << QStringList{"--transform", "microaggregation"} << 1
                                          << "'nationality' is not typed integer or decimal";
        QTest::newRow("cell-suppression") << QStringList{"--transform", "cell-suppression"} << 1
                                          << "cell-suppression guarantees k-anonymity only";
        QTest::newRow("unknown model")
            << QStringList{"--transform", "anatomy"} << 1 << "--transform";
        QTest::newRow("mondrian with --node")
            << QStringList{"--transform", "mondrian", "--node", "0,0,0"} << 1 << "takes none";
        QTest::newRow("mondrian --release with a criterion verify cannot judge")
            << QStringList{"--transform",     "mondrian",  "--criterion",
                           "t-closeness=0.5", "--release", "r.json"}
            << 1 << "from the criteria's definitions";
        QTest::newRow("mondrian with --mapping")
            << QStringList{"--transform", "mondrian", "--mapping", "m.csv"} << 1
            << "one value may be published differently";
        QTest::newRow("mondrian with a risk criterion")
            << QStringList{"--transform", "mondrian", "--criterion", "average-risk=0.1"} << 1
            << "judged on all classes together, not per class";
        QTest::newRow("full-domain without --node")
            << QStringList{"--transform", "full-domain"} << 1 << "--node is required";
        QTest::newRow("table fails as a whole")
            << QStringList{"--transform", "mondrian", "--criterion", "k=13"} << 3
            << "the whole table fails k=13";
    }
    void refusals() {
        QFETCH(QStringList, args);
        QFETCH(int, exitCode);
        QFETCH(QString, message);
        const QString out = m_dir.filePath("refused.csv");
        const auto r = test::runCli(
            QStringList{"generalize", "--project", ex("hospital/hospital.ldiv.json"), "-o", out} +
            args);
        QCOMPARE(r.exitCode, exitCode);
        QVERIFY2(QString::fromUtf8(r.err).contains(message), r.err.constData());
        QVERIFY(!QFile::exists(out));
    }

    // The hospital table with k=4 (tests/core/test_mondrian works it by hand): in the source's
    // order, and shuffled with a seed, the same rows.
    void hospitalRowsAndShuffle() {
        const QString kept = m_dir.filePath("kept.csv");
        const QString shuffled = m_dir.filePath("shuffled.csv");
        const QStringList base{"generalize",  "--project", ex("hospital/hospital.ldiv.json"),
                               "--criterion", "k=4",       "--transform",
                               "mondrian"};
        QCOMPARE(test::runCli(base + QStringList{"-o", kept, "--keep-order"}).exitCode, 0);
        const auto r = test::runCli(base + QStringList{"-o", shuffled, "--seed", "7", "--json"});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.json()["seed"].toInt(), 7);
        QCOMPARE(r.json()["classes"].toInt(), 3);
        QCOMPARE(r.json()["discernibility"].toInt(), 48);
        const QStringList keptLines = readLines(kept);
        QCOMPARE(keptLines.size(), 13);
        QCOMPARE(keptLines[0], QString("zip,age,nationality,condition"));
        QCOMPARE(keptLines[1], QString("[13053-13068],[21-29],*,Heart Disease"));
        QCOMPARE(keptLines[5], QString("[14850-14853],[47-55],*,Cancer"));
        QStringList a = keptLines, b = readLines(shuffled);
        std::sort(a.begin(), a.end());
        std::sort(b.begin(), b.end());
        QCOMPARE(a, b);
    }
};

QTEST_GUILESS_MAIN(TestCliMondrian)
#include "test_cli_mondrian.moc"
