// (τ,ℓ)-diversity with generalized sensitive values (SPEC §3, Tian & Zhang 2011): taxonomy, induced
// frequencies, F, ψ, excessive protection, information utility, strength relations.
#include "ldiv/criteria/criterion.h"
#include "ldiv/criteria/sensitive_taxonomy.h"
#include "ldiv/data/error.h"

#include <QtTest>

#include <cmath>
#include <random>

using namespace ldv;

namespace {

using Counts = std::vector<std::uint32_t>;

// Tian & Zhang 2011 Fig. 3 / SPEC Example 3.1: base values hepatitis, b, c, d; hemal = {hepatitis,
// b}.
SensitiveTaxonomy diseases() {
    return SensitiveTaxonomy::fromEdges(
        {"hepatitis", "b", "c", "d"},
        {{"hemal", "hepatitis"}, {"hemal", "b"}, {"*", "hemal"}, {"*", "c"}, {"*", "d"}});
}

double round4(double v) {
    return std::round(v * 1e4) / 1e4;
}

}  // namespace

class TestTauDiversity : public QObject {
    Q_OBJECT

private slots:
    void example31() {
        const SensitiveTaxonomy t = diseases();
        QCOMPARE(t.baseCount(), std::size_t(4));
        const std::size_t hemal = *t.find("hemal");
        QCOMPARE(t.leaves(hemal), (std::vector<std::uint32_t>{0, 1}));
        // The EC: SA values hemal, hemal, hepatitis, c.
        std::vector<std::uint32_t> nodeCounts(t.nodeCount(), 0);
        nodeCounts[hemal] = 2;
        nodeCounts[0] = 1;
        nodeCounts[2] = 1;
        const auto weights = SensitiveTaxonomy::defaultWeights(Counts{5, 3, 2, 1});
        std::vector<double> f;
        t.inducedFrequencies(nodeCounts, weights, f);
        QCOMPARE(f, (std::vector<double>{0.5, 0.25, 0.25, 0}));
        QCOMPARE(cumulativeFrequencies(f), (std::vector<double>{0.5, 0.75, 1, 1}));
        for (std::size_t k = 1; k <= 4; ++k)
            QCOMPARE(tauPsi(k, 0.5, 3), (std::vector<double>{0.5, 0.75, 1, 1})[k - 1]);
        QVERIFY(tauHolds(f, 0.5, 3));
        QCOMPARE(tauMargin(f, 0.5, 3), 0.0);
        QCOMPARE(excessiveProtection(f, 0.5, 3), 0.0);
        QVERIFY(!tauHolds(f, 0.45, 3));
        QVERIFY(tauMargin(f, 0.45, 3) > 0);
    }

    void weights() {
        const SensitiveTaxonomy t = diseases();
        std::vector<std::uint32_t> nodeCounts(t.nodeCount(), 0);
        nodeCounts[*t.find("hemal")] = 2;
        nodeCounts[0] = 1;
        nodeCounts[2] = 1;
        std::vector<double> f;
        // b absent from the table: w(b) = 0, so hemal rows induce hepatitis only.
        t.inducedFrequencies(nodeCounts, SensitiveTaxonomy::defaultWeights(Counts{5, 0, 2, 1}), f);
        QCOMPARE(f, (std::vector<double>{0.75, 0, 0.25, 0}));
        // User weights 3:1 inside hemal.
        t.inducedFrequencies(nodeCounts, std::vector<double>{3, 1, 1, 1}, f);
        QCOMPARE(f[0], (2 * 0.75 + 1) / 4);
        QCOMPARE(f[1], 2 * 0.25 / 4);
        // All leaves weightless: spread evenly.
        t.inducedFrequencies(nodeCounts, std::vector<double>{0, 0, 1, 1}, f);
        QCOMPARE(f[0], (2 * 0.5 + 1) / 4);
    }

    void excessiveProtectionOverClasses() {
        const std::vector<double> even{0.25, 0.25, 0.25, 0.25};
        // F = .25,.5,.75,1 against ψ = .5,.75,1,1
        QCOMPARE(round4(excessiveProtection(even, 0.5, 3)), 0.75);
        const std::vector<std::vector<double>> classes{even, {0.5, 0.25, 0.25, 0}};
        QCOMPARE(excessiveProtection(classes, 0.5, 3), 0.0);
        QVERIFY(std::isinf(excessiveProtection(std::vector<std::vector<double>>{}, 0.5, 3)));
    }

    // SPEC Example 3.2 (Tian & Zhang 2011 Ex. 15): 12 rows, 3 attributes.
    void example32Utility() {
        double information = 0;
        for (int i = 0; i < 2; ++i)
            information += tupleInformation(std::vector<std::size_t>{10, 10, 2});  // 0.7
        for (int i = 0; i < 4; ++i)
            information += tupleInformation(std::vector<std::size_t>{10, 2, 2});  // 1.1
        for (int i = 0; i < 6; ++i)
            information += tupleInformation(std::vector<std::size_t>{10, 10, 1});  // 1.2
        QCOMPARE(round4(information), 13.0);
        QCOMPARE(utilityMeasure(information, 12, 3), 13.0 / 36.0);
        QCOMPARE(std::round(utilityMeasure(information, 12, 3) * 100) / 100, 0.36);
        const SensitiveTaxonomy t = diseases();
        QCOMPARE(t.information(*t.find("hemal")), 0.5);
        QCOMPARE(t.information(*t.find("*")), 0.25);
        QCOMPARE(t.information(0), 1.0);
    }

    void fromHierarchyRows() {
        const std::vector<std::string> base{"hepatitis", "b", "c", "d"};
        const SensitiveTaxonomy t =
            SensitiveTaxonomy::fromHierarchyRows(base, {{"hepatitis", "hemal", "*"},
                                                        {"b", "hemal", "*"},
                                                        {"c", "c", "*"},
                                                        {"d", "other", "*"}});
        QCOMPARE(t.leaves(*t.find("hemal")), (std::vector<std::uint32_t>{0, 1}));
        QCOMPARE(t.leaves(*t.find("*")).size(), std::size_t(4));
        QCOMPARE(*t.find("c"), std::size_t(2));  // the base value, not its level-1 copy
        QCOMPARE(t.label(std::size_t(t.parent(*t.find("hemal")))), std::string("*"));

        try {
            SensitiveTaxonomy::fromHierarchyRows(base,
                                                 {{"hepatitis", "*"}, {"b", "*"}, {"c", "*"}});
            QFAIL("no ParameterError");
        } catch (const ParameterError& e) {
            QVERIFY(QString(e.what()).contains("'d' has no row"));
        }
        try {
            SensitiveTaxonomy::fromEdges(base, {{"x", "hepatitis"}, {"y", "hepatitis"}});
            QFAIL("no ParameterError");
        } catch (const ParameterError& e) {
            QVERIFY(QString(e.what()).contains("'hepatitis' has two parents"));
        }
        QVERIFY_THROWS_EXCEPTION(
            ParameterError, SensitiveTaxonomy::fromEdges({"a", "b"}, {{"r", "a"}}));  // two roots
    }

    void validation_data() {
        QTest::addColumn<double>("tau");
        QTest::addColumn<double>("l");
        QTest::addColumn<QString>("mentions");
        QTest::newRow("tau below 1/l") << 0.2 << 4.0 << "tau must be in [1/l, 1) = [0.25, 1)";
        QTest::newRow("tau 1") << 1.0 << 2.0 << "tau = 1";
        QTest::newRow("l < 2") << 0.9 << 1.0 << "l must be in [2, 5]";
        QTest::newRow("l > m") << 0.5 << 6.0 << "l = 6";
    }
    void validation() {
        QFETCH(double, tau);
        QFETCH(double, l);
        QFETCH(QString, mentions);
        try {
            validateTau(tau, l, 5);
            QFAIL("no ParameterError");
        } catch (const ParameterError& e) {
            QVERIFY2(QString(e.what()).contains(mentions), e.what());
        }
        validateTau(0.25, 4, 5);
        validateTau(1.0 / 3.0, 3, 3);
    }

    // TauL on a base histogram agrees with the frequency functions.
    void histogramAgreesWithFrequencies() {
        std::mt19937 rng(11);
        for (int round = 0; round < 2000; ++round) {
            Counts counts(2 + rng() % 6);
            double n = 0;
            for (auto& c : counts) n += c = rng() % 12;
            if (n == 0) continue;
            std::vector<double> f;
            for (auto c : counts) f.push_back(c / n);
            const double l = 2 + rng() % (counts.size() - 1);
            const double tau = 1.0 / l + (1 - 1.0 / l) * (rng() % 10) / 10.0;
            QCOMPARE((TauL{tau, l}.holds(counts)), tauHolds(f, tau, l));
        }
    }

    // Tian & Zhang 2011 §3: simple ℓ ≡ (1/ℓ, ℓ); stronger than (τ,u) iff u ≤ ℓ (Thm 20, Cor. 21).
    void simpleStrength() {
        QCOMPARE(simpleAsTau(4), (std::pair<double, double>{0.25, 4}));
        QVERIFY(simpleStrongerThanTau(4, 3));
        QVERIFY(simpleStrongerThanTau(3, 3));
        QVERIFY(!simpleStrongerThanTau(3, 4));
        std::mt19937 rng(5);
        int simpleHeld = 0;
        for (int round = 0; round < 5000; ++round) {
            Counts counts(5);
            for (auto& c : counts) c = 1 + rng() % 10;
            const bool simple = SimpleL{3}.holds(counts);
            QCOMPARE(simple, (TauL{1.0 / 3, 3}.holds(counts)));  // equivalence
            if (simple) {
                ++simpleHeld;
                QVERIFY((TauL{0.4, 3}.holds(counts)));  // any τ ≥ 1/u with u = 3 ≤ ℓ
                QVERIFY((TauL{0.5, 2}.holds(counts)));
            }
        }
        QVERIFY(simpleHeld > 100);
    }

    // Tian & Zhang 2011 Thm 23 / Cor. 24 with m = 5, u = 4, τ = 1/4.
    void recursiveStrength() {
        QCOMPARE(round4(weakestRecursiveC(5, 4, 5)), round4(4.0 / 3.0));
        QCOMPARE(round4(weakestRecursiveL(1, 4, 5)), round4(5 + 1 - 4.0 / 3.0));
        QCOMPARE(round4(weakestRecursiveL(4.0 / 3.0, 4, 5)), 5.0);
        QVERIFY_THROWS_EXCEPTION(ParameterError, weakestRecursiveC(4, 4, 5));  // ℓ < 4.667
        QVERIFY_THROWS_EXCEPTION(ParameterError, weakestRecursiveL(2, 4, 5));  // c > 4/3
        // The paper's counterexample: 120 + 4×78 rows satisfy (2,5) but not (0.25,4).
        const Counts counter{120, 78, 78, 78, 78};
        QVERIFY((RecursiveCL{2, 5}.holds(counter)));
        QVERIFY(!(TauL{0.25, 4}.holds(counter)));
        // The weakest (c,5) = (4/3,5) is stronger than (0.25,4) on random classes.
        std::mt19937 rng(9);
        int held = 0;
        for (int round = 0; round < 20000; ++round) {
            Counts counts(5);
            for (auto& c : counts) c = 1 + rng() % 20;
            if (RecursiveCL{weakestRecursiveC(5, 4, 5), 5}.holds(counts)) {
                ++held;
                QVERIFY((TauL{0.25, 4}.holds(counts)));
            }
        }
        QVERIFY(held > 50);
    }
};

QTEST_APPLESS_MAIN(TestTauDiversity)
#include "test_tau_diversity.moc"
