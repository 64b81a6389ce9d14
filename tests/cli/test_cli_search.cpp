// `ldiv search` and `ldiv synth`: the JSON contract, warnings and exit codes.
#include <QtTest>

#include "cli_runner.h"
#include "test_paths.h"

using namespace ldv;

namespace {
QString ex(const char* path) { return QString::fromStdString(test::example(path)); }
QStringList adultOptions() {
    QStringList args{ex("adult/adult.csv"), "--qi", "sex,age,race,marital-status,education", "--sensitive",
                     "salary-class"};
    for (const char* a : {"sex", "age", "race", "marital-status", "education"})
        args << "--hierarchy" << QString("%1=%2").arg(a, ex("adult/adult_hierarchy_") + a + ".csv");
    return args;
}
}  // namespace

class TestCliSearch : public QObject {
    Q_OBJECT
private slots:
    void adultJson_data() {
        QTest::addColumn<QString>("algorithm");
        QTest::newRow("fast") << "fast";
        QTest::newRow("incognito") << "incognito";
        QTest::newRow("brute") << "brute";
    }
    void adultJson() {
        QFETCH(QString, algorithm);
        const auto r = test::runCli(QStringList{"search"} + adultOptions() +
                                    QStringList{"--criterion", "k=5", "--algorithm", algorithm, "--json"});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject j = r.json();
        QCOMPARE(j["lattice_size"].toInt(), 240);
        QCOMPARE(j["satisfying_count"].toInt(), 33);
        QCOMPARE(j["minimal_nodes"].toArray().size(), 9);
        const QJsonObject o = j["optimum"].toObject();
        for (const char* key : {"levels", "height", "classes", "suppressed_rows", "average_class_size",
                                "discernibility", "kl_divergence"})
            QVERIFY2(o.contains(key), key);
        QCOMPARE(o["levels"].toArray().size(), 5);
        QVERIFY(j.contains("checked_nodes"));
        QVERIFY(j.contains("elapsed_ms"));
    }
    void hospitalProjectText() {
        const auto r = test::runCli({"search", "--project", ex("hospital/hospital.ldiv.json")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains("minimal 1,2,1"));
        QVERIFY(r.out.contains("optimum by dm: 1,2,1"));
    }
    void suppressionAndMetric() {
        const auto r = test::runCli(QStringList{"search"} + adultOptions() +
                                    QStringList{"-c", "k=5", "--suppression", "0.02", "--metric", "kl", "--json"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.json()["satisfying_count"].toInt() > 33);
        QVERIFY(r.json()["optimum"].toObject()["suppressed_rows"].toInt() <= 603);
    }
    void impossibleWarns() {
        // Possible for the values (3 conditions) but not for their frequencies: a warning.
        const auto r = test::runCli({"search", "--project", ex("hospital/hospital.ldiv.json"), "-c",
                                     "entropy-l=3", "--json"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.err.contains("warning: condition is at most entropy 2.94-diverse"));
        QVERIFY(r.json()["optimum"].isNull());
        QCOMPARE(r.json()["satisfying_count"].toInt(), 0);
    }
    void lAboveValuesIsAnError() {
        // ℓ above the number of sensitive values can never hold: refused before searching.
        const auto r = test::runCli({"search", "--project", ex("hospital/hospital.ldiv.json"), "-c",
                                     "distinct-l=4", "--json"});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("criterion 'distinct-l=4': l = 4 is larger than the 3 values of 'condition' "
                                "(Heart Disease, Viral Infection, Cancer)"),
                 qPrintable(r.err));
    }
    void errors_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("exitCode");
        QTest::newRow("bad criterion") << QStringList{"-c", "k=0"} << 1;
        QTest::newRow("unknown sensitive") << QStringList{"-c", "entropy-l=2@nope"} << 1;
        QTest::newRow("no criterion") << QStringList{} << 1;
        QTest::newRow("bad suppression") << QStringList{"-c", "k=2", "--suppression", "2"} << 1;
    }
    void errors() {
        QFETCH(QStringList, args);
        QFETCH(int, exitCode);
        const auto r = test::runCli(QStringList{"search"} + adultOptions() + args);
        QCOMPARE(r.exitCode, exitCode);
        QVERIFY(!r.err.isEmpty());
    }
    void missingFile() {
        const auto r = test::runCli({"search", "/nonexistent.csv", "-c", "k=2"});
        QCOMPARE(r.exitCode, 2);
    }
    void synthKeepsColumns() {
        QTemporaryDir dir;
        const QString out = dir.filePath("synth.csv");
        auto r = test::runCli({"synth", ex("adult/adult.csv"), "--rows", "5000", "--seed", "3", "--output", out});
        QCOMPARE(r.exitCode, 0);
        const auto inspect = test::runCli({"inspect", out, "--json"});
        QCOMPARE(inspect.exitCode, 0);
        QCOMPARE(inspect.json()["rows"].toInt(), 5000);
        QCOMPARE(inspect.json()["columns"].toArray().size(), 9);
        // Same seed, same rows.
        const QString again = dir.filePath("again.csv");
        test::runCli({"synth", ex("adult/adult.csv"), "--rows", "5000", "--seed", "3", "--output", again});
        QFile a(out), b(again);
        QVERIFY(a.open(QIODevice::ReadOnly) && b.open(QIODevice::ReadOnly));
        QCOMPARE(a.readAll(), b.readAll());
    }
};

QTEST_APPLESS_MAIN(TestCliSearch)
#include "test_cli_search.moc"
