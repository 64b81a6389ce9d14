// The implicit classification (search.h: SearchConfig::implicitAbove, upset.h): forced on
// small random lattices, it agrees with the brute-force oracle on the satisfying count, the
// minimal nodes, the optimum and every single node's state, with and without suppression, at
// 1 and 2 threads; the up-set count agrees with enumeration; a lattice of 2^30 nodes (above
// the explicit classifiers' 2^28) is classified and its minimal nodes check out one by one.
#include <QtTest>

#include <random>

#include "ldiv/data/error.h"
#include "ldiv/lattice/up_set.h"
#include "ldiv/publish/published_node.h"
#include "ldiv/search/search_result.h"
#include "random_case.h"
#include "search/search_context.h"

using namespace ldv;
using ldv::test::randomCase;
using ldv::test::randomCriteria;

namespace {

SearchResult run(const Dataset& data, const std::vector<std::string>& specs,
                 SearchAlgorithm algorithm, double suppression, Metric metric, unsigned threads,
                 NodeId implicitAbove) {
    SearchConfig config;
    config.criteria = bindCriteria(data, specs);
    config.suppressionLimit = suppression;
    config.metric = metric;
    config.algorithm = algorithm;
    config.threads = threads;
    config.implicitAbove = implicitAbove;
    return search(data, config);
}

}  // namespace

class TestSearchImplicit : public QObject {
    Q_OBJECT
private slots:
    void agreesWithBrute_data() {
        QTest::addColumn<double>("suppression");
        QTest::addColumn<unsigned>("threads");
        // detail::implicitNearRaisesMax: 64 tests a failing node's raises against the members
        // of S and U near them, 0 sends them to the per-raise index queries.
        QTest::addColumn<std::size_t>("nearMax");
        QTest::newRow("no suppression, 1 thread") << 0.0 << 1u << std::size_t(64);
        QTest::newRow("no suppression, 2 threads") << 0.0 << 2u << std::size_t(64);
        QTest::newRow("10% suppression, 1 thread") << 0.1 << 1u << std::size_t(64);
        QTest::newRow("10% suppression, 2 threads") << 0.1 << 2u << std::size_t(64);
        QTest::newRow("no suppression, 1 thread, per-raise queries") << 0.0 << 1u << std::size_t(0);
        QTest::newRow("no suppression, 2 threads, per-raise queries")
            << 0.0 << 2u << std::size_t(0);
    }
    void agreesWithBrute() {
        QFETCH(double, suppression);
        QFETCH(unsigned, threads);
        QFETCH(std::size_t, nearMax);
        const std::size_t kept = detail::implicitNearRaisesMax.exchange(nearMax);
        const auto restore = qScopeGuard([&] { detail::implicitNearRaisesMax = kept; });
        std::mt19937 rng(77 + threads + unsigned(suppression * 100));
        int implicitRounds = 0, withOptimum = 0, fallbacks = 0;
        for (int round = 0; round < 60; ++round) {
            const auto rc = randomCase(rng, 20 + rng() % 300, 2 + rng() % 4);
            auto specs = randomCriteria(rng);
            // With suppression only k-anonymity keeps the judge monotone, and only the height
            // metric keeps the optimum among the minimal nodes: every fourth round keeps the
            // drawn criteria and metric to check that the search then falls back to explicit.
            const bool fallbackRound = suppression > 0 && round % 4 == 0;
            if (suppression > 0 && !fallbackRound) specs = {"k=" + std::to_string(2 + rng() % 6)};
            const Metric metric =
                suppression > 0 && !fallbackRound ? Metric::Height : Metric(rng() % 6);
            const Dataset& data = *rc->data;
            const auto brute =
                run(data, specs, SearchAlgorithm::Brute, suppression, metric, threads, 0);
            const auto r = run(data, specs, SearchAlgorithm::Fast, suppression, metric, threads, 0);
            const QByteArray what =
                QByteArray("round ") + QByteArray::number(round) + " " + specs.front().c_str();
            QVERIFY2(!brute.implicit, what);  // brute force always keeps the per-node array
            if (fallbackRound && !r.implicit) ++fallbacks;
            if (r.implicit) {
                ++implicitRounds;
                QVERIFY2(r.satisfies.empty() && r.satisfying.empty(), what);
            }
            QCOMPARE(r.satisfyingCount, std::uint64_t(brute.satisfying.size()));
            QVERIFY2(r.minimal == brute.minimal, what);
            QVERIFY2(r.optimum == brute.optimum, what);
            if (r.optimum) {
                ++withOptimum;
                QCOMPARE(r.optimumMetrics.discernibility, brute.optimumMetrics.discernibility);
                QCOMPARE(r.optimumMetrics.height, brute.optimumMetrics.height);
            }
            // Every node query answers like the explicit array.
            for (NodeId id = 0; id < data.lattice().size(); ++id)
                QVERIFY2(r.nodeSatisfies(id) == (brute.satisfies[id] != 0), what);
            QVERIFY2(r.statistics.checkedNodes <= brute.statistics.checkedNodes, what);
            // The explicit fast path answers node queries the same way.
            const auto explicitRun = run(data, specs, SearchAlgorithm::Fast, suppression, metric,
                                         threads, NodeId(1) << 40);
            QVERIFY2(!explicitRun.implicit, what);
            QCOMPARE(explicitRun.satisfyingCount, r.satisfyingCount);
            QVERIFY2(explicitRun.minimal == r.minimal, what);
        }
        QVERIFY(implicitRounds >= 40);
        QVERIFY(withOptimum >= 30);
        if (suppression > 0) QVERIFY(fallbacks >= 5);
    }

    void countMatchesEnumeration() {
        // countUpSet and UpSet::contains against a walk over every node of random lattices.
        std::mt19937 rng(5);
        for (int round = 0; round < 300; ++round) {
            std::vector<int> heights(1 + rng() % 6);
            for (int& h : heights) h = int(rng() % 5);
            const Lattice lattice(heights);
            std::vector<NodeId> antichain;
            std::vector<std::vector<int>> rows;
            const std::size_t n = rng() % 9;
            for (std::size_t k = 0; k < n; ++k) {
                const NodeId id = rng() % lattice.size();
                rows.push_back(lattice.levels(id));  // dominated or repeated rows allowed here
                bool dominated = false;
                for (NodeId other : antichain)
                    dominated = dominated || lattice.generalizes(id, other);
                if (dominated) continue;
                std::erase_if(antichain,
                              [&](NodeId other) { return lattice.generalizes(other, id); });
                antichain.push_back(id);
            }
            std::uint64_t expected = 0;
            const UpSet up(heights, antichain);
            for (NodeId id = 0; id < lattice.size(); ++id) {
                bool inside = false;
                for (NodeId m : antichain) inside = inside || lattice.generalizes(id, m);
                expected += inside;
                QCOMPARE(up.contains(id), inside);
                QCOMPARE(up.contains(lattice.levels(id)), inside);
            }
            QCOMPARE(countUpSet(heights, rows), expected);
            QCOMPARE(up.count(), expected);
        }
        // Empty lattice dimensions and the empty antichain.
        QCOMPARE(countUpSet({}, {{}}), std::uint64_t(1));
        QCOMPARE(countUpSet({3, 2}, {}), std::uint64_t(0));
        QCOMPARE(countUpSet({3, 2}, {{0, 0}}), std::uint64_t(12));
        // {(1,0), (0,1)} in 4 × 3: every node but the bottom.
        QCOMPARE(countUpSet({3, 2}, {{1, 0}, {0, 1}}), std::uint64_t(11));
    }

    void nearRaisesAgreeWithPerRaiseQueries() {
        // Lattices of 7-9 attributes, where failing nodes have several members of U below
        // them and so several raises per attribute: both ways of testing the raises
        // (detail::implicitNearRaisesMax) find the explicit fast classifier's minimal nodes,
        // and at one thread they make the same checks, as they decide every raise alike.
        std::mt19937 rng(2026);
        const std::size_t kept = detail::implicitNearRaisesMax.load();
        const auto restore = qScopeGuard([&] { detail::implicitNearRaisesMax = kept; });
        std::uint64_t checks = 0;
        for (int round = 0; round < 12; ++round) {
            const auto rc = randomCase(rng, 300 + rng() % 900, 7 + rng() % 3);
            const Dataset& data = *rc->data;
            const std::vector<std::string> specs{"k=" + std::to_string(2 + rng() % 8)};
            const QByteArray what =
                QByteArray("round ") + QByteArray::number(round) + " " + specs.front().c_str();
            const auto explicitRun =
                run(data, specs, SearchAlgorithm::Fast, 0, Metric::Height, 1, NodeId(1) << 40);
            detail::implicitNearRaisesMax = 64;
            const auto nearRun = run(data, specs, SearchAlgorithm::Fast, 0, Metric::Height, 1, 0);
            detail::implicitNearRaisesMax = 0;
            const auto perRaise = run(data, specs, SearchAlgorithm::Fast, 0, Metric::Height, 1, 0);
            QVERIFY2(nearRun.implicit && perRaise.implicit && !explicitRun.implicit, what);
            QVERIFY2(nearRun.minimal == explicitRun.minimal, what);
            QVERIFY2(perRaise.minimal == explicitRun.minimal, what);
            QCOMPARE(nearRun.statistics.checkedNodes, perRaise.statistics.checkedNodes);
            checks += nearRun.statistics.checkedNodes;
        }
        QVERIFY(checks > 1000);  // lattices large enough for U to hold many members
    }

    void beyondTheExplicitLimit() {
        // 30 QIs of height 1: 2^30 nodes, more than a per-node array may hold. The search runs
        // implicitly by default; each minimal node satisfies and each of its direct
        // specializations fails, and the count is that of the minimal nodes' up-set. Six QIs
        // are random bits, the others nearly constant (one row differs), so the antichains stay
        // small while every attribute matters.
        std::mt19937 rng(11);
        const std::size_t d = 30;
        std::vector<Column> columns;
        for (std::size_t i = 0; i < d + 1; ++i) {
            Column c(i < d ? "q" + std::to_string(i) : "s");
            for (int r = 0; r < 60; ++r)
                c.append(i >= d  ? "v" + std::to_string(rng() % 3)
                         : i < 6 ? "v" + std::to_string(rng() % 2)
                                 : (r == int(i) ? "x" : "c"));
            columns.push_back(std::move(c));
        }
        Table table(std::move(columns));
        std::vector<HierarchyMap> maps;
        std::vector<std::size_t> qi;
        for (std::size_t i = 0; i < d; ++i) {
            std::vector<std::vector<std::string>> rows;
            for (std::size_t v = 0; v < table.column(i).domainSize(); ++v)
                rows.push_back({table.column(i).value(Code(v)), "*"});
            maps.emplace_back(Hierarchy(rows), table.column(i));
            qi.push_back(i);
        }
        const Dataset data(table, qi, std::move(maps), {d});
        QVERIFY(data.lattice().size() > (NodeId(1) << 28));
        SearchConfig config;
        config.criteria = bindCriteria(data, {"k=3"});
        config.threads = 2;
        const SearchResult r = search(data, config);
        QVERIFY(r.implicit);
        QVERIFY(!r.minimal.empty());
        QVERIFY(r.optimum);
        std::vector<std::vector<int>> rows;
        for (NodeId m : r.minimal) {
            const Levels levels = data.lattice().levels(m);
            rows.push_back(levels);
            QVERIFY(judgeNode(data, config, levels).satisfies);
            for (std::size_t i = 0; i < d; ++i) {
                if (levels[i] == 0) continue;
                Levels below = levels;
                --below[i];
                QVERIFY(!judgeNode(data, config, below).satisfies);
            }
        }
        QCOMPARE(r.satisfyingCount, countUpSet(data.lattice().heights(), rows));
        QVERIFY(r.nodeSatisfies(data.lattice().top()));
        QVERIFY(!r.nodeSatisfies(data.lattice().bottom()));
        // The explicit algorithms refuse with a reason.
        config.algorithm = SearchAlgorithm::Brute;
        QVERIFY_THROWS_EXCEPTION(ParameterError, search(data, config));
    }
};

QTEST_APPLESS_MAIN(TestSearchImplicit)
#include "test_search_implicit.moc"
