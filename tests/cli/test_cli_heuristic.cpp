// `ldiv search --algorithm heuristic [--time-limit S]` and `load_ms`: the JSON contract.
#include <QJsonArray>
#include <QtTest>

#include "cli_runner.h"
#include "test_paths.h"

using namespace ldv;

namespace {
QString ex(const char* path) {
    return QString::fromStdString(test::example(path));
}
QStringList adultOptions() {
    QStringList args{ex("adult/adult.csv"), "--qi", "sex,age,race,marital-status,education",
                     "--sensitive", "salary-class"};
    for (const char* a : {"sex", "age", "race", "marital-status", "education"})
        args << "--hierarchy" << QString("%1=%2").arg(a, ex("adult/adult_hierarchy_") + a + ".csv");
    return args;
}
}  // namespace

class TestCliHeuristic : public QObject {
    Q_OBJECT
private slots:
    void exactSearchReportsLoadTime() {
        const auto r = test::runCli(QStringList{"search"} + adultOptions() +
                                    QStringList{"-c", "k=5", "--json"});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject j = r.json();
        QVERIFY(j["load_ms"].toDouble() > 0);
        QCOMPARE(j["statistics"].toObject()["load_ms"].toDouble(), j["load_ms"].toDouble());
        QVERIFY(j["elapsed_ms"].isDouble());
        QCOMPARE(j["proven_optimal"].toBool(), true);
    }

    void heuristicWithinLimitIsTheExactOptimum() {
        // Adult's 240-node lattice is classified within the limit: same answer as fast, proven.
        const auto exact = test::runCli(QStringList{"search"} + adultOptions() +
                                        QStringList{"-c", "k=5", "--json"});
        const auto r = test::runCli(
            QStringList{"search"} + adultOptions() +
            QStringList{"-c", "k=5", "--algorithm", "heuristic", "--time-limit", "20", "--json"});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject j = r.json(), e = exact.json();
        QCOMPARE(j["algorithm"].toString(), QString("heuristic"));
        QCOMPARE(j["proven_optimal"].toBool(), true);
        QCOMPARE(j["optimum"].toObject()["levels"], e["optimum"].toObject()["levels"]);
        QCOMPARE(j["optimum"].toObject()["discernibility"],
                 e["optimum"].toObject()["discernibility"]);
        QCOMPARE(j["satisfying_count"].toInt(), 33);
        QCOMPARE(j["minimal_nodes"].toArray().size(), 9);
        QVERIFY(j["load_ms"].toDouble() > 0);
        QCOMPARE(j["time_limit_s"].toDouble(), 20.0);
        QCOMPARE(j["timed_out"].toBool(), false);
    }

    void zeroLimitIsValidAndUnproven() {
        const auto r = test::runCli(
            QStringList{"search"} + adultOptions() +
            QStringList{"-c", "k=5", "--algorithm", "heuristic", "--time-limit", "0", "--json"});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject j = r.json();
        QCOMPARE(j["proven_optimal"].toBool(), false);
        QVERIFY(j["satisfying_count"].isNull());
        QVERIFY(j["minimal_nodes"].isNull());
        QVERIFY(j["optimum"].isNull());  // nothing was checked in no time
        QCOMPARE(j["timed_out"].toBool(), true);
        QVERIFY(!j["optimality"].toString().isEmpty());
        QCOMPARE(j["lattice_size"].toInt(), 240);
    }

    void parameterErrors() {
        // --time-limit without the heuristic, a negative limit, heuristic outside search: exit 1.
        QCOMPARE(test::runCli(QStringList{"search"} + adultOptions() +
                              QStringList{"-c", "k=5", "--time-limit", "3"})
                     .exitCode,
                 1);
        QCOMPARE(
            test::runCli(QStringList{"search"} + adultOptions() +
                         QStringList{"-c", "k=5", "--algorithm", "heuristic", "--time-limit", "-1"})
                .exitCode,
            1);
        const auto g =
            test::runCli(QStringList{"generalize"} + adultOptions() +
                         QStringList{"-c", "k=5", "--node", "0,0,0,0,0", "--algorithm", "heuristic",
                                     "--output", "/nonexistent-dir/never-written.csv"});
        QCOMPARE(g.exitCode, 1);
        QVERIFY(g.err.contains("heuristic"));
    }
};

QTEST_APPLESS_MAIN(TestCliHeuristic)
#include "test_cli_heuristic.moc"
