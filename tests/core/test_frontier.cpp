// The risk–utility frontier (frontier.h): every point equals a separate search with that
// requirement (shared k-grid grouping and the per-point path alike), its risk is the
// prosecutor risk of the optimum's published classes, and the Pareto set matches a sweep by
// risk on the points.
#include <QtTest>

#include <cmath>
#include <random>

#include "ldiv/data/error.h"
#include "ldiv/data/feedback.h"
#include "ldiv/publish/published_node.h"
#include "ldiv/search/frontier_result.h"
#include "random_case.h"

using namespace ldv;

namespace {

bool close(double a, double b) {
    return std::fabs(a - b) <= 1e-9 * std::max({1.0, std::fabs(a), std::fabs(b)});
}

/// Each point against its own search, and its risk from the judged published classes.
void checkAgainstSearch(const Dataset& data, const FrontierResult& r, Metric metric,
                        int& feasible) {
    for (const FrontierPoint& p : r.points) {
        SearchConfig config;
        config.criteria = bindCriteria(data, p.criteria);
        config.suppressionLimit = p.suppression;
        config.metric = metric;
        config.algorithm = SearchAlgorithm::Brute;
        const SearchResult s = search(data, config);
        QCOMPARE(bool(p.optimum), bool(s.optimum));
        if (!s.optimum) continue;
        ++feasible;
        QCOMPARE(*p.optimum, data.lattice().levels(*s.optimum));
        QVERIFY(close(p.utility, metricValue(s.optimumMetrics, metric)));
        const NodeJudgement j = judgeNode(data, config, *p.optimum);
        std::uint32_t smallest = 0;
        std::size_t classes = 0, rows = 0;
        for (std::size_t c = 0; c < j.classes.count(); ++c) {
            if (!j.suppressed.empty() && j.suppressed[c]) continue;
            const std::uint32_t size = j.classes.sizes[c];
            smallest = smallest == 0 ? size : std::min(smallest, size);
            ++classes;
            rows += size;
        }
        QVERIFY(close(p.risk.highest, 1.0 / smallest));
        QVERIFY(close(p.risk.average, double(classes) / double(rows)));
        // The Pareto axis of the default (prosecutor) model is the highest risk.
        QCOMPARE(p.riskValue, p.risk.highest);
    }
}

/// Pareto set by a sweep: sort by (risk, utility); a point is optimal iff no point of lower
/// risk has utility ≤ its own and no point of equal risk has lower utility.
std::vector<std::size_t> paretoBySweep(const std::vector<FrontierPoint>& points) {
    std::vector<std::size_t> out;
    for (std::size_t i = 0; i < points.size(); ++i) {
        if (!points[i].optimum) continue;
        double bestLowerRisk = INFINITY, bestSameRisk = INFINITY;
        for (const FrontierPoint& q : points) {
            if (!q.optimum) continue;
            if (q.riskValue < points[i].riskValue)
                bestLowerRisk = std::min(bestLowerRisk, q.utility);
            if (q.riskValue == points[i].riskValue)
                bestSameRisk = std::min(bestSameRisk, q.utility);
        }
        if (bestLowerRisk > points[i].utility && bestSameRisk >= points[i].utility)
            out.push_back(i);
    }
    return out;
}

}  // namespace

class TestFrontier : public QObject {
    Q_OBJECT
private slots:
    void expandsGrids() {
        QCOMPARE(expandCriteriaGrid("k=2..5"),
                 (std::vector<std::string>{"k=2", "k=3", "k=4", "k=5"}));
        QCOMPARE(
            expandCriteriaGrid("recursive-cl=3,2..4"),
            (std::vector<std::string>{"recursive-cl=3,2", "recursive-cl=3,3", "recursive-cl=3,4"}));
        QCOMPARE(
            expandCriteriaGrid("entropy-l=2..3:0.5@s1"),
            (std::vector<std::string>{"entropy-l=2@s1", "entropy-l=2.5@s1", "entropy-l=3@s1"}));
        QCOMPARE(expandCriteriaGrid("k=2,5"), (std::vector<std::string>{"k=2", "k=5"}));
        for (const char* bad :
             {"k=5..2", "k", "k=a..b", "k=2..4:0", "recursive-cl=1..2,2..3", "k=0..2"})
            QVERIFY_THROWS_EXCEPTION(ParameterError, expandCriteriaGrid(bad));
    }

    void paretoByHand() {
        // (risk, utility): A (0.5, 10), B (0.25, 20), C (0.25, 15), D (0.1, 15), E (0.5, 10), F
        // none.
        std::vector<FrontierPoint> points(6);
        const double values[][2] = {{0.5, 10}, {0.25, 20}, {0.25, 15},
                                    {0.1, 15}, {0.5, 10},  {0, 0}};
        for (std::size_t i = 0; i < 6; ++i) {
            points[i].riskValue = values[i][0];
            points[i].utility = values[i][1];
            if (i < 5) points[i].optimum = Levels{0};
        }
        // C is dominated by D (same utility, lower risk), B by C and D; A and E tie.
        QCOMPARE(paretoFront(points), (std::vector<std::size_t>{0, 3, 4}));
    }

    void pointsEqualSeparateSearches_data() {
        QTest::addColumn<int>("metric");
        QTest::newRow("dm") << int(Metric::Discernibility);
        QTest::newRow("loss") << int(Metric::Loss);
        QTest::newRow("info") << int(Metric::Information);
        QTest::newRow("aecs") << int(Metric::AverageClassSize);
        QTest::newRow("height") << int(Metric::Height);
        QTest::newRow("kl (one search per point)") << int(Metric::KlDivergence);
    }
    void pointsEqualSeparateSearches() {
        QFETCH(int, metric);
        std::mt19937 rng(99 + unsigned(metric));
        int feasible = 0, paretoPoints = 0;
        for (int round = 0; round < 12; ++round) {
            const auto rc = test::randomCase(rng, 40 + rng() % 150, 2 + rng() % 3);
            const Dataset& data = *rc->data;
            FrontierConfig config;
            config.grids = {expandCriteriaGrid("k=1..7")};
            config.suppressions = {0, 0.03, 0.1, 0.3};
            config.metric = Metric(metric);
            config.threads = 2;
            const FrontierResult r = frontier(data, config);
            QCOMPARE(r.sharedGrouping, Metric(metric) != Metric::KlDivergence);
            QCOMPARE(r.points.size(), std::size_t(28));
            checkAgainstSearch(data, r, Metric(metric), feasible);
            QCOMPARE(r.pareto, paretoBySweep(r.points));
            for (std::size_t i = 0; i < r.points.size(); ++i)
                QCOMPARE(r.points[i].pareto,
                         std::find(r.pareto.begin(), r.pareto.end(), i) != r.pareto.end());
            paretoPoints += int(r.pareto.size());
        }
        QVERIFY(feasible > 100);
        QVERIFY(paretoPoints > 12);
    }

    void cancelStopsTheSharedGrouping() {
        // A k-grid groups every node of the lattice once; Cancel stops it between nodes, and
        // its progress is reported (the workbench's bar stood at 0 and Cancel waited for the
        // whole lattice: 24 s on 38,880 nodes). Here Cancel comes at the first report.
        std::mt19937 rng(5);
        const auto rc = test::randomCase(rng, 300, 8);
        QVERIFY(rc->data->lattice().size() >= 500);
        double seen = -1;
        Feedback* self = nullptr;
        Feedback feedback([&](double fraction) {
            seen = std::max(seen, fraction);
            self->cancel();
        });
        self = &feedback;
        FrontierConfig config;
        config.grids = {expandCriteriaGrid("k=2..5")};
        config.suppressions = {0, 0.1};
        config.threads = 2;
        QVERIFY_THROWS_EXCEPTION(Cancelled, frontier(*rc->data, config, &feedback));
        QVERIFY2(seen >= 0 && seen < 0.5, qPrintable(QString::number(seen)));
    }

    void progressOfOneSearchPerPoint() {
        // Without the shared grouping (KL divergence) each point is a search of its own: the
        // progress runs once from 0 to 1 across the points, not from 0 again per point, and
        // Cancel stops it between or inside them.
        std::mt19937 rng(8);
        const auto rc = test::randomCase(rng, 200, 4);
        FrontierConfig config;
        config.grids = {expandCriteriaGrid("k=2..5")};
        config.suppressions = {0, 0.1};
        config.metric = Metric::KlDivergence;
        config.threads = 2;
        std::vector<double> seen;
        Feedback feedback([&](double fraction) { seen.push_back(fraction); });
        const FrontierResult r = frontier(*rc->data, config, &feedback);
        QVERIFY(!r.sharedGrouping);
        QCOMPARE(r.points.size(), std::size_t(8));
        QVERIFY(seen.size() >= 8);
        QVERIFY2(std::is_sorted(seen.begin(), seen.end()),
                 qPrintable(QString("progress went back: %1 reports").arg(seen.size())));
        QVERIFY2(seen.back() >= 7.0 / 8.0, qPrintable(QString::number(seen.back())));

        Feedback* self = nullptr;
        double last = -1;
        Feedback halfway([&](double fraction) {
            last = fraction;
            if (fraction >= 0.5) self->cancel();
        });
        self = &halfway;
        QVERIFY_THROWS_EXCEPTION(Cancelled, frontier(*rc->data, config, &halfway));
        QVERIFY2(last >= 0.5 && last < 1, qPrintable(QString::number(last)));
    }

    void journalistAndMarketerRisk() {
        // Marketer: published classes / published rows; journalist: the highest 1/F̂ with
        // F̂ = f·N/n (risk.h), i.e. n / (N · smallest class). The Pareto set follows the model.
        std::mt19937 rng(17);
        for (int round = 0; round < 6; ++round) {
            const auto rc = test::randomCase(rng, 50 + rng() % 100, 2 + rng() % 2);
            const Dataset& data = *rc->data;
            for (FrontierRisk model : {FrontierRisk::Marketer, FrontierRisk::Journalist}) {
                FrontierConfig config;
                config.grids = {expandCriteriaGrid("k=1..5")};
                config.suppressions = {0, 0.1};
                config.risk = model;
                config.populationSize = 10.0 * double(data.rowCount());
                const FrontierResult r = frontier(data, config);
                for (const FrontierPoint& p : r.points) {
                    if (!p.optimum) continue;
                    const double rows = double(data.rowCount() - p.metrics.suppressedRows);
                    const double expected =
                        model == FrontierRisk::Marketer
                            ? p.risk.average
                            : rows / (*config.populationSize * (1.0 / p.risk.highest));
                    QVERIFY2(close(p.riskValue, expected),
                             qPrintable(QString::number(p.riskValue) + " vs " +
                                        QString::number(expected)));
                }
                QCOMPARE(r.pareto, paretoBySweep(r.points));
            }
        }
        QCOMPARE(parseFrontierRisk("journalist"), FrontierRisk::Journalist);
        QVERIFY_THROWS_EXCEPTION(ParameterError, parseFrontierRisk("insurer"));
        FrontierConfig noPopulation;
        noPopulation.grids = {{"k=2"}};
        noPopulation.risk = FrontierRisk::Journalist;
        std::mt19937 rng2(3);
        const auto rc = test::randomCase(rng2, 30, 2);
        QVERIFY_THROWS_EXCEPTION(ParameterError, frontier(*rc->data, noPopulation));
    }

    void crossProductOfGridsEqualsSearches() {
        std::mt19937 rng(5);
        int feasible = 0;
        for (int round = 0; round < 8; ++round) {
            const auto rc = test::randomCase(rng, 60 + rng() % 120, 2 + rng() % 2);
            const Dataset& data = *rc->data;
            FrontierConfig config;
            config.grids = {expandCriteriaGrid("k=2..4"),
                            expandCriteriaGrid("entropy-l=1.2..1.8:0.3@s1")};
            config.fixed = {"distinct-l=1"};
            config.suppressions = {0, 0.1};
            const FrontierResult r = frontier(data, config);
            QVERIFY(!r.sharedGrouping);
            QCOMPARE(r.points.size(), std::size_t(3 * 3 * 2));
            QCOMPARE(r.points[0].criteria,
                     (std::vector<std::string>{"k=2", "entropy-l=1.2@s1", "distinct-l=1"}));
            checkAgainstSearch(data, r, config.metric, feasible);
            QCOMPARE(r.pareto, paretoBySweep(r.points));
        }
        QVERIFY(feasible > 20);
    }
};

QTEST_GUILESS_MAIN(TestFrontier)
#include "test_frontier.moc"
