// Lattice search (search.h): brute force, fast and Incognito agree on random tables and
// hierarchies (with and without suppression); the Adult and hospital golden cases.
#include <QtTest>

#include <cmath>
#include <map>
#include <random>

#include "adult_workspace.h"
#include "ldiv/data/error.h"
#include "ldiv/evaluation/criterion_result.h"
#include "ldiv/project/workspace.h"
#include "ldiv/search/search_result.h"
#include "metrics/class_measures.h"
#include "random_case.h"
#include "search/suppressed_rows.h"
#include "test_paths.h"

using namespace ldv;
using ldv::test::randomCase;
using ldv::test::randomCriteria;

namespace {

SearchResult run(const Dataset& data, const std::vector<std::string>& specs,
                 SearchAlgorithm algorithm, double suppression = 0,
                 Metric metric = Metric::Discernibility, unsigned threads = 2) {
    SearchConfig config;
    config.criteria = bindCriteria(data, specs);
    config.suppressionLimit = suppression;
    config.metric = metric;
    config.algorithm = algorithm;
    config.threads = threads;
    return search(data, config);
}

std::unique_ptr<Workspace> adult(const std::vector<std::string>& qi, const std::string& sensitive) {
    return test::adultWorkspace(test::example("adult/"), qi, sensitive);
}

/// Machanavajjhala et al. 2007 Def. 4.6 from the rows, for random_case tables (two sensitive
/// attributes): a class-size criterion on the classes of `levels`; any other criterion (all
/// multi-attribute here) on the sub-classes keyed by the generalized QI codes and the other
/// sensitive attribute's code, each holding on its target attribute's histogram.
bool multiAttributeOracle(const Dataset& data, const std::vector<BoundCriterion>& bound,
                          const Levels& levels) {
    const Table& table = data.table();
    for (const BoundCriterion& b : bound) {
        const std::size_t target = data.sensitiveColumns()[b.sensitive];
        const std::size_t other = data.sensitiveColumns()[1 - b.sensitive];
        std::map<std::vector<Code>, std::vector<std::uint32_t>> groups;
        for (std::size_t r = 0; r < table.rowCount(); ++r) {
            std::vector<Code> key;
            for (std::size_t i = 0; i < data.qiCount(); ++i)
                key.push_back(data.hierarchy(i).levelMap(
                    levels[i])[table.column(data.qiColumns()[i]).code(r)]);
            if (!b.criterion.isClassSize()) key.push_back(table.column(other).code(r));
            auto& histogram = groups[key];
            histogram.resize(table.column(target).domainSize(), 0);
            ++histogram[table.column(target).code(r)];
        }
        for (const auto& [key, histogram] : groups) {
            std::uint32_t size = 0;
            for (std::uint32_t c : histogram) size += c;
            const bool holds = b.criterion.isClassSize()
                                   ? b.criterion.holds(std::span<const std::uint32_t>(&size, 1))
                                   : b.criterion.holds(histogram);
            if (!holds) return false;
        }
    }
    return true;
}

}  // namespace

class TestSearch : public QObject {
    Q_OBJECT
private slots:
    void algorithmsAgreeOnRandomTables_data() {
        QTest::addColumn<double>("suppression");
        QTest::newRow("no suppression") << 0.0;
        QTest::newRow("5% suppression") << 0.05;
        QTest::newRow("20% suppression") << 0.2;
    }
    void algorithmsAgreeOnRandomTables() {
        QFETCH(double, suppression);
        std::mt19937 rng(1234 + unsigned(suppression * 100));
        int nonTrivial = 0, lossCompared = 0;
        for (int round = 0; round < 60; ++round) {
            const auto rc = randomCase(rng, 20 + rng() % 200, 2 + rng() % 3);
            const auto specs = randomCriteria(rng);
            const Metric drawn = Metric(rng() % 6);
            // Every fifth round uses the loss metric (LM), whatever was drawn.
            const Metric metric = round % 5 == 0 ? Metric::Loss : drawn;
            const auto brute = run(*rc->data, specs, SearchAlgorithm::Brute, suppression, metric);
            for (SearchAlgorithm a : {SearchAlgorithm::Fast, SearchAlgorithm::Incognito}) {
                const auto r = run(*rc->data, specs, a, suppression, metric, 1 + rng() % 2);
                const QByteArray what = QByteArray("round ") + QByteArray::number(round) + " " +
                                        searchAlgorithmName(a).data() + " " + specs.front().c_str();
                QVERIFY2(r.satisfying == brute.satisfying, what);
                QVERIFY2(r.minimal == brute.minimal, what);
                QVERIFY2(r.optimum == brute.optimum, what);
                if (r.optimum)
                    QCOMPARE(r.optimumMetrics.discernibility, brute.optimumMetrics.discernibility);
                if (r.optimum) QCOMPARE(r.optimumMetrics.loss, brute.optimumMetrics.loss);
                if (r.optimum && metric == Metric::Loss) ++lossCompared;
                // Incognito also checks nodes of the subset lattices; fast only full nodes.
                if (a == SearchAlgorithm::Fast)
                    QVERIFY(r.statistics.checkedNodes <= brute.statistics.checkedNodes);
                if (r.optimum) ++nonTrivial;
            }
        }
        QVERIFY(nonTrivial > 40);  // most rounds have satisfying nodes to compare
        QVERIFY(lossCompared >= 10);
    }
    void lossOptimumAgreesOnAdult_data() {
        QTest::addColumn<double>("suppression");
        QTest::newRow("no suppression") << 0.0;
        QTest::newRow("2% suppression") << 0.02;
    }
    void lossOptimumAgreesOnAdult() {
        // --metric loss: the three algorithms pick the same optimum; without suppression the
        // level-only LM (only minimal nodes compete) equals the classes' LM, and with
        // suppression it is the best over every satisfying node measured on its own.
        QFETCH(double, suppression);
        const auto ws =
            adult({"sex", "age", "race", "marital-status", "education"}, "salary-class");
        const Dataset& data = ws->dataset();
        const auto brute = run(data, {"k=5"}, SearchAlgorithm::Brute, suppression, Metric::Loss);
        QVERIFY(brute.optimum);
        for (SearchAlgorithm a : {SearchAlgorithm::Fast, SearchAlgorithm::Incognito}) {
            const auto r = run(data, {"k=5"}, a, suppression, Metric::Loss);
            QCOMPARE(r.optimum, brute.optimum);
            QCOMPARE(r.optimumMetrics.loss, brute.optimumMetrics.loss);
        }
        SearchConfig config;
        config.criteria = bindCriteria(data, {"k=5"});
        config.suppressionLimit = suppression;
        const auto all = measureLattice(data, config);
        NodeId best = brute.satisfying.front();
        for (NodeId id : brute.satisfying)
            if (betterOptimum(all[id], all[best], Metric::Loss)) best = id;
        QCOMPARE(*brute.optimum, best);
        QVERIFY(std::abs(all[best].loss - brute.optimumMetrics.loss) < 1e-12);
        if (suppression == 0)
            QVERIFY(std::abs(detail::lossOfLevels(data, detail::lossByLevel(data),
                                                  data.lattice().levels(best)) -
                             brute.optimumMetrics.loss) < 1e-12);
    }
    void discernibilityBoundIsExact() {
        // With suppression every satisfying node competes for the DM optimum; the fast path
        // skips nodes whose Σ|E|² bound exceeds the best value so far. The pick must still be
        // the best of all satisfying nodes measured one by one, and the bound must have
        // spared work.
        const auto ws =
            adult({"sex", "age", "race", "marital-status", "education"}, "salary-class");
        const Dataset& data = ws->dataset();
        SearchConfig config;
        config.criteria = bindCriteria(data, {"k=5"});
        config.suppressionLimit = 0.02;
        const auto all = measureLattice(data, config);
        const auto r = run(data, {"k=5"}, SearchAlgorithm::Fast, 0.02, Metric::Discernibility);
        QVERIFY(r.optimum);
        NodeId best = r.satisfying.front();
        for (NodeId id : r.satisfying)
            if (betterOptimum(all[id], all[best], Metric::Discernibility)) best = id;
        QCOMPARE(*r.optimum, best);
        QCOMPARE(r.optimumMetrics.discernibility, all[best].discernibility);
        QVERIFY2(r.statistics.measuredNodes < r.satisfying.size(),
                 QByteArray::number(qulonglong(r.statistics.measuredNodes)) + " of " +
                     QByteArray::number(qulonglong(r.satisfying.size())));
    }
    void rowsTouched() {
        // Rows are read only to collapse the table into base groups (search.h): n once, for
        // every algorithm. The brute-force oracle groups each node with Dataset::classes from
        // the base groups, which counts in classesRead, not in rowsTouched.
        Workspace ws(loadProject(test::example("hospital/hospital.ldiv.json")),
                     test::example("hospital"));
        const Dataset& hospital = ws.dataset();  // 12 rows, 12 base groups (all ages differ)
        QCOMPARE(hospital.baseGroupCount(), std::size_t(12));
        for (SearchAlgorithm a :
             {SearchAlgorithm::Brute, SearchAlgorithm::Fast, SearchAlgorithm::Incognito}) {
            const auto r = run(hospital, {"distinct-l=3"}, a);
            QCOMPARE(r.statistics.rowsTouched, std::uint64_t(12));
            QCOMPARE(r.statistics.measuredNodes, std::uint64_t(1));  // the one minimal node, 1,2,1
        }
        // Brute: 5·4·2 = 40 nodes, each grouped from the 12 base groups (480 read), plus the
        // optimum's one candidate rolled up from the base groups (12): 492.
        const auto brute = run(hospital, {"distinct-l=3"}, SearchAlgorithm::Brute);
        QCOMPARE(brute.statistics.checkedNodes, std::uint64_t(40));
        QCOMPARE(brute.statistics.classesRead, std::uint64_t(40 * 12 + 12));

        // A hand-made table of 6 rows with two sensitive attributes: each multi-attribute
        // criterion builds a view (a Dataset grouped from the rows again): 6 + 6 per view.
        std::vector<Column> columns;
        const std::vector<std::vector<std::string>> values{{"a", "a", "b", "b", "c", "c"},
                                                           {"x", "y", "x", "y", "x", "y"},
                                                           {"1", "2", "1", "2", "1", "2"},
                                                           {"u", "v", "v", "u", "u", "v"}};
        for (std::size_t c = 0; c < values.size(); ++c) {
            Column col(std::string(1, "pqst"[c]));
            for (const std::string& v : values[c]) col.append(v);
            columns.push_back(std::move(col));
        }
        const Table table(std::move(columns));
        std::vector<HierarchyMap> maps;
        using Rows = std::vector<std::vector<std::string>>;
        maps.emplace_back(Hierarchy(Rows{{"a", "*"}, {"b", "*"}, {"c", "*"}}), table.column(0));
        maps.emplace_back(Hierarchy(Rows{{"x", "*"}, {"y", "*"}}), table.column(1));
        const Dataset small(table, {0, 1}, std::move(maps), {2, 3});
        for (SearchAlgorithm a :
             {SearchAlgorithm::Brute, SearchAlgorithm::Fast, SearchAlgorithm::Incognito}) {
            const QByteArray what(searchAlgorithmName(a).data());
            QVERIFY2(run(small, {"k=2"}, a).statistics.rowsTouched == 6, what);
            QVERIFY2(run(small, {"distinct-l=2@s;multi"}, a).statistics.rowsTouched == 6 + 6, what);
            const auto both = run(small, {"distinct-l=2@s;multi", "distinct-l=2@t;multi"}, a);
            QVERIFY2(both.statistics.rowsTouched == 6 + 6 + 6, what);
        }
    }
    // Machanavajjhala et al. 2007 Def. 4.6 and its §4.3 example: one QI class
    // {(s1,v1), (s1,v2), (s2,v3), (s3,v3)}; then a class where every (s, v) pair occurs.
    void multiAttributeWorkedExample() {
        const auto classHolds = [](const std::vector<std::pair<std::string, std::string>>& rows,
                                   const std::string& spec) {
            Column q("q"), s("s"), v("v");
            for (const auto& [sv, vv] : rows) {
                q.append("x");
                s.append(sv);
                v.append(vv);
            }
            const Table table({q, s, v});
            std::vector<HierarchyMap> maps;
            maps.emplace_back(table.column(0));
            const Dataset data(table, {0}, std::move(maps), {1, 2});
            const auto bound = bindCriteria(data, {spec});
            const auto results = evaluateCriteria(data, data.classes(Levels{0}, true), bound);
            return results.at(0).holds;
        };
        const std::vector<std::pair<std::string, std::string>> example{
            {"s1", "v1"}, {"s1", "v2"}, {"s2", "v3"}, {"s3", "v3"}};
        QVERIFY(classHolds(example, "distinct-l=2@s"));
        QVERIFY(classHolds(example, "distinct-l=2@v"));
        QVERIFY(!classHolds(example, "distinct-l=2@s;multi"));  // V = v1 pins S = s1
        QVERIFY(!classHolds(example, "distinct-l=2@v;multi"));  // S = s2 leaves only V = v3
        std::vector<std::pair<std::string, std::string>> mixed;
        for (const char* sv : {"s1", "s2"})
            for (const char* vv : {"v1", "v2"})
                for (int copy = 0; copy < 3; ++copy) mixed.emplace_back(sv, vv);
        mixed.emplace_back("s1", "v1");
        QVERIFY(classHolds(mixed, "distinct-l=2@s;multi"));
        QVERIFY(classHolds(mixed, "distinct-l=2@v;multi"));
        QVERIFY(!classHolds(mixed, "entropy-l=2@s;multi"));  // v1's sub-class: s1 4×, s2 3×
    }
    void multiAttributeAgreesWithEvaluation() {
        // Def. 4.6 three ways on random tables with two sensitive attributes: the search
        // (each algorithm classifies the view with the other SA in the QI), the per-node
        // evaluation (evaluateCriteria splits the node's classes with the same view), and an
        // oracle here that groups the rows by generalized QI codes plus the other SA's code.
        std::mt19937 rng(77);
        int rounds = 0, separating = 0;
        for (int round = 0; round < 40; ++round) {
            const auto rc = randomCase(rng, 40 + rng() % 160, 2 + rng() % 2);
            const Dataset& data = *rc->data;
            std::vector<std::string> specs;
            if (rng() % 2) specs.push_back("k=" + std::to_string(2 + rng() % 3));
            specs.push_back(rng() % 2 ? "distinct-l=2;multi" : "entropy-l=1.5@s1;multi");
            std::vector<BoundCriterion> bound;
            try {
                bound = bindCriteria(data, specs);
            } catch (const ParameterError&) {
                continue;  // a sensitive column with a single value
            }
            ++rounds;
            std::vector<NodeId> oracle;
            for (NodeId id = 0; id < data.lattice().size(); ++id)
                if (multiAttributeOracle(data, bound, data.lattice().levels(id)))
                    oracle.push_back(id);
            std::vector<NodeId> expected, singleMode;
            for (NodeId id = 0; id < data.lattice().size(); ++id) {
                const EquivalenceClasses classes = data.classes(data.lattice().levels(id), true);
                bool holds = true;
                for (const CriterionResult& r : evaluateCriteria(data, classes, bound))
                    holds = holds && r.holds;
                if (holds) expected.push_back(id);
            }
            QVERIFY2(expected == oracle, qPrintable(QString("round %1").arg(round)));
            for (SearchAlgorithm a :
                 {SearchAlgorithm::Fast, SearchAlgorithm::Incognito, SearchAlgorithm::Brute}) {
                const auto r = run(data, specs, a);
                QVERIFY2(r.satisfying == expected,
                         qPrintable(QString("round %1 %2").arg(round).arg(specs.back().c_str())));
            }
            std::vector<std::string> plain = specs;
            plain.back() = plain.back().substr(0, plain.back().find(';'));
            if (run(data, plain, SearchAlgorithm::Fast).satisfying != expected) ++separating;
        }
        QVERIFY(rounds > 30);
        QVERIFY(separating > 0);  // multi mode is stricter than single mode on some tables
        // Refused with suppression.
        std::mt19937 again(5);
        const auto rc = randomCase(again, 100, 2);
        QVERIFY_THROWS_EXCEPTION(
            ParameterError, run(*rc->data, {"distinct-l=2;multi"}, SearchAlgorithm::Fast, 0.05));
    }
    void adultKAnonymity_data() {
        QTest::addColumn<int>("algorithm");
        QTest::newRow("fast") << int(SearchAlgorithm::Fast);
        QTest::newRow("incognito") << int(SearchAlgorithm::Incognito);
        QTest::newRow("brute") << int(SearchAlgorithm::Brute);
    }
    void adultKAnonymity() {
        // Issue 4: Adult (30,162 rows), QI sex, age, race, marital-status, education, k=5.
        QFETCH(int, algorithm);
        const auto ws =
            adult({"sex", "age", "race", "marital-status", "education"}, "salary-class");
        QCOMPARE(ws->dataset().rowCount(), std::size_t(30162));
        const auto r = run(ws->dataset(), {"k=5"}, SearchAlgorithm(algorithm));
        QCOMPARE(r.latticeSize, NodeId(240));
        QCOMPARE(r.satisfying.size(), std::size_t(33));
        QCOMPARE(r.minimal.size(), std::size_t(9));
    }
    void hospitalDistinct3() {
        // Machanavajjhala et al. 2007 Fig. 4: the single minimal distinct 3-diverse node is zip=1,
        // age=2, nationality=1.
        Workspace ws(loadProject(test::example("hospital/hospital.ldiv.json")),
                     test::example("hospital"));
        for (SearchAlgorithm a :
             {SearchAlgorithm::Fast, SearchAlgorithm::Incognito, SearchAlgorithm::Brute}) {
            const auto r = run(ws.dataset(), {"distinct-l=3"}, a);
            QCOMPARE(r.minimal.size(), std::size_t(1));
            QCOMPARE(ws.dataset().lattice().levels(r.minimal[0]), (Levels{1, 2, 1}));
            QCOMPARE(*r.optimum, r.minimal[0]);
            QCOMPARE(r.optimumMetrics.classes, std::size_t(3));
        }
    }
    void impossibleCriterionWarns() {
        Workspace ws(loadProject(test::example("hospital/hospital.ldiv.json")),
                     test::example("hospital"));
        // Three conditions, but not frequent enough for entropy 3 anywhere.
        const auto r = run(ws.dataset(), {"entropy-l=3"}, SearchAlgorithm::Fast);
        QVERIFY(r.satisfying.empty());
        QVERIFY(!r.optimum);
        QCOMPARE(r.warnings.size(), std::size_t(1));
        QCOMPARE(
            r.warnings[0],
            std::string("condition is at most entropy 2.93-diverse: entropy-l=3 is impossible"));
        // ℓ above the number of values is refused when binding.
        QVERIFY_THROWS_EXCEPTION(ParameterError, bindCriteria(ws.dataset(), {"distinct-l=4"}));
    }
    void suppressionAdmitsLowerNodes() {
        const auto ws =
            adult({"sex", "age", "race", "marital-status", "education"}, "salary-class");
        const auto plain = run(ws->dataset(), {"k=5"}, SearchAlgorithm::Fast);
        const auto suppressed = run(ws->dataset(), {"k=5"}, SearchAlgorithm::Fast, 0.02);
        QVERIFY(suppressed.satisfying.size() > plain.satisfying.size());
        QVERIFY(suppressed.optimumMetrics.suppressedRows <= std::size_t(603));  // ⌊0.02·30162⌋
        const auto brute = run(ws->dataset(), {"k=5"}, SearchAlgorithm::Brute, 0.02);
        QCOMPARE(suppressed.satisfying, brute.satisfying);
        QCOMPARE(suppressed.optimum, brute.optimum);
    }
    void threadsAgreeOnAdult_data() {
        QTest::addColumn<QString>("specs");
        QTest::addColumn<double>("suppression");
        // Phase 1 only (monotone), and phase 1 on the k part then phase 2 (ℓ with suppression).
        QTest::newRow("k=5, 2%") << "k=5" << 0.02;
        QTest::newRow("k=2 + entropy-l=3, 2%") << "k=2;entropy-l=3" << 0.02;
        QTest::newRow("distinct-l=4, 5%") << "distinct-l=4" << 0.05;
        QTest::newRow("recursive-cl=3,3, none") << "recursive-cl=3,3" << 0.0;
    }
    void threadsAgreeOnAdult() {
        // Large enough (12k base groups × 240 nodes) for the fast classifier to use threads:
        // every thread count must give brute force's answer.
        QFETCH(QString, specs);
        QFETCH(double, suppression);
        const auto ws = adult({"sex", "age", "race", "marital-status", "education"}, "occupation");
        std::vector<std::string> list;
        for (const QString& s : specs.split(u';')) list.push_back(s.toStdString());
        const auto brute = run(ws->dataset(), list, SearchAlgorithm::Brute, suppression);
        QVERIFY(!brute.satisfying.empty());
        for (unsigned threads : {1u, 2u, 4u}) {
            const auto r = run(ws->dataset(), list, SearchAlgorithm::Fast, suppression,
                               Metric::Discernibility, threads);
            QCOMPARE(r.satisfying, brute.satisfying);
            QCOMPARE(r.minimal, brute.minimal);
            QCOMPARE(r.optimum, brute.optimum);
            QCOMPARE(r.statistics.threads, threads);
        }
    }
    void cancellationDuringThreadedSearch() {
        // Cancelling from the progress callback mid-search stops every worker (no hang at the
        // phase-2 barrier) and throws Cancelled to the caller.
        const auto ws = adult({"sex", "age", "race", "marital-status", "education"}, "occupation");
        for (const char* spec : {"k=5", "entropy-l=3"}) {
            Feedback* self = nullptr;
            Feedback feedback([&](double f) {
                if (f > 0.05) self->cancel();
            });
            self = &feedback;
            SearchConfig config;
            config.criteria = bindCriteria(ws->dataset(), {spec});
            config.suppressionLimit = 0.02;
            config.threads = 2;
            QVERIFY_THROWS_EXCEPTION(Cancelled, search(ws->dataset(), config, &feedback));
        }
    }
    void cancelledSearchReportsWhatItDecided_data() {
        QTest::addColumn<QString>("algorithm");
        QTest::addColumn<QString>("spec");
        QTest::addColumn<double>("suppression");
        QTest::newRow("fast k=5, 2%") << "fast"
                                      << "k=5" << 0.02;
        QTest::newRow("fast entropy-l=3, 2%") << "fast"
                                              << "entropy-l=3" << 0.02;  // phase 2 too
        QTest::newRow("fast k=5") << "fast"
                                  << "k=5" << 0.0;
        QTest::newRow("brute k=5") << "brute"
                                   << "k=5" << 0.0;
        // The implicit classifier, its sections combined on 4 threads (2 cores here).
        QTest::newRow("implicit k=5") << "implicit"
                                      << "k=5" << 0.0;
    }
    void cancelledSearchReportsWhatItDecided() {
        // Cancelled part-way, the search hands back the nodes it had decided: each one agrees
        // with the finished classification, and some are left not evaluated.
        QFETCH(QString, algorithm);
        QFETCH(QString, spec);
        QFETCH(double, suppression);
        const bool implicit = algorithm == "implicit";
        // For the implicit row, a table large enough for 4 workers (search_context.h:
        // workerThreads).
        std::vector<std::string> qis = {"sex", "age", "race", "marital-status", "education"};
        if (implicit) qis.insert(qis.end(), {"native-country", "workclass"});
        const auto ws = adult(qis, "occupation");
        const auto full =
            run(ws->dataset(), {spec.toStdString()}, SearchAlgorithm::Brute, suppression);
        SearchConfig config;
        config.criteria = bindCriteria(ws->dataset(), {spec.toStdString()});
        config.suppressionLimit = suppression;
        config.algorithm =
            implicit ? SearchAlgorithm::Fast : parseSearchAlgorithm(algorithm.toStdString());
        if (implicit) config.implicitAbove = 0;
        config.threads = implicit ? 4 : 2;
        // Without cancelling it is never filled.
        PartialClassification unused;
        const SearchResult uncancelled = search(ws->dataset(), config, nullptr, &unused);
        QCOMPARE(unused.checkedNodes, std::uint64_t(0));
        if (implicit) QCOMPARE(uncancelled.statistics.threadsDetail.size(), std::size_t(4));
        for (int polls : {2, 5, 25}) {  // the node under check when cancelled is dropped
            Feedback* self = nullptr;
            int seen = 0;
            Feedback feedback([&](double) {
                if (++seen == polls) self->cancel();
            });
            self = &feedback;
            PartialClassification partial;
            QVERIFY_THROWS_EXCEPTION(Cancelled, search(ws->dataset(), config, &feedback, &partial));
            QCOMPARE(partial.state.size(), std::size_t(full.latticeSize));
            std::size_t decided = 0;
            for (NodeId id = 0; id < full.latticeSize; ++id) {
                if (partial.state[id] == PartialClassification::kNotEvaluated) continue;
                ++decided;
                QCOMPARE(partial.state[id] == PartialClassification::kSatisfies,
                         full.satisfies[id] == 1);
            }
            QVERIFY2(decided > 0 && decided < full.latticeSize,
                     qPrintable(QString::number(decided)));
            QVERIFY(partial.checkedNodes > 0 && partial.checkedNodes <= decided);
        }
    }
    void measureLatticeMatchesPerNode_data() {
        QTest::addColumn<QString>("spec");
        QTest::addColumn<double>("suppression");
        QTest::newRow("k=5, 2%") << "k=5" << 0.02;
        QTest::newRow("entropy-l=3, 1%") << "entropy-l=3" << 0.01;
        QTest::newRow("k=10, none") << "k=10" << 0.0;
    }
    void measureLatticeMatchesPerNode() {
        // Every node's metrics from the rollup sweep equal those of the node grouped on its
        // own by the Dataset (independent path), judged by evaluateCriteria.
        QFETCH(QString, spec);
        QFETCH(double, suppression);
        const auto ws = adult({"sex", "age", "race", "marital-status", "education"}, "occupation");
        const Dataset& data = ws->dataset();
        SearchConfig config;
        config.criteria = bindCriteria(data, {spec.toStdString()});
        config.suppressionLimit = suppression;
        const auto limit = std::size_t(std::floor(suppression * double(data.rowCount()) + 1e-9));
        std::vector<std::vector<NodeMetrics>> runs;
        for (unsigned threads : {1u, 2u}) {
            config.threads = threads;
            runs.push_back(measureLattice(data, config));
        }
        QCOMPARE(runs[0].size(), std::size_t(240));
        std::size_t suppressing = 0;
        for (NodeId id = 0; id < data.lattice().size(); ++id) {
            const EquivalenceClasses classes = data.classes(data.lattice().levels(id));
            const std::vector<bool> failing =
                failingClasses(evaluateCriteria(data, classes, config.criteria), classes.count());
            std::size_t failingRows = 0;
            std::vector<std::uint8_t> suppressed(classes.count(), 0);
            for (std::size_t c = 0; c < failing.size(); ++c)
                if (failing[c]) {
                    failingRows += classes.sizes[c];
                    suppressed[c] = 1;
                }
            if (failingRows > limit) suppressed.clear();  // a failing node is measured as is
            const NodeMetrics expected = measureClasses(data, classes, suppressed);
            if (!suppressed.empty() && failingRows > 0) ++suppressing;
            for (const auto& run : runs) {
                const NodeMetrics& m = run[id];
                QCOMPARE(m.levels, expected.levels);
                QCOMPARE(m.classes, expected.classes);
                QCOMPARE(m.suppressedRows, expected.suppressedRows);
                QCOMPARE(m.discernibility, expected.discernibility);
                QCOMPARE(m.averageClassSize, expected.averageClassSize);
                QVERIFY(std::abs(m.klDivergence - expected.klDivergence) < 1e-9);
                QVERIFY(std::abs(m.information - expected.information) < 1e-12);
                QCOMPARE(m.precision, expected.precision);
                QVERIFY(std::abs(m.loss - expected.loss) < 1e-12);
            }
        }
        if (suppression > 0) QVERIFY(suppressing > 0);  // the suppressed path was compared too
    }
    void cancellation() {
        const auto ws =
            adult({"sex", "age", "race", "marital-status", "education"}, "salary-class");
        Feedback feedback;
        feedback.cancel();
        SearchConfig config;
        config.criteria = bindCriteria(ws->dataset(), {"k=5"});
        QVERIFY_THROWS_EXCEPTION(Cancelled, search(ws->dataset(), config, &feedback));
    }
    void progressReported() {
        const auto ws =
            adult({"sex", "age", "race", "marital-status", "education"}, "salary-class");
        double last = -1;
        Feedback feedback([&](double f) { last = f; });
        SearchConfig config;
        config.criteria = bindCriteria(ws->dataset(), {"k=5"});
        search(ws->dataset(), config, &feedback);
        QCOMPARE(last, 1.0);
    }
    void suppressedRowsBoundHandWorked() {
        // QIs a, b with values 0..2, hierarchy v -> *; k = 2; 8 rows (a,b): (0,0)x2, (1,1)x2,
        // (0,1), (1,0), (0,2), (2,0); limit 1/8 -> 1 row (suppressionLimitRows).
        //   node (*,b): classes b=0 {4 rows}, b=1 {3}, b=2 {(0,2)}: suppresses 1 row, satisfies.
        //   node (a,*): a=0 {4}, a=1 {3}, a=2 {(2,0)}: suppresses 1 row, satisfies.
        //   bottom (a,b): (0,1), (1,0), (0,2), (2,0) are alone: 4 rows > 1, fails.
        // Each node above the bottom suppresses only 1 row, so neither alone proves anything,
        // but the bottom must suppress both rows (0,2) and (2,0): 2 > 1 proves it fails.
        const std::vector<std::pair<int, int>> rows{{0, 0}, {0, 0}, {1, 1}, {1, 1},
                                                    {0, 1}, {1, 0}, {0, 2}, {2, 0}};
        Column a("a"), b("b");
        const std::vector<std::string> values{"v0", "v1", "v2"};  // not "v" + to_string: GCC
        for (const auto& [x, y] : rows) {                         // 12 warns falsely (-Wrestrict)
            a.append(values[std::size_t(x)]);
            b.append(values[std::size_t(y)]);
        }
        std::vector<Column> columns;
        columns.push_back(std::move(a));
        columns.push_back(std::move(b));
        const Table table(std::move(columns));
        std::vector<HierarchyMap> maps;
        for (std::size_t i = 0; i < 2; ++i)
            maps.emplace_back(Hierarchy({{"v0", "*"}, {"v1", "*"}, {"v2", "*"}}), table.column(i));
        const Dataset data(table, {0, 1}, std::move(maps), {});
        const std::uint64_t limit = suppressionLimitRows(1.0 / 8, data.rowCount());
        QCOMPARE(limit, std::uint64_t(1));

        detail::RollupEngine engine(data, {});
        engine.keepClassOf(true);
        detail::ClassTable base = engine.base();
        detail::SuppressedRows bound(data.lattice().heights(), 2, limit);
        QVERIFY(bound.enabled());
        bound.trackBase(base);
        QCOMPARE(base.count(), std::size_t(6));
        QCOMPARE(base.smallGroup.size(), std::size_t(4));  // the four single rows

        // Level vectors (a, b): 1 = generalized to '*'.
        using Levels = std::vector<detail::LevelCode>;
        auto node = [&](int la, int lb) {
            detail::ClassTable t;
            engine.rollup(base, std::vector<int>{la, lb}, t);
            bound.track(base, engine.classOf(), t);
            return t;
        };
        const detail::ClassTable byB = node(1, 0), byA = node(0, 1);
        QCOMPARE(byB.count(), std::size_t(3));
        QCOMPARE(byB.smallGroup.size(), std::size_t(1));  // (0,2)
        QCOMPARE(byA.smallGroup.size(), std::size_t(1));  // (2,0)
        QVERIFY(byA.smallGroup[0] != byB.smallGroup[0]);
        QCOMPARE(base.sizes[byB.smallGroup[0]], 1u);
        QCOMPARE(base.sizes[byA.smallGroup[0]], 1u);
        // A small class of a rolled-up table is still listed by its rolled-up class.
        QCOMPARE(byB.sizes[byB.smallClass[0]], 1u);

        QVERIFY(!bound.provesFailure(Levels{0, 0}));  // nothing remembered
        bound.rememberChecked(Levels{1, 0}, byB);
        QVERIFY(!bound.provesFailure(Levels{0, 0}));  // 1 row: within the limit
        QVERIFY(!bound.provesFailure(Levels{0, 1}));  // (*,b) is not above (a,*)
        bound.rememberChecked(Levels{0, 1}, byA);
        QVERIFY(bound.provesFailure(Levels{0, 0}));   // rows (0,2) and (2,0): 2 > 1
        QVERIFY(!bound.provesFailure(Levels{1, 0}));  // only (*,b) itself is above it
        QCOMPARE(bound.decided(), std::uint64_t(1));

        // The search agrees: the bottom fails, the rest satisfies.
        SearchConfig config;
        config.criteria = bindCriteria(data, {"k=2"});
        config.suppressionLimit = 1.0 / 8;
        for (const SearchAlgorithm algorithm : {SearchAlgorithm::Fast, SearchAlgorithm::Brute}) {
            config.algorithm = algorithm;
            const SearchResult r = search(data, config);
            QCOMPARE(r.satisfyingCount, std::uint64_t(3));
            QVERIFY(!r.satisfies[0]);
        }
    }
    void bindingErrors() {
        const auto ws = adult({"sex", "age"}, "salary-class");
        QVERIFY_THROWS_EXCEPTION(ParameterError, bindCriteria(ws->dataset(), {"entropy-l=2@nope"}));
        QVERIFY_THROWS_EXCEPTION(ParameterError, parseSearchAlgorithm("flash"));
    }
};

QTEST_APPLESS_MAIN(TestSearch)
#include "test_search.moc"
