// The metric and search algorithm catalogues (metrics.h, search.h) that the command line's
// choices and the workbench's lists are built from: every enum value once, names that parse back
// to it, the defaults first.
#include "ldiv/metrics/node_metrics.h"
#include "ldiv/project/workspace.h"
#include "ldiv/search/search_result.h"

#include <QtTest>

#include <set>

using namespace ldv;

class TestCatalogues : public QObject {
    Q_OBJECT

private slots:
    void metrics() {
        std::set<Metric> seen;
        for (const MetricEntry& m : metricCatalogue()) {
            QCOMPARE(parseMetric(m.name), m.value);
            QCOMPARE(metricName(m.value), m.name);
            QVERIFY(!m.label.empty());
            QVERIFY(seen.insert(m.value).second);
        }
        QCOMPARE(seen.size(), std::size_t(10));  // Height … Loss, Entropy … Sse
        QCOMPARE(metricCatalogue().front().value, Metric::Discernibility);  // the project default
        QCOMPARE(metricCatalogue().front().value, ProjectConfig{}.search.metric);
    }

    void algorithms() {
        std::set<SearchAlgorithm> seen;
        for (const SearchAlgorithmEntry& a : searchAlgorithmCatalogue()) {
            QCOMPARE(parseSearchAlgorithm(a.name), a.value);
            QCOMPARE(searchAlgorithmName(a.value), a.name);
            QVERIFY(!a.label.empty());
            QVERIFY(seen.insert(a.value).second);
        }
        QCOMPARE(seen.size(), std::size_t(3));
        QCOMPARE(searchAlgorithmCatalogue().front().value, SearchConfig{}.algorithm);
    }
};

QTEST_APPLESS_MAIN(TestCatalogues)
#include "test_catalogues.moc"
