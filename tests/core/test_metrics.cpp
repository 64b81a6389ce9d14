// Utility metrics (metrics.h) checked by hand on the hospital table of Machanavajjhala et al. 2007
// Fig. 1.
#include <QtTest>

#include <cmath>

#include "ldiv/data/error.h"
#include "ldiv/metrics/node_metrics.h"
#include "ldiv/project/workspace.h"
#include "metrics/class_measures.h"
#include "test_paths.h"

using namespace ldv;

namespace {
std::unique_ptr<Workspace> hospital() {
    return std::make_unique<Workspace>(loadProject(test::example("hospital/hospital.ldiv.json")),
                                       test::example("hospital"));
}
bool near(double a, double b) {
    return std::abs(a - b) < 1e-9;
}
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
        // Every cell is a base value covering 1 leaf: (1 − 1)/(|domain| − 1) = 0.
        QVERIFY(near(m.loss, 0.0));
    }
    void lossMetricByHand() {
        // LM (metrics.h): mean over the 12·3 QI cells of (|leaves(v)| − 1)/(|domain| − 1), data
        // domains zip 4, age 12, nationality 4 (so denominators 3, 11, 3).
        const auto ws = hospital();
        const Dataset& data = ws->dataset();
        // Top node zip=4, age=3, nationality=1: every value is '*', covering the whole domain:
        // each cell (4−1)/3 = (12−1)/11 = 1, LM = 36/36 = 1.
        QVERIFY(near(measureClasses(data, data.classes(Levels{4, 3, 1})).loss, 1.0));
        // Node zip=1, age=2, nationality=1 (Machanavajjhala et al. 2007 Fig. 4):
        //   8 rows in 1305*/1306* (1 zip each) and <=40 (8 ages): 0/3 + 7/11 + 3/3 per row;
        //   4 rows in 1485* (2 zips) and >40 (4 ages):            1/3 + 3/11 + 3/3 per row.
        //   Σ = 8·(7/11 + 1) + 4·(1/3 + 3/11 + 1) = 204/33 + 396/33 + 44/33 = 644/33;
        //   LM = (644/33)/36 = 161/297 = 0.542088 (1 − Prec would be 0.638889).
        const auto classes = data.classes(Levels{1, 2, 1});
        QVERIFY(near(measureClasses(data, classes).loss, 161.0 / 297.0));
        // Middle node zip=2, age=1, nationality=0: 130** covers 2 zips, 148** 2: 1/3 per row;
        // ages 2*, 3*, 4* cover 4, 4, 2 (4*: 47, 49; 5*: 50, 55 → 2): rows aged 2x and 3x
        // (8 rows) 3/11, rows aged 4x and 5x (4 rows) 1/11; nationality 0.
        //   Σ = 12·(1/3) + 8·(3/11) + 4·(1/11) = 4 + 24/11 + 4/11 = 72/11; LM = 72/396 = 2/11.
        QVERIFY(near(measureClasses(data, data.classes(Levels{2, 1, 0})).loss, 2.0 / 11.0));
        // Suppressing E3 (the 4 rows of 1485*) of the Fig. 4 node: those rows count 1 per
        // attribute: Σ = 8·(7/11 + 1) + 4·3 = 276/11, LM = 276/396 = 23/33.
        std::vector<std::uint8_t> suppressed(3, 0);
        for (std::size_t c = 0; c < 3; ++c)
            if (data.hierarchy(1).levelValue(2, classes.key(c)[1]) == ">40") suppressed[c] = 1;
        QVERIFY(near(measureClasses(data, classes, suppressed).loss, 23.0 / 33.0));
        // Everything suppressed: 1; the level-only form used by the search agrees.
        const auto bottom = data.classes(Levels{0, 0, 0});
        QVERIFY(near(
            measureClasses(data, bottom, std::vector<std::uint8_t>(bottom.count(), 1)).loss, 1.0));
        const auto table = detail::lossByLevel(data);
        QVERIFY(near(detail::lossOfLevels(data, table, Levels{1, 2, 1}), 161.0 / 297.0));
        QVERIFY(near(detail::lossOfLevels(data, table, Levels{2, 1, 0}), 2.0 / 11.0));
        QVERIFY(near(detail::lossOfLevels(data, table, Levels{4, 3, 1}), 1.0));
        // The optimum metric is LM, not 1 − precision.
        NodeMetrics m = measureClasses(data, classes);
        QVERIFY(near(metricValue(m, Metric::Loss), 161.0 / 297.0));
    }
    void lossGrowsUnderGeneralization() {
        // Every node's LM is ≥ that of each direct predecessor (coverage only grows), which
        // the search's "without suppression only minimal nodes compete" relies on.
        const auto ws = hospital();
        const Dataset& data = ws->dataset();
        const Lattice& lattice = data.lattice();
        for (NodeId id = 0; id < lattice.size(); ++id) {
            const Levels l = lattice.levels(id);
            const double loss = measureClasses(data, data.classes(l)).loss;
            for (std::size_t i = 0; i < l.size(); ++i) {
                if (l[i] == 0) continue;
                Levels below = l;
                --below[i];
                QVERIFY(measureClasses(data, data.classes(below)).loss <= loss + 1e-12);
            }
        }
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
        // Node zip=1, age=2, nationality=1 (Machanavajjhala et al. 2007 Fig. 4): classes
        //   E1 = (1305*, <=40, *) rows 1,4,9,10: heart, viral, cancer, cancer
        //   E2 = (1306*, <=40, *) rows 2,3,11,12: heart, viral, cancer, cancer
        //   E3 = (1485*, >40, *)  rows 5,6,7,8:   cancer, heart, viral, viral
        // Coverage over the data domain: 1305* → 1 zip, 1306* → 1, 1485* → 2; <=40 → 8 ages,
        // >40 → 4; * → 4 nationalities. Areas: E1 = 1·8·4 = 32, E2 = 32, E3 = 2·4·4 = 32.
        // KL = (1/12)·Σ_rows log(32 / n_E(s)) = (1/12)·3·(2·log 32 + 2·log 16) = 3.119162.
        // Information (Tian & Zhang 2011 Def. 14): rows of E1, E2 have 1/1 + 1/8 + 1/4 = 1.375,
        // rows of E3 1/2 + 1/4 + 1/4 = 1; um = (8·1.375 + 4·1)/(12·3) = 15/36. Precision: 1 − (1/4
        // + 2/3 + 1/1)/3 = 0.361111.
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
        const double kl =
            ((2 * std::log(32) + 2 * std::log(16)) * 2 + 2 * std::log(192) + 2 * std::log(96)) / 12;
        QVERIFY(near(m.klDivergence, kl));
        QVERIFY(near(m.information, (8 * 1.375 + 4 * (0.25 + 1.0 / 12 + 0.25)) / 36.0));
    }
    void everythingSuppressedIsTheBase() {
        const auto ws = hospital();
        const auto classes = ws->dataset().classes(Levels{0, 0, 0});
        const std::vector<std::uint8_t> all(classes.count(), 1);
        QVERIFY(near(measureClasses(ws->dataset(), classes, all).klDivergence,
                     baseKlDivergence(ws->dataset())));
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
        QVERIFY_THROWS_EXCEPTION(ParameterError, parseMetric("entropie"));
    }
};

QTEST_APPLESS_MAIN(TestMetrics)
#include "test_metrics.moc"
