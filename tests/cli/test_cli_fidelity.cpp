// Repros of issue 22 ("faithful to the papers") and of the two CLI/workbench disagreements of
// issue 23, each with the value worked out by hand.
#include <QtTest>

#include "cli_runner.h"
#include "test_paths.h"

using namespace ldv;

namespace {
QString ex(const char* path) {
    return QString::fromStdString(test::example(path));
}

QString write(const QTemporaryDir& dir, const QString& name, const QByteArray& text) {
    QFile f(dir.filePath(name));
    if (!f.open(QIODevice::WriteOnly)) return {};
    f.write(text);
    return f.fileName();
}

QJsonObject criterion(const test::CliResult& r, int i) {
    return r.json()["criteria"].toArray()[i].toObject();
}
}  // namespace

class TestCliFidelity : public QObject {
    Q_OBJECT
private slots:
    // One class of 95 rows: 48 × prioritized (= {priority, spec_prior} in Nursery's class
    // taxonomy), 25 × not_recom, 22 × priority. Induced: priority 24 + 22, spec_prior 24,
    // not_recom 25 → F(1) = 46/95 = .484 ≤ .5, F(2) = 71/95 = .747 ≤ .75: (0.5, 3) holds
    // (Tian & Zhang 2011, Def. 11). As flat labels F(1) = 48/95 = .505 fails.
    void tauAuditReadsGeneralizedSensitiveValues() {
        QTemporaryDir dir;
        QByteArray text = "q,class\n";
        for (int i = 0; i < 48; ++i) text += "x,prioritized\n";
        for (int i = 0; i < 25; ++i) text += "x,not_recom\n";
        for (int i = 0; i < 22; ++i) text += "x,priority\n";
        const QString data = write(dir, "n.csv", text);
        const QStringList flat{"audit",       data,           "--qi",        "q",
                               "--sensitive", "class",        "--criterion", "tau-l=0.5,3",
                               "--criterion", "distinct-l=3", "--json"};
        const auto without = test::runCli(flat);
        QCOMPARE(without.exitCode, 3);  // a criterion FAILS: exit 3 (issue 32)
        QVERIFY(!criterion(without, 0)["holds"].toBool());
        // As labels: F(1) = 48/95, F(2) = 73/95 = .768 > .75 is the worst excess.
        QVERIFY(qAbs(criterion(without, 0)["worst_measure"].toDouble() - (73.0 / 95 - 0.75)) <
                1e-12);
        const auto with =
            test::runCli(flat + QStringList{"--hierarchy",
                                            "class=" + ex("nursery/nursery_hierarchy_class.csv")});
        QCOMPARE(with.exitCode, 0);
        const QJsonObject tau = criterion(with, 0);
        QVERIFY(tau["holds"].toBool());
        // max_k F(k) − ψ(k) = 0, reached at k ≥ 3 where F = ψ = 1 (k = 1, 2 are below ψ).
        QVERIFY(qAbs(tau["worst_measure"].toDouble()) < 1e-12);
        // The hierarchy is not ignored silently by the criteria that cannot use it.
        const QJsonArray warnings = with.json()["warnings"].toArray();
        QCOMPARE(warnings.size(), 1);
        QVERIFY(warnings[0].toString().contains(
            "used by tau-l and t-closeness=T:hierarchical criteria only"));
        // A value that the hierarchy lacks is an error naming it.
        write(dir, "n.csv", text + "x,maybe\n");
        const auto bad =
            test::runCli(flat + QStringList{"--hierarchy",
                                            "class=" + ex("nursery/nursery_hierarchy_class.csv")});
        QCOMPARE(bad.exitCode, 1);
        QVERIFY2(bad.err.contains(
                     "value 'maybe' of the sensitive attribute 'class' is not in its hierarchy"),
                 bad.err.constData());
    }
    // The repro: SWEEP's own output on Nursery audited with the class taxonomy holds.
    void sweepOutputAuditsAsHolding() {
        QTemporaryDir dir;
        const QString out = dir.filePath("n.csv");
        const auto sweep = test::runCli({"sweep", "--project", ex("nursery/nursery.ldiv.json"),
                                         "--tau", "0.5", "--l", "3", "-o", out});
        QCOMPARE(sweep.exitCode, 0);
        const auto audit = test::runCli(
            {"audit", out, "--qi", "parents,has_nurs,form,children,housing,finance,social,health",
             "--sensitive", "class", "--hierarchy",
             "class=" + ex("nursery/nursery_hierarchy_class.csv"), "--criterion", "tau-l=0.5,3",
             "--json"});
        QCOMPARE(audit.exitCode, 0);
        QVERIFY2(criterion(audit, 0)["holds"].toBool(), audit.out.constData());
        QCOMPARE(criterion(audit, 0)["failing_classes"].toInt(), 0);
    }
    // Issue 23: the CLI's interval builder leaves '?' out and puts it at the top level, like
    // the workbench. Ages 34, 37 → 30-39; 45 → 40-49; '?' → * at level 1.
    void intervalsKeepMissingValuesAtTheTop() {
        QTemporaryDir dir;
        const QString data = write(dir, "m.csv",
                                   "age,zip,disease\n34,14850,flu\n37,14850,cold\n?,14850,flu\n"
                                   "45,14853,cold\n?,14853,flu\n");
        const auto r = test::runCli({"audit", data, "--qi", "age,zip", "--sensitive", "disease",
                                     "--hierarchy", "age=intervals:10", "--node", "1,0", "--json"});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        // Classes (30-39, 14850) 2 rows, (*, 14850) 1, (40-49, 14853) 1, (*, 14853) 1.
        QCOMPARE(r.json()["classes"].toInt(), 4);
        QCOMPARE(r.json()["max_class_size"].toInt(), 2);
        // Level 2 is the top: every age is *, so the classes are the two zips.
        const auto top =
            test::runCli({"audit", data, "--qi", "age,zip", "--sensitive", "disease", "--hierarchy",
                          "age=intervals:10", "--node", "2,0", "--json"});
        QCOMPARE(top.json()["classes"].toInt(), 2);
    }
    // Issue 23: search and generalize agree on multi-attribute criteria with suppression: both
    // refuse them (Machanavajjhala et al. 2007 Def. 4.6 judges each sensitive attribute on its
    // own view; a suppressed row would leave every view at once).
    void multiAttributeWithSuppressionRefusedByBoth() {
        const QStringList common{"--project",     ex("hospital/hospital.ldiv.json"),
                                 "--sensitive",   "condition,nationality",
                                 "--qi",          "zip,age",
                                 "--criterion",   "distinct-l=2;multi",
                                 "--suppression", "0.1"};
        const auto search = test::runCli(QStringList{"search"} + common);
        QTemporaryDir dir;
        const QStringList output{"--node", "1,1", "--output", dir.filePath("out.csv")};
        const auto generalize = test::runCli(QStringList{"generalize"} + common + output);
        QCOMPARE(search.exitCode, 1);
        QCOMPARE(generalize.exitCode, 1);
        const QByteArray message = "multi-attribute mode cannot be combined with tuple suppression";
        QVERIFY2(search.err.contains(message), search.err.constData());
        QVERIFY2(generalize.err.contains(message), generalize.err.constData());
        // Without suppression both run; the top node 4,3 is the only one that satisfies (a failing
        // node is refused by generalize with exit 3 unless --allow-failing).
        QStringList plain = common;
        plain.removeLast();
        plain.removeLast();
        QCOMPARE(test::runCli(QStringList{"search"} + plain).exitCode, 0);
        const QStringList top{"--node", "4,3", "--output", dir.filePath("out.csv")};
        QCOMPARE(test::runCli(QStringList{"generalize"} + plain + top).exitCode, 0);
    }
    // A QI without a hierarchy would stay at height 0 in every search: refused, naming it.
    // The timing command of docs/experiments.md with salary-class's hierarchy: 4,320 nodes.
    void quasiIdentifierWithoutHierarchy() {
        const auto r =
            test::runCli({"search", ex("hospital/hospital.csv"), "--qi", "zip,age", "--sensitive",
                          "condition", "--hierarchy", "zip=mask", "--criterion", "k=2"});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("age has no hierarchy: it can never be generalized"),
                 r.err.constData());
        const auto kept =
            test::runCli({"search", ex("hospital/hospital.csv"), "--qi", "zip,age", "--sensitive",
                          "condition", "--hierarchy", "zip=mask", "--hierarchy", "age=identity",
                          "--criterion", "k=2", "--json"});
        // Runs (no hierarchy refusal); with age kept as it is no node is 2-anonymous: exit 3.
        QVERIFY2(kept.exitCode == 3, kept.err.constData());
        QVERIFY2(!kept.err.contains("has no hierarchy"), kept.err.constData());
        // An audit of a node needs no hierarchy.
        QCOMPARE(test::runCli({"audit", ex("hospital/hospital.csv"), "--qi", "zip,age",
                               "--sensitive", "condition"})
                     .exitCode,
                 0);
        const QString hierarchy = "salary-class=" + ex("adult/adult_hierarchy_salary-class.csv");
        const auto timing = test::runCli(
            {"experiment", "timing", ex("adult/adult_full.csv"), "--project",
             ex("adult/adult.ldiv.json"), "--qi",
             "age,sex,race,marital-status,education,native-country,workclass,salary-class",
             "--sensitive", "occupation", "--hierarchy", hierarchy, "--from-qi", "8", "--models",
             "k-anonymity", "--json"});
        QVERIFY2(timing.exitCode == 0, timing.err.constData());
        const QJsonObject row = timing.json()["rows"].toArray()[0].toObject();
        QCOMPARE(row["lattice_size"].toInt(), 4320);
        QCOMPARE(row["satisfying_nodes"].toInt(), 57);
    }
};

QTEST_GUILESS_MAIN(TestCliFidelity)
#include "test_cli_fidelity.moc"
