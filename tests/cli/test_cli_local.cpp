// `ldiv generalize --transform local` (issue 34, transform/local_recoding.h): the JSON keys and
// issue 34's Adult targets (k=5 with no suppression: DM at most 1/5 of the full-domain
// optimum's 55,170,356, non-uniform entropy lower than the optimum's), the iterations, the
// published file audited by `ldiv audit` from the file itself, k=5 + distinct-l=3 on
// occupation, and a table that fails as a whole (exit 3, nothing written).
#include <QFile>
#include <QJsonArray>
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
}  // namespace

class TestCliLocal : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private slots:
    void adultTargets_data() {
        QTest::addColumn<QStringList>("criteria");
        QTest::newRow("k=5") << QStringList{"--criterion", "k=5"};
        QTest::newRow("k=5, distinct-l=3")
            << QStringList{"--criterion", "k=5", "--criterion", "distinct-l=3@occupation"};
    }
    void adultTargets() {
        QFETCH(QStringList, criteria);
        const QString out = m_dir.filePath("adult_local.csv");
        QStringList args{"generalize",    "--project", ex("adult/adult.ldiv.json"),
                         "--suppression", "0",         "--transform",
                         "local",         "-o",        out,
                         "--json"};
        args << criteria;
        const auto r = test::runCli(args);
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonObject j = r.json();
        for (const char* key : {"classes", "discernibility", "entropy", "iterations",
                                "suppressed_rows", "min_class_size", "elapsed_ms", "rows"})
            QVERIFY2(j.contains(key), key);
        QCOMPARE(j["transform"].toString(), QString("local"));
        QCOMPARE(j["rows"].toInt(), 30162);
        QCOMPARE(j["suppressed_rows"].toInt(), 0);
        QVERIFY(j["min_class_size"].toInt() >= 5);
        QVERIFY2(j["discernibility"].toDouble() <= 55170356.0 / 5,
                 QByteArray::number(j["discernibility"].toDouble()).constData());
        // The full-domain optimum [1,1,1,1,3,2,2]'s non-uniform entropy is 300,202 bits (the
        // engine's NodeMetrics, printed by tests/bench/bench_local; test_local_recoding checks
        // that both count entropy alike).
        QVERIFY2(j["entropy"].toDouble() < 300202.0,
                 QByteArray::number(j["entropy"].toDouble()).constData());
        const QJsonArray iterations = j["iterations"].toArray();
        QVERIFY(iterations.size() >= 2);
        qint64 released = 0;
        for (const QJsonValue& it : iterations) {
            QVERIFY(it.toObject().contains("node"));
            released += it.toObject()["released_rows"].toInteger();
        }
        QCOMPARE(released, qint64(30162));

        const auto audit =
            test::runCli({"audit", out, "--qi", kQi, "--sensitive", "occupation", "--criterion",
                          "k=5", "--criterion", "distinct-l=3", "--json"});
        QVERIFY2(audit.exitCode == 0, audit.err.constData());
        const QJsonObject a = audit.json();
        QCOMPARE(a["rows"].toInt(), 30162);
        QCOMPARE(a["classes"].toInt(), j["classes"].toInt());
        for (const QJsonValue& c : a["criteria"].toArray()) QVERIFY(c.toObject()["holds"].toBool());
    }

    // Hospital at k=13: 12 rows can never form a class of 13, and nothing may stay suppressed.
    void infeasibleIsRefused() {
        const QString out = m_dir.filePath("refused.csv");
        const auto r = test::runCli({"generalize", "--project", ex("hospital/hospital.ldiv.json"),
                                     "--criterion", "k=13", "--suppression", "0", "--transform",
                                     "local", "-o", out});
        QCOMPARE(r.exitCode, 3);
        QVERIFY2(r.err.contains("12 rows could not be released"), r.err.constData());
        QVERIFY(!QFile::exists(out));
    }
};

QTEST_GUILESS_MAIN(TestCliLocal)
#include "test_cli_local.moc"
