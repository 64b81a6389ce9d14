// The risk and t-closeness criteria of issue 19 on the command line: t-closeness with the
// hierarchical distance on Li, Li & Venkatasubramanian's (2007) patients, the risk criteria in
// `audit`, `search` and a project file, `ldiv risk --node` with suppression, and the exact
// messages (exit 1) for bad parameters. Figures are worked out by hand in the comments.
#include <QtTest>

#include <QFile>
#include <QJsonArray>
#include <QTemporaryDir>

#include <algorithm>
#include <cmath>

#include "cli_runner.h"
#include "test_paths.h"

using namespace ldv;

namespace {

QString ex(const char* path) {
    return QString::fromStdString(test::example(path));
}
bool near(double a, double b) {
    return qAbs(a - b) < 1e-9;
}
void write(const QString& path, const QByteArray& text) {
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(text);
}

}  // namespace

class TestCliRiskCriteria : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        // Li et al.'s Table 3 and their disease hierarchy (Figure 2), with a ZIP hierarchy
        // to 476** / 479** and an age hierarchy to decades (≥ 40 together), so that node 1,1
        // has the three classes of their Table 4.
        write(m_dir.filePath("patients.csv"),
              "zip,age,salary,disease\n"
              "47677,29,3,gastric ulcer\n47602,22,4,gastritis\n47678,27,5,stomach cancer\n"
              "47905,43,6,gastritis\n47909,52,11,flu\n47906,47,8,bronchitis\n"
              "47605,30,7,bronchitis\n47673,36,9,pneumonia\n47607,32,10,stomach cancer\n");
        write(m_dir.filePath("zip.csv"),
              "47677;476**;*\n47602;476**;*\n47678;476**;*\n47905;479**;*\n47909;479**;*\n"
              "47906;479**;*\n47605;476**;*\n47673;476**;*\n47607;476**;*\n");
        write(m_dir.filePath("age.csv"),
              "29;2*;*\n22;2*;*\n27;2*;*\n43;>=40;*\n52;>=40;*\n47;>=40;*\n30;3*;*\n36;3*;*\n"
              "32;3*;*\n");
        const QByteArray r = "respiratory system diseases;respiratory & digestive\n",
                         d = "digestive system diseases;respiratory & digestive\n";
        write(m_dir.filePath("disease.csv"),
              "flu;respiratory infection;" + r + "pneumonia;respiratory infection;" + r +
                  "bronchitis;respiratory infection;" + r + "pulmonary edema;vascular lung;" + r +
                  "gastric ulcer;stomach diseases;" + d + "gastritis;stomach diseases;" + d +
                  "stomach cancer;stomach diseases;" + d + "colitis;colon diseases;" + d);
        // Classes of 1, 1, 3 and 5 rows (n = 10) on one QI.
        write(m_dir.filePath("sizes.csv"), "q\na\nb\nc\nc\nc\nd\nd\nd\nd\nd\n");
    }
    void hierarchicalTClosenessInAudit() {
        // Node 1,1 = Table 4 of Li et al.: {gastric ulcer, gastritis, stomach cancer} at 4/9,
        // {gastritis, flu, bronchitis} and {bronchitis, pneumonia, stomach cancer} at 8/27
        // (test_criteria_distribution.cpp works these out); 0.3 fails the first class only.
        const auto r = test::runCli(
            {"audit", m_dir.filePath("patients.csv"), "--qi", "zip,age", "--sensitive", "disease",
             "--hierarchy", "zip=" + m_dir.filePath("zip.csv"), "--hierarchy",
             "age=" + m_dir.filePath("age.csv"), "--hierarchy",
             "disease=" + m_dir.filePath("disease.csv"), "--node", "1,1", "--criterion",
             "t-closeness=0.3:hierarchical", "--class-measures", "--json"});
        QCOMPARE(r.exitCode, 3);  // a criterion FAILS: exit 3 (issue 32)
        const QJsonObject c = r.json()["criteria"].toArray()[0].toObject();
        QCOMPARE(c["failing_classes"].toInt(), 1);
        QCOMPARE(c["failing_rows"].toInt(), 3);
        std::vector<double> m;
        for (const auto& v : c["class_measures"].toArray()) m.push_back(v.toDouble());
        std::sort(m.begin(), m.end());
        QCOMPARE(m.size(), std::size_t(3));
        QVERIFY(near(m[0], 8.0 / 27) && near(m[1], 8.0 / 27) && near(m[2], 4.0 / 9));
        // The search accepts it too; at 0.45 node 1,1 satisfies (4/9 < 0.45).
        const auto s = test::runCli({"search", m_dir.filePath("patients.csv"), "--qi", "zip,age",
                                     "--sensitive", "disease", "--hierarchy",
                                     "zip=" + m_dir.filePath("zip.csv"), "--hierarchy",
                                     "age=" + m_dir.filePath("age.csv"), "--hierarchy",
                                     "disease=" + m_dir.filePath("disease.csv"), "-c",
                                     "t-closeness=0.45:hierarchical", "--json"});
        QCOMPARE(s.exitCode, 0);
        QVERIFY(s.json()["minimal_nodes"].toArray().contains(QJsonArray{1, 1}) ||
                QString(s.out).contains("[1,1]"));
    }
    void hierarchicalWithoutHierarchy() {
        const auto r = test::runCli({"search", "--project", ex("hospital/hospital.ldiv.json"), "-c",
                                     "t-closeness=0.2:hierarchical"});
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(r.err.trimmed(),
                 QByteArray("ldiv: error: criterion 't-closeness=0.2:hierarchical': the "
                            "hierarchical distance needs a hierarchy of the sensitive attribute; "
                            "give one with --hierarchy COL=FILE (or in the project), or use "
                            "t-closeness=T or t-closeness=T:ordered"));
    }
    void riskCriteriaInAudit() {
        // Fig. 4's node 1,2,1 of the hospital table: 3 classes of 4 rows, u/n = 3/12 = 0.25,
        // no uniques.
        const QString project = ex("hospital/hospital.ldiv.json");
        const auto r = test::runCli(
            {"audit", "--project", project, "--node", "1,2,1", "--criterion", "average-risk=0.25",
             "--criterion", "average-risk=0.2", "--criterion", "sample-uniqueness=0", "--json"});
        QCOMPARE(r.exitCode, 3);  // a criterion FAILS: exit 3 (issue 32)
        const QJsonArray c = r.json()["criteria"].toArray();
        QVERIFY(c[0].toObject()["holds"].toBool());
        QVERIFY(near(c[0].toObject()["worst_measure"].toDouble(), 0.25));
        QVERIFY(!c[1].toObject()["holds"].toBool());
        QVERIFY(c[2].toObject()["holds"].toBool());
        // The bottom node: 12 unique rows, sample uniques 1.
        const auto bottom = test::runCli(
            {"audit", "--project", project, "--criterion", "sample-uniqueness=0.5", "--json"});
        QCOMPARE(bottom.exitCode, 3);  // sample-uniqueness FAILS: exit 3
        const QJsonObject u = bottom.json()["criteria"].toArray()[0].toObject();
        QVERIFY(!u["holds"].toBool());
        QVERIFY(near(u["worst_measure"].toDouble(), 1.0));
    }
    void riskCriteriaInSearchAndProject() {
        // average-risk=0.25 holds at 1,2,1 (3/12) and not at its predecessors (which have
        // more classes); from a project file the same.
        const QString project = ex("hospital/hospital.ldiv.json");
        const auto s =
            test::runCli({"search", "--project", project, "-c", "average-risk=0.25", "--json"});
        QCOMPARE(s.exitCode, 0);
        QVERIFY(!s.json()["minimal_nodes"].toArray().isEmpty());
        QFile in(project);
        QVERIFY(in.open(QIODevice::ReadOnly));
        QByteArray text = in.readAll();
        const QByteArray dir = QFileInfo(project).absolutePath().toUtf8();
        text.replace("\"hospital.csv\"", "\"" + dir + "/hospital.csv\"");
        text.replace("\"hierarchy_", "\"" + dir + "/hierarchy_");
        text.replace("\"distinct-l=3\"", "\"average-risk=0.25\"");
        write(m_dir.filePath("risk.ldiv.json"), text);
        const auto p =
            test::runCli({"search", "--project", m_dir.filePath("risk.ldiv.json"), "--json"});
        QCOMPARE(p.exitCode, 0);
        QCOMPARE(p.json()["minimal_nodes"], s.json()["minimal_nodes"]);
        const auto pu =
            test::runCli({"search", "--project", project, "-c", "population-uniqueness=0.01:dankar",
                          "--population-size", "1000", "--json"});
        QCOMPARE(pu.exitCode, 0);
    }
    void badRiskParameters_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QByteArray>("message");
        const QString project = ex("hospital/hospital.ldiv.json");
        QTest::newRow("no population")
            << QStringList{"search", "--project", project, "-c", "population-uniqueness=0.1:pitman"}
            << QByteArray(
                   "ldiv: error: criterion 'population-uniqueness=0.1:pitman' needs the "
                   "population size: give --population-size N (the number of people the "
                   "data is a sample of)");
        QTest::newRow("small population")
            << QStringList{"audit",
                           "--project",
                           project,
                           "--criterion",
                           "population-uniqueness=0.1:snb",
                           "--population-size",
                           "5"}
            << QByteArray(
                   "ldiv: error: criterion 'population-uniqueness=0.1:snb': the population "
                   "size 5 is smaller than the 12 rows of the data; it must be at least "
                   "that");
        QTest::newRow("r above 1")
            << QStringList{"search", "--project", project, "-c", "average-risk=2"}
            << QByteArray(
                   "ldiv: error: criterion 'average-risk=2': r = 2 is not allowed, r is a "
                   "risk in (0, 1]");
        QTest::newRow("u negative")
            << QStringList{"audit", "--project", project, "--criterion", "sample-uniqueness=-1"}
            << QByteArray(
                   "ldiv: error: criterion 'sample-uniqueness=-1': u = -1 is not allowed, "
                   "u is a fraction of records in [0, 1]");
        QTest::newRow("t outside (0,1]")
            << QStringList{"search", "--project", project, "-c", "t-closeness=0"}
            << QByteArray(
                   "ldiv: error: criterion 't-closeness=0': t = 0 is not allowed, t must "
                   "be in (0, 1]");
        QTest::newRow("no model")
            << QStringList{"search",
                           "--project",
                           project,
                           "-c",
                           "population-uniqueness=0.1",
                           "--population-size",
                           "100"}
            << QByteArray(
                   "ldiv: error: criterion 'population-uniqueness=0.1': name the "
                   "estimator, write population-uniqueness=U:pitman, "
                   "population-uniqueness=U:zayatz, population-uniqueness=U:snb or "
                   "population-uniqueness=U:dankar");
    }
    void badRiskParameters() {
        QFETCH(QStringList, args);
        QFETCH(QByteArray, message);
        const auto r = test::runCli(args);
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(r.err.trimmed(), message);
    }
    void riskOfNodeWithSuppression() {
        // Classes of 1, 1, 3, 5 at node 0. With k=2 and 20 % suppression (2 rows) the two
        // uniques are suppressed, as `generalize` publishes the node: 8 rows in 2 classes,
        // prosecutor highest 1/3, average 2/8, no sample uniques. Without suppression the
        // uniques have risk 1: highest 1, average 4/10, sample uniques 2/10.
        const QString data = m_dir.filePath("sizes.csv");
        const auto kept = test::runCli({"risk", data, "--qi", "q", "--node", "0", "-c", "k=2",
                                        "--suppression", "0.2", "--json"});
        QCOMPARE(kept.exitCode, 0);
        const QJsonObject j = kept.json();
        QCOMPARE(j["rows"].toInt(), 8);
        QCOMPARE(j["classes"].toInt(), 2);
        QCOMPARE(j["suppressed_rows"].toInt(), 2);
        QVERIFY(j["node_satisfies"].toBool());
        QVERIFY(near(j["prosecutor"].toObject()["highest"].toDouble(), 1.0 / 3));
        QVERIFY(near(j["prosecutor"].toObject()["average"].toDouble(), 0.25));
        QVERIFY(near(j["sample_uniques"].toDouble(), 0));
        const auto all = test::runCli({"risk", data, "--qi", "q", "--node", "0", "-c", "k=2",
                                       "--suppression", "0.1", "--json"});
        QCOMPARE(all.exitCode, 0);
        QCOMPARE(all.json()["rows"].toInt(), 10);
        QCOMPARE(all.json()["suppressed_rows"].toInt(), 0);
        QVERIFY(!all.json()["node_satisfies"].toBool());
        QVERIFY(near(all.json()["prosecutor"].toObject()["highest"].toDouble(), 1.0));
        QVERIFY(near(all.json()["prosecutor"].toObject()["average"].toDouble(), 0.4));
        QVERIFY(near(all.json()["sample_uniques"].toDouble(), 0.2));
        // The combinations are of the published (suppressed) table: 2 distinct values of 8.
        const auto comb =
            test::runCli({"risk", data, "--qi", "q", "--node", "0", "-c", "k=2", "--suppression",
                          "0.2", "--attribute-combinations", "--json"});
        QCOMPARE(comb.exitCode, 0);
        const QJsonObject q = comb.json()["attribute_combinations"].toArray()[0].toObject();
        QVERIFY(near(q["distinction"].toDouble(), 2.0 / 8));
        // --criterion is refused with --published.
        const auto refused =
            test::runCli({"risk", data, "--qi", "q", "--published", data, "-c", "k=2"});
        QCOMPARE(refused.exitCode, 1);
        QCOMPARE(refused.err.trimmed(),
                 QByteArray("ldiv: error: --criterion, --suppression and --research-subset "
                            "apply to --node; a published table is analysed as it stands"));
    }

    void riskCriterionInReleaseRecord() {
        // Published with k=2 and 20 % suppression: 8 rows in 2 classes remain, u/n = 0.25, so
        // average-risk=0.25 holds; the release record claims it and verify recomputes it
        // from the published file.
        const QString data = m_dir.filePath("sizes.csv");
        const auto g =
            test::runCli({"generalize", data, "--qi", "q", "--node", "0", "-c", "k=2", "-c",
                          "average-risk=0.25", "--suppression", "0.2", "-o",
                          m_dir.filePath("pub.csv"), "--release", m_dir.filePath("pub.json")});
        QCOMPARE(g.exitCode, 0);
        const auto v = test::runCli({"verify", m_dir.filePath("pub.json"), "--published",
                                     m_dir.filePath("pub.csv"), "--original", data, "--json"});
        QCOMPARE(v.exitCode, 0);
        QVERIFY(v.json()["verified"].toBool());
        QVERIFY(QString(v.out).contains("criterion average-risk=0.25"));
        // At 0.24 the node fails and nothing is written.
        const auto fails = test::runCli({"generalize", data, "--qi", "q", "--node", "0", "-c",
                                         "k=2", "-c", "average-risk=0.24", "--suppression", "0.2",
                                         "-o", m_dir.filePath("no.csv")});
        QCOMPARE(fails.exitCode, 3);
        QVERIFY(!QFile::exists(m_dir.filePath("no.csv")));
    }

private:
    QTemporaryDir m_dir;
};

QTEST_GUILESS_MAIN(TestCliRiskCriteria)
#include "test_cli_risk_criteria.moc"
