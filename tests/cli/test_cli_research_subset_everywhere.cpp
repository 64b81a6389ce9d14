// --research-subset and delta-presence in every subcommand that judges criteria (issue 37,
// "One home each"): on the same data and node, `explain`, `risk`, `frontier` and `audit` agree
// with `search` on the node's verdict and its numbers, and `verify` accepts the node's release.
// Each command prepares its requirement with prepareRequirement (ldiv/workflow/requirement.h).
// The numbers are worked by hand on the eight people of test_cli_presence: study=yes (4 rows)
// is the research subset; δ at the decades (level 1) is 2x 2/4, 3x 1/3, 4x 1/1, at * 4/8.
// The other criteria, the suppression limit and the risk count the subset's rows only.
#include <QtTest>

#include <QFile>
#include <QJsonArray>
#include <QTemporaryDir>

#include "cli_runner.h"

using namespace ldv;

namespace {

void write(const QString& path, const QByteArray& text) {
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(text);
}

bool near(double a, double b) {
    return qAbs(a - b) < 1e-12;
}

QJsonArray levels(int level) {
    return QJsonArray{level};
}

}  // namespace

class TestCliResearchSubsetEverywhere : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        write(m_dir.filePath("people.csv"),
              "age,study,disease\n20,yes,flu\n20,no,cold\n21,yes,flu\n21,no,flu\n30,yes,cold\n"
              "31,no,flu\n31,no,cold\n40,yes,flu\n");
        write(m_dir.filePath("age.csv"), "20;2x;*\n21;2x;*\n30;3x;*\n31;3x;*\n40;4x;*\n");
        // The same subset as a file of rows (in another order, the study column left out).
        write(m_dir.filePath("subset.csv"), "age,disease\n40,flu\n20,flu\n30,cold\n21,flu\n");
        m_data = {m_dir.filePath("people.csv"),
                  "--qi",
                  "age",
                  "--sensitive",
                  "disease",
                  "--insensitive",
                  "study",
                  "--hierarchy",
                  "age=" + m_dir.filePath("age.csv")};
    }

    // The search's optimum, then the same node judged by explain, risk and audit.
    void commandsAgreeWithSearch_data() {
        QTest::addColumn<QString>("subset");
        QTest::addColumn<double>("suppression");
        QTest::addColumn<int>("node");            // the search's optimum (level of age)
        QTest::addColumn<int>("suppressedRows");  // subset rows suppressed at the node
        QTest::addColumn<double>("discernibility");
        QTest::addColumn<int>("releasedRows");
        QTest::addColumn<int>("releasedClasses");
        QTest::addColumn<double>("highestRisk");  // 1 / smallest released class
        // [0.3, 0.6] with ⌊0.25·4⌋ = 1 subset row allowed: 4x (δ 1) is suppressed at the
        // decades; released 2x (2 rows) and 3x (1): DM 2² + 1² + 1·4 = 9 (* gives 16).
        QTest::newRow("value, suppression")
            << "study=yes" << 0.25 << 1 << 1 << 9.0 << 3 << 2 << 1.0;
        QTest::newRow("file, suppression")
            << "subset.csv" << 0.25 << 1 << 1 << 9.0 << 3 << 2 << 1.0;
        // No suppression: only * (δ 1/2), one class of the 4 subset rows: DM 16, risk 1/4.
        QTest::newRow("value") << "study=yes" << 0.0 << 2 << 0 << 16.0 << 4 << 1 << 0.25;
        QTest::newRow("file") << "subset.csv" << 0.0 << 2 << 0 << 16.0 << 4 << 1 << 0.25;
    }
    void commandsAgreeWithSearch() {
        QFETCH(QString, subset);
        QFETCH(double, suppression);
        QFETCH(int, node);
        QFETCH(int, suppressedRows);
        QFETCH(double, discernibility);
        QFETCH(int, releasedRows);
        QFETCH(int, releasedClasses);
        QFETCH(double, highestRisk);
        const QStringList requirement{
            "-c",   "delta-presence=0.3,0.6", "--research-subset",
            subset, "--suppression",          QString::number(suppression)};
        const QString nodeText = QString::number(node);

        const auto s = run(QStringList{"search"} + requirement + QStringList{"--json"});
        QVERIFY2(s.exitCode == 0, s.err.constData());
        const QJsonObject optimum = s.json()["optimum"].toObject();
        QCOMPARE(optimum["levels"].toArray(), levels(node));
        QCOMPARE(optimum["suppressed_rows"].toInt(), suppressedRows);
        QVERIFY(near(optimum["discernibility"].toDouble(), discernibility));

        // explain: the node satisfies, with the search's suppression and utility.
        const auto e =
            run(QStringList{"explain"} + requirement + QStringList{"--node", nodeText, "--json"});
        QVERIFY2(e.exitCode == 0, e.err.constData());
        const QJsonObject ej = e.json();
        QCOMPARE(ej["node"].toArray(), levels(node));
        QCOMPARE(ej["satisfies"].toBool(), true);
        QCOMPARE(ej["rows"].toInt(), 4);  // the research subset's rows, not the population's
        QCOMPARE(ej["suppressed_rows"].toInt(), suppressedRows);
        QCOMPARE(ej["metric"].toString(), QString("dm"));
        QVERIFY(near(ej["utility"].toDouble(), optimum["discernibility"].toDouble()));
        const QJsonObject delta = ej["criteria"].toArray()[0].toObject();
        QCOMPARE(delta["spec"].toString(), QString("delta-presence=0.3,0.6"));
        QCOMPARE(delta["failing_class_count"].toInt(), suppressedRows);
        QCOMPARE(delta["failing_rows"].toInt(), suppressedRows);

        // risk: the released classes of the node (subset rows, suppressed class left out).
        const auto r =
            run(QStringList{"risk"} + requirement + QStringList{"--node", nodeText, "--json"});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonObject rj = r.json();
        QCOMPARE(rj["node"].toArray(), levels(node));
        QCOMPARE(rj["node_satisfies"].toBool(), true);
        QCOMPARE(rj["suppressed_rows"].toInt(), optimum["suppressed_rows"].toInt());
        QCOMPARE(rj["rows"].toInt(), releasedRows);
        QCOMPARE(rj["classes"].toInt(), releasedClasses);
        QVERIFY(near(rj["prosecutor"].toObject()["highest"].toDouble(), highestRisk));
        QVERIFY(near(rj["marketer"].toObject()["average"].toDouble(),
                     double(releasedClasses) / releasedRows));

        // audit judges the classes as they stand (no suppression): delta-presence fails in
        // the classes the search suppressed, with their rows.
        const auto a = run(QStringList{"audit", "-c", "delta-presence=0.3,0.6", "--research-subset",
                                       subset, "--node", nodeText, "--json"});
        QCOMPARE(a.exitCode, suppressedRows > 0 ? 3 : 0);
        const QJsonObject aj = a.json();
        QCOMPARE(aj["rows"].toInt(), 4);
        const QJsonObject ac = aj["criteria"].toArray()[0].toObject();
        QCOMPARE(ac["holds"].toBool(), suppressedRows == 0);
        QCOMPARE(ac["failing_classes"].toInt(), delta["failing_class_count"].toInt());
        QCOMPARE(ac["failing_rows"].toInt(), suppressedRows);
    }

    // frontier: each point's optimum, utility and risk are those of `search` and `risk` for
    // that requirement.
    void frontierAgreesWithSearch_data() {
        QTest::addColumn<QString>("subset");
        QTest::newRow("value") << "study=yes";
        QTest::newRow("file") << "subset.csv";
    }
    void frontierAgreesWithSearch() {
        QFETCH(QString, subset);
        const auto f = run({"frontier", "--criteria-grid", "k=1,2", "-c", "delta-presence=0.3,0.6",
                            "--research-subset", subset, "--suppression", "0.25", "--json"});
        QVERIFY2(f.exitCode == 0, f.err.constData());
        const QJsonArray points = f.json()["points"].toArray();
        QCOMPARE(points.size(), 2);
        // k=1: the decades as above (risk 1, the 3x class of one row); k=2 also fails 3x, two
        // rows beyond the limit of one: * (one class of 4 rows, risk 1/4, DM 16).
        const int expectedNode[] = {1, 2};
        const double expectedUtility[] = {9, 16};
        const double expectedRisk[] = {1, 0.25};
        for (int i = 0; i < 2; ++i) {
            const QJsonObject p = points[i].toObject();
            const QString k = QString::number(i + 1);
            QCOMPARE(p["criteria"].toArray()[0].toString(), "k=" + k);
            QCOMPARE(p["optimum"].toArray(), levels(expectedNode[i]));
            QVERIFY(near(p["utility"].toDouble(), expectedUtility[i]));
            QVERIFY(near(p["risk"].toObject()["highest"].toDouble(), expectedRisk[i]));
            const QStringList requirement{
                "-c",   "k=" + k,        "-c",  "delta-presence=0.3,0.6", "--research-subset",
                subset, "--suppression", "0.25"};
            const auto s = run(QStringList{"search"} + requirement + QStringList{"--json"});
            QVERIFY2(s.exitCode == 0, s.err.constData());
            const QJsonObject optimum = s.json()["optimum"].toObject();
            QCOMPARE(p["optimum"].toArray(), optimum["levels"].toArray());
            QVERIFY(near(p["utility"].toDouble(), optimum["discernibility"].toDouble()));
            QCOMPARE(p["suppressed_rows"].toInt(), optimum["suppressed_rows"].toInt());
            const auto r = run(QStringList{"risk"} + requirement +
                               QStringList{"--node", QString::number(expectedNode[i]), "--json"});
            QVERIFY2(r.exitCode == 0, r.err.constData());
            QVERIFY(near(p["risk"].toObject()["highest"].toDouble(),
                         r.json()["prosecutor"].toObject()["highest"].toDouble()));
            QVERIFY(near(p["risk"].toObject()["average"].toDouble(),
                         r.json()["prosecutor"].toObject()["average"].toDouble()));
        }
    }

    // frontier binds its criteria as search does (criteriaInputs): k-map with the population
    // size (refused before: "needs the population size" although it was given). k-map=2 with
    // N = 16 is estimated as 2-anonymity (Poisson); 0.25 of the 8 rows allows 2 suppressed.
    // k=1: the ages, 30 and 40 suppressed: DM 3·2² + 2·8 = 28; k=3: the decades, 4x
    // suppressed: DM 4² + 3² + 8 = 33.
    void frontierBindsAsSearch() {
        const auto f = run({"frontier", "--criteria-grid", "k=1,3", "-c", "k-map=2",
                            "--population-size", "16", "--suppression", "0.25", "--json"});
        QVERIFY2(f.exitCode == 0, f.err.constData());
        const QJsonArray points = f.json()["points"].toArray();
        QCOMPARE(points.size(), 2);
        const int expectedNode[] = {0, 1};
        const double expectedUtility[] = {28, 33};
        for (int i = 0; i < 2; ++i) {
            const QJsonObject p = points[i].toObject();
            const QString k = p["criteria"].toArray()[0].toString();
            QVERIFY(near(p["utility"].toDouble(), expectedUtility[i]));
            const auto s = run({"search", "-c", k, "-c", "k-map=2", "--population-size", "16",
                                "--suppression", "0.25", "--json"});
            QVERIFY2(s.exitCode == 0, s.err.constData());
            const QJsonObject optimum = s.json()["optimum"].toObject();
            QCOMPARE(p["optimum"].toArray(), levels(expectedNode[i]));
            QCOMPARE(p["optimum"].toArray(), optimum["levels"].toArray());
            QVERIFY(near(p["utility"].toDouble(), optimum["discernibility"].toDouble()));
            QCOMPARE(p["suppressed_rows"].toInt(), optimum["suppressed_rows"].toInt());
        }
    }

    // A failing node: explain and risk say so as the search does (node 0 is not satisfying).
    void failingNodeAgrees() {
        const QStringList requirement{"-c",        "delta-presence=0.3,0.6", "--research-subset",
                                      "study=yes", "--suppression",          "0.25"};
        const auto s = run(QStringList{"search"} + requirement + QStringList{"--json"});
        QVERIFY2(s.exitCode == 0, s.err.constData());
        QCOMPARE(s.json()["satisfying_count"].toInt(), 2);  // 1 and 2; 0 fails
        // At the ages 30 (δ 1), 31 (δ 0) and 40 (δ 1) fail: 2 subset rows, above the limit.
        const auto e =
            run(QStringList{"explain"} + requirement + QStringList{"--node", "0", "--json"});
        QCOMPARE(e.exitCode, 3);
        QCOMPARE(e.json()["satisfies"].toBool(), false);
        const QJsonObject delta = e.json()["criteria"].toArray()[0].toObject();
        QCOMPARE(delta["failing_class_count"].toInt(), 3);
        QCOMPARE(delta["failing_rows"].toInt(), 2);
        // Nothing is suppressed; the released classes are the 4 subset rows' (31 has none).
        const auto r =
            run(QStringList{"risk"} + requirement + QStringList{"--node", "0", "--json"});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QCOMPARE(r.json()["node_satisfies"].toBool(), false);
        QCOMPARE(r.json()["suppressed_rows"].toInt(), 0);
        QCOMPARE(r.json()["rows"].toInt(), 4);
        QCOMPARE(r.json()["classes"].toInt(), 4);
        QVERIFY(near(r.json()["prosecutor"].toObject()["highest"].toDouble(), 1.0));
    }

    // Without a research subset delta-presence is refused the same way by every command.
    void withoutASubsetEveryCommandRefuses() {
        const QByteArray message = "needs the research subset";
        const QStringList c{"-c", "delta-presence=0.3,0.6"};
        for (const QStringList& args :
             {QStringList{"search"} + c, QStringList{"explain", "--node", "1"} + c,
              QStringList{"risk", "--node", "1"} + c, QStringList{"audit", "--node", "1"} + c,
              QStringList{"frontier", "--criteria-grid", "k=1,2"} + c}) {
            const auto r = run(args);
            QVERIFY2(r.exitCode == 1, (args.join(' ') + ": " + r.err).toUtf8().constData());
            QVERIFY2(r.err.contains(message), r.err.constData());
        }
    }

    // audit takes -c for --criterion like every other subcommand; the judged rows are the
    // research subset's only with delta-presence among the criteria.
    void auditTakesShortCriterion() {
        // All 8 rows at the decades: 2x 4, 3x 3, 4x 1: k=2 fails 4x (1 row).
        const auto all = run({"audit", "-c", "k=2", "--node", "1", "--json"});
        QCOMPARE(all.exitCode, 3);
        QCOMPARE(all.json()["rows"].toInt(), 8);
        QCOMPARE(all.json()["k"].toInt(), 1);
        const QJsonObject k = all.json()["criteria"].toArray()[0].toObject();
        QCOMPARE(k["spec"].toString(), QString("k=2"));
        QCOMPARE(k["failing_classes"].toInt(), 1);
        QCOMPARE(k["failing_rows"].toInt(), 1);
        // At * k=2 holds: exit 0.
        const auto top = run({"audit", "-c", "k=2", "--node", "2", "--json"});
        QCOMPARE(top.exitCode, 0);
        QCOMPARE(top.json()["k"].toInt(), 8);
        // With delta-presence, k counts the subset's rows: 2x 2, 3x 1, 4x 1.
        const auto sub = run({"audit", "-c", "k=2", "-c", "delta-presence=0.3,0.6",
                              "--research-subset", "study=yes", "--node", "1", "--json"});
        QCOMPARE(sub.exitCode, 3);
        QCOMPARE(sub.json()["rows"].toInt(), 4);
        const QJsonObject ks = sub.json()["criteria"].toArray()[0].toObject();
        QCOMPARE(ks["failing_classes"].toInt(), 2);
        QCOMPARE(ks["failing_rows"].toInt(), 2);
        // The long form gives the same.
        const auto longForm =
            run({"audit", "--criterion", "k=2", "--criterion", "delta-presence=0.3,0.6",
                 "--research-subset", "study=yes", "--node", "1", "--json"});
        QCOMPARE(longForm.out, sub.out);
    }

    // verify accepts the release of the node the other commands judged.
    void verifyAcceptsTheNode() {
        const QString out = m_dir.filePath("published.csv");
        const QString record = m_dir.filePath("published.ldiv-release.json");
        const auto g = run({"generalize", "-c", "delta-presence=0.3,0.6", "--research-subset",
                            "subset.csv", "--suppression", "0.25", "--node", "1", "--keep-order",
                            "-o", out, "--release", record, "--json"});
        QVERIFY2(g.exitCode == 0, g.err.constData());
        QCOMPARE(g.json()["suppressed_rows"].toInt(), 1);
        const auto v = test::runCli({"verify", record, "--published", out, "--original",
                                     m_dir.filePath("people.csv"), "--research-subset",
                                     m_dir.filePath("subset.csv")});
        QVERIFY2(v.exitCode == 0, v.out.constData());
        QVERIFY2(v.out.contains("OK   criterion delta-presence=0.3,0.6: holds on the "
                                "reproduction from the original"),
                 v.out.constData());
    }

private:
    test::CliResult run(const QStringList& args) {
        // The subcommand, then the data options, then the rest.
        return test::runCli(QStringList{args.front()} + m_data + args.mid(1), m_dir.path());
    }

    QTemporaryDir m_dir;
    QStringList m_data;
};

QTEST_GUILESS_MAIN(TestCliResearchSubsetEverywhere)
#include "test_cli_research_subset_everywhere.moc"
