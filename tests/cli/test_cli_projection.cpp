// The commands that read only the columns they use (search, audit, risk, explain, frontier;
// CsvOptions::columns, issue 38) give the output of a whole load: the same JSON, timings
// aside, with LDIV_LOAD_ALL_COLUMNS=1 (every column parsed) and without, on a wide table whose
// unused columns hold quotes, quoted newlines, CRLF and missing tokens that drop rows.
#include <QtTest>

#include <QJsonArray>
#include <QTemporaryDir>

#include <fstream>
#include <random>

#include "cli_runner.h"

using namespace ldv;

namespace {

/// 16 columns, 3,000 rows: age, zip, sex, cond used; the others noise.
void writeWideTable(const std::string& path) {
    std::mt19937 rng(38);
    std::ofstream out(path, std::ios::binary);
    out << "id,age,note,zip,u1,sex,u2,u3,cond,u4,u5,u6,u7,u8,u9,u10\r\n";
    const char* conds[] = {"flu", "cold", "asthma", "ulcer", "gastritis"};
    const char* notes[] = {"plain", "\"with, comma\"", "\"two\nlines\"", "?", "\"say \"\"hi\"\"\""};
    for (int r = 0; r < 3000; ++r) {
        out << r << ',' << 18 + rng() % 70 << ',' << notes[rng() % 5] << ','
            << 10000 + (rng() % 40) * 7 << ',';
        if (rng() % 50) out << 'x' << rng() % 999;  // else empty: a missing value
        out << ',' << (rng() % 2 ? "F" : "M") << ',' << rng() % 100000 << ",\"q" << rng() % 30
            << "\"," << conds[rng() % 5];
        for (int u = 4; u <= 10; ++u) out << ",v" << rng() % (u * 37);
        out << "\r\n";
    }
}

/// The JSON without what depends on the clock or the machine.
QJsonValue withoutTimings(const QJsonValue& v) {
    if (v.isObject()) {
        QJsonObject o;
        const QJsonObject in = v.toObject();
        for (auto it = in.begin(); it != in.end(); ++it) {
            const QString& k = it.key();
            if (k.endsWith("_ms") || k.endsWith("_seconds") || k.contains("time") ||
                k.contains("thread") || k == "critical_path")
                continue;
            o.insert(k, withoutTimings(it.value()));
        }
        return o;
    }
    if (v.isArray()) {
        QJsonArray a;
        for (const QJsonValue& e : v.toArray()) a.append(withoutTimings(e));
        return a;
    }
    return v;
}

test::CliResult runWhole(const QStringList& args) {
    qputenv("LDIV_LOAD_ALL_COLUMNS", "1");
    test::CliResult r = test::runCli(args);
    qunsetenv("LDIV_LOAD_ALL_COLUMNS");
    return r;
}

}  // namespace

class TestCliProjection : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        m_csv = m_dir.filePath("wide.csv");
        writeWideTable(m_csv.toStdString());
        // The research subset as a file of rows: matched on its columns, unused by any role.
        std::ofstream subset(m_dir.filePath("subset.csv").toStdString());
        subset << "u4\n";
        for (int v = 0; v < 20; ++v) subset << "v" << v << "\n";
    }

    void projectedOutputIsTheWholeLoads_data() {
        QTest::addColumn<QStringList>("args");
        const QStringList roles{"--qi",         "age,zip,sex", "--sensitive",
                                "cond",         "--hierarchy", "age=intervals:5,10,20,40",
                                "--hierarchy",  "zip=mask",    "--hierarchy",
                                "sex=suppress", "--json"};
        const QStringList drop{"--missing", "drop"};
        QTest::newRow("search k=5") << QStringList{"search", "-c", "k=5"} + roles;
        QTest::newRow("search distinct-l, drop, 2%")
            << QStringList{"search", "-c", "distinct-l=2", "--suppression", "0.02"} + roles + drop;
        QTest::newRow("search, an identifying column")
            << QStringList{"search", "-c", "k=3", "--identifying", "id"} + roles + drop;
        QTest::newRow("audit") << QStringList{"audit", "-c", "k=2", "--node", "1,2,1"} + roles +
                                      drop;
        QTest::newRow("audit --stream")
            << QStringList{"audit", "-c", "k=2", "--node", "1,2,1", "--stream"} + roles + drop;
        QTest::newRow("risk") << QStringList{"risk", "--node", "1,1,0"} + roles + drop;
        QTest::newRow("explain") << QStringList{"explain", "-c", "k=10", "--node", "0,1,0"} +
                                        roles + drop;
        QTest::newRow("frontier") << QStringList{"frontier", "--criteria-grid", "k=2,5",
                                                 "--suppression", "0,0.05"} +
                                         roles + drop;
        QTest::newRow("risk, survey weight and household")
            << QStringList{"risk", "--node", "1,1,0", "--weight", "u2", "--household", "u3"} +
                   roles;
        QTest::newRow("research subset COL=VALUE")
            << QStringList{"search", "-c", "delta-presence=0,0.8", "--research-subset", "u4=v3"} +
                   roles;
        QTest::newRow("research subset file")
            << QStringList{"search", "-c", "delta-presence=0,0.8", "--research-subset",
                           m_dir.filePath("subset.csv")} +
                   roles;
    }
    void projectedOutputIsTheWholeLoads() {
        QFETCH(QStringList, args);
        args.insert(1, m_csv);
        const test::CliResult whole = runWhole(args);
        const test::CliResult projected = test::runCli(args);
        QCOMPARE(projected.exitCode, whole.exitCode);
        QVERIFY2(!whole.out.isEmpty(), whole.err.constData());
        QCOMPARE(withoutTimings(projected.json()), withoutTimings(whole.json()));
        QCOMPARE(projected.err, whole.err);
    }

    // A column named by no role stays unread, and a role on it makes it read: the same error
    // for a column the file lacks, listing the file's columns.
    void unknownColumnIsTheWholeLoadsError() {
        const QStringList args{"search", m_csv, "--qi", "age,nope", "-c", "k=2", "--json"};
        const test::CliResult whole = runWhole(args);
        const test::CliResult projected = test::runCli(args);
        QCOMPARE(projected.exitCode, whole.exitCode);
        QVERIFY(whole.exitCode != 0);
        QCOMPARE(projected.err, whole.err);
        QVERIFY2(whole.err.contains("nope"), whole.err.constData());
    }

private:
    QTemporaryDir m_dir;
    QString m_csv;
};

QTEST_GUILESS_MAIN(TestCliProjection)
#include "test_cli_projection.moc"
