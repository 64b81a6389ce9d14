// The ℓ-diversity experiments (Machanavajjhala et al. 2007 §6) and attacks (Machanavajjhala et al.
// 2007 §1.1): hospital golden cases, Adult homogeneity re-verified by an independent regrouping,
// utility minima against the search's optima, sampling, timing and cancellation.
#include "ldiv/data/error.h"
#include "ldiv/experiments/background_attack.h"
#include "ldiv/experiments/experiments.h"
#include "ldiv/io/csv_table_reader.h"
#include "ldiv/project/workspace.h"

#include <QtTest>

#include <cmath>
#include <map>

#include "adult_workspace.h"
#include "test_paths.h"

using namespace ldv;

namespace {

std::unique_ptr<Workspace> hospital() {
    return std::make_unique<Workspace>(loadProject(test::example("hospital/hospital.ldiv.json")),
                                       test::example("hospital"));
}

std::unique_ptr<Workspace> adultFull(const std::vector<std::string>& qi,
                                     const std::string& sensitive) {
    ProjectConfig c = test::adultConfig(test::example("adult/"), qi, sensitive, "adult_full.csv");
    c.csv.separator = ';';
    return std::make_unique<Workspace>(c, "");
}

/// Machanavajjhala et al. 2007 Fig. 2 as published, with its own (identity) hierarchies.
struct Published {
    Table table = readCsv(test::example("hospital/hospital_fig2_4anonymous.csv"));
    std::vector<std::string> qi{"zip", "age", "nationality"};
};

/// Independent oracle: group rows by their generalized QI strings, no base groups.
std::map<std::vector<std::size_t>, std::string> regroupHomogeneous(const Dataset& data,
                                                                   const Levels& levels, double p) {
    std::map<std::vector<std::string>, std::vector<std::size_t>> groups;
    for (std::size_t r = 0; r < data.rowCount(); ++r) {
        std::vector<std::string> key;
        for (std::size_t i = 0; i < data.qiCount(); ++i) {
            const HierarchyMap& h = data.hierarchy(i);
            key.push_back(h.levelValue(
                levels[i], h.map(data.table().column(data.qiColumns()[i]).code(r), levels[i])));
        }
        groups[key].push_back(r);
    }
    std::map<std::vector<std::size_t>, std::string> out;
    const std::size_t sa = data.sensitiveColumns()[0];
    for (const auto& [key, rows] : groups) {
        std::map<std::string, std::size_t> counts;
        for (std::size_t r : rows) ++counts[data.table().value(r, sa)];
        std::size_t top = 0;
        std::string value;
        for (const auto& [v, n] : counts)
            if (n > top) top = n, value = v;
        if (double(top) >= p * double(rows.size()) - 1e-9) out[rows] = value;
    }
    return out;
}

}  // namespace

class TestExperiments : public QObject {
    Q_OBJECT

private slots:
    // Machanavajjhala et al. 2007 Fig. 2: the class of rows 9–12 (all Cancer) is the homogeneity
    // attack on Bob.
    void hospitalFig2Homogeneous() {
        const Published fig2;
        std::vector<std::size_t> qi;
        std::vector<HierarchyMap> maps;
        for (const std::string& name : fig2.qi) {
            qi.push_back(fig2.table.requireColumn(name));
            maps.emplace_back(fig2.table.column(qi.back()));
        }
        const Dataset data(fig2.table, qi, std::move(maps),
                           {fig2.table.requireColumn("condition")});
        const EquivalenceClasses classes = data.classes(Levels(3, 0), true);
        const auto rowClass = data.rowClasses(classes);
        for (double p : {1.0, 0.95}) {
            const auto affected = homogeneousClasses(classes, p, 0, rowClass);
            QCOMPARE(affected.size(), std::size_t(1));
            QCOMPARE(affected[0].size, 4u);
            QCOMPARE(affected[0].count, 4u);
            QCOMPARE(affected[0].rows, (std::vector<std::size_t>{8, 9, 10, 11}));
            QCOMPARE(fig2.table.column(3).value(affected[0].value), std::string("Cancer"));
        }
        // At p = 0.5 every class of Fig. 2 has a majority value covering half of it.
        QCOMPARE(homogeneousClasses(classes, 0.5, 0, rowClass).size(), std::size_t(3));
        QVERIFY_THROWS_EXCEPTION(ParameterError, homogeneousClasses(classes, 0, 0));
    }
    // Machanavajjhala et al. 2007 Fig. 4, the node zip=1, age=2, nationality=1, is 3-diverse:
    // nothing homogeneous.
    void hospitalFig4NotHomogeneous() {
        const auto ws = hospital();
        const EquivalenceClasses classes = ws->dataset().classes(Levels{1, 2, 1}, true);
        QCOMPARE(classes.count(), std::size_t(3));
        QVERIFY(homogeneousClasses(classes, 1.0).empty());
        QVERIFY(homogeneousClasses(classes, 0.95).empty());
        QCOMPARE(homogeneousClasses(classes, 0.5).size(), std::size_t(3));
    }
    // Machanavajjhala et al. 2007 §1.1: "Japanese have an extremely low incidence of heart disease"
    // reveals Umeko.
    void umekoBackgroundKnowledge() {
        const auto ws = hospital();
        const Dataset& data = ws->dataset();
        BackgroundAttackOptions options;
        options.statements.push_back(
            parseBackgroundStatement("nationality=Japanese => condition=Heart Disease : 0.01"));
        const Published fig2;
        const auto rowClass = publishedRowClasses(fig2.table, fig2.qi);
        QCOMPARE(rowClass.size(), std::size_t(12));
        const BackgroundAttackResult published = backgroundAttack(
            ws->table(), data.sensitiveColumns()[0], data.qiColumns(), rowClass, options);
        const BackgroundIndividual& umeko = published.individuals[2];
        QCOMPARE(ws->table().value(2, data.sensitiveColumns()[0]), std::string("Viral Infection"));
        QVERIFY(umeko.knowledgeApplies);
        // Without knowledge β = n(q*,s)/N (SPEC §4): 2 of 4 in the class (HD, HD, VI, VI).
        // With it: V .44/(4/12) against HD .01/(3/12), both twice: β = 2.64/2.72 = 33/34.
        QCOMPARE(umeko.beliefBefore, 0.5);
        QVERIFY(std::abs(umeko.beliefAfter - 33.0 / 34.0) < 1e-12);
        QVERIFY(umeko.beliefAfter >= 0.95);
        QVERIFY(!umeko.positiveBefore && umeko.positiveAfter);
        QVERIFY(published.newlyDisclosed >= 1);
        QCOMPARE(published.classes.size(), std::size_t(3));
        QCOMPARE(published.total.rows, std::size_t(12));
        // Bob's class (rows 9–12, all Cancer) is disclosed with or without knowledge.
        QCOMPARE(published.classes[rowClass[8]].positiveBefore, std::size_t(4));
        QCOMPARE(published.total.positiveAfter, published.total.positiveBefore + 1);

        const BackgroundAttackResult diverse = backgroundAttack(data, Levels{1, 2, 1}, options);
        QVERIFY(diverse.individuals[2].beliefAfter < 0.95);
        QVERIFY(!diverse.individuals[2].positiveAfter);
        QCOMPARE(diverse.total.positiveBefore, std::size_t(0));
        QCOMPARE(diverse.total.positiveAfter, std::size_t(0));
    }
    void unknownKnowledgeValueThrows() {
        const auto ws = hospital();
        BackgroundAttackOptions options;
        options.statements.push_back(
            parseBackgroundStatement("nationality=Martian => condition=Cancer : 0"));
        QVERIFY_THROWS_EXCEPTION(ParameterError,
                                 backgroundAttack(ws->dataset(), Levels{1, 2, 1}, options));
    }
    // Machanavajjhala et al. 2007 Figs 9/11 setup; totals per k equal the minimal k-anonymous nodes
    // of the search, and every counted class is found again by regrouping the node row by row.
    void adultHomogeneityReverified() {
        const auto ws =
            adultFull({"age", "sex", "race", "marital-status", "education"}, "salary-class");
        const Dataset& data = ws->dataset();
        QCOMPARE(data.rowCount(), std::size_t(45222));
        HomogeneityOptions options;
        const HomogeneityResult r = homogeneityAttack(data, options);
        QCOMPARE(r.rows.size(), options.ks.size() * 2);
        std::size_t table = 0;
        for (const HomogeneityRow& row : r.rows) {
            SearchConfig config;
            config.criteria = bindCriteria(data, {"k=" + std::to_string(row.k)});
            QCOMPARE(row.totalTables, search(data, config).minimal.size());
            QVERIFY(row.affectedTables <= row.totalTables);
            double classes = 0, rows = 0;
            for (std::size_t t = 0; t < row.totalTables; ++t, ++table) {
                const HomogeneityTable& h = r.tables[table];
                QCOMPARE(h.k, row.k);
                QCOMPARE(h.threshold, row.threshold);
                const auto oracle = regroupHomogeneous(data, h.levels, h.threshold);
                QCOMPARE(h.affected.size(), oracle.size());
                std::size_t affectedRows = 0;
                for (const HomogeneousClass& c : h.affected) {
                    QVERIFY(oracle.count(c.rows) == 1);
                    QCOMPARE(data.table().column(data.sensitiveColumns()[0]).value(c.value),
                             oracle.at(c.rows));
                    affectedRows += c.rows.size();
                }
                QCOMPARE(h.affectedRows, affectedRows);
                classes += double(h.affected.size());
                rows += double(affectedRows);
            }
            QCOMPARE(row.avgAffectedClasses, classes / double(row.totalTables));
            QCOMPARE(row.avgAffectedRows, rows / double(row.totalTables));
        }
        QCOMPARE(table, r.tables.size());
    }
    void utilityMinimaAreSearchOptima_data() {
        QTest::addColumn<double>("sample");
        QTest::addColumn<double>("suppression");
        QTest::newRow("full") << 1.0 << 0.0;
        QTest::newRow("5% sample") << 0.05 << 0.0;
        QTest::newRow("2% suppression") << 1.0 << 0.02;
    }
    void utilityMinimaAreSearchOptima() {
        QFETCH(double, sample);
        QFETCH(double, suppression);
        const auto ws = adultFull({"age", "sex", "race", "marital-status"}, "occupation");
        UtilityOptions options;
        options.sample = sample;
        options.suppressionLimit = suppression;
        const UtilityResult r = utilityComparison(ws->dataset(), options);
        QCOMPARE(r.rows.size(), std::size_t(15));
        const DatasetSample copy(ws->dataset(), sample, options.seed);
        const Dataset& data = copy.dataset();
        QCOMPARE(r.rowsUsed, data.rowCount());
        QCOMPARE(r.baseKl, baseKlDivergence(data));
        for (const UtilityRow& u : r.rows) {
            SearchConfig config;
            config.criteria = bindCriteria(data, {u.spec});
            config.suppressionLimit = suppression;
            for (Metric m : {Metric::Height, Metric::AverageClassSize, Metric::Discernibility,
                             Metric::KlDivergence}) {
                config.metric = m;
                const SearchResult s = search(data, config);
                QCOMPARE(u.feasible, s.optimum.has_value());
                QCOMPARE(u.satisfyingNodes, s.satisfying.size());
                if (!s.optimum) {
                    QVERIFY(std::isnan(u.minKl));
                    continue;
                }
                const double mine = m == Metric::Height             ? u.minHeight
                                    : m == Metric::AverageClassSize ? u.minAverageClassSize
                                    : m == Metric::Discernibility   ? u.minDiscernibility
                                                                    : u.minKl;
                QCOMPARE(mine, metricValue(s.optimumMetrics, m));
                const Levels& node = m == Metric::Height             ? u.heightNode
                                     : m == Metric::AverageClassSize ? u.averageClassSizeNode
                                     : m == Metric::Discernibility   ? u.discernibilityNode
                                                                     : u.klNode;
                QCOMPARE(node, s.optimumMetrics.levels);
            }
            // KL of any release lies between 0 and that of publishing the SA alone (Machanavajjhala
            // et al. 2007 Fig. 19).
            if (u.feasible) QVERIFY(u.minKl >= 0 && u.minKl <= r.baseKl + 1e-9);
        }
        // An ℓ-diverse table is ℓ-anonymous for entropy ℓ-diversity: never better than k = ℓ.
        for (std::size_t i = 0; i < 5; ++i)
            if (r.rows[5 + i].feasible)
                QVERIFY(r.rows[5 + i].minDiscernibility >= r.rows[i].minDiscernibility);
    }
    void sampleIsSeededBernoulli() {
        const auto ws = adultFull({"age", "sex"}, "occupation");
        const DatasetSample a(ws->dataset(), 0.05, 1), b(ws->dataset(), 0.05, 1),
            c(ws->dataset(), 0.05, 2);
        QCOMPARE(a.dataset().rowCount(), b.dataset().rowCount());
        QCOMPARE(a.table().column(0).codes().size(), b.table().column(0).codes().size());
        QVERIFY(std::equal(a.table().column(1).codes().begin(), a.table().column(1).codes().end(),
                           b.table().column(1).codes().begin()));
        QVERIFY(a.dataset().rowCount() != c.dataset().rowCount() ||
                !std::equal(a.table().column(1).codes().begin(), a.table().column(1).codes().end(),
                            c.table().column(1).codes().begin()));
        // 45,222 · 0.05 = 2,261 ± 4σ (σ ≈ 46).
        QVERIFY(std::abs(double(a.dataset().rowCount()) - 2261.1) < 190);
        QCOMPARE(DatasetSample(ws->dataset(), 1, 7).dataset().rowCount(), std::size_t(45222));
        QVERIFY_THROWS_EXCEPTION(ParameterError, DatasetSample(ws->dataset(), 0, 1));
    }
    void timingGrowsTheQi() {
        const auto ws =
            adultFull({"age", "sex", "race", "marital-status", "education"}, "occupation");
        TimingOptions options;
        const auto rows = qiSizeTiming(ws->dataset(), options);
        QCOMPARE(rows.size(), std::size_t(6));
        for (const TimingRow& t : rows) {
            const Dataset sub = firstQuasiIdentifiers(ws->dataset(), t.qiSize);
            QCOMPARE(t.qi.size(), t.qiSize);
            QCOMPARE(t.latticeSize, sub.lattice().size());
            SearchConfig config;
            config.criteria = bindCriteria(sub, {privacyModelSpec(t.model, 6, 3, "occupation")});
            QCOMPARE(t.satisfyingNodes, search(sub, config).satisfying.size());
            QVERIFY(t.searchMs >= 0);
        }
        QCOMPARE(rows.front().qi, (std::vector<std::string>{"age", "sex", "race"}));
        QCOMPARE(rows.back().qiSize, std::size_t(5));
    }
    void cancelled() {
        const auto ws = hospital();
        Feedback feedback;
        feedback.cancel();
        QVERIFY_THROWS_EXCEPTION(Cancelled, homogeneityAttack(ws->dataset(), {}, &feedback));
        QVERIFY_THROWS_EXCEPTION(Cancelled, utilityComparison(ws->dataset(), {}, &feedback));
        QVERIFY_THROWS_EXCEPTION(Cancelled, qiSizeTiming(ws->dataset(), {}, &feedback));
    }
    void progressReachesOne() {
        const auto ws = hospital();
        Feedback feedback;
        UtilityOptions options;
        options.parameters = {2, 3};
        utilityComparison(ws->dataset(), options, &feedback);
        QCOMPARE(feedback.progress(), 1.0);
    }
    void lAboveValuesIsAGap() {
        // Hospital's condition has 3 values: ℓ = 4 is infeasible for the ℓ-models (a gap in the
        // figure), while k = 4 is searched as usual.
        const auto ws = hospital();
        UtilityOptions options;
        options.parameters = {3, 4};
        const UtilityResult r = utilityComparison(ws->dataset(), options);
        QCOMPARE(r.rows.size(), std::size_t(6));
        for (const UtilityRow& u : r.rows) {
            if (u.parameter < 4 || u.model == PrivacyModel::KAnonymity) continue;
            QVERIFY(!u.feasible);
            QCOMPARE(u.satisfyingNodes, std::size_t(0));
            QVERIFY(std::isnan(u.minHeight) && std::isnan(u.minKl));
        }
        const auto k4 = std::find_if(r.rows.begin(), r.rows.end(), [](const UtilityRow& u) {
            return u.model == PrivacyModel::KAnonymity && u.parameter == 4;
        });
        QVERIFY(k4 != r.rows.end() && k4->feasible);
    }
    void modelNames() {
        QCOMPARE(privacyModelSpec(PrivacyModel::RecursiveCL, 6, 3, "occupation"),
                 std::string("recursive-cl=3,6@occupation"));
        QCOMPARE(privacyModelSpec(PrivacyModel::KAnonymity, 6, 3, "occupation"),
                 std::string("k=6"));
        QCOMPARE(parsePrivacyModel("entropy-l"), PrivacyModel::EntropyL);
        QVERIFY_THROWS_EXCEPTION(ParameterError, parsePrivacyModel("t-closeness"));
        QVERIFY_THROWS_EXCEPTION(ParameterError,
                                 privacyModelSpec(PrivacyModel::KAnonymity, 2.5, 3, ""));
    }
};

QTEST_APPLESS_MAIN(TestExperiments)
#include "test_experiments.moc"
