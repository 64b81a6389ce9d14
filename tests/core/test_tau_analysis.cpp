// The analyses of Tian & Zhang 2011 §5 (tau_analysis.h) and SWEEP on the bundled Adult and Nursery
// data: every class of every output satisfies the requested (τ,ℓ) (independent checker), eligible
// ranges (Tian & Zhang 2011 Table 1), count-query errors (Tian & Zhang 2011 §5.3.3).
#include "ldiv/project/tau_input.h"
#include "ldiv/project/workspace.h"
#include "ldiv/tau/baseline_outcome.h"
#include "ldiv/tau/sweep_result.h"
#include "ldiv/tau/tau_analysis.h"
#include "test_paths.h"
#include "test_scale.h"

#include <QtTest>

#include <cmath>

using namespace ldv;

namespace {

std::unique_ptr<Workspace> load(const std::string& project, const std::string& sensitive,
                                const std::string& taxonomy) {
    ProjectConfig c = loadProject(test::example(project));
    for (auto& a : c.attributes)
        if (a.role == Role::Sensitive) a.role = Role::Insensitive;
    AttributeConfig& sa = c.ensureAttribute(sensitive);
    sa.role = Role::Sensitive;
    sa.hierarchyFile = taxonomy;
    const std::string dir = test::example(project.substr(0, project.find('/')));
    return std::make_unique<Workspace>(c, dir);
}

}  // namespace

class TestTauAnalysis : public QObject {
    Q_OBJECT

private slots:
    void sweepOnRealData_data() {
        QTest::addColumn<QString>("project");
        QTest::addColumn<QString>("sensitive");
        QTest::addColumn<QString>("taxonomy");
        QTest::addColumn<double>("tau");
        QTest::addColumn<double>("l");
        const QString nursery = "nursery/nursery.ldiv.json", adult = "adult/adult.ldiv.json";
        for (auto [tau, l] : {std::pair{0.5, 2.0}, {0.5, 3.0}, {0.4, 4.0}, {0.3, 5.0}, {0.2, 5.0}})
            QTest::addRow("nursery (%g,%g)", tau, l) << nursery << "class"
                                                     << "nursery_hierarchy_class.csv" << tau << l;
        for (auto [tau, l] : {std::pair{0.3, 5.0}, {0.15, 8.0}, {0.5, 3.0}})
            QTest::addRow("adult occupation (%g,%g)", tau, l)
                << adult << "occupation"
                << "adult_hierarchy_occupation.csv" << tau << l;
        QTest::addRow("adult salary (0.5,2)") << adult << "salary-class"
                                              << "adult_hierarchy_salary-class.csv" << 0.5 << 2.0;
    }

    void sweepOnRealData() {
        // A scaled-down run (CI's sanitizer run, test_scale.h) sweeps the first requirement of
        // each table only.
        if (ldv::test::testScale() < 1 &&
            !QByteArray(QTest::currentDataTag()).contains("(0.5,2)") &&
            !QByteArray(QTest::currentDataTag()).contains("(0.3,5)"))
            QSKIP("scaled-down run: one requirement per table");
        QFETCH(QString, project);
        QFETCH(QString, sensitive);
        QFETCH(QString, taxonomy);
        QFETCH(double, tau);
        QFETCH(double, l);
        const auto ws =
            load(project.toStdString(), sensitive.toStdString(), taxonomy.toStdString());
        const TauInput input = tauInputOf(*ws);
        const SweepResult r = sweep(input, {tau, l, {}, 1});
        const TauCheck check = checkTau(input, r.recoding, tau, l);
        QVERIFY(!r.recoding.empty());
        QVERIFY2(check.holds(), check.problem.c_str());
        const double um = informationUtility(input, r.recoding);
        QVERIFY(um > 0 && um <= 1);
        // The 1D count of each sensitive value stays close (Tian & Zhang 2011 Fig. 21: small
        // errors).
        for (const auto& e : sensitiveCountErrors(input, r.recoding)) QVERIFY(e.relativeError >= 0);
    }

    void eligibleRanges() {
        // Tian & Zhang 2011 §1.1: Adult with salary as SA allows no simple ℓ ≥ 2 and needs c ≥ 4
        // for ℓ = 2.
        const auto ws =
            load("adult/adult.ldiv.json", "salary-class", "adult_hierarchy_salary-class.csv");
        const EligibleRange e = eligibleRange(tauInputOf(*ws));
        QCOMPARE(e.m, std::size_t(2));
        QCOMPARE(e.maxSimpleL, std::uint64_t(1));
        QCOMPARE(e.minC.front(), 4.0);
        QVERIFY(std::abs(e.minTau.front() - e.topFrequency) < 1e-12);  // ℓ = 2: τ ≥ f1
        // Nursery: the class distribution allows simple ℓ up to 3 (f1 = 1/3).
        const auto nursery =
            load("nursery/nursery.ldiv.json", "class", "nursery_hierarchy_class.csv");
        const EligibleRange n = eligibleRange(tauInputOf(*nursery));
        QCOMPARE(n.maxSimpleL, std::uint64_t(3));
        QCOMPARE(n.minTau[1], 1.0 / 3.0);
    }

    void countQueries() {
        const auto ws = load("nursery/nursery.ldiv.json", "class", "nursery_hierarchy_class.csv");
        const TauInput input = tauInputOf(*ws);
        const CountQueryWorkload workload(input, 50, 3);
        QCOMPARE(workload.dimensions(), std::size_t(9));
        // The original table (bottom node, no SA generalization) answers exactly.
        const LocalRecoding original = recodeNode(input, Levels(8, 0));
        for (double e : workload.averageErrors(original)) QVERIFY(std::abs(e) < 1e-9);
        for (const auto& e : sensitiveCountErrors(input, original)) QCOMPARE(e.relativeError, 0.0);
        // Fully generalized QI: 1D (SA-only) queries stay exact, more dimensions are not.
        const LocalRecoding top = recodeNode(input, ws->dataset().lattice().heights());
        const std::vector<double> errors = workload.averageErrors(top);
        QVERIFY(std::abs(errors[0]) < 1e-9);
        QVERIFY(errors[3] > 0);
        // A hand case: with every SA generalized to the root, a 1D query on one class value
        // estimates n/5 (5 leaves) against its actual count.
        LocalRecoding rooted = original;
        const std::uint32_t root = std::uint32_t(*input.taxonomy.find("*"));
        std::fill(rooted.saNode.begin(), rooted.saNode.end(), root);
        const auto perValue = sensitiveCountErrors(input, rooted);
        QCOMPARE(perValue.front().estimate, 12960.0 / 5);
        QCOMPARE(perValue.front().actual, std::uint64_t(4320));
    }
};

QTEST_APPLESS_MAIN(TestTauAnalysis)
#include "test_tau_analysis.moc"
