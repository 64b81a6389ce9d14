// `ldiv audit --criterion` and `ldiv beliefs`: SPEC Examples 2.2 and the Umeko example of
// 000 §1.1, and the whole-table bounds of 000 §6 on Adult's occupation.
#include <QtTest>

#include "cli_runner.h"
#include "test_paths.h"

using namespace ldv;

namespace {
QString ex(const char* path) { return QString::fromStdString(test::example(path)); }
const QStringList kHospital{"--qi", "zip,age,nationality", "--sensitive", "condition"};
const QString kUmeko = "nationality=Japanese => condition=Heart Disease : 0.01";

QJsonObject criterion(const test::CliResult& r, int i) { return r.json()["criteria"].toArray()[i].toObject(); }
}  // namespace

class TestCliPrivacy : public QObject {
    Q_OBJECT
private slots:
    void figure2FailsDistinctTwo() {
        const auto r = test::runCli(QStringList{"audit", ex("hospital/hospital_fig2_4anonymous.csv")} + kHospital +
                                    QStringList{"--criterion", "k=4", "--criterion", "distinct-l=2", "--json"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(criterion(r, 0)["holds"].toBool());
        const QJsonObject distinct = criterion(r, 1);
        QVERIFY(!distinct["holds"].toBool());
        QCOMPARE(distinct["failing_classes"].toInt(), 1);
        QCOMPARE(distinct["failing_rows"].toInt(), 4);
        QCOMPARE(distinct["worst_measure"].toDouble(), 1.0);
    }
    void figure4NodeIsThreeDiverse() {
        const auto r = test::runCli({"audit", "--project", ex("hospital/hospital.ldiv.json"), "--node", "1,2,1",
                                     "--criterion", "distinct-l=3", "--criterion", "entropy-l=2.82",
                                     "--criterion", "entropy-l=2.83", "--class-measures", "--json"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(criterion(r, 0)["holds"].toBool());
        QVERIFY(criterion(r, 1)["holds"].toBool());
        // e^H = 2√2 = 2.8284 < 2.83: the paper's "2.8-diverse" is rounded.
        QVERIFY(!criterion(r, 2)["holds"].toBool());
        for (const auto& m : criterion(r, 1)["class_measures"].toArray()) QVERIFY(qAbs(m.toDouble() - 2.828427) < 1e-5);
    }
    void occupationBoundsOnAdult() {
        const auto r = test::runCli({"audit", ex("adult/adult_full.csv"), "--sensitive", "occupation",
                                     "--criterion", "entropy-l=10.56", "--criterion", "entropy-l=10.58",
                                     "--criterion", "recursive-cl=3,11", "--criterion", "recursive-cl=3,12", "--json"});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.json()["rows"].toInt(), 45222);
        QVERIFY(criterion(r, 0)["holds"].toBool());
        QVERIFY(!criterion(r, 1)["holds"].toBool());
        QVERIFY(criterion(r, 2)["holds"].toBool());
        QVERIFY(!criterion(r, 3)["holds"].toBool());
        QCOMPARE(qRound(criterion(r, 0)["worst_measure"].toDouble() * 1000), 10567);
        const QJsonArray warnings = r.json()["warnings"].toArray();
        QCOMPARE(warnings.size(), 2);
        QCOMPARE(warnings[0].toString(), QString("occupation is at most entropy 10.57-diverse: entropy-l=10.58 is impossible"));
    }
    void umekoBackgroundKnowledge() {
        // Fig. 2 (published as is): Umeko (row 3) is in the class {Heart Disease ×2, Viral ×2};
        // knowing that Japanese rarely have heart disease reveals her viral infection.
        const auto fig2 = test::runCli(QStringList{"beliefs", ex("hospital/hospital.csv")} + kHospital +
                                       QStringList{"--published", ex("hospital/hospital_fig2_4anonymous.csv"),
                                                   "--knowledge", kUmeko, "--json"});
        QCOMPARE(fig2.exitCode, 0);
        const QJsonObject umeko2 = fig2.json()["individuals"].toArray()[2].toObject();
        QCOMPARE(umeko2["value"].toString(), QString("Viral Infection"));
        QVERIFY(umeko2["knowledge"].toBool());
        QVERIFY(umeko2["belief"].toDouble() >= 0.95);
        // Marginal prior HD 3/12, V 4/12, C 5/12; HD set to 0.01 rescales V to .99·4/9 = .44;
        // the class has HD and V twice each, so β = .44/(.44+.01) = 44/45.
        QVERIFY(qAbs(umeko2["belief"].toDouble() - 44.0 / 45.0) < 1e-9);
        // The homogeneous Cancer class (rows 9-12) is a positive disclosure without any knowledge.
        QCOMPARE(fig2.json()["positive_disclosures"].toInt(), 5);
        const auto fig4 = test::runCli({"beliefs", "--project", ex("hospital/hospital.ldiv.json"), "--node", "1,2,1",
                                        "--knowledge", kUmeko, "--json"});
        QCOMPARE(fig4.exitCode, 0);
        const QJsonObject umeko4 = fig4.json()["individuals"].toArray()[2].toObject();
        QVERIFY(umeko4["belief"].toDouble() < 0.95);
        QCOMPARE(fig4.json()["positive_disclosures"].toInt(), 0);
    }
    void publishedTableOfOtherRows() {
        // A published table that is not the original's rows is refused, naming the file.
        const QString adult = ex("adult/adult.csv");
        const auto r = test::runCli(QStringList{"beliefs", ex("hospital/hospital.csv")} + kHospital +
                                    QStringList{"--published", adult});
        QCOMPARE(r.exitCode, 2);
        const QString expected = adult + ": the published table has 30162 rows but the original has 12 "
                                         "(rows must be in the same order)";
        QVERIFY2(r.err.contains(expected.toUtf8()), r.err.constData());
    }
    void parameterErrors_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        const QStringList project{"audit", "--project", ex("hospital/hospital.ldiv.json"), "--criterion"};
        QTest::newRow("l above values") << project + QStringList{"distinct-l=5"}
                                        << "criterion 'distinct-l=5': l = 5 is larger than the 3 values of 'condition' "
                                           "(Heart Disease, Viral Infection, Cancer)";
        QTest::newRow("negative k") << project + QStringList{"k=-2"} << "k = -2 is not allowed, k must be at least 1";
        QTest::newRow("tau below 1/l") << project + QStringList{"tau-l=0.2,3"} << "tau = 0.2 is not allowed, tau must be in [1/l, 1)";
        QTest::newRow("unknown criterion") << project + QStringList{"beta=3"} << "unknown criterion 'beta'";
        QTest::newRow("unknown dontcare") << project + QStringList{"pd-recursive-cl=3,2;dontcare=Flu"}
                                          << "'Flu'";
        QTest::newRow("no sensitive") << QStringList{"audit", ex("hospital/hospital.csv"), "--criterion", "entropy-l=2"}
                                      << "criterion 'entropy-l=2' needs a sensitive attribute (--sensitive)";
        QTest::newRow("bad knowledge") << QStringList{"beliefs", "--project", ex("hospital/hospital.ldiv.json"),
                                                      "--knowledge", "nationality=Martian => condition=Cancer : 0.5"}
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
