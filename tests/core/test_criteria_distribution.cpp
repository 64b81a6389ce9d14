// t-closeness, δ-disclosure and β-likeness (criteria_distribution.h): hand-computed EMD,
// δ and β values, the exact parameter errors, the monotonicity claim on random classes, and
// brute force against the fast and Incognito searches on random tables with and without
// suppression.
#include <QtTest>

#include <cmath>
#include <random>

#include "ldiv/criteria/criterion.h"
#include "ldiv/criteria/sensitive_taxonomy.h"
#include "ldiv/data/error.h"
#include "ldiv/evaluation/search_config.h"
#include "ldiv/search/search_result.h"
#include "random_case.h"

using namespace ldv;

namespace {

bool near(double a, double b) {
    return std::abs(a - b) < 1e-12;
}

Criterion bound(const std::string& spec, const std::vector<std::string>& dictionary,
                const std::vector<std::uint64_t>& counts) {
    return Criterion::bind(parseCriterionSpec(spec), dictionary, counts);
}

std::string errorOf(const std::function<void()>& f) {
    try {
        f();
    } catch (const ParameterError& e) {
        return e.what();
    }
    return "no error";
}

SearchResult run(const Dataset& data, const std::vector<std::string>& specs,
                 SearchAlgorithm algorithm, double suppression, const CriteriaInputs& inputs = {}) {
    SearchConfig config;
    config.criteria = bindCriteria(data, specs, inputs);
    config.suppressionLimit = suppression;
    config.algorithm = algorithm;
    config.threads = 1;
    return search(data, config);
}

}  // namespace

class TestCriteriaDistribution : public QObject {
    Q_OBJECT
private slots:
    void orderedEmdSalaryExample() {
        // The salary example of Li, Li & Venkatasubramanian 2007, worked out here: nine
        // salaries 3k … 11k, one row each, so p = 1/9 for every value (m = 9, m − 1 = 8).
        // Class {3k, 4k, 5k}: q − p = 2/9, 2/9, 2/9, −1/9 ×6; running sums (in ninths)
        // 2, 4, 6, 5, 4, 3, 2, 1, 0; ordered EMD = (27/9)/8 = 0.375.
        // Class {6k, 8k, 11k}: q − p = −1,−1,−1, 2,−1, 2,−1,−1, 2 ninths; running sums
        // −1,−2,−3,−1,−2, 0,−1,−2, 0; EMD = (12/9)/8 = 1/6 = 0.1667.
        // Equal distance for {3k, 4k, 5k}: ½(3·2/9 + 6·1/9) = 2/3.
        // The dictionary is deliberately not in numeric order ("11" sorts before "3" as text).
        const std::vector<std::string> dictionary{"11", "3", "4", "5", "6", "7", "8", "9", "10"};
        const std::vector<std::uint64_t> counts(9, 1);
        const Criterion ordered = bound("t-closeness=0.2:ordered", dictionary, counts);
        const std::vector<std::uint32_t> low{0, 1, 1, 1, 0, 0, 0, 0, 0};    // 3k, 4k, 5k
        const std::vector<std::uint32_t> mixed{1, 0, 0, 0, 1, 0, 1, 0, 0};  // 11k, 6k, 8k
        QVERIFY(near(ordered.measure(low), 0.375));
        QVERIFY(near(ordered.measure(mixed), 1.0 / 6));
        QVERIFY(!ordered.holds(low));
        QVERIFY(ordered.holds(mixed));
        const Criterion equal = bound("t-closeness=0.7", dictionary, counts);
        QVERIFY(near(equal.measure(low), 2.0 / 3));
        QVERIFY(equal.holds(low));
        QVERIFY(!bound("t-closeness=0.6", dictionary, counts).holds(low));
        QVERIFY(!equal.measureHigherIsBetter());
        QCOMPARE(equal.threshold(), 0.7);
        QCOMPARE(ordered.describe(), std::string("0.2-closeness (ordered distance)"));
    }
    void deltaAndBetaOnThreeClasses() {
        // Table a×6, b×4, c×2: p = (1/2, 1/3, 1/6). Three classes of 4 rows:
        //   E1 = a a b c: q = (1/2, 1/4, 1/4);  E2 = a a b b: q = (1/2, 1/2, 0);  E3 = E1.
        // δ: E1 max(|ln 1|, |ln(3/4)|, |ln(3/2)|) = ln 1.5 = 0.405465; E2 misses c: +∞.
        // β (basic): E1 only c is above p: (1/4 − 1/6)/(1/6) = 1/2; E2 only b: (1/2 − 1/3)/(1/3) =
        // 1/2.
        const std::vector<std::string> dictionary{"a", "b", "c"};
        const std::vector<std::uint64_t> counts{6, 4, 2};
        const std::vector<std::uint32_t> e1{2, 1, 1}, e2{2, 2, 0};
        const Criterion delta = bound("delta-disclosure=0.5", dictionary, counts);
        QVERIFY(near(delta.measure(e1), std::log(1.5)));
        QVERIFY(std::isinf(delta.measure(e2)));
        QVERIFY(delta.holds(e1));
        QVERIFY(!delta.holds(e2));
        QVERIFY(!bound("delta-disclosure=0.4", dictionary, counts).holds(e1));
        const Criterion beta = bound("beta-likeness=0.5", dictionary, counts);
        QVERIFY(near(beta.measure(e1), 0.5));
        QVERIFY(near(beta.measure(e2), 0.5));
        QVERIFY(beta.holds(e1) && beta.holds(e2));
        QVERIFY(!bound("beta-likeness=0.4", dictionary, counts).holds(e2));
        // Enhanced β = 2: the bound for a is min(2, −ln 1/2) = 0.693147. A class of a only has
        // (1 − 1/2)/(1/2) = 1: basic 2-likeness holds, enhanced fails (measure 1/0.693 = 1.4427).
        const std::vector<std::uint32_t> onlyA{4, 0, 0};
        QVERIFY(bound("beta-likeness=2", dictionary, counts).holds(onlyA));
        const Criterion enhanced = bound("beta-likeness=2:enhanced", dictionary, counts);
        QVERIFY(near(enhanced.measure(onlyA), 1 / std::log(2.0)));
        QVERIFY(!enhanced.holds(onlyA));
        // E1 under enhanced 2: c's bound is min(2, ln 6) = 1.7918, (1/2)/1.7918 = 0.279 ≤ 1.
        QVERIFY(enhanced.holds(e1));
        QCOMPARE(enhanced.threshold(), 1.0);
    }
    void kMapDerivedKByHand() {
        // k-map=K from a sample of n of N people (Criterion::bindKMap): λ = K·n/N, k′ = min(K,
        // c + 1) with c the smallest count whose Poisson(λ) CDF reaches 0.99.
        // K = 5, n/N = 0.1: λ = 0.5; CDF(0) = e^−0.5 = 0.60653, CDF(1) = 0.90980,
        // CDF(2) = 0.98561, CDF(3) = 0.99825 ≥ 0.99 → c = 3, k′ = 4.
        QCOMPARE(Criterion::kMapDerivedK(5, 12, 120), std::uint64_t(4));
        // K = 20, n/N = 0.1: λ = 2; CDF(5) = 0.98344, CDF(6) = 0.99547 → c = 6, k′ = 7.
        QCOMPARE(Criterion::kMapDerivedK(20, 100, 1000), std::uint64_t(7));
        // The sample is the population (λ = K): P(X ≤ K) < 0.99, so c ≥ K and k′ = K.
        QCOMPARE(Criterion::kMapDerivedK(5, 50, 50), std::uint64_t(5));
        const Criterion c = Criterion::bindKMap(parseCriterionSpec("k-map=5"), 12, 120);
        QCOMPARE(c.threshold(), 4.0);
        QVERIFY(c.isClassSize());
        const std::vector<std::uint32_t> three{3}, four{4};
        QVERIFY(!c.holds(three));
        QVERIFY(c.holds(four));
        QCOMPARE(errorOf([] { Criterion::bindKMap(parseCriterionSpec("k-map=5"), 12, 0); }),
                 std::string(
                     "criterion 'k-map=5' needs the population size: give --population-size N (the "
                     "number of people the data is a sample of)"));
        QCOMPARE(
            errorOf([] { Criterion::bindKMap(parseCriterionSpec("k-map=5"), 12, 10); }),
            std::string(
                "criterion 'k-map=5': the population size 10 is smaller than the 12 rows of the "
                "data; it must be at least that"));
        QCOMPARE(errorOf([] { parseCriterionSpec("k-map=2.5"); }),
                 std::string("criterion 'k-map=2.5': k must be a whole number, got 2.5"));
    }
    void kMapSearchAgreesWithBruteForce() {
        // k-map binds as k′-anonymity, so the search keeps k-anonymity's monotone tagging,
        // also with suppression.
        std::mt19937 rng(99);
        for (int round = 0; round < 12; ++round) {
            const auto rc = test::randomCase(rng, 20 + rng() % 150, 2 + rng() % 3,
                                             test::SensitiveValues::Numeric);
            const double n = double(rc->data->rowCount());
            for (double suppression : {0.0, 0.1}) {
                SearchConfig config;
                config.criteria = bindCriteria(*rc->data, {"k-map=6"}, 3 * n);
                config.suppressionLimit = suppression;
                config.algorithm = SearchAlgorithm::Brute;
                const auto brute = search(*rc->data, config);
                config.algorithm = SearchAlgorithm::Fast;
                const auto fast = search(*rc->data, config);
                QVERIFY(brute.satisfying == fast.satisfying);
                QVERIFY(brute.optimum == fast.optimum);
                // The same as k′-anonymity with k′ from the formula.
                config.criteria = bindCriteria(
                    *rc->data, {"k=" + std::to_string(Criterion::kMapDerivedK(6, n, 3 * n))});
                config.algorithm = SearchAlgorithm::Brute;
                QVERIFY(search(*rc->data, config).satisfying == brute.satisfying);
            }
        }
    }
    void specRoundTrip() {
        for (const char* text :
             {"t-closeness=0.2", "t-closeness=0.2:ordered", "t-closeness=0.2:hierarchical",
              "delta-disclosure=1.5", "beta-likeness=2", "beta-likeness=2:enhanced@disease"}) {
            const CriterionSpec s = parseCriterionSpec(text);
            QCOMPARE(parseCriterionSpec(formatCriterionSpec(s)), s);
        }
        QCOMPARE(parseCriterionSpec("t-closeness=0.2:ordered").variant, std::string("ordered"));
    }
    void parameterErrors_data() {
        QTest::addColumn<QString>("spec");
        QTest::addColumn<QString>("message");
        QTest::newRow("t zero")
            << "t-closeness=0"
            << "criterion 't-closeness=0': t = 0 is not allowed, t must be in (0, 1]";
        QTest::newRow("t above 1")
            << "t-closeness=1.5"
            << "criterion 't-closeness=1.5': t = 1.5 is not allowed, t must be in (0, 1]";
        QTest::newRow("unknown distance") << "t-closeness=0.2:manhattan"
                                          << "criterion 't-closeness=0.2:manhattan': unknown "
                                             "variant 'manhattan'; write t-closeness=T, "
                                             "t-closeness=T:hierarchical, t-closeness=T:ordered";
        QTest::newRow("delta")
            << "delta-disclosure=0"
            << "criterion 'delta-disclosure=0': d = 0 is not allowed, d must be greater than 0";
        QTest::newRow("beta")
            << "beta-likeness=-1"
            << "criterion 'beta-likeness=-1': b = -1 is not allowed, b must be greater than 0";
        QTest::newRow("beta variant")
            << "beta-likeness=1:strong"
            << "criterion 'beta-likeness=1:strong': unknown variant 'strong'; write "
               "beta-likeness=B, beta-likeness=B:enhanced";
        QTest::newRow("variant on k")
            << "k=5:ordered"
            << "criterion 'k=5:ordered': unknown variant 'ordered'; write k=K";
    }
    void parameterErrors() {
        QFETCH(QString, spec);
        QFETCH(QString, message);
        QCOMPARE(QString::fromStdString(errorOf([&] { parseCriterionSpec(spec.toStdString()); })),
                 message);
    }
    void bindErrors() {
        const std::vector<std::string> dictionary{"flu", "cold"};
        const std::vector<std::uint64_t> counts{1, 1};
        QCOMPARE(
            errorOf([&] { bound("t-closeness=0.2:ordered@disease", dictionary, counts); }),
            std::string(
                "criterion 't-closeness=0.2:ordered@disease': the ordered distance needs a numeric "
                "sensitive attribute, 'disease' has the value 'flu'; use t-closeness=T (equal "
                "distance) instead"));
        QCOMPARE(
            errorOf([&] { bound("t-closeness=0.2:hierarchical", dictionary, counts); }),
            std::string(
                "criterion 't-closeness=0.2:hierarchical': the hierarchical distance needs a "
                "hierarchy of the sensitive attribute; give one with --hierarchy COL=FILE (or in "
                "the project), or use t-closeness=T or t-closeness=T:ordered"));
    }
    void hierarchicalEmdDiseaseExample() {
        // Li, Li & Venkatasubramanian 2007: the nine patients of their Table 3 (diseases gastric
        // ulcer, gastritis ×2, stomach cancer ×2, flu, bronchitis ×2, pneumonia) and the disease
        // hierarchy of their Figure 2 (height H = 3; the four diseases the table lacks do not
        // change any distance). Worked out here with the §4.2 formula, in 27ths; extra = p − q:
        //  {gastric ulcer, gastritis, stomach cancer} (their Table 4, first class): every
        //    digestive extra is negative, every respiratory one positive, so only the root
        //    matches: min(12, 12)/27 · 3/3 = 12/27 = 4/9.
        //  {gastric ulcer, stomach cancer, pneumonia} (Table 5): stomach diseases min(6, 9)/27
        //    · 1/3 = 2/27, respiratory infection min(9, 6)/27 · 1/3 = 2/27, root 3/27 · 1 → 7/27.
        //  {gastritis, flu, bronchitis} (Table 5): 1/27 + 1/27 + 6/27 = 8/27.
        //  {gastritis, bronchitis, stomach cancer} (Table 5): 1/27 + 1/27 + 3/27 = 5/27.
        // (The paper prints 0.5 and 0.278 for the first two; its formula gives 4/9 and 7/27 on
        // the table as printed, and the ground distance is an ultrametric, so the bottom-up
        // matching is the exact EMD.)
        const std::vector<std::string> diseases{"gastric ulcer", "gastritis", "stomach cancer",
                                                "gastritis",     "flu",       "bronchitis",
                                                "bronchitis",    "pneumonia", "stomach cancer"};
        Column zip("zip"), disease("disease");
        for (std::size_t r = 0; r < diseases.size(); ++r) {
            zip.append("z" + std::to_string(r));
            disease.append(diseases[r]);
        }
        const Table table({zip, disease});
        std::vector<HierarchyMap> maps;
        maps.emplace_back(table.column(0));
        const Dataset data(table, {0}, std::move(maps), {1});
        const std::string root = "respiratory & digestive system diseases";
        const std::string respiratory = "respiratory system diseases",
                          digestive = "digestive system diseases";
        const Hierarchy figure2(
            {{"flu", "respiratory infection", respiratory, root},
             {"pneumonia", "respiratory infection", respiratory, root},
             {"bronchitis", "respiratory infection", respiratory, root},
             {"pulmonary edema", "vascular lung diseases", respiratory, root},
             {"pulmonary embolism", "vascular lung diseases", respiratory, root},
             {"gastric ulcer", "stomach diseases", digestive, root},
             {"gastritis", "stomach diseases", digestive, root},
             {"stomach cancer", "stomach diseases", digestive, root},
             {"colitis", "colon diseases", digestive, root},
             {"colon cancer", "colon diseases", digestive, root}});
        CriteriaInputs inputs;
        inputs.sensitiveHierarchies = {figure2};
        const auto bound = bindCriteria(data, {"t-closeness=0.3:hierarchical"}, inputs);
        const Criterion& c = bound[0].criterion;
        const Column& sa = table.column(1);
        auto classOf = [&](std::initializer_list<const char*> values) {
            std::vector<std::uint32_t> h(sa.domainSize(), 0);
            for (const char* v : values) ++h[*sa.find(v)];
            return h;
        };
        QVERIFY(
            near(c.measure(classOf({"gastric ulcer", "gastritis", "stomach cancer"})), 4.0 / 9));
        QVERIFY(
            near(c.measure(classOf({"gastric ulcer", "stomach cancer", "pneumonia"})), 7.0 / 27));
        QVERIFY(near(c.measure(classOf({"gastritis", "flu", "bronchitis"})), 8.0 / 27));
        QVERIFY(near(c.measure(classOf({"gastritis", "bronchitis", "stomach cancer"})), 5.0 / 27));
        QVERIFY(!c.holds(classOf({"gastric ulcer", "gastritis", "stomach cancer"})));
        QVERIFY(c.holds(classOf({"gastritis", "flu", "bronchitis"})));
        // The whole table is at distance 0.
        QVERIFY(near(
            c.measure(classOf({"gastric ulcer", "gastritis", "stomach cancer", "gastritis", "flu",
                               "bronchitis", "bronchitis", "pneumonia", "stomach cancer"})),
            0));
        QCOMPARE(c.spec(), std::string("t-closeness=0.3:hierarchical"));
        // Without the hierarchy the binding is refused with the exact message.
        QCOMPARE(errorOf([&] { bindCriteria(data, {"t-closeness=0.3:hierarchical"}); }),
                 std::string("criterion 't-closeness=0.3:hierarchical': the hierarchical distance "
                             "needs a hierarchy of the sensitive attribute; give one with "
                             "--hierarchy COL=FILE (or in the project), or use t-closeness=T or "
                             "t-closeness=T:ordered"));
        // A hierarchy that lacks a value of the data names it.
        CriteriaInputs partial;
        partial.sensitiveHierarchies = {
            Hierarchy(std::vector<std::vector<std::string>>{{"flu", "*"}, {"gastritis", "*"}})};
        QCOMPARE(errorOf([&] { bindCriteria(data, {"t-closeness=0.3:hierarchical"}, partial); }),
                 std::string("the hierarchy of the sensitive attribute 'disease': sensitive "
                             "taxonomy: base value 'gastric ulcer' has no row in the hierarchy"));
    }
    void hierarchicalWithOneLevelIsEqualDistance() {
        // Every pair of values under one root is 1 apart: the hierarchical EMD is ½ Σ |q − p|.
        std::mt19937 rng(11);
        for (int round = 0; round < 500; ++round) {
            const std::size_t m = 1 + rng() % 7;
            std::vector<std::string> dictionary(m);
            std::vector<std::vector<std::string>> rows;
            std::vector<std::uint64_t> table(m);
            for (std::size_t s = 0; s < m; ++s) {
                dictionary[s] = "v" + std::to_string(s);
                rows.push_back({dictionary[s], "*"});
                table[s] = 1 + rng() % 9;
            }
            const auto taxonomy = SensitiveTaxonomy::fromHierarchyRows(dictionary, rows);
            const Criterion h = Criterion::bind(parseCriterionSpec("t-closeness=0.5:hierarchical"),
                                                dictionary, table, &taxonomy);
            const Criterion e = bound("t-closeness=0.5", dictionary, table);
            std::vector<std::uint32_t> q(m);
            for (auto& x : q) x = rng() % 5;
            q[0] += 1;
            QVERIFY(std::abs(h.measure(q) - e.measure(q)) < 1e-12);
        }
    }
    void monotoneUnderUnions() {
        // The claim of criteria_distribution.h: if two classes satisfy, their union does.
        std::mt19937 rng(7);
        int bothHeld = 0;
        for (int round = 0; round < 3000; ++round) {
            const std::size_t m = 2 + rng() % 5;
            std::vector<std::uint64_t> table(m);
            std::vector<std::string> dictionary(m);
            for (std::size_t s = 0; s < m; ++s) {
                table[s] = 1 + rng() % 20;
                dictionary[s] = std::to_string(rng() % 100);
            }
            std::vector<std::uint32_t> h1(m), h2(m), u(m);
            for (std::size_t s = 0; s < m; ++s) {
                h1[s] = rng() % 6;
                h2[s] = rng() % 6;
                u[s] = h1[s] + h2[s];
            }
            const double x = (1 + rng() % 10) / 10.0;
            {
                // A random three-level taxonomy over the values.
                std::vector<std::vector<std::string>> rows;
                const std::size_t groups = 1 + rng() % 3;
                for (std::size_t s = 0; s < m; ++s)
                    rows.push_back({dictionary[s], "g" + std::to_string(rng() % groups), "", "*"});
                std::vector<std::string> unique = dictionary;
                std::sort(unique.begin(), unique.end());
                if (std::unique(unique.begin(), unique.end()) == unique.end()) {
                    // The second level is a function of the first, so the rows form a tree.
                    for (auto& row : rows) row[2] = "h" + std::to_string(row[1].back() % 2);
                    const auto taxonomy = SensitiveTaxonomy::fromHierarchyRows(dictionary, rows);
                    const Criterion c = Criterion::bind(
                        parseCriterionSpec("t-closeness=" + std::to_string(x) + ":hierarchical"),
                        dictionary, table, &taxonomy);
                    if (c.holds(h1) && c.holds(h2)) {
                        ++bothHeld;
                        QVERIFY(c.holds(u));
                        QVERIFY(c.measure(u) <= std::max(c.measure(h1), c.measure(h2)) + 1e-12);
                    }
                }
            }
            for (const std::string& spec :
                 {"t-closeness=" + std::to_string(x),
                  "t-closeness=" + std::to_string(x) + ":ordered",
                  "delta-disclosure=" + std::to_string(3 * x),
                  "beta-likeness=" + std::to_string(2 * x),
                  "beta-likeness=" + std::to_string(2 * x) + ":enhanced"}) {
                const Criterion c = bound(spec, dictionary, table);
                if (c.holds(h1) && c.holds(h2)) {
                    ++bothHeld;
                    QVERIFY2(c.holds(u), spec.c_str());
                    QVERIFY(c.measure(u) <= std::max(c.measure(h1), c.measure(h2)) + 1e-12);
                }
            }
        }
        QVERIFY(bothHeld > 1000);
    }
    void searchAgreesWithBruteForce_data() {
        QTest::addColumn<double>("suppression");
        QTest::newRow("no suppression") << 0.0;
        QTest::newRow("10% suppression") << 0.1;
    }
    void searchAgreesWithBruteForce() {
        QFETCH(double, suppression);
        std::mt19937 rng(4321 + unsigned(suppression * 100));
        const std::vector<std::vector<std::string>> specs{{"t-closeness=0.3@s1"},
                                                          {"t-closeness=0.25:ordered@s0"},
                                                          {"k=2", "delta-disclosure=1.2@s1"},
                                                          {"beta-likeness=1@s0"},
                                                          {"beta-likeness=1.5:enhanced@s1"},
                                                          {"k=3", "t-closeness=0.2@s0"}};
        int nonTrivial = 0;
        for (int round = 0; round < 36; ++round) {
            const auto rc = test::randomCase(rng, 20 + rng() % 150, 2 + rng() % 3,
                                             test::SensitiveValues::Numeric);
            const auto& s = specs[std::size_t(round) % specs.size()];
            const auto brute = run(*rc->data, s, SearchAlgorithm::Brute, suppression);
            for (SearchAlgorithm a : {SearchAlgorithm::Fast, SearchAlgorithm::Incognito}) {
                const auto r = run(*rc->data, s, a, suppression);
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
    void hierarchicalSearchAgreesWithBruteForce_data() { searchAgreesWithBruteForce_data(); }
    void hierarchicalSearchAgreesWithBruteForce() {
        QFETCH(double, suppression);
        std::mt19937 rng(99 + unsigned(suppression * 100));
        int nonTrivial = 0;
        for (int round = 0; round < 30; ++round) {
            const auto rc = test::randomCase(rng, 20 + rng() % 150, 2 + rng() % 3);
            // A random two-level hierarchy of s1 (values v0…v5).
            std::vector<std::vector<std::string>> rows;
            for (int v = 0; v < 7; ++v)
                rows.push_back({"v" + std::to_string(v), "g" + std::to_string(rng() % 3), "*"});
            CriteriaInputs inputs;
            inputs.sensitiveHierarchies = {std::nullopt, Hierarchy(rows)};
            const double t = 0.1 + 0.05 * double(rng() % 5);
            std::vector<std::string> s{"t-closeness=" + formatNumber(t) + ":hierarchical@s1"};
            if (round % 3 == 0) s.insert(s.begin(), "k=3");
            const auto brute = run(*rc->data, s, SearchAlgorithm::Brute, suppression, inputs);
            for (SearchAlgorithm a : {SearchAlgorithm::Fast, SearchAlgorithm::Incognito}) {
                const auto r = run(*rc->data, s, a, suppression, inputs);
                const QByteArray what =
                    QByteArray("round ") + QByteArray::number(round) + " " + s.back().c_str();
                QVERIFY2(r.satisfying == brute.satisfying, what);
                QVERIFY2(r.minimal == brute.minimal, what);
                QVERIFY2(r.optimum == brute.optimum, what);
            }
            if (!brute.satisfying.empty() && brute.satisfying.size() < brute.latticeSize)
                ++nonTrivial;
        }
        QVERIFY(nonTrivial > 8);
    }
};

QTEST_APPLESS_MAIN(TestCriteriaDistribution)
#include "test_criteria_distribution.moc"
