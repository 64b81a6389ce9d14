// The quality models on the command line (issue 33 item 2): --metric entropy|ambiguity|
// granularity|sse with --weight, --gs-factor and --metric-aggregate wherever --metric is taken, their
// refusals naming what is wrong, and `ldiv utility`'s "quality" (every model of the node) on the
// hospital table of Machanavajjhala et al. 2007 Fig. 1, worked out by hand.
#include <QtTest>

#include <QJsonArray>

#include <cmath>

#include "cli_runner.h"
#include "test_paths.h"

using namespace ldv;

namespace {

QString hospital() {
    return QString::fromStdString(test::example("hospital/hospital.ldiv.json"));
}
bool near(const QJsonValue& v, double b) {
    return v.isDouble() && std::abs(v.toDouble() - b) < 1e-9 * std::max(1.0, std::abs(b));
}
QJsonArray levels(const test::CliResult& r) {
    return r.json()["optimum"].toObject()["levels"].toArray();
}

}  // namespace

class TestCliQuality : public QObject {
    Q_OBJECT
private slots:
    void searchMatchesBruteForce_data() {
        QTest::addColumn<QStringList>("options");
        QTest::newRow("entropy") << QStringList{"--metric", "entropy"};
        QTest::newRow("entropy, suppression, gs 0.8")
            << QStringList{"--metric", "entropy", "--suppression", "0.35", "--gs-factor", "0.8"};
        QTest::newRow("ambiguity, suppression")
            << QStringList{"--metric", "ambiguity", "--suppression", "0.35"};
        QTest::newRow("granularity, weights, max")
            << QStringList{"--metric", "granularity", "--weight",    "age=3",
                           "--weight", "zip=0.5",     "--metric-aggregate", "max"};
        QTest::newRow("sse, suppression, geometric")
            << QStringList{"--metric", "sse", "--suppression", "0.35", "--metric-aggregate", "geometric"};
    }
    void searchMatchesBruteForce() {
        // The fast search's optimum is brute force's, through the command line's options.
        QFETCH(QStringList, options);
        const QStringList base{"search", "--project", hospital(), "-c", "k=3", "--json"};
        const auto fast = test::runCli(base + options);
        const auto brute = test::runCli(base + options + QStringList{"--algorithm", "brute"});
        QCOMPARE(fast.exitCode, 0);
        QCOMPARE(brute.exitCode, 0);
        QVERIFY(!levels(fast).isEmpty());
        QCOMPARE(levels(fast), levels(brute));
        // The existing keys stay.
        for (const char* key : {"levels", "height", "classes", "discernibility"})
            QVERIFY2(fast.json()["optimum"].toObject().contains(key), key);
    }

    void weightsSteerTheOptimum() {
        // Adult's project (k=5, entropy-l=3, 2 % suppression), granularity: a weight of 0 on
        // age (QI 2 of 7) frees it, so the optimum generalizes it further than with weight 10,
        // which buys a lower age with other attributes.
        const QStringList base{"search",
                               "--project",
                               QString::fromStdString(test::example("adult/adult.ldiv.json")),
                               "--metric",
                               "granularity",
                               "--json"};
        const auto freeAge = test::runCli(base + QStringList{"--weight", "age=0"});
        const auto heavyAge = test::runCli(base + QStringList{"--weight", "age=10"});
        QCOMPARE(freeAge.exitCode, 0);
        QCOMPARE(heavyAge.exitCode, 0);
        QVERIFY(levels(freeAge)[1].toInt() > levels(heavyAge)[1].toInt());
    }

    void refusals_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::newRow("unknown column")
            << QStringList{"--weight", "salary=2"} << "unknown column 'salary'";
        QTest::newRow("not a QI") << QStringList{"--weight", "condition=2"}
                                  << "column 'condition' is not a quasi-identifier";
        QTest::newRow("no =") << QStringList{"--weight", "age"} << "--weight 'age': expected COL=W";
        QTest::newRow("not a number")
            << QStringList{"--weight", "age=lots"} << "--weight 'age=lots': expected COL=W";
        QTest::newRow("negative weight")
            << QStringList{"--weight", "age=-1"} << "--weight of 'age' must be a finite number ≥ 0";
        QTest::newRow("gs-factor above 1")
            << QStringList{"--gs-factor", "1.5"} << "--gs-factor must be between 0 and 1";
        QTest::newRow("gs-factor below 0")
            << QStringList{"--gs-factor", "-0.1"} << "--gs-factor must be between 0 and 1";
        QTest::newRow("unknown aggregate") << QStringList{"--metric-aggregate", "median"} << "median";
        QTest::newRow("unknown metric") << QStringList{"--metric", "entropie"} << "entropie";
    }
    void refusals() {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        for (const char* command : {"search", "generalize"}) {
            QStringList all{command, "--project", hospital(), "-c", "k=3", "--metric", "entropy"};
            if (QString(command) == "generalize")
                all << "--node"
                    << "optimum"
                    << "--output"
                    << "/dev/null";
            const auto r = test::runCli(all + args);
            QVERIFY2(r.exitCode != 0, command);
            QVERIFY2(QString::fromUtf8(r.err).contains(message),
                     qPrintable(QString(command) + ": " + QString::fromUtf8(r.err)));
        }
    }

    void frontierTakesTheOptions() {
        const auto r = test::runCli({"frontier", "--project", hospital(), "--criteria-grid",
                                     "k=2..3", "--metric", "entropy", "--weight", "age=2",
                                     "--gs-factor", "0.3", "--json"});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.json()["metric"].toString(), QString("entropy"));
        const auto bad = test::runCli({"frontier", "--project", hospital(), "--criteria-grid",
                                       "k=2..3", "--weight", "nosuch=1"});
        QVERIFY(bad.exitCode != 0);
        QVERIFY(QString::fromUtf8(bad.err).contains("unknown column 'nosuch'"));
    }

    void utilityReportsEveryModel() {
        // Node zip=1, age=2, nationality=1 (Fig. 4): classes 1305*/<=40, 1306*/<=40 and
        // 1485*/>40 of 4 rows each, nothing suppressed.
        const auto r =
            test::runCli({"utility", "--project", hospital(), "--node", "1,2,1", "--json"});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject q = r.json()["quality"].toObject();
        for (const char* name : {"dm", "height", "aecs", "kl", "info", "loss", "entropy",
                                 "ambiguity", "granularity", "sse"})
            QVERIFY2(q.contains(name), name);
        QVERIFY(near(q["dm"], 3 * 16));
        QVERIFY(near(q["height"], 4));
        QVERIFY(near(q["aecs"], 4));
        // LM 161/297 (tests/core/test_metrics); granularity sums the three attributes' means,
        // which is d · LM.
        QVERIFY(near(q["loss"], 161.0 / 297));
        QVERIFY(near(q["granularity"], 3 * 161.0 / 297));
        // Ambiguity: 8 rows cover 1 zip · 8 ages · 4 nationalities, 4 rows 2 · 4 · 4: (8·32 +
        // 4·32)/12 = 32.
        QVERIFY(near(q["ambiguity"], 32));
        // Entropy, −log2(cnt(x)/cnt(g)) per cell: zip 1305* and 1306* hold one zip (0), 1485*
        // two of 2 rows each (4 rows · 1); age ≤40 8 distinct ages (8 · log2 8), >40 4
        // (4 · log2 4); nationality * over Russian 2, American 6, Japanese 2, Indian 2
        // (6 · log2 6 + 6 · log2 2): 4 + 32 + 6 + 6·log2 6.
        QVERIFY(near(q["entropy"], 42 + 6 * std::log2(6.0)));
        // SSE: zip 1485* = [14850, 14853], 3² for each of its 4 rows = 36 over the top's
        // 4·1800² + 4·1785² + 2·1797² + 2·1800² = 38,643,318; age ≤40 = [21, 37], >40 =
        // [47, 55]: far-bound squares 81 64 256 196 100 256 225 196 | 25 64 64 36 = 1563 over
        // [21, 55]'s 8703; nationality is not numeric.
        QVERIFY(near(q["sse"], 36.0 / 38643318 + 1563.0 / 8703));
    }
};

QTEST_MAIN(TestCliQuality)
#include "test_cli_quality.moc"
