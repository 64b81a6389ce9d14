// `ldiv search|audit --stream`: a CSV streamed into base groups gives the results of the
// rows held in memory, and reports the same rows and base groups (issue 21).
#include <QtTest>

#include "cli_adult.h"
#include "cli_runner.h"

using namespace ldv;
using ldv::test::adultOptions;

class TestCliStream : public QObject {
    Q_OBJECT
private slots:
    void searchStreamedEqualsRows_data() {
        QTest::addColumn<QStringList>("criteria");
        QTest::newRow("k=5") << QStringList{"--criterion", "k=5"};
        QTest::newRow("entropy-l, 2%")
            << QStringList{"--criterion", "entropy-l=1.5", "--suppression", "0.02"};
    }
    void searchStreamedEqualsRows() {
        QFETCH(QStringList, criteria);
        const auto rows =
            test::runCli(QStringList{"search"} + adultOptions() + criteria + QStringList{"--json"});
        const auto streamed = test::runCli(QStringList{"search"} + adultOptions() + criteria +
                                           QStringList{"--json", "--stream"});
        QCOMPARE(rows.exitCode, 0);
        QVERIFY2(streamed.exitCode == 0, streamed.err.constData());
        const QJsonObject a = rows.json(), b = streamed.json();
        for (const char* key : {"lattice_size", "satisfying_count", "minimal_nodes", "optimum"})
            QCOMPARE(b[key], a[key]);
        const QJsonObject sa = a["statistics"].toObject(), sb = b["statistics"].toObject();
        QCOMPARE(sb["rows"].toInteger(), qint64(30162));
        QCOMPARE(sa["rows"].toInteger(), qint64(30162));
        QCOMPARE(sb["base_groups"].toInteger(), sa["base_groups"].toInteger());
        QCOMPARE(sa["base_groups"].toInteger(), qint64(6072));
    }

    // Commands that need rows do not offer --stream.
    void rowCommandsHaveNoStream() {
        const auto r =
            test::runCli(QStringList{"generalize"} + adultOptions() +
                         QStringList{"--node", "0,0,0,0,0", "--output", "/dev/null", "--stream"});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("--stream"), r.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestCliStream)
#include "test_cli_stream.moc"
