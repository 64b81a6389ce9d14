// delta-presence on the command line (Nergiz, Atzori & Clifton 2007): `search` and `audit`
// with --research-subset COL=VALUE and FILE.csv, a project's research_subset, delta-presence
// combined with k (judged on the research subset's rows, as ARX does: search, generalize,
// audit and verify agree, and the published file satisfies k on its own), the exact messages
// (exit 1) for bad parameters, and the project's population_size read by `search`, `audit`
// and `risk` unless --population-size overrides it. δ is worked out by hand below.
#include <QtTest>

#include <QFile>
#include <QJsonArray>
#include <QTemporaryDir>
#include <algorithm>

#include "cli_runner.h"

using namespace ldv;

namespace {

void write(const QString& path, const QByteArray& text) {
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(text);
}

}  // namespace

class TestCliPresence : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        // Eight people; study=yes is the research subset. δ at the ages: 20 ½, 21 ½, 30 1,
        // 31 0, 40 1; at the decades (level 1): 2x 2/4, 3x 1/3, 4x 1/1; at * 4/8.
        write(m_dir.filePath("people.csv"),
              "age,study,disease\n20,yes,flu\n20,no,cold\n21,yes,flu\n21,no,flu\n30,yes,cold\n"
              "31,no,flu\n31,no,cold\n40,yes,flu\n");
        write(m_dir.filePath("age.csv"), "20;2x;*\n21;2x;*\n30;3x;*\n31;3x;*\n40;4x;*\n");
        // The same subset as a file of rows (in another order, with the study column left out).
        write(m_dir.filePath("subset.csv"), "age,disease\n40,flu\n20,flu\n30,cold\n21,flu\n");
        m_data = {m_dir.filePath("people.csv"),
                  "--qi",
                  "age",
                  "--sensitive",
                  "disease",
                  "--hierarchy",
                  "age=" + m_dir.filePath("age.csv")};
    }

    void searchWithASubset_data() {
        QTest::addColumn<QString>("subset");
        QTest::addColumn<double>("suppression");
        QTest::addColumn<int>("satisfying");
        QTest::addColumn<QString>("optimum");
        // [0.3, 0.6]: only * without suppression; the decades too with 1 row (4x) suppressed,
        // ⌊0.25·4⌋ of the 4 published rows (the suppression limit is a share of the subset).
        QTest::newRow("value") << "study=yes" << 0.0 << 1 << "2";
        QTest::newRow("value, suppression") << "study=yes" << 0.25 << 2 << "1";
        QTest::newRow("file") << "subset.csv" << 0.0 << 1 << "2";
        QTest::newRow("file, suppression") << "subset.csv" << 0.25 << 2 << "1";
        QTest::newRow("value, too little suppression") << "study=yes" << 0.2 << 1 << "2";
    }
    void searchWithASubset() {
        QFETCH(QString, subset);
        QFETCH(double, suppression);
        QFETCH(int, satisfying);
        QFETCH(QString, optimum);
        for (const char* algorithm : {"fast", "incognito", "brute", "heuristic"}) {
            const auto r =
                test::runCli(QStringList{"search"} + m_data +
                                 QStringList{"-c", "delta-presence=0.3,0.6", "--research-subset",
                                             subset, "--suppression", QString::number(suppression),
                                             "--algorithm", algorithm, "--json"},
                             m_dir.path());
            QVERIFY2(r.exitCode == 0, r.err.constData());
            const QJsonObject j = r.json();
            if (QByteArray(algorithm) != "heuristic")
                QCOMPARE(j["satisfying_count"].toInt(), satisfying);
            QCOMPARE(QString::number(j["optimum"].toObject()["levels"].toArray()[0].toInt()),
                     optimum);
        }
    }

    void auditShowsDelta() {
        // The decades with [0.3, 0.6]: 4x fails (δ 1, excess 0.4), 1 row.
        const auto r = test::runCli(QStringList{"audit"} + m_data +
                                    QStringList{"--node", "1", "--criterion",
                                                "delta-presence=0.3,0.6", "--research-subset",
                                                "study=yes", "--class-measures", "--json"});
        QVERIFY2(r.exitCode == 3, r.err.constData());  // delta-presence FAILS: exit 3
        const QJsonObject j = r.json();
        const QJsonObject c = j["criteria"].toArray()[0].toObject();
        QCOMPARE(c["holds"].toBool(), false);
        QCOMPARE(c["failing_classes"].toInt(), 1);
        QCOMPARE(c["failing_rows"].toInt(), 1);
        QCOMPARE(c["threshold"].toDouble(), 0.0);
        const QJsonArray m = c["class_measures"].toArray();
        QCOMPARE(m.size(), 3);
        QVERIFY(qAbs(m[0].toDouble() - -0.1) < 1e-12);
        QVERIFY(qAbs(m[1].toDouble() - (0.3 - 1.0 / 3)) < 1e-12);
        QVERIFY(qAbs(m[2].toDouble() - 0.4) < 1e-12);
        // The summary lists the user's sensitive attribute only.
        QCOMPARE(j["sensitive"].toArray().size(), 1);
        QCOMPARE(j["sensitive"].toArray()[0].toObject()["attribute"].toString(),
                 QString("disease"));
    }

    void projectKeepsTheSubset() {
        const QString project = m_dir.filePath("p.ldiv.json");
        write(project, R"({"format": "ldiv-project", "version": 1,
            "data": {"path": "people.csv"},
            "attributes": [{"name": "age", "role": "quasi-identifying",
                            "hierarchy": {"file": "age.csv"}},
                           {"name": "disease", "role": "sensitive"}],
            "criteria": ["delta-presence=0.3,0.6"], "suppression_limit": 0.25,
            "research_subset": "subset.csv", "population_size": 80})");
        const auto r = test::runCli({"search", "--project", project, "--json"});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QCOMPARE(r.json()["satisfying_count"].toInt(), 2);
        // --research-subset overrides the project's: 40 alone is the subset, so only * (1/8)
        // is within [0.1, 0.2]; 4x (δ 1) and 2x, 3x (δ 0) fail.
        const auto o =
            test::runCli({"search", "--project", project, "-c", "delta-presence=0.1,0.2",
                          "--research-subset", "age=40", "--suppression", "0", "--json"});
        QVERIFY2(o.exitCode == 0, o.err.constData());
        QCOMPARE(o.json()["satisfying_count"].toInt(), 1);
    }

    void generalizeWritesTheSubset_data() {
        QTest::addColumn<QString>("subset");
        QTest::addColumn<QString>("suppressed");
        QTest::addColumn<QString>("expected");
        QTest::addColumn<int>("suppressedRows");
        // The decades with [0.3, 0.6] and 1 row allowed (⌊0.25·4⌋ of the subset's rows): 4x
        // (δ 1) is suppressed, its one row
        // (40, in the subset) removed or masked. Only the subset's rows are written (the
        // population's other 4 are not), without the membership attribute.
        const QString removed = "age,study,disease\n2x,yes,flu\n2x,yes,flu\n3x,yes,cold\n";
        // Masked, 40 would be a class of its own ("*", δ 1 > 0.6 on the population) in the
        // published file: it is removed instead (masked_class.h, issue 32 item 5).
        const QString masked = removed;
        QTest::newRow("value, removed") << "study=yes"
                                        << "remove" << removed << 1;
        QTest::newRow("file, masked") << "subset.csv"
                                      << "mask" << masked << 1;
    }
    void generalizeWritesTheSubset() {
        QFETCH(QString, subset);
        QFETCH(QString, suppressed);
        QFETCH(QString, expected);
        QFETCH(int, suppressedRows);
        const QString out = m_dir.filePath("published-" + suppressed + ".csv");
        const auto r = test::runCli(
            QStringList{"generalize"} + m_data +
                QStringList{"-c", "delta-presence=0.3,0.6", "--research-subset", subset,
                            "--suppression", "0.25", "--node", "1", "--suppressed", suppressed,
                            "--insensitive", "study", "--keep-order", "-o", out, "--json"},
            m_dir.path());
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QCOMPARE(r.json()["suppressed_rows"].toInt(), suppressedRows);
        QFile f(out);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(QString::fromUtf8(f.readAll()).remove('\r'), expected);
        // Its release record verifies: the node reproduces from the original (the population),
        // the suppressed rows are counted in the research subset, the released classes' risk is
        // the file's; delta-presence, which only the population shows, is skipped.
        const QString record = m_dir.filePath("published-" + suppressed + ".ldiv-release.json");
        const auto rel =
            test::runCli(QStringList{"generalize"} + m_data +
                             QStringList{"-c", "delta-presence=0.3,0.6", "--research-subset",
                                         subset, "--suppression", "0.25", "--node", "1",
                                         "--suppressed", suppressed, "--insensitive", "study",
                                         "--keep-order", "-o", out, "--release", record},
                         m_dir.path());
        QVERIFY2(rel.exitCode == 0, rel.err.constData());
        // A subset file is given on the command line: verify never opens a record's paths.
        QStringList verifyArgs{"verify", record,       "--published",
                               out,      "--original", m_dir.filePath("people.csv")};
        if (subset.endsWith(".csv")) verifyArgs << "--research-subset" << m_dir.filePath(subset);
        const auto v = test::runCli(verifyArgs);
        QVERIFY2(v.exitCode == 0, v.out.constData());
        QVERIFY2(v.out.contains("OK   published file reproduces from the original"),
                 v.out.constData());
        // Removed in both cases: the masked row's class would fail (see the data rows above).
        QVERIFY2(v.out.contains("OK   suppressed rows: 1 removed rows (recorded 1), limit 1 of 4 "
                                "in the research subset"),
                 v.out.constData());
        // delta-presence, which only the population shows, is judged by the reproduction.
        QVERIFY2(v.out.contains("OK   criterion delta-presence=0.3,0.6: holds on the "
                                "reproduction from the original"),
                 v.out.constData());
        const auto alone = test::runCli({"verify", record, "--published", out});
        QVERIFY2(alone.exitCode == 3, alone.out.constData());
        QVERIFY2(
            alone.out.contains("NOT CHECKED criterion delta-presence=0.3,0.6: needs --original"),
            alone.out.constData());
        QVERIFY2(v.out.contains("OK   prosecutor risk"), v.out.constData());
        // The optimum found by generalize is the search's (level 1 with the suppression).
        const auto o =
            test::runCli(QStringList{"generalize"} + m_data +
                             QStringList{"-c", "delta-presence=0.3,0.6", "--research-subset",
                                         subset, "--suppression", "0.25", "--node", "optimum",
                                         "--insensitive", "study", "-o", out, "--json"},
                         m_dir.path());
        QVERIFY2(o.exitCode == 0, o.err.constData());
        QCOMPARE(o.json()["node"].toArray()[0].toInt(), 1);
        QCOMPARE(o.json()["rows"].toInt(), 3);
    }

    void combinedWithK() {
        // Thirteen people, zip 100, 101 → 10x; 200, 201 → 20x; 300 → 30x; the research subset
        // in=yes (5 rows): 10x has 6 people and 2 published rows, 20x 6 and 3, 30x 1 and 0.
        // δ: 10x 1/3, 20x ½, 30x 0, * 5/13; the zips 100 and 200 have δ 1.
        write(m_dir.filePath("zips.csv"),
              "zip,in,disease\n100,yes,flu\n100,yes,flu\n101,no,cold\n101,no,cold\n101,no,cold\n"
              "101,no,cold\n200,yes,flu\n200,yes,cold\n200,yes,cold\n201,no,flu\n201,no,flu\n"
              "201,no,flu\n300,no,cold\n");
        write(m_dir.filePath("zip.csv"), "100;10x;*\n101;10x;*\n200;20x;*\n201;20x;*\n300;30x;*\n");
        const QStringList data{m_dir.filePath("zips.csv"),
                               "--qi",
                               "zip",
                               "--sensitive",
                               "disease",
                               "--hierarchy",
                               "zip=" + m_dir.filePath("zip.csv"),
                               "--research-subset",
                               "in=yes"};
        // k=3 is judged on the published rows: 10x (2 rows) fails, 30x (no row) is not
        // published. With ⌊0.4·5⌋ = 2 rows, 10x is suppressed: the decades satisfy and are
        // the optimum (DM 3² + 5·2 = 19 against 5² = 25 at *). The zips fail δ in 100 and 200.
        for (const char* algorithm : {"fast", "incognito", "brute"}) {
            const auto r =
                test::runCli(QStringList{"search"} + data +
                             QStringList{"-c", "delta-presence=0,0.6", "-c", "k=3", "--suppression",
                                         "0.4", "--algorithm", algorithm, "--json"});
            QVERIFY2(r.exitCode == 0, r.err.constData());
            QCOMPARE(r.json()["satisfying_count"].toInt(), 2);
            const QJsonObject optimum = r.json()["optimum"].toObject();
            QCOMPARE(optimum["levels"].toArray()[0].toInt(), 1);
            QCOMPARE(optimum["discernibility"].toDouble(), 19.0);
            QCOMPARE(optimum["suppressed_rows"].toInt(), 2);
        }
        // Without suppression, only * (on the population's classes the decades would hold
        // k=3 but for 30x's 1 person).
        const auto none = test::runCli(
            QStringList{"search"} + data +
            QStringList{"-c", "delta-presence=0,0.6", "-c", "k=3", "--suppression", "0", "--json"});
        QVERIFY2(none.exitCode == 0, none.err.constData());
        QCOMPARE(none.json()["satisfying_count"].toInt(), 1);
        // audit of the decades: 5 rows in the 2 published classes; k fails in 10x's 2 rows.
        const auto a = test::runCli(QStringList{"audit"} + data +
                                    QStringList{"--criterion", "delta-presence=0,0.6",
                                                "--criterion", "k=3", "--node", "1", "--json"});
        QVERIFY2(a.exitCode == 3, a.err.constData());  // k FAILS: exit 3
        QCOMPARE(a.json()["rows"].toInt(), 5);
        QCOMPARE(a.json()["classes"].toInt(), 2);
        QCOMPARE(a.json()["min_class_size"].toInt(), 2);
        const QJsonObject k = a.json()["criteria"].toArray()[1].toObject();
        QCOMPARE(k["holds"].toBool(), false);
        QCOMPARE(k["failing_classes"].toInt(), 1);
        QCOMPARE(k["failing_rows"].toInt(), 2);
        QCOMPARE(k["worst_measure"].toDouble(), 2.0);
        // generalize the optimum: 20x's 3 subset rows are published, 10x's 2 removed.
        const QString out = m_dir.filePath("zips-out.csv");
        const QString record = m_dir.filePath("zips-out.ldiv-release.json");
        const auto g =
            test::runCli(QStringList{"generalize"} + data +
                         QStringList{"-c", "delta-presence=0,0.6", "-c", "k=3", "--suppression",
                                     "0.4", "--node", "optimum", "--insensitive", "in",
                                     "--keep-order", "-o", out, "--release", record});
        QVERIFY2(g.exitCode == 0, g.err.constData());
        QFile f(out);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(QString::fromUtf8(f.readAll()).remove('\r'),
                 QString("zip,in,disease\n20x,yes,flu\n20x,yes,cold\n20x,yes,cold\n"));
        f.close();
        // verify recomputes k on the published file and the suppressed rows in the subset.
        const auto v = test::runCli(
            {"verify", record, "--published", out, "--original", m_dir.filePath("zips.csv")});
        QVERIFY2(v.exitCode == 0, v.out.constData());
        QVERIFY2(v.out.contains("OK   published file reproduces from the original"),
                 v.out.constData());
        QVERIFY2(v.out.contains("OK   suppressed rows: 2 removed rows (recorded 2), limit 2 of 5 "
                                "in the research subset"),
                 v.out.constData());
        QVERIFY2(v.out.contains("OK   criterion k=3: min_class_size 3 >= 3"), v.out.constData());
        QVERIFY2(v.out.contains("OK   prosecutor risk: highest 0.3333333333333333"),
                 v.out.constData());
        // The published file on its own (its zip column as the QI): one class of 3, k=3 holds.
        const auto own =
            test::runCli({"audit", out, "--qi", "zip", "--sensitive", "disease", "--hierarchy",
                          "zip=suppress", "--node", "0", "--criterion", "k=3", "--json"});
        QVERIFY2(own.exitCode == 0, own.err.constData());
        QCOMPARE(own.json()["min_class_size"].toInt(), 3);
        QCOMPARE(own.json()["criteria"].toArray()[0].toObject()["holds"].toBool(), true);
        // A published file edited to break k (one row dropped) fails verify's k claim.
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write("zip,in,disease\n20x,yes,flu\n20x,yes,cold\n");
        f.close();
        const auto broken = test::runCli({"verify", record, "--published", out});
        QCOMPARE(broken.exitCode, 3);
        QVERIFY2(broken.out.contains("FAIL criterion k=3: min_class_size 2 >= 3"),
                 broken.out.constData());
    }

    void parameterErrors_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::newRow("dmin > dmax")
            << QStringList{"-c", "delta-presence=0.6,0.4", "--research-subset", "study=yes"}
            << "ldiv: error: criterion 'delta-presence=0.6,0.4': dmin = 0.6 is larger than dmax "
               "= 0.4; write delta-presence=DMIN,DMAX with DMIN ≤ DMAX";
        QTest::newRow("outside [0,1]")
            << QStringList{"-c", "delta-presence=0.1,1.2", "--research-subset", "study=yes"}
            << "ldiv: error: criterion 'delta-presence=0.1,1.2': dmax = 1.2 is not allowed, dmin "
               "and dmax are fractions in [0, 1]";
        QTest::newRow("no subset")
            << QStringList{"-c", "delta-presence=0.1,0.5"}
            << "ldiv: error: criterion 'delta-presence=0.1,0.5' needs the research subset, the "
               "rows that are published: give --research-subset COL=VALUE or --research-subset "
               "FILE.csv (the loaded table is the population)";
        QTest::newRow("unknown column")
            << QStringList{"-c", "delta-presence=0.1,0.5", "--research-subset", "sex=male"}
            << "ldiv: error: research subset 'sex=male': no column 'sex'; columns are: age, "
               "study, disease";
        QTest::newRow("no such value")
            << QStringList{"-c", "delta-presence=0.1,0.5", "--research-subset", "study=maybe"}
            << "ldiv: error: research subset 'study=maybe': no row has study = 'maybe'";
    }
    void parameterErrors() {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        for (const char* command : {"search", "audit"}) {
            QStringList a = QStringList{command} + m_data + args;
            // Whole arguments only: replaceInStrings would also rewrite a temporary folder whose
            // random name happens to contain "-c" (QTemporaryDir's "<app>-XXXXXX").
            std::replace(a.begin(), a.end(), QString("-c"), QString("--criterion"));
            const auto r = test::runCli(a);
            QCOMPARE(r.exitCode, 1);
            QCOMPARE(QString::fromUtf8(r.err.trimmed()), message);
        }
    }
    void subsetFileRowNotInTheTable() {
        write(m_dir.filePath("stranger.csv"), "age,study\n20,yes\n50,yes\n");
        const auto r = test::runCli(
            QStringList{"search"} + m_data +
                QStringList{"-c", "delta-presence=0.1,0.5", "--research-subset", "stranger.csv"},
            m_dir.path());
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(QString::fromUtf8(r.err.trimmed()),
                 "ldiv: error: research subset file '" + m_dir.filePath("stranger.csv") +
                     "': data row 2 (age = '50', study = 'yes') is not in the table");
    }

    void projectPopulationSize() {
        // Classes of 1, 1, 3 and 5 rows (n = 10). k-map=3 from N = 20: λ = 3·10/20 = 1.5, the
        // smallest c with P(Poisson(1.5) ≤ c) ≥ 0.99 is 5 (0.9955; 4 gives 0.9814), so
        // k′ = min(3, 6) = 3: the 1-row classes fail. From N = 1000: λ = 0.03, c = 1 (0.99956),
        // k′ = 2, the same verdict. With N = 20 the journalist risk exists.
        write(m_dir.filePath("sizes.csv"), "q\na\nb\nc\nc\nc\nd\nd\nd\nd\nd\n");
        const QString project = m_dir.filePath("sizes.ldiv.json");
        write(project, R"({"format": "ldiv-project", "version": 1,
            "data": {"path": "sizes.csv"},
            "attributes": [{"name": "q", "role": "quasi-identifying",
                            "hierarchy": {"builder": "suppress"}}],
            "criteria": ["k-map=3"], "population_size": 20})");
        const auto s = test::runCli({"search", "--project", project, "--json"});
        QVERIFY2(s.exitCode == 0, s.err.constData());
        QCOMPARE(s.json()["satisfying_count"].toInt(), 1);  // only *
        const auto a =
            test::runCli({"audit", "--project", project, "--criterion", "k-map=3", "--json"});
        QVERIFY2(a.exitCode == 3, a.err.constData());  // the classes of 1 fail k-map: exit 3
        QCOMPARE(a.json()["criteria"].toArray()[0].toObject()["description"].toString(),
                 QString("3-map (estimated as 3-anonymity, Poisson, alpha 0.01)"));
        const auto o = test::runCli({"audit", "--project", project, "--criterion", "k-map=3",
                                     "--population-size", "1000", "--json"});
        QCOMPARE(o.json()["criteria"].toArray()[0].toObject()["description"].toString(),
                 QString("3-map (estimated as 2-anonymity, Poisson, alpha 0.01)"));
        const auto risk = test::runCli({"risk", "--project", project, "--json"});
        QVERIFY2(risk.exitCode == 0, risk.err.constData());
        QCOMPARE(risk.json()["population_size"].toDouble(), 20.0);
        QVERIFY(risk.json()["journalist"].isObject());
        const auto riskOver =
            test::runCli({"risk", "--project", project, "--population-size", "50", "--json"});
        QCOMPARE(riskOver.json()["population_size"].toDouble(), 50.0);
    }

    void releaseRecordKeepsThePopulationSize() {
        // Classes of 1, 1, 3 and 5 rows at node 0. The population-uniqueness estimate depends
        // on N, so verify must bind it with the recorded N (before, it could not check it).
        write(m_dir.filePath("sizes2.csv"), "q\na\nb\nc\nc\nc\nd\nd\nd\nd\nd\n");
        const QString published = m_dir.filePath("sizes-out.csv");
        const QString release = m_dir.filePath("sizes.ldiv-release.json");
        const auto g = test::runCli(
            {"generalize", m_dir.filePath("sizes2.csv"), "--qi", "q", "--hierarchy", "q=suppress",
             "--node", "0", "-c", "population-uniqueness=1:zayatz", "-c", "k-map=1",
             "--population-size", "20", "-o", published, "--release", release});
        QVERIFY2(g.exitCode == 0, g.err.constData());
        QFile f(release);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray text = f.readAll();
        f.close();
        QVERIFY(text.contains("\"population_size\": 20"));
        auto verdicts = [](const QJsonObject& j) {
            QMap<QString, QString> out;
            for (const QJsonValue& c : j["claims"].toArray())
                out[c["claim"].toString()] = c["verdict"].toString();
            return out;
        };
        const auto v = test::runCli({"verify", release, "--published", published, "--original",
                                     m_dir.filePath("sizes2.csv"), "--json"});
        QVERIFY2(v.exitCode == 0, v.out.constData());
        QCOMPARE(verdicts(v.json())["criterion population-uniqueness=1:zayatz"], QString("holds"));
        QCOMPARE(verdicts(v.json())["criterion k-map=1"], QString("holds"));
        QCOMPARE(verdicts(v.json())["published file reproduces from the original"],
                 QString("holds"));
        // A record whose N was changed: its configuration hash no longer matches, and the
        // estimate recomputed with N = 1000 is not the recorded one (N = 20).
        QByteArray tampered = text;
        tampered.replace("\"population_size\": 20", "\"population_size\": 1000");
        write(m_dir.filePath("tampered.ldiv-release.json"), tampered);
        const auto t = test::runCli({"verify", m_dir.filePath("tampered.ldiv-release.json"),
                                     "--published", published, "--json"});
        QCOMPARE(t.exitCode, 3);
        const auto tv = verdicts(t.json());
        QCOMPARE(tv["configuration hash"], QString("fails"));
        QCOMPARE(tv["criterion population-uniqueness=1:zayatz"], QString("fails"));
    }

private:
    QTemporaryDir m_dir;
    QStringList m_data;
};

QTEST_GUILESS_MAIN(TestCliPresence)
#include "test_cli_presence.moc"
