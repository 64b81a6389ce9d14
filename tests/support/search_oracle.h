#pragma once
// Brute force as the oracle of the searches' property tests (test_search_suppression,
// test_search_large_domain): one configuration builder and one comparison.
#include <QtTest>

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

}  // namespace ldv::test
