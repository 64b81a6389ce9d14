// `ldiv sweep` and `ldiv experiment excessive-protection|information|count-query|eligible`:
// JSON contracts, the written table, exit codes.
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
}  // namespace

class TestCliSweep : public QObject {
    Q_OBJECT
private slots:
    void sweepNursery() {
        QTemporaryDir dir;
        const QString output = dir.filePath("out.csv");
        const auto r = test::runCli({"sweep", "--project", ex("nursery/nursery.ldiv.json"), "--tau",
                                     "0.5", "--l", "3", "--output", output, "--json"});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject j = r.json();
        QVERIFY(j["holds"].toBool());
        QCOMPARE(j["rows"].toInt(), 12960);
        QVERIFY(j["information"].toDouble() > 0.5);
        QFile f(output);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = f.readAll().trimmed().split('\n');
        QCOMPARE(lines.size(), 12961);
        QCOMPARE(lines.front(),
                 QByteArray("parents,has_nurs,form,children,housing,finance,social,health,class"));
    }
    void sweepAdultSalaryWithTaxonomyOption() {
        const auto r = test::runCli({"sweep", "--project", ex("adult/adult.ldiv.json"),
                                     "--sensitive", "salary-class", "--sensitive-hierarchy",
                                     ex("adult/adult_hierarchy_salary-class.csv"), "--tau", "0.5",
                                     "--l", "2", "--json"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.json()["holds"].toBool());
        QVERIFY(r.json()["generalized_sa_rows"].toInt() > 0);
    }
    void sweepErrors() {
        // τ < 1/ℓ is a parameter error (exit 1); a missing taxonomy file an input error (2).
        auto r = test::runCli(
            {"sweep", "--project", ex("nursery/nursery.ldiv.json"), "--tau", "0.2", "--l", "3"});
        QCOMPARE(r.exitCode, 1);
        QVERIFY(r.err.contains("tau"));
        r = test::runCli({"sweep", "--project", ex("nursery/nursery.ldiv.json"),
                          "--sensitive-hierarchy", "/nonexistent.csv", "--tau", "0.5", "--l", "3"});
        QCOMPARE(r.exitCode, 2);
        r = test::runCli({"sweep", ex("adult/adult.csv"), "--qi", "sex", "--sensitive",
                          "salary-class", "--tau", "0.5", "--l", "2"});
        QCOMPARE(r.exitCode, 1);  // no taxonomy for the sensitive attribute
    }
    void experiments() {
        const QString project = ex("nursery/nursery.ldiv.json");
        auto r = test::runCli({"experiment", "eligible", "--project", project, "--json"});
        QCOMPARE(r.exitCode, 0);
        QJsonArray rows = r.json()["rows"].toArray();
        QCOMPARE(rows[0].toObject()["max_simple_l"].toInt(), 3);
        r = test::runCli({"experiment", "excessive-protection", "--project", project, "--tau",
                          "0.5", "--l", "3,4", "--json"});
        QCOMPARE(r.exitCode, 0);
        rows = r.json()["rows"].toArray();
        QCOMPARE(rows.size(), 6);  // 2 requirements × 3 algorithms
        for (const auto& v : rows) {
            const QJsonObject o = v.toObject();
            if (o["algorithm"].toString() == "sweep") QVERIFY(!o["empty"].toBool());
            if (o["l"].toDouble() == 4 && o["algorithm"].toString() != "sweep")
                QVERIFY(o["empty"].toBool());
        }
        r = test::runCli({"experiment", "count-query", "--project", project, "--tau", "0.5", "--l",
                          "3", "--algorithms", "sweep", "--queries", "20", "--json"});
        QCOMPARE(r.exitCode, 0);
        rows = r.json()["rows"].toArray();
        int dims = 0;
        for (const auto& v : rows) dims += v.toObject()["kind"].toString() == "dimensions";
        QCOMPARE(dims, 9);
        r = test::runCli({"experiment", "nonsense", "--project", project});
        QCOMPARE(r.exitCode, 1);
    }
};

QTEST_APPLESS_MAIN(TestCliSweep)
#include "test_cli_sweep.moc"
