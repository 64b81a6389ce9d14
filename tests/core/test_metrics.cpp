// Utility metrics (metrics.h) checked by hand on the hospital table of 000 Fig. 1.
#include <QtTest>

#include <cmath>

#include "ldiv/error.h"
#include "ldiv/metrics.h"
#include "ldiv/project.h"
#include "test_paths.h"

using namespace ldv;

namespace {
std::unique_ptr<Workspace> hospital() {
    return std::make_unique<Workspace>(loadProject(test::example("hospital/hospital.ldiv.json")),
                                       test::example("hospital"));
}
bool near(double a, double b) { return std::abs(a - b) < 1e-9; }
}  // namespace

class TestMetrics : public QObject {
    Q_OBJECT
private slots:
    void bottomNode() {
        // Bottom node: all 12 ages differ, so every row is its own class with area 1 and
        // F̂* = F̂ → KL = 0; DM = 12·1²; information and precision are 1.
        const auto ws = hospital();
        const Dataset& data = ws->dataset();
        const NodeMetrics m = measureClasses(data, data.classes(Levels{0, 0, 0}));
        QCOMPARE(m.classes, std::size_t(12));
        QVERIFY(near(m.klDivergence, 0.0));
        QVERIFY(near(m.discernibility, 12.0));
        QVERIFY(near(m.averageClassSize, 1.0));
        QVERIFY(near(m.information, 1.0));
        QVERIFY(near(m.precision, 1.0));
    }
    void baseKl() {
        // Base release (all QI suppressed): the data domain has 4 zips × 12 ages × 4
        // nationalities, area 192. Condition counts: heart disease 3, viral infection 4,
        // cancer 5. Each row x is distinct, F̂(x) = 1/12, F̂*(x) = n(s)/(12·192), so
        //   KL = (1/12)·[3·log(192/3) + 4·log(192/4) + 5·log(192/5)]
        //      = (1/12)·[3·4.158883 + 4·3.871201 + 5·3.648057] = 3.850145.
        const auto ws = hospital();
        QVERIFY(near(baseKlDivergence(ws->dataset()), 3.850145049306582));
    }
    void figure4Node() {
        // Node zip=1, age=2, nationality=1 (000 Fig. 4): classes
        //   E1 = (1305*, <=40, *) rows 1,4,9,10: heart, viral, cancer, cancer
        //   E2 = (1306*, <=40, *) rows 2,3,11,12: heart, viral, cancer, cancer
        //   E3 = (1485*, >40, *)  rows 5,6,7,8:   cancer, heart, viral, viral
        // Coverage over the data domain: 1305* → 1 zip, 1306* → 1, 1485* → 2; <=40 → 8 ages,
        // >40 → 4; * → 4 nationalities. Areas: E1 = 1·8·4 = 32, E2 = 32, E3 = 2·4·4 = 32.
        // KL = (1/12)·Σ_rows log(32 / n_E(s)) = (1/12)·3·(2·log 32 + 2·log 16) = 3.119162.
        // Information (002 Def. 14): rows of E1, E2 have 1/1 + 1/8 + 1/4 = 1.375, rows of E3
        // 1/2 + 1/4 + 1/4 = 1; um = (8·1.375 + 4·1)/(12·3) = 15/36.
        // Precision: 1 − (1/4 + 2/3 + 1/1)/3 = 0.361111.
        const auto ws = hospital();
        const NodeMetrics m = measureClasses(ws->dataset(), ws->dataset().classes(Levels{1, 2, 1}));
        QCOMPARE(m.height, 4);
        QCOMPARE(m.classes, std::size_t(3));
        QVERIFY(near(m.klDivergence, 3.119162312519754));
        QVERIFY(near(m.discernibility, 48.0));
        QVERIFY(near(m.averageClassSize, 4.0));
        QVERIFY(near(m.information, 15.0 / 36.0));
        QVERIFY(near(m.precision, 1.0 - (0.25 + 2.0 / 3.0 + 1.0) / 3.0));
    }
    void suppressedClasses() {
        // Suppressing E3 of the Fig. 4 node: DM = 16 + 16 + 12·4, AECS over the 8 published
        // rows = 4; the 4 suppressed rows are published as (*,*,*,s) with area 192, counts
        // cancer 1, heart 1, viral 2: KL = (1/12)·[(2·log 32 + 2·log 16)·2 + 2·log 192
        // + 2·log(192/2)]; information of a suppressed row = 1/4 + 1/12 + 1/4.
        const auto ws = hospital();
        const auto classes = ws->dataset().classes(Levels{1, 2, 1});
        std::vector<std::uint8_t> suppressed(3, 0);
        std::size_t e3 = 0;
        for (std::size_t c = 0; c < 3; ++c)
            if (ws->dataset().hierarchy(1).levelValue(2, classes.key(c)[1]) == ">40") e3 = c;
        suppressed[e3] = 1;
        const NodeMetrics m = measureClasses(ws->dataset(), classes, suppressed);
        QCOMPARE(m.suppressedRows, std::size_t(4));
        QCOMPARE(m.classes, std::size_t(2));
        QVERIFY(near(m.discernibility, 16 + 16 + 48));
        QVERIFY(near(m.averageClassSize, 4.0));
        const double kl = ((2 * std::log(32) + 2 * std::log(16)) * 2 + 2 * std::log(192) + 2 * std::log(96)) / 12;
        QVERIFY(near(m.klDivergence, kl));
        QVERIFY(near(m.information, (8 * 1.375 + 4 * (0.25 + 1.0 / 12 + 0.25)) / 36.0));
    }
    void everythingSuppressedIsTheBase() {
        const auto ws = hospital();
        const auto classes = ws->dataset().classes(Levels{0, 0, 0});
        const std::vector<std::uint8_t> all(classes.count(), 1);
        QVERIFY(near(measureClasses(ws->dataset(), classes, all).klDivergence, baseKlDivergence(ws->dataset())));
    }
    void optimumOrder() {
        NodeMetrics a, b;
        a.discernibility = b.discernibility = 10;
        a.height = 2;
        b.height = 3;
        QVERIFY(betterOptimum(a, b, Metric::Discernibility));
        b.height = 2;
        a.levels = {0, 2};
        b.levels = {1, 1};
        QVERIFY(betterOptimum(a, b, Metric::Discernibility));
        QVERIFY(!betterOptimum(b, a, Metric::Discernibility));
        b.discernibility = 9;
        QVERIFY(betterOptimum(b, a, Metric::Discernibility));
        QCOMPARE(parseMetric("kl"), Metric::KlDivergence);
        QVERIFY_THROWS_EXCEPTION(ParameterError, parseMetric("entropy"));
    }
};

QTEST_APPLESS_MAIN(TestMetrics)
#include "test_metrics.moc"
