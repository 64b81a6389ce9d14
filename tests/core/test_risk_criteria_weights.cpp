// individual-risk=R and global-risk=R (node_risk.h): the Benedetti–Franconi risk of every
// record from the survey weights, judged on a node's classes. A hand-worked table checks the
// figures and the thresholds; random tables with random weights check the fast search against
// brute force (with and without suppression), judgeNode against both, and both against a
// row-level oracle written here from the definition (group the rows by their generalized QIs,
// sum their weights, take each record's risk).
#include <QtTest>

#include <cmath>
#include <map>
#include <random>

#include "ldiv/criteria/criterion.h"
#include "ldiv/data/error.h"
#include "ldiv/evaluation/criterion_result.h"
#include "ldiv/evaluation/search_config.h"
#include "ldiv/publish/published_node.h"
#include "ldiv/risk/individual_risk.h"
#include "ldiv/search/search_result.h"
#include "random_case.h"
#include "search_oracle.h"
#include "test_scale.h"

using namespace ldv;

namespace {

/// Benedetti & Franconi 1998 as µ-ARGUS and sdcMicro's indivRisk compute it, written here from
/// the definition (docs/risk.md), independently of the engine's benedettiFranconiRisk: a
/// record of a class of f rows whose weights sum to F, p = f/F.
double oracleRisk(double f, double F) {
    if (F <= f * (1 + 1e-12)) return 1 / f;  // the sample is the class's whole population
    const double p = f / F, odds = p / (1 - p);
    if (f == 1) return odds * std::log(1 / p);
    if (f == 2) return odds - odds * odds * std::log(1 / p);
    return p / (f - (1 - p));
}

struct OracleFigures {
    double highest = 0;         ///< max over published records
    double expected = 0;        ///< Σ over published records
    std::uint64_t dropped = 0;  ///< rows of classes under k (suppressed)
    std::uint64_t rows = 0;     ///< published rows
};

/// The figures of node `levels` from the rows themselves: classes of fewer than k rows are
/// suppressed, the rest published.
OracleFigures oracleFigures(const Dataset& data, const std::vector<double>& weights,
                            std::span<const int> levels, std::uint64_t k) {
    std::map<std::vector<Code>, std::pair<std::uint64_t, double>> classes;
    std::vector<std::vector<Code>> keyOfRow;
    const Table& t = data.table();
    for (std::size_t r = 0; r < t.rowCount(); ++r) {
        std::vector<Code> key;
        for (std::size_t i = 0; i < data.qiCount(); ++i)
            key.push_back(data.hierarchy(i).map(t.column(data.qiColumns()[i]).code(r), levels[i]));
        auto& c = classes[key];
        c.first += 1;
        c.second += weights[r];
        keyOfRow.push_back(std::move(key));
    }
    OracleFigures out;
    for (std::size_t r = 0; r < t.rowCount(); ++r) {
        const auto& [f, F] = classes[keyOfRow[r]];
        if (f < k) {
            ++out.dropped;
            continue;
        }
        const double risk = oracleRisk(double(f), F);
        out.highest = std::max(out.highest, risk);
        out.expected += risk;
        ++out.rows;
    }
    return out;
}

std::vector<double> randomWeights(std::mt19937& rng, std::size_t rows) {
    std::vector<double> w(rows);
    std::uniform_real_distribution<double> spread(0, 5);
    // Some records stand for themselves only (weight 1: F = f, risk 1/f), the others for a
    // few to ~150 people.
    for (double& x : w) x = rng() % 5 == 0 ? 1.0 : 1.0 + std::floor(std::exp(spread(rng)) * 4) / 4;
    return w;
}

bool near(double a, double b, double tolerance = 5e-6) {
    return std::abs(a - b) <= tolerance;
}

}  // namespace

class TestRiskCriteriaWeights : public QObject {
    Q_OBJECT
private slots:
    void handWorkedTable() {
        // age: a, b, c, d; hierarchy a,b -> ab; c,d -> cd; then *. Weights:
        //   a: 10           f=1 F=10 p=0.1  r = (1/9)·ln 10              = 0.255843
        //   b: 4, 6         f=2 F=10 p=0.2  r = 0.25 − 0.0625·ln 5      = 0.149410
        //   c: 5, 5, 5      f=3 F=15 p=0.2  r = 0.2/(3 − 0.8)            = 0.090909
        //   d: 2, 2         f=2 F=4  p=0.5  r = 1 − ln 2                 = 0.306853
        // level 0: highest 0.306853 (d); expected 0.255843 + 2·0.149410 + 3·0.090909
        //          + 2·0.306853 = 1.441096
        // level 1: ab f=3 F=20 p=0.15 r = 0.15/2.15 = 0.069767;
        //          cd f=5 F=19 p=5/19 r = (5/19)/(5 − 14/19) = 5/81 = 0.061728
        //          highest 0.069767; expected 3·0.069767 + 5·0.061728 = 0.517944
        // level 2: * f=8 F=39 p=8/39 r = (8/39)/(8 − 31/39) = 8/281 = 0.028470;
        //          expected 8·8/281 = 0.227758
        Column age("age"), s("s");
        const std::vector<std::string> ages{"a", "b", "b", "c", "c", "c", "d", "d"};
        const std::vector<double> weights{10, 4, 6, 5, 5, 5, 2, 2};
        for (const std::string& v : ages) {
            age.append(v);
            s.append("x");
        }
        std::vector<Column> columns;
        columns.push_back(std::move(age));
        columns.push_back(std::move(s));
        const Table table(std::move(columns));
        const Hierarchy h(std::vector<std::vector<std::string>>{
            {"a", "ab", "*"}, {"b", "ab", "*"}, {"c", "cd", "*"}, {"d", "cd", "*"}});
        std::vector<HierarchyMap> maps;
        maps.emplace_back(h, table.column(0));
        Dataset data(table, {0}, std::move(maps), {1});
        data.setSurveyWeights(weights, "w");

        const double highest[3] = {0.306853, 0.069767, 0.028470};
        const double expected[3] = {1.441096, 0.517944, 0.227758};
        const auto criteria = bindCriteria(data, {"individual-risk=1", "global-risk=100"});
        for (int level = 0; level < 3; ++level) {
            const std::vector<int> levels{level};
            const auto results = evaluateCriteria(data, data.classes(levels), criteria);
            QVERIFY2(near(results[0].worstMeasure, highest[level]),
                     qPrintable(QString::number(results[0].worstMeasure, 'g', 10)));
            QVERIFY2(near(results[1].worstMeasure, expected[level]),
                     qPrintable(QString::number(results[1].worstMeasure, 'g', 10)));
            // The same figures as `ldiv risk --weight` (individualRisks): one formula.
            const EquivalenceClasses c = data.classes(levels, true);
            const IndividualRisk ir = individualRisks(data.rowClasses(c), weights);
            QVERIFY(near(ir.highest, results[0].worstMeasure, 1e-12));
            QVERIFY(near(ir.global, results[1].worstMeasure, 1e-12));
        }
        // Exactly at the threshold: r = 1 − ln 2 at level 0 holds, a hair below fails.
        const double d = 1 - std::log(2.0);
        const auto at = bindCriteria(data, {"individual-risk=" + formatNumber(d)});
        QVERIFY(evaluateCriteria(data, data.classes(std::vector<int>{0}), at)[0].holds);
        const auto below = bindCriteria(data, {"individual-risk=" + formatNumber(d * 0.9999)});
        QVERIFY(!evaluateCriteria(data, data.classes(std::vector<int>{0}), below)[0].holds);
        const double e1 = 3 * 0.15 / 2.15 + 5 * 5.0 / 81;  // level 1's expected number
        const auto g = bindCriteria(data, {"global-risk=" + formatNumber(e1)});
        QVERIFY(evaluateCriteria(data, data.classes(std::vector<int>{1}), g)[0].holds);
        const auto gBelow = bindCriteria(data, {"global-risk=" + formatNumber(e1 * 0.9999)});
        QVERIFY(!evaluateCriteria(data, data.classes(std::vector<int>{1}), gBelow)[0].holds);

        // The searches: individual-risk=0.1 holds at levels 1 and 2, the optimum is level 1;
        // global-risk=0.5 only at level 2 (0.517944 > 0.5 at level 1).
        for (const auto algorithm : {SearchAlgorithm::Fast, SearchAlgorithm::Brute}) {
            const SearchResult r =
                search(data, test::searchConfigFor(data, {"individual-risk=0.1"}, 0, algorithm, 1));
            QCOMPARE(r.satisfyingCount, std::uint64_t(2));
            QVERIFY(r.optimum && *r.optimum == data.lattice().id(std::vector<int>{1}));
            const SearchResult gr =
                search(data, test::searchConfigFor(data, {"global-risk=0.5"}, 0, algorithm, 1));
            QCOMPARE(gr.satisfyingCount, std::uint64_t(1));
            QVERIFY(gr.optimum && *gr.optimum == data.lattice().id(std::vector<int>{2}));
        }
        // With k=2 and 1 row of suppression at level 0, class a is suppressed: the rest's
        // highest risk is still d's 0.306853, and the expected number drops by a's 0.255843.
        const SearchConfig sup = test::searchConfigFor(data, {"k=2", "global-risk=1.19"}, 1.0 / 8,
                                                       SearchAlgorithm::Brute, 1);
        const NodeJudgement j = judgeNode(data, sup, std::vector<int>{0});
        QVERIFY(j.satisfies);  // 1.441096 − 0.255843 = 1.185253 ≤ 1.19
        QVERIFY(near(j.criteria[1].worstMeasure, 1.185253));
    }

    void refusals() {
        // No survey weights: the criterion is named, and how to give them.
        std::mt19937 rng(5);
        const auto rc = test::randomCase(rng, 30, 2);
        for (const char* spec : {"individual-risk=0.1", "global-risk=2"}) {
            try {
                bindCriteria(*rc->data, {spec});
                QFAIL("bound without weights");
            } catch (const ParameterError& e) {
                const QString m = QString::fromUtf8(e.what());
                QVERIFY2(m.contains(spec) && m.contains("survey weights") &&
                             m.contains("--survey-weight"),
                         e.what());
            }
        }
        QVERIFY_THROWS_EXCEPTION(ParameterError, parseCriterionSpec("individual-risk=0"));
        QVERIFY_THROWS_EXCEPTION(ParameterError, parseCriterionSpec("individual-risk=1.5"));
        QVERIFY_THROWS_EXCEPTION(ParameterError, parseCriterionSpec("global-risk=0"));
        QVERIFY_THROWS_EXCEPTION(ParameterError, parseCriterionSpec("global-risk=2@s0"));
        // global-risk is a count: above 1 is allowed.
        QCOMPARE(parseCriterionSpec("global-risk=12.5").parameters.front(), 12.5);
        QCOMPARE(QString::fromStdString(formatCriterionSpec(parseCriterionSpec("global-risk=3"))),
                 QString("global-risk=3"));
        // Declared non-monotone (criterion.cpp says why): the search judges every node.
        QVERIFY(!Criterion::parse("individual-risk=0.1").isMonotone());
        QVERIFY(!Criterion::parse("global-risk=1").isMonotone());
        QVERIFY(Criterion::parse("global-risk=1").isNodeLevel());
    }

    void searchAgreesWithBruteAndOracle_data() {
        QTest::addColumn<double>("suppression");
        QTest::newRow("no suppression") << 0.0;
        QTest::newRow("10% suppression") << 0.1;
        QTest::newRow("30% suppression") << 0.3;
    }
    void searchAgreesWithBruteAndOracle() {
        QFETCH(double, suppression);
        std::mt19937 rng(4242 + unsigned(suppression * 100));
        test::BoundDecisions decided;
        std::size_t satisfying = 0, failing = 0;
        const double individual[] = {0.05, 0.1, 0.2, 0.35, 0.6};
        const double global[] = {0.5, 1, 2, 4, 8};
        for (int round = 0; round < test::scaled(50); ++round) {
            const auto rc = test::randomCase(rng, 15 + rng() % 80, 2 + rng() % 2);
            Dataset& data = *rc->data;
            const std::vector<double> weights = randomWeights(rng, data.rowCount());
            data.setSurveyWeights(weights, "w");
            const bool isIndividual = round % 2 == 0;
            const double threshold = isIndividual ? individual[rng() % 5] : global[rng() % 5];
            const std::uint64_t k = rng() % 3 == 0 ? 1 : 2 + rng() % 3;
            std::vector<std::string> specs;
            if (k > 1) specs.push_back("k=" + std::to_string(k));
            specs.push_back(std::string(isIndividual ? "individual-risk=" : "global-risk=") +
                            formatNumber(threshold));
            const SearchConfig config =
                test::searchConfigFor(data, specs, suppression, SearchAlgorithm::Brute, 1);
            const SearchResult brute = search(data, config);
            const std::uint64_t limit = suppressionLimitRows(suppression, data.rowCount());
            for (NodeId id = 0; id < data.lattice().size(); ++id) {
                const Levels levels = data.lattice().levels(id);
                const QByteArray what = QByteArray("round ") + QByteArray::number(round) +
                                        " node " + QByteArray::number(qulonglong(id)) + " " +
                                        QByteArray::fromStdString(specs.back());
                // The row-level oracle: classes under k suppressed (within the limit), the
                // risk judged on the rest.
                const OracleFigures o = oracleFigures(data, weights, levels, k);
                const double figure = isIndividual ? o.highest : o.expected;
                const bool oracle =
                    o.dropped <= limit && o.rows > 0 && figure <= threshold * (1 + 1e-9) + 1e-12;
                QVERIFY2(oracle == bool(brute.satisfies[id]), what);
                const NodeJudgement j = judgeNode(data, config, levels);
                QVERIFY2(j.satisfies == bool(brute.satisfies[id]), what);
                if (o.dropped <= limit && o.rows > 0)
                    QVERIFY2(near(j.criteria.back().worstMeasure, figure, 1e-9 * (1 + figure)),
                             what);
                (brute.satisfies[id] ? satisfying : failing) += 1;
            }
            test::compareFastWithBrute(data, specs, suppression, brute, round, decided);
            if (QTest::currentTestFailed()) return;
        }
        // Both verdicts occur often enough for the comparison to mean something.
        QVERIFY(satisfying > std::size_t(test::scaled(50)));
        QVERIFY(failing > std::size_t(test::scaled(50)));
    }
};

QTEST_APPLESS_MAIN(TestRiskCriteriaWeights)
#include "test_risk_criteria_weights.moc"
