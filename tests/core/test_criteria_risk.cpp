// The re-identification-risk criteria (criteria_risk.h): figures worked out by hand on small
// class-size lists, the judgement after suppression, exact parameter errors, the
// monotonicity claims of docs/criteria.md on random tables, and brute force against the fast
// and Incognito searches with and without suppression.
#include <QtTest>

#include <cmath>
#include <functional>
#include <random>

#include "ldiv/criteria/criterion.h"
#include "ldiv/data/error.h"
#include "ldiv/evaluation/search_config.h"
#include "ldiv/publish/published_node.h"
#include "ldiv/risk/population_uniqueness.h"
#include "ldiv/search/search_result.h"
#include "random_case.h"

using namespace ldv;

namespace {

bool near(double a, double b) {
    return std::abs(a - b) < 1e-12;
}

std::string errorOf(const std::function<void()>& f) {
    try {
        f();
    } catch (const ParameterError& e) {
        return e.what();
    }
    return "no error";
}

NodeRisk riskOf(const std::string& spec, double population = 0) {
    const Criterion c = Criterion::bindRisk(parseCriterionSpec(spec), 10, population);
    return std::get<NodeRisk>(c.variant());
}

/// One QI column whose values give the classes at the bottom node; the rest of the lattice
/// is one level ('*').
struct SizesTable {
    Table table;
    std::unique_ptr<Dataset> data;
};

std::unique_ptr<SizesTable> tableOfSizes(const std::vector<int>& sizes) {
    auto t = std::make_unique<SizesTable>();
    Column q("q");
    std::vector<std::vector<std::string>> rows;
    for (std::size_t c = 0; c < sizes.size(); ++c) {
        for (int r = 0; r < sizes[c]; ++r) q.append("c" + std::to_string(c));
        rows.push_back({"c" + std::to_string(c), "*"});
    }
    t->table = Table({q});
    std::vector<HierarchyMap> maps;
    maps.emplace_back(Hierarchy(rows), t->table.column(0));
    t->data = std::make_unique<Dataset>(t->table, std::vector<std::size_t>{0}, std::move(maps),
                                        std::vector<std::size_t>{});
    return t;
}

SearchResult run(const Dataset& data, const std::vector<std::string>& specs,
                 SearchAlgorithm algorithm, double suppression, double population) {
    SearchConfig config;
    CriteriaInputs inputs;
    inputs.populationSize = population;
    config.criteria = bindCriteria(data, specs, inputs);
    config.suppressionLimit = suppression;
    config.algorithm = algorithm;
    config.threads = 1;
    return search(data, config);
}

}  // namespace

class TestCriteriaRisk : public QObject {
    Q_OBJECT
private slots:
    void figuresByHand() {
        // Classes of 1, 1, 2 and 4 rows: n = 8, u = 4, two uniques. Average prosecutor risk
        // Σ f·(1/f)/n = u/n = 4/8; sample uniques 2/8. Dropping the first class (suppressed):
        // n = 7, u = 3, one unique: 3/7 and 1/7.
        const std::vector<std::uint32_t> sizes{1, 1, 2, 4};
        const std::vector<std::uint8_t> dropped{1, 0, 0, 0};
        const NodeRisk average = riskOf("average-risk=0.5");
        QVERIFY(near(average.nodeMeasure(sizes), 0.5));
        QVERIFY(average.holdsForNode(sizes));
        QVERIFY(!riskOf("average-risk=0.49").holdsForNode(sizes));
        QVERIFY(near(average.nodeMeasure(sizes, dropped), 3.0 / 7));
        const NodeRisk uniques = riskOf("sample-uniqueness=0.25");
        QVERIFY(near(uniques.nodeMeasure(sizes), 0.25));
        QVERIFY(uniques.holdsForNode(sizes));
        QVERIFY(!riskOf("sample-uniqueness=0.2").holdsForNode(sizes));
        QVERIFY(near(uniques.nodeMeasure(sizes, dropped), 1.0 / 7));
        QVERIFY(riskOf("sample-uniqueness=0").holdsForNode(std::vector<std::uint32_t>{2, 3}));
        // Per class, the measure shown is the records' risk 1/f.
        QVERIFY(near(average.measure(std::vector<std::uint32_t>{1, 3}), 0.25));
        // population-uniqueness compares the estimator's figure for the same classes.
        ClassSizeFrequencies f{{1, 2}, {2, 1}, {4, 1}};
        const double zayatz = *zayatzUniqueness(f, 100).fraction;
        QVERIFY(near(riskOf("population-uniqueness=1:zayatz", 100).nodeMeasure(sizes), zayatz));
        QVERIFY(riskOf("population-uniqueness=" + formatNumber(zayatz * 1.001) + ":zayatz", 100)
                    .holdsForNode(sizes));
        QVERIFY(!riskOf("population-uniqueness=" + formatNumber(zayatz * 0.999) + ":zayatz", 100)
                     .holdsForNode(sizes));
        // Zayatz by hand for this sample (n = 8, N = 100, p = 0.08): H(1; N, f, n) = f·C(N−f,
        // n−1)/C(N, n) is the chance that a population class of f shows once; the share of
        // sample uniques that are population uniques is c1·H(1;N,1,n) / Σ_j c_j·H(1;N,j,n),
        // and the estimate is c1 · that share / p / N.
        auto h = [](double f) {
            // f · (N−f)!/((n−1)!(N−f−n+1)!) · n!(N−n)!/N!, in logs.
            const double N = 100, n = 8;
            return f *
                   std::exp(std::lgamma(N - f + 1) - std::lgamma(n) - std::lgamma(N - f - n + 2) +
                            std::lgamma(n + 1) + std::lgamma(N - n + 1) - std::lgamma(N + 1));
        };
        const double share = 2 * h(1) / (2 * h(1) + h(2) + h(4));
        QVERIFY(std::abs(zayatz - 2 * share / 0.08 / 100) < 1e-9);
        // The dankar model without uniques is 0 (no model needed).
        QVERIFY(near(riskOf("population-uniqueness=0:dankar", 100)
                         .nodeMeasure(std::vector<std::uint32_t>{2, 3}),
                     0));
    }
    void suppressionJudgesTheRemainingRows() {
        // Classes of 1, 1, 3 and 5 rows (n = 10) with k = 2 and a 20 % limit (2 rows): the
        // two uniques are suppressed, 8 rows in 2 classes remain: average risk 2/8 = 0.25
        // (judged on all 10 rows it would be 4/10).
        const auto t = tableOfSizes({1, 1, 3, 5});
        SearchConfig config;
        config.criteria = bindCriteria(*t->data, {"k=2", "average-risk=0.25"});
        config.suppressionLimit = 0.2;
        const NodeJudgement j = judgeNode(*t->data, config, std::vector<int>{0}, true);
        QVERIFY(j.satisfies);
        QVERIFY(near(j.criteria[1].worstMeasure, 0.25));
        QCOMPARE(suppressedRows(*t->data, j).size(), std::size_t(2));
        config.criteria = bindCriteria(*t->data, {"k=2", "average-risk=0.24"});
        QVERIFY(!judgeNode(*t->data, config, std::vector<int>{0}).satisfies);
        for (SearchAlgorithm a :
             {SearchAlgorithm::Brute, SearchAlgorithm::Fast, SearchAlgorithm::Incognito}) {
            const auto r = run(*t->data, {"k=2", "average-risk=0.25"}, a, 0.2, 0);
            QCOMPARE(r.satisfying, (std::vector<NodeId>{0, 1}));
            const auto strict = run(*t->data, {"k=2", "average-risk=0.24"}, a, 0.2, 0);
            QCOMPARE(strict.satisfying, (std::vector<NodeId>{1}));  // the top: 1/10
        }
        // The audit view (no suppression): all 10 rows, 4/10.
        const auto audit = evaluateCriteria(*t->data, t->data->classes(std::vector<int>{0}),
                                            bindCriteria(*t->data, {"average-risk=0.5"}));
        QVERIFY(near(audit[0].worstMeasure, 0.4));
        QVERIFY(audit[0].holds);
        QCOMPARE(audit[0].failingClasses, std::size_t(0));
    }
    void parameterErrors_data() {
        QTest::addColumn<QString>("spec");
        QTest::addColumn<QString>("message");
        QTest::newRow("r = 0") << "average-risk=0"
                               << "criterion 'average-risk=0': r = 0 is not allowed, r is a risk "
                                  "in (0, 1]";
        QTest::newRow("r > 1") << "average-risk=1.5"
                               << "criterion 'average-risk=1.5': r = 1.5 is not allowed, r is a "
                                  "risk in (0, 1]";
        QTest::newRow("u < 0") << "sample-uniqueness=-0.1"
                               << "criterion 'sample-uniqueness=-0.1': u = -0.1 is not allowed, u "
                                  "is a fraction of records in [0, 1]";
        QTest::newRow("u > 1") << "population-uniqueness=2:pitman"
                               << "criterion 'population-uniqueness=2:pitman': u = 2 is not "
                                  "allowed, u is a fraction of records in [0, 1]";
        QTest::newRow("no model")
            << "population-uniqueness=0.1"
            << "criterion 'population-uniqueness=0.1': name the estimator, write "
               "population-uniqueness=U:pitman, population-uniqueness=U:zayatz, "
               "population-uniqueness=U:snb or population-uniqueness=U:dankar";
        QTest::newRow("bad model")
            << "population-uniqueness=0.1:arx"
            << "criterion 'population-uniqueness=0.1:arx': unknown variant 'arx'; write "
               "population-uniqueness=U:pitman, population-uniqueness=U:zayatz, "
               "population-uniqueness=U:snb, population-uniqueness=U:dankar";
        QTest::newRow("attribute")
            << "average-risk=0.1@s0"
            << "criterion 'average-risk=0.1@s0': a risk criterion is about "
               "the quasi-identifiers only; '@' and ';multi' are not allowed";
        QTest::newRow("two numbers") << "sample-uniqueness=0.1,0.2"
                                     << "criterion 'sample-uniqueness=0.1,0.2': expected 1 "
                                        "parameter(s), write sample-uniqueness=U";
    }
    void parameterErrors() {
        QFETCH(QString, spec);
        QFETCH(QString, message);
        QCOMPARE(QString::fromStdString(errorOf([&] { parseCriterionSpec(spec.toStdString()); })),
                 message);
    }
    void bindErrors() {
        const auto t = tableOfSizes({1, 2, 3});
        QCOMPARE(errorOf([&] { bindCriteria(*t->data, {"population-uniqueness=0.1:snb"}); }),
                 std::string("criterion 'population-uniqueness=0.1:snb' needs the population "
                             "size: give --population-size N (the number of people the data is a "
                             "sample of)"));
        QCOMPARE(errorOf([&] { bindCriteria(*t->data, {"population-uniqueness=0.1:snb"}, 5); }),
                 std::string("criterion 'population-uniqueness=0.1:snb': the population size 5 is "
                             "smaller than the 6 rows of the data; it must be at least that"));
        // Without a sensitive attribute the risk criteria still bind (they need none).
        QCOMPARE(bindCriteria(*t->data, {"average-risk=0.5", "sample-uniqueness=0"}).size(),
                 std::size_t(2));
        const Criterion c =
            Criterion::bindRisk(parseCriterionSpec("population-uniqueness=0.01:dankar"), 6, 60);
        QCOMPARE(c.spec(), std::string("population-uniqueness=0.01:dankar"));
        QVERIFY(!c.isMonotone());
        QVERIFY(c.isNodeLevel());
        QVERIFY(!c.measureHigherIsBetter());
        QVERIFY(Criterion::parse("average-risk=0.2").isMonotone());
    }
    void monotonicityOnRandomTables() {
        // docs/criteria.md: without suppression u/n and c1/n never grow when a node is
        // generalized (classes only merge: u falls, a unique either stays or joins a larger
        // class).
        std::mt19937 rng(2024);
        int pairs = 0;
        const NodeRisk average = riskOf("average-risk=1"), uniques = riskOf("sample-uniqueness=1");
        for (int round = 0; round < 40; ++round) {
            const auto rc = test::randomCase(rng, 10 + rng() % 120, 2 + rng() % 2);
            const Dataset& data = *rc->data;
            const Lattice& lattice = data.lattice();
            for (NodeId id = 0; id < lattice.size(); ++id) {
                const Levels levels = lattice.levels(id);
                const auto sizes = data.classes(levels).sizes;
                for (std::size_t i = 0; i < levels.size(); ++i) {
                    if (levels[i] >= lattice.heights()[i]) continue;
                    Levels up = levels;
                    ++up[i];
                    const auto coarse = data.classes(up).sizes;
                    ++pairs;
                    QVERIFY(average.nodeMeasure(coarse) <= average.nodeMeasure(sizes) + 1e-12);
                    QVERIFY(uniques.nodeMeasure(coarse) <= uniques.nodeMeasure(sizes) + 1e-12);
                }
            }
        }
        QVERIFY(pairs > 500);
    }
    void populationUniquenessIsNotMonotone() {
        // Classes {1, 5, 5} (n = 11) from N = 110; one level up the two fives merge: {1, 10}.
        // Zayatz's share of sample uniques that are population uniques is
        // c1·H(1) / Σ_j c_j·H(j), H(j) = j·C(N−j, n−1)/C(N, n) the chance that a population
        // class of j shows once. 2·H(5) > H(10), so the denominator falls and the estimate
        // rises: 0.01171 → 0.01797 (both computed from the formula; see figuresByHand).
        const double fine = *zayatzUniqueness({{1, 1}, {5, 2}}, 110).fraction;
        const double merged = *zayatzUniqueness({{1, 1}, {10, 1}}, 110).fraction;
        QVERIFY(std::abs(fine - 0.011705278361169) < 1e-9);
        QVERIFY(std::abs(merged - 0.017965542183315) < 1e-9);
        // A lattice with that step: q = a | b | c, then a | bc, then *.
        Column q("q");
        for (const char* v : {"a", "b", "b", "b", "b", "b", "c", "c", "c", "c", "c"}) q.append(v);
        const Table table({q});
        std::vector<HierarchyMap> maps;
        maps.emplace_back(Hierarchy(std::vector<std::vector<std::string>>{
                              {"a", "a", "*"}, {"b", "bc", "*"}, {"c", "bc", "*"}}),
                          table.column(0));
        const Dataset data(table, {0}, std::move(maps), {});
        // 0.015 holds at the bottom (0.0117), fails one level up (0.0180) and holds at the top
        // (no uniques): not monotone, and every algorithm still finds exactly {0, 2}.
        for (SearchAlgorithm a :
             {SearchAlgorithm::Brute, SearchAlgorithm::Fast, SearchAlgorithm::Incognito})
            QCOMPARE(run(data, {"population-uniqueness=0.015:zayatz"}, a, 0, 110).satisfying,
                     (std::vector<NodeId>{0, 2}));
    }
    void searchAgreesWithBruteForce_data() {
        QTest::addColumn<double>("suppression");
        QTest::newRow("no suppression") << 0.0;
        QTest::newRow("10% suppression") << 0.1;
    }
    void searchAgreesWithBruteForce() {
        QFETCH(double, suppression);
        std::mt19937 rng(77 + unsigned(suppression * 100));
        const std::vector<std::vector<std::string>> specs{
            {"average-risk=0.3"},
            {"sample-uniqueness=0.05"},
            {"k=2", "average-risk=0.25"},
            {"population-uniqueness=0.05:zayatz"},
            {"entropy-l=1.5@s0", "sample-uniqueness=0.1"},
            {"k=2", "population-uniqueness=0.02:dankar"},
            {"population-uniqueness=0.1:pitman"},
            {"population-uniqueness=0.1:snb"}};
        int nonTrivial = 0;
        for (int round = 0; round < 40; ++round) {
            const auto rc = test::randomCase(rng, 20 + rng() % 150, 2 + rng() % 3);
            const auto& s = specs[std::size_t(round) % specs.size()];
            const double population = 10.0 * double(rc->data->rowCount());
            const auto brute = run(*rc->data, s, SearchAlgorithm::Brute, suppression, population);
            for (SearchAlgorithm a : {SearchAlgorithm::Fast, SearchAlgorithm::Incognito}) {
                const auto r = run(*rc->data, s, a, suppression, population);
                const QByteArray what =
                    QByteArray("round ") + QByteArray::number(round) + " " + s.back().c_str();
                QVERIFY2(r.satisfying == brute.satisfying, what);
                QVERIFY2(r.minimal == brute.minimal, what);
                QVERIFY2(r.optimum == brute.optimum, what);
            }
            if (!brute.satisfying.empty() && brute.satisfying.size() < brute.latticeSize)
                ++nonTrivial;
        }
        QVERIFY(nonTrivial > 10);
    }
};

QTEST_APPLESS_MAIN(TestCriteriaRisk)
#include "test_criteria_risk.moc"
