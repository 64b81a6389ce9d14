// `ldiv audit --criterion` and `ldiv beliefs`: SPEC Examples 2.2 and the Umeko example of
// Machanavajjhala et al. 2007 §1.1, and the whole-table bounds of Machanavajjhala et al. 2007 §6 on
// Adult's occupation.
#include <QtTest>

#include "cli_runner.h"
#include "test_paths.h"

using namespace ldv;

namespace {
QString ex(const char* path) {
    return QString::fromStdString(test::example(path));
}
const QStringList kHospital{"--qi", "zip,age,nationality", "--sensitive", "condition"};
const QString kUmeko = "nationality=Japanese => condition=Heart Disease : 0.01";

QJsonObject criterion(const test::CliResult& r, int i) {
    return r.json()["criteria"].toArray()[i].toObject();
}
}  // namespace

class TestCliPrivacy : public QObject {
    Q_OBJECT
private slots:
    void figure2FailsDistinctTwo() {
        const auto r = test::runCli(
            QStringList{"audit", ex("hospital/hospital_fig2_4anonymous.csv")} + kHospital +
            QStringList{"--criterion", "k=4", "--criterion", "distinct-l=2", "--json"});
        QCOMPARE(r.exitCode, 3);  // a criterion FAILS: exit 3 (issue 32)
        QVERIFY(criterion(r, 0)["holds"].toBool());
        const QJsonObject distinct = criterion(r, 1);
        QVERIFY(!distinct["holds"].toBool());
        QCOMPARE(distinct["failing_classes"].toInt(), 1);
        QCOMPARE(distinct["failing_rows"].toInt(), 4);
        QCOMPARE(distinct["worst_measure"].toDouble(), 1.0);
    }
    void figure4NodeIsThreeDiverse() {
        const auto r =
            test::runCli({"audit", "--project", ex("hospital/hospital.ldiv.json"), "--node",
                          "1,2,1", "--criterion", "distinct-l=3", "--criterion", "entropy-l=2.82",
                          "--criterion", "entropy-l=2.83", "--class-measures", "--json"});
        QCOMPARE(r.exitCode, 3);  // a criterion FAILS: exit 3 (issue 32)
        QVERIFY(criterion(r, 0)["holds"].toBool());
        QVERIFY(criterion(r, 1)["holds"].toBool());
        // e^H = 2√2 = 2.8284 < 2.83: the paper's "2.8-diverse" is rounded.
        QVERIFY(!criterion(r, 2)["holds"].toBool());
        for (const auto& m : criterion(r, 1)["class_measures"].toArray())
            QVERIFY(qAbs(m.toDouble() - 2.828427) < 1e-5);
    }
    void occupationBoundsOnAdult() {
        const auto r = test::runCli({"audit", ex("adult/adult_full.csv"), "--sensitive",
                                     "occupation", "--criterion", "entropy-l=10.56", "--criterion",
                                     "entropy-l=10.58", "--criterion", "recursive-cl=3,11",
                                     "--criterion", "recursive-cl=3,12", "--json"});
        QCOMPARE(r.exitCode, 3);  // a criterion FAILS: exit 3 (issue 32)
        QCOMPARE(r.json()["rows"].toInt(), 45222);
        QVERIFY(criterion(r, 0)["holds"].toBool());
        QVERIFY(!criterion(r, 1)["holds"].toBool());
        QVERIFY(criterion(r, 2)["holds"].toBool());
        QVERIFY(!criterion(r, 3)["holds"].toBool());
        QCOMPARE(qRound(criterion(r, 0)["worst_measure"].toDouble() * 1000), 10567);
        const QJsonArray warnings = r.json()["warnings"].toArray();
        QCOMPARE(warnings.size(), 2);
        QCOMPARE(
            warnings[0].toString(),
            QString("occupation is at most entropy 10.56-diverse: entropy-l=10.58 is impossible"));
    }
    void umekoBackgroundKnowledge() {
        // Fig. 2 (published as is): Umeko (row 3) is in the class {Heart Disease ×2, Viral ×2};
        // knowing that Japanese rarely have heart disease reveals her viral infection.
        const auto fig2 =
            test::runCli(QStringList{"beliefs", ex("hospital/hospital.csv")} + kHospital +
                         QStringList{"--published", ex("hospital/hospital_fig2_4anonymous.csv"),
                                     "--knowledge", kUmeko, "--json"});
        QCOMPARE(fig2.exitCode, 0);
        const QJsonObject umeko2 = fig2.json()["individuals"].toArray()[2].toObject();
        QCOMPARE(umeko2["value"].toString(), QString("Viral Infection"));
        QVERIFY(umeko2["knowledge"].toBool());
        QVERIFY(umeko2["belief"].toDouble() >= 0.95);
        // Marginal prior HD 3/12, V 4/12, C 5/12 = f(s|q*) of the marginal model; HD set to 0.01
        // rescales V to .99·4/9 = .44; the class has HD and V twice each, so
        // β = 2·(.44/(4/12)) / (2·(.44/(4/12)) + 2·(.01/(3/12))) = 2.64/2.72 = 33/34.
        QVERIFY(qAbs(umeko2["belief"].toDouble() - 33.0 / 34.0) < 1e-9);
        // The homogeneous Cancer class (rows 9-12) is a positive disclosure without any knowledge.
        QCOMPARE(fig2.json()["positive_disclosures"].toInt(), 5);
        const auto fig4 = test::runCli({"beliefs", "--project", ex("hospital/hospital.ldiv.json"),
                                        "--node", "1,2,1", "--knowledge", kUmeko, "--json"});
        QCOMPARE(fig4.exitCode, 0);
        const QJsonObject umeko4 = fig4.json()["individuals"].toArray()[2].toObject();
        QVERIFY(umeko4["belief"].toDouble() < 0.95);
        QCOMPARE(fig4.json()["positive_disclosures"].toInt(), 0);
    }
    // Without background knowledge β = n(q*,s)/N (SPEC §4): the table q,s with 19 × (x,A),
    // 1 × (x,B), 80 × (y,B), 20 × (y,C). Every row misses a value of the domain in its class.
    void beliefsWithoutKnowledgeAreClassFrequencies() {
        QTemporaryDir dir;
        const QString path = dir.filePath("t.csv");
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("q,s\n");
        for (int i = 0; i < 19; ++i) f.write("x,A\n");
        f.write("x,B\n");
        for (int i = 0; i < 80; ++i) f.write("y,B\n");
        for (int i = 0; i < 20; ++i) f.write("y,C\n");
        f.close();
        const auto r = test::runCli({"beliefs", path, "--qi", "q", "--sensitive", "s", "--json"});
        QCOMPARE(r.exitCode, 0);
        const QJsonArray rows = r.json()["individuals"].toArray();
        QCOMPARE(rows.size(), 120);
        QCOMPARE(rows[0].toObject()["belief"].toDouble(), 0.95);
        QCOMPARE(rows[19].toObject()["belief"].toDouble(), 0.05);
        QCOMPARE(rows[20].toObject()["belief"].toDouble(), 0.8);
        QCOMPARE(rows[119].toObject()["belief"].toDouble(), 0.2);
        QCOMPARE(r.json()["positive_disclosures"].toInt(), 0);  // 0.95 is not > 1 − 0.05
        // x rows: C absent (β = 0); the B row also has β(A) = .95 ≥ ε. y rows: A absent.
        QCOMPARE(rows[0].toObject()["negative_values"].toInt(), 1);
        QCOMPARE(rows[19].toObject()["negative_values"].toInt(), 1);
        QCOMPARE(r.json()["negative_disclosures"].toInt(), 120);
    }
    // Fig. 2 row 7 (Viral Infection in the class Cancer, Heart Disease, Viral ×2): β = 2/4.
    // Umeko (row 3): Cancer is absent from her class, β(Cancer) = 0, a negative disclosure
    // (Machanavajjhala et al. 2007 §3.2), with or without knowledge.
    void hospitalFigure2Beliefs() {
        const auto r =
            test::runCli({"beliefs", "--project", ex("hospital/hospital.ldiv.json"), "--published",
                          ex("hospital/hospital_fig2_4anonymous.csv"), "--json"});
        QCOMPARE(r.exitCode, 0);
        const QJsonArray rows = r.json()["individuals"].toArray();
        QCOMPARE(rows[6].toObject()["belief"].toDouble(), 0.5);
        QCOMPARE(rows[2].toObject()["belief"].toDouble(), 0.5);
        QCOMPARE(rows[2].toObject()["negative_values"].toInt(), 1);
        // Class 1485*: Cancer 1, HD 1, V 2 → every value present at ≥ .25, no negative disclosure.
        QCOMPARE(rows[6].toObject()["negative_values"].toInt(), 0);
        // Classes 130**,<30 (HD, V: Cancer absent) and 130**,3* (Cancer only) → 4 + 4 rows.
        QCOMPARE(r.json()["negative_disclosures"].toInt(), 8);
        QCOMPARE(r.json()["positive_disclosures"].toInt(), 4);
    }
    // SPEC Example 4.1 (Machanavajjhala et al. 2007 Figs 5–6, Thm 5.1) from the command line:
    // the prior f(q,s) as a file, q1 and q2 merged into one class.
    void example41WithPriorFile() {
        QTemporaryDir dir;
        QFile data(dir.filePath("t.csv")), published(dir.filePath("p.csv")),
            prior(dir.filePath("f.csv"));
        QVERIFY(data.open(QIODevice::WriteOnly) && published.open(QIODevice::WriteOnly) &&
                prior.open(QIODevice::WriteOnly));
        data.write("q,s\nq1,s1\nq1,s2\n");
        published.write("q,s\n*,s1\n*,s2\n");
        for (int i = 0; i < 35; ++i) data.write("q2,s1\n"), published.write("*,s1\n");
        for (int i = 0; i < 15; ++i) data.write("q2,s2\n"), published.write("*,s2\n");
        prior.write("q,s,f\nq1,s1,.15\nq1,s2,.35\nq2,s1,.25\nq2,s2,.25\n");
        data.close(), published.close(), prior.close();
        const QStringList common{
            "beliefs",        data.fileName(), "--qi", "q",      "--sensitive", "s",     "--prior",
            prior.fileName(), "--rho1",        "0.31", "--rho2", "0.58",        "--json"};
        // The finer table T (q1 its own class): α = .3, β = .5, no breach.
        const auto finer = test::runCli(common);
        QCOMPARE(finer.exitCode, 0);
        const QJsonObject row1 = finer.json()["individuals"].toArray()[0].toObject();
        QVERIFY(qAbs(row1["prior"].toDouble() - 0.3) < 1e-12);
        QVERIFY(qAbs(row1["belief"].toDouble() - 0.5) < 1e-12);
        QCOMPARE(finer.json()["breaches"].toInt(), 0);
        // T*: f(s|q*) = .4, .6 from the prior; β = (36·.3/.4)/((36·.3/.4)+(16·.7/.6)) = 0.5912.
        const auto merged = test::runCli(common + QStringList{"--published", published.fileName()});
        QCOMPARE(merged.exitCode, 0);
        const QJsonObject m1 = merged.json()["individuals"].toArray()[0].toObject();
        QCOMPARE(qRound(m1["belief"].toDouble() * 1e4), 5912);
        QVERIFY(m1["breach"].toBool());
        // q1's s2 row is the other branch: α = .7 > 1 − ρ1 and β = .4088 < 1 − ρ2; q2's α = .5.
        QCOMPARE(merged.json()["breaches"].toInt(), 2);
        // `experiment background` takes the same prior; a statement that restates f(s2|q1) = .7
        // changes nothing, so β before and after is 0.5912 for q1's s1 row.
        const auto background =
            test::runCli({"experiment", "background", data.fileName(), "--qi", "q", "--sensitive",
                          "s", "--published", published.fileName(), "--prior", prior.fileName(),
                          "--knowledge", "q=q1 => s=s2 : 0.7", "--json"});
        QCOMPARE(background.exitCode, 0);
        const QJsonObject b1 = background.json()["individuals"].toArray()[0].toObject();
        QCOMPARE(b1["row"].toInt(), 1);
        QCOMPARE(qRound(b1["belief_before"].toDouble() * 1e4), 5912);
        QCOMPARE(qRound(b1["belief_after"].toDouble() * 1e4), 5912);
        // Counts work as weights too (×100), and a bad weight names file, line and column.
        QVERIFY(prior.open(QIODevice::WriteOnly));
        prior.write("s,q,count\ns1,q1,15\ns2,q1,35\ns1,q2,25\ns2,q2,25\n");
        prior.close();
        const auto counts = test::runCli(common + QStringList{"--published", published.fileName()});
        QCOMPARE(counts.json()["individuals"].toArray()[0].toObject()["belief"].toDouble(),
                 m1["belief"].toDouble());
        QVERIFY(prior.open(QIODevice::WriteOnly));
        prior.write("q,s,f\nq1,s1,lots\n");
        prior.close();
        const auto bad = test::runCli(common);
        QCOMPARE(bad.exitCode, 2);
        QVERIFY2(
            bad.err.contains(
                (prior.fileName() + ":2:3: weight 'lots' is not a non-negative number").toUtf8()),
            bad.err.constData());
        QVERIFY(prior.open(QIODevice::WriteOnly));
        prior.write("q,s,f\nq1,s1,1\n");
        prior.close();
        const auto missing = test::runCli(common);
        QCOMPARE(missing.exitCode, 1);
        QVERIFY2(missing.err.contains("no weight for the quasi-identifier tuple (q=q2)"),
                 missing.err.constData());
    }
    void publishedTableOfOtherRows() {
        // A published table that is not the original's rows is refused, naming the file.
        const QString adult = ex("adult/adult.csv");
        const auto r = test::runCli(QStringList{"beliefs", ex("hospital/hospital.csv")} +
                                    kHospital + QStringList{"--published", adult});
        QCOMPARE(r.exitCode, 2);
        const QString expected = adult +
                                 ": the published table has 30162 rows but the original has 12 "
                                 "(rows must be in the same order)";
        QVERIFY2(r.err.contains(expected.toUtf8()), r.err.constData());
    }
    void parameterErrors_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        const QStringList project{"audit", "--project", ex("hospital/hospital.ldiv.json"),
                                  "--criterion"};
        QTest::newRow("l above values")
            << project + QStringList{"distinct-l=5"}
            << "criterion 'distinct-l=5': l = 5 is larger than the 3 values of 'condition' "
               "(Heart Disease, Viral Infection, Cancer)";
        QTest::newRow("negative k")
            << project + QStringList{"k=-2"} << "k = -2 is not allowed, k must be at least 1";
        QTest::newRow("tau below 1/l") << project + QStringList{"tau-l=0.2,3"}
                                       << "tau = 0.2 is not allowed, tau must be in [1/l, 1)";
        QTest::newRow("unknown criterion")
            << project + QStringList{"beta=3"} << "unknown criterion 'beta'";
        QTest::newRow("unknown dontcare")
            << project + QStringList{"pd-recursive-cl=3,2;dontcare=Flu"} << "'Flu'";
        QTest::newRow("no sensitive")
            << QStringList{"audit", ex("hospital/hospital.csv"), "--criterion", "entropy-l=2"}
            << "criterion 'entropy-l=2' needs a sensitive attribute (--sensitive)";
        QTest::newRow("bad knowledge")
            << QStringList{"beliefs", "--project", ex("hospital/hospital.ldiv.json"), "--knowledge",
                           "nationality=Martian => condition=Cancer : 0.5"}
            << "background knowledge: attribute 'nationality' has no value 'Martian'";
    }
    void parameterErrors() {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        const auto r = test::runCli(args);
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(QString::fromUtf8(r.err).contains(message), r.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestCliPrivacy)
#include "test_cli_privacy.moc"
