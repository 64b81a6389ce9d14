// The anytime heuristic (heuristic_search.h) against the brute-force oracle on random tables
// and hierarchies: its node satisfies, is never better than the true optimum, and equals it
// whenever the heuristic says "proven optimal"; a zero time limit still returns validly.
#include <QtTest>

#include <cmath>
#include <random>

#include "ldiv/error.h"
#include "ldiv/heuristic_search.h"
#include "ldiv/search.h"

using namespace ldv;

namespace {

/// A random table: `d` QI columns and two sensitive columns, with random hierarchies that
/// coarsen by merging random groups level by level up to '*'.
struct RandomCase {
    Table table;
    std::unique_ptr<Dataset> data;
};

std::unique_ptr<RandomCase> randomCase(std::mt19937& rng, std::size_t rows, std::size_t d) {
    auto rc = std::make_unique<RandomCase>();
    std::vector<Column> columns;
    std::vector<std::size_t> domains;
    for (std::size_t i = 0; i < d + 2; ++i) {
        Column c(i < d ? "q" + std::to_string(i) : "s" + std::to_string(i - d));
        const std::size_t domain = 2 + rng() % (i < d ? 6 : 5);
        domains.push_back(domain);
        // Skewed values so that classes of very different sizes appear.
        for (std::size_t r = 0; r < rows; ++r) {
            const std::size_t v = std::min(rng() % domain, rng() % domain + rng() % 2);
            c.append("v" + std::to_string(std::min(v, domain - 1)));
        }
        columns.push_back(std::move(c));
    }
    rc->table = Table(std::move(columns));
    std::vector<HierarchyMap> maps;
    std::vector<std::size_t> qi;
    for (std::size_t i = 0; i < d; ++i) {
        const Column& col = rc->table.column(i);
        const std::size_t m = col.domainSize();
        const int height = 1 + int(rng() % 3);
        std::vector<std::size_t> group(m);
        for (std::size_t v = 0; v < m; ++v) group[v] = v;
        std::vector<std::vector<std::string>> hrows(m);
        for (std::size_t v = 0; v < m; ++v) hrows[v].push_back(col.value(Code(v)));
        std::size_t groups = m;
        for (int level = 1; level <= height; ++level) {
            const std::size_t next = level == height ? 1 : std::max<std::size_t>(1, (groups + 1) / 2);
            std::vector<std::size_t> to(groups);
            for (std::size_t g = 0; g < groups; ++g) to[g] = g < next ? g : rng() % next;
            for (std::size_t v = 0; v < m; ++v) {
                group[v] = to[group[v]];
                hrows[v].push_back(level == height ? std::string("*")
                                                   : "L" + std::to_string(level) + "g" + std::to_string(group[v]));
            }
            groups = next;
        }
        maps.emplace_back(Hierarchy(hrows), col);
        qi.push_back(i);
    }
    rc->data = std::make_unique<Dataset>(rc->table, qi, std::move(maps), std::vector<std::size_t>{d, d + 1});
    return rc;
}

std::vector<std::string> randomCriteria(std::mt19937& rng) {
    std::vector<std::string> specs;
    if (rng() % 4 != 0) specs.push_back("k=" + std::to_string(2 + rng() % 5));
    switch (rng() % 6) {
    case 0: specs.push_back("distinct-l=2"); break;
    case 1: specs.push_back("entropy-l=1.6@s1"); break;
    case 2: specs.push_back("recursive-cl=3,2"); break;
    case 3: specs.push_back("simple-l=1.5@s1"); break;
    case 4: specs.push_back("tau-l=0.7,2"); break;
    default: break;
    }
    if (specs.empty()) specs.push_back("k=3");
    return specs;
}

SearchConfig configFor(const Dataset& data, const std::vector<std::string>& specs, double suppression, Metric metric,
                       unsigned threads) {
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
            const HeuristicResult walk = heuristicSearch(*rc->data, config, std::nullopt, nullptr, false);
            QCOMPARE(walk.latticeSize, brute.latticeSize);
            QVERIFY(!walk.exact);
            if (walk.best) {
                ++found;
                QVERIFY2(brute.satisfies[*walk.best], "the heuristic reported a failing node");
                QCOMPARE(walk.bestMetrics.levels, rc->data->lattice().levels(*walk.best));
                // Never better than the optimum (betterOptimum is the search's own order).
                QVERIFY(!betterOptimum(walk.bestMetrics, brute.optimumMetrics, metric));
                const double a = metricValue(walk.bestMetrics, metric), b = metricValue(brute.optimumMetrics, metric);
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
            if (full.best) QCOMPARE(metricValue(full.bestMetrics, metric), metricValue(brute.optimumMetrics, metric));

            // A time limit of 0 returns at once, with no node or a satisfying one.
            const HeuristicResult none = heuristicSearch(*rc->data, config, 0.0);
            QVERIFY(none.timedOut);
            QVERIFY(!none.provenOptimal);
            if (none.best) QVERIFY(brute.satisfies[*none.best]);
        }
        // Not vacuous: most solvable cases get a node from the walk, and some are proven.
        QVERIFY2(solvable >= 10, qPrintable(QString::number(solvable)));
        QVERIFY2(found * 10 >= solvable * 8, qPrintable(QString("%1 of %2").arg(found).arg(solvable)));
        QVERIFY(walkOptimal > 0);
        qInfo("solvable %d, walk found %d, walk optimal %d, walk proven %d", solvable, found, walkOptimal, walkProven);
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
