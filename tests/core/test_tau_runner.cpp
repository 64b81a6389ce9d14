// The (τ,ℓ) runner shared by `ldiv experiment` and the workbench (tau_runner.h): each algorithm's
// run equals the direct call (SWEEP, the best 1DLD and CLD outputs of Tian & Zhang 2011 §5.2) on
// the bundled Nursery data, results are kept only by run(), and the valid requirements of
// Tian & Zhang 2011 (2 ≤ ℓ ≤ m, 1/ℓ ≤ τ < 1) worked by hand.
#include "ldiv/criteria/sensitive_taxonomy.h"
#include "ldiv/data/error.h"
#include "ldiv/project/tau_input.h"
#include "ldiv/project/workspace.h"
#include "ldiv/tau/sweep_result.h"
#include "ldiv/tau/tau_runner.h"
#include "test_paths.h"

#include <QtTest>

#include <cmath>

using namespace ldv;

namespace {

std::unique_ptr<Workspace> nursery() {
    ProjectConfig c = loadProject(test::example("nursery/nursery.ldiv.json"));
    for (auto& a : c.attributes)
        if (a.role == Role::Sensitive) a.role = Role::Insensitive;
    AttributeConfig& sa = c.ensureAttribute("class");
    sa.role = Role::Sensitive;
    sa.hierarchyFile = "nursery_hierarchy_class.csv";
    return std::make_unique<Workspace>(c, test::example("nursery"));
}

bool sameRecoding(const LocalRecoding& a, const LocalRecoding& b) {
    if (a.saNode != b.saNode || a.classes.size() != b.classes.size()) return false;
    for (std::size_t c = 0; c < a.classes.size(); ++c)
        if (a.classes[c].rows != b.classes[c].rows || a.classes[c].codes != b.classes[c].codes)
            return false;
    return true;
}

}  // namespace

class TestTauRunner : public QObject {
    Q_OBJECT

private slots:
    void runsEqualDirectCalls() {
        const auto ws = nursery();
        const TauInput input = tauInputOf(*ws);
        const double tau = 0.5, l = 3;
        TauRunner runner(input, 7);

        const TauRun& s = runner.run(TauAlgorithm::Sweep, tau, l);
        SweepOptions so;
        so.tau = tau;
        so.l = l;
        so.seed = 7;
        const SweepResult direct = sweep(input, so);
        QVERIFY(!s.empty);
        QVERIFY(sameRecoding(s.recoding, direct.recoding));
        QCOMPARE(s.e, excessiveProtection(input, direct.recoding, tau, l));
        QCOMPARE(s.um, informationUtility(input, direct.recoding));
        QCOMPARE(s.l, l);
        QCOMPARE(s.runs, std::size_t(1));

        const TauRun& one = runner.run(TauAlgorithm::OneDld, tau, l);
        const BaselineOutcome b = bestOneDld(input, tau, l);
        QCOMPARE(one.empty, b.empty);
        QVERIFY(sameRecoding(one.recoding, b.recoding));
        QCOMPARE(one.runs, b.runs);
        QCOMPARE(one.satisfying, b.satisfyingRuns);
        QCOMPARE(one.l, b.l);
        if (!b.empty) QCOMPARE(one.e, b.excessiveProtection);

        const TauRun& cld = runner.run(TauAlgorithm::Cld, tau, l);
        const BaselineOutcome c = CldSearch(input).best(tau, l);
        QCOMPARE(cld.empty, c.empty);
        QVERIFY(sameRecoding(cld.recoding, c.recoding));
        QCOMPARE(cld.c, c.c);
        QCOMPARE(cld.l, c.l);
        if (c.empty) QVERIFY(std::isnan(cld.e) && std::isnan(cld.um));
    }

    void keepsOnlyRuns() {
        const auto ws = nursery();
        const TauInput input = tauInputOf(*ws);
        TauRunner runner(input, 1);
        QVERIFY(!runner.find(TauAlgorithm::Sweep, 0.5, 2));
        const TauRun computed = runner.compute(TauAlgorithm::Sweep, 0.5, 2);
        QVERIFY(!runner.find(TauAlgorithm::Sweep, 0.5, 2));
        const TauRun& kept = runner.run(TauAlgorithm::Sweep, 0.5, 2);
        QCOMPARE(runner.find(TauAlgorithm::Sweep, 0.5, 2), &kept);
        QCOMPARE(&runner.run(TauAlgorithm::Sweep, 0.5, 2), &kept);
        QVERIFY(sameRecoding(kept.recoding, computed.recoding));
        QVERIFY(!runner.find(TauAlgorithm::Cld, 0.5, 2));
    }

    void names() {
        for (TauAlgorithm a : kTauAlgorithms) QCOMPARE(parseTauAlgorithm(tauAlgorithmName(a)), a);
        QCOMPARE(tauAlgorithmName(TauAlgorithm::OneDld), std::string_view("1dld"));
        QCOMPARE(tauAlgorithmLabel(TauAlgorithm::OneDld), std::string_view("1DLD"));
        QVERIFY_THROWS_EXCEPTION(ParameterError, parseTauAlgorithm("SWEEP"));
    }

    void validRequirements_data() {
        QTest::addColumn<double>("tau");
        QTest::addColumn<double>("l");
        QTest::addColumn<int>("m");
        QTest::addColumn<bool>("valid");
        QTest::newRow("1/l = tau") << 0.5 << 2.0 << 3 << true;
        QTest::newRow("tau below 1/l") << 0.3 << 3.0 << 5 << false;
        QTest::newRow("1/3 as 0.333333333333") << 0.333333333333 << 3.0 << 5 << true;
        QTest::newRow("tau = 1") << 1.0 << 2.0 << 3 << false;
        QTest::newRow("l above m") << 0.5 << 4.0 << 3 << false;
        QTest::newRow("l = m") << 0.5 << 3.0 << 3 << true;
        QTest::newRow("l below 2") << 0.9 << 1.5 << 3 << false;
        QTest::newRow("m unknown: no upper bound") << 0.2 << 5.0 << 0 << true;
    }
    void validRequirements() {
        QFETCH(double, tau);
        QFETCH(double, l);
        QFETCH(int, m);
        QFETCH(bool, valid);
        QCOMPARE(validTau(tau, l, std::size_t(m)), valid);
        bool threw = false;
        try {
            validateTau(tau, l, std::size_t(m));
        } catch (const ParameterError&) {
            threw = true;
        }
        QCOMPARE(threw, !valid);
    }
};

QTEST_APPLESS_MAIN(TestTauRunner)
#include "test_tau_runner.moc"
