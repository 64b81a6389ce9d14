#pragma once
// Brute force as the oracle of the searches' property tests (test_search_suppression,
// test_search_large_domain): one configuration builder and one comparison.
#include <QtTest>

#include <cstdint>
#include <string>
#include <vector>

#include "ldiv/criteria/criterion.h"
#include "ldiv/search/search_result.h"

namespace ldv::test {

inline SearchConfig searchConfigFor(const Dataset& data, const std::vector<std::string>& specs,
                                    double suppression, SearchAlgorithm algorithm,
                                    unsigned threads) {
    SearchConfig config;
    config.criteria = bindCriteria(data, specs);
    config.suppressionLimit = suppression;
    config.metric = Metric::Discernibility;
    config.algorithm = algorithm;
    config.threads = threads;
    return config;
}

/// `fast` gives brute force's answer: the satisfying count and nodes (explicit only: the
/// implicit result lists none), the minimal nodes, the optimum and its DM. The caller checks
/// QTest::currentTestFailed() after it.
inline void verifySameAnswer(const SearchResult& fast, const SearchResult& brute,
                             const QByteArray& what) {
    QCOMPARE(fast.satisfyingCount, brute.satisfyingCount);
    if (!fast.implicit) QVERIFY2(fast.satisfying == brute.satisfying, what);
    QVERIFY2(fast.minimal == brute.minimal, what);
    QVERIFY2(fast.optimum == brute.optimum, what);
    if (fast.optimum)
        QCOMPARE(fast.optimumMetrics.discernibility, brute.optimumMetrics.discernibility);
}

/// Nodes the fast searches decided without grouping, summed over the runs of
/// compareFastWithBrute.
struct BoundDecisions {
    std::uint64_t suppressedRows = 0;  ///< SearchStatistics::boundDecided
    std::uint64_t distinctValues = 0;  ///< SearchStatistics::distinctDecided
};

/// The fast search, explicit and implicit, at 1 and 2 threads, against brute force's answer on
/// `data` (verifySameAnswer and every node query), adding their bound decisions to `decided`.
/// The caller checks QTest::currentTestFailed() after it (QVERIFY returns from here only).
inline void compareFastWithBrute(const Dataset& data, const std::vector<std::string>& specs,
                                 double suppression, const SearchResult& brute, int round,
                                 BoundDecisions& decided) {
    for (unsigned threads : {1u, 2u}) {
        for (const NodeId implicitAbove : {NodeId(0), NodeId(1) << 40}) {
            SearchConfig config =
                searchConfigFor(data, specs, suppression, SearchAlgorithm::Fast, threads);
            config.implicitAbove = implicitAbove;
            const SearchResult fast = search(data, config);
            const QByteArray what = QByteArray("round ") + QByteArray::number(round) + " threads " +
                                    QByteArray::number(threads) +
                                    (fast.implicit ? " implicit" : " explicit");
            verifySameAnswer(fast, brute, what);
            if (QTest::currentTestFailed()) return;
            for (NodeId id = 0; id < data.lattice().size(); ++id)
                QVERIFY2(fast.nodeSatisfies(id) == bool(brute.satisfies[id]), what);
            decided.suppressedRows += fast.statistics.boundDecided;
            decided.distinctValues += fast.statistics.distinctDecided;
        }
    }
}

}  // namespace ldv::test
