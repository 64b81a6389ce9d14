// The anytime heuristic (heuristic_search.h) against the brute-force oracle on random tables
// and hierarchies: its node satisfies, is never better than the true optimum, and equals it
// whenever the heuristic says "proven optimal"; a zero time limit still returns validly.
#include <QtTest>

#include <cmath>
#include <random>

#include "ldiv/data/error.h"
#include "ldiv/search/heuristic_result.h"
#include "ldiv/search/search_result.h"
#include "random_case.h"

using namespace ldv;
using ldv::test::randomCase;
using ldv::test::randomCriteria;

namespace {

SearchConfig configFor(const Dataset& data, const std::vector<std::string>& specs,
                       double suppression, Metric metric, unsigned threads) {
    SearchConfig config;
    config.criteria = bindCriteria(data, specs);
    config.suppressionLimit = suppression;
    config.metric = metric;
    config.threads = threads;
    return config;
}

}  // namespace

class TestHeuristicSearch : public QObject {
    Q_OBJECT
private slots:
    void heuristicAgainstBruteForce_data() {
        QTest::addColumn<double>("suppression");
        QTest::addColumn<unsigned>("threads");
        for (unsigned threads : {1u, 2u}) {
            QTest::addRow("no suppression, %u threads", threads) << 0.0 << threads;
            QTest::addRow("5%% suppression, %u threads", threads) << 0.05 << threads;
            QTest::addRow("20%% suppression, %u threads", threads) << 0.2 << threads;
        }
    }
    void heuristicAgainstBruteForce() {
        QFETCH(double, suppression);
        QFETCH(unsigned, threads);
        std::mt19937 rng(777 + unsigned(suppression * 100) + threads);
        int solvable = 0, found = 0, walkProven = 0, walkOptimal = 0;
        for (int round = 0; round < 50; ++round) {
            const auto rc = randomCase(rng, 20 + rng() % 200, 2 + rng() % 4);
            const auto specs = randomCriteria(rng);
            const Metric metric = Metric(rng() % 6);
            SearchConfig config = configFor(*rc->data, specs, suppression, metric, threads);
            config.algorithm = SearchAlgorithm::Brute;
            const SearchResult brute = search(*rc->data, config);
            if (brute.optimum) ++solvable;

            // The greedy walk alone (no exact attempt), without a time limit.
            const HeuristicResult walk =
                heuristicSearch(*rc->data, config, std::nullopt, nullptr, false);
            QCOMPARE(walk.latticeSize, brute.latticeSize);
            QVERIFY(!walk.exact);
            if (walk.best) {
                ++found;
                QVERIFY2(brute.satisfies[*walk.best], "the heuristic reported a failing node");
                QCOMPARE(walk.bestMetrics.levels, rc->data->lattice().levels(*walk.best));
                // Never better than the optimum (betterOptimum is the search's own order).
                QVERIFY(!betterOptimum(walk.bestMetrics, brute.optimumMetrics, metric));
                const double a = metricValue(walk.bestMetrics, metric),
                             b = metricValue(brute.optimumMetrics, metric);
                QVERIFY(a >= b - 1e-9 * std::max(1.0, std::abs(b)));
                if (*walk.best == *brute.optimum) ++walkOptimal;
            }
            if (walk.provenOptimal) {
                ++walkProven;
                QVERIFY(walk.best.has_value());
                QCOMPARE(*walk.best, *brute.optimum);
            }

            // With the exact attempt (these lattices are small): proven, and the optimum.
            const HeuristicResult full = heuristicSearch(*rc->data, config, 30.0);
            QVERIFY(full.provenOptimal);
            QCOMPARE(full.best, brute.optimum);
            if (full.exact) {
                QCOMPARE(full.exact->satisfying, brute.satisfying);
                QCOMPARE(full.exact->minimal, brute.minimal);
            }
            if (full.best)
                QCOMPARE(metricValue(full.bestMetrics, metric),
                         metricValue(brute.optimumMetrics, metric));

            // A time limit of 0 returns at once, with no node or a satisfying one.
            const HeuristicResult none = heuristicSearch(*rc->data, config, 0.0);
            QVERIFY(none.timedOut);
            QVERIFY(!none.provenOptimal);
            if (none.best) QVERIFY(brute.satisfies[*none.best]);
        }
        // Not vacuous: most solvable cases get a node from the walk, and some are proven.
        QVERIFY2(solvable >= 10, qPrintable(QString::number(solvable)));
        QVERIFY2(found * 10 >= solvable * 8,
                 qPrintable(QString("%1 of %2").arg(found).arg(solvable)));
        QVERIFY(walkOptimal > 0);
        qInfo("solvable %d, walk found %d, walk optimal %d, walk proven %d", solvable, found,
              walkOptimal, walkProven);
    }

    void provenWhenBottomSatisfies() {
        // k=1 holds everywhere: the bottom node is the optimum, proven by the walk alone.
        std::mt19937 rng(5);
        const auto rc = randomCase(rng, 50, 3);
        const SearchConfig config = configFor(*rc->data, {"k=1"}, 0, Metric::Discernibility, 1);
        const HeuristicResult r = heuristicSearch(*rc->data, config, std::nullopt, nullptr, false);
        QVERIFY(r.provenOptimal);
        QCOMPARE(r.best, std::optional<NodeId>(0));
    }

    void optionsReportTheBestAndKeepItOnCancel() {
        // onImproved sees every improvement in order, the last one the reported node; a Cancel
        // with keepOnCancel returns the best so far instead of throwing (the workbench's use).
        std::mt19937 rng(31);
        int checked = 0;
        for (int round = 0; round < 20; ++round) {
            const auto rc = randomCase(rng, 60 + rng() % 100, 3 + rng() % 3);
            SearchConfig config = configFor(*rc->data, {"k=3"}, 0.05, Metric::Discernibility, 1);
            config.algorithm = SearchAlgorithm::Brute;
            const SearchResult brute = search(*rc->data, config);
            std::vector<std::pair<NodeId, double>> seen;
            HeuristicOptions options;
            options.allowExact = false;
            options.onImproved = [&](NodeId id, const NodeMetrics& m) {
                seen.emplace_back(id, m.discernibility);
            };
            const HeuristicResult r = heuristicSearch(*rc->data, config, options);
            // The same walk as without options.
            const HeuristicResult plain =
                heuristicSearch(*rc->data, config, std::nullopt, nullptr, false);
            QCOMPARE(r.best, plain.best);
            QCOMPARE(r.best.has_value(), !seen.empty());
            if (!r.best) continue;
            ++checked;
            QCOMPARE(seen.back().first, *r.best);
            QCOMPARE(seen.back().second, r.bestMetrics.discernibility);
            for (std::size_t i = 0; i < seen.size(); ++i) {
                QVERIFY2(brute.satisfies[seen[i].first], "a failing node was offered");
                if (i > 0) QVERIFY(seen[i].second <= seen[i - 1].second);
            }

            // Cancelled at the first improvement: the walk stops at its next check and returns
            // the best node offered until then (a step may offer several), marked cancelled.
            Feedback feedback;
            HeuristicOptions cancelling;
            cancelling.feedback = &feedback;
            cancelling.keepOnCancel = true;
            std::optional<NodeId> last;
            cancelling.onImproved = [&](NodeId id, const NodeMetrics&) {
                last = id;
                feedback.cancel();
            };
            const HeuristicResult c = heuristicSearch(*rc->data, config, cancelling);
            QVERIFY(c.cancelled);
            QVERIFY(!c.timedOut);
            QVERIFY(c.best);
            QVERIFY(brute.satisfies[*c.best]);
            QCOMPARE(c.best, last);
            QVERIFY(c.statistics.checkedNodes <= r.statistics.checkedNodes);
            QVERIFY(c.note.find("before Cancel") != std::string::npos || c.provenOptimal);
            // Without keepOnCancel a Cancel throws, as before.
            Feedback cancelled;
            cancelled.cancel();
            QVERIFY_THROWS_EXCEPTION(
                Cancelled, heuristicSearch(*rc->data, config, std::nullopt, &cancelled, false));
        }
        QVERIFY2(checked >= 10, qPrintable(QString::number(checked)));
    }

    void seedIsCheckedAgainWithoutAWalk() {
        // A saved node given as the seed with a limit of 0 (how the workbench reopens a
        // heuristic result): kept exactly when brute force says it satisfies, with the figures
        // measureLattice gives it, and nothing else checked. As a seed of a full walk the
        // result is never worse than the seed.
        std::mt19937 rng(44);
        int kept = 0, dropped = 0;
        for (int round = 0; round < 30; ++round) {
            const int rows = int(60 + rng() % 100);
            const auto rc = randomCase(rng, rows, 3);
            const double suppression = round % 2 ? 0.05 : 0.0;
            SearchConfig config =
                configFor(*rc->data, {"k=3"}, suppression, Metric::Discernibility, 1);
            config.algorithm = SearchAlgorithm::Brute;
            const SearchResult brute = search(*rc->data, config);
            const NodeId seed = NodeId(rng() % brute.latticeSize);
            HeuristicOptions options;
            options.seed = seed;
            options.timeLimitSeconds = 0.0;
            options.allowExact = false;
            const HeuristicResult r = heuristicSearch(*rc->data, config, options);
            QVERIFY(r.statistics.checkedNodes <= 1);
            if (!brute.satisfies[seed]) {
                QVERIFY(!r.best);
                ++dropped;
                continue;
            }
            ++kept;
            QCOMPARE(r.best, std::optional<NodeId>(seed));
            const NodeMetrics m = measureLattice(*rc->data, config)[seed];
            QCOMPARE(r.bestMetrics.discernibility, m.discernibility);
            QCOMPARE(r.bestMetrics.suppressedRows, m.suppressedRows);
            // Proven only by the bottom node's argument, without suppression.
            QCOMPARE(r.provenOptimal, seed == 0 && suppression == 0);

            options.timeLimitSeconds.reset();
            const HeuristicResult walked = heuristicSearch(*rc->data, config, options);
            QVERIFY(walked.best);
            QVERIFY(brute.satisfies[*walked.best]);
            QVERIFY(walked.bestMetrics.discernibility <= m.discernibility);
        }
        QVERIFY2(kept >= 5 && dropped >= 5, qPrintable(QString("%1 %2").arg(kept).arg(dropped)));
    }

    void refusesBadParameters() {
        std::mt19937 rng(9);
        const auto rc = randomCase(rng, 30, 2);
        const SearchConfig config = configFor(*rc->data, {"k=2"}, 0, Metric::Height, 1);
        QVERIFY_THROWS_EXCEPTION(ParameterError, heuristicSearch(*rc->data, config, -1.0));
        QVERIFY_THROWS_EXCEPTION(ParameterError, heuristicSearch(*rc->data, config, std::nan("")));
    }
};

QTEST_APPLESS_MAIN(TestHeuristicSearch)
#include "test_heuristic_search.moc"
