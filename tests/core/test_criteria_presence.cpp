// δ-presence (criteria_presence.h, research_subset.h; Nergiz, Atzori & Clifton 2007): δ worked
// out by hand on a small table, exact parameter and research-subset errors, the
// monotonicity claim of docs/criteria.md on random tables, brute force against every search
// algorithm with and without suppression, and the project round trip.
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <fstream>
#include <functional>
#include <random>

#include "ldiv/criteria/criteria_inputs.h"
#include "ldiv/criteria/criterion.h"
#include "ldiv/criteria/presence_dataset.h"
#include "ldiv/data/error.h"
#include "ldiv/evaluation/criterion_result.h"
#include "ldiv/project/workspace.h"
#include "ldiv/search/heuristic_result.h"
#include "ldiv/search/search_result.h"
#include "random_case.h"

using namespace ldv;

namespace {

std::string errorOf(const std::function<void()>& f) {
    try {
        f();
    } catch (const ParameterError& e) {
        return e.what();
    } catch (const InputError& e) {
        return std::string("input error: ") + e.what();
    }
    return "no error";
}

/// Eight people, one QI (age → decade → *) and the research subset study=yes:
///   age   20  20  21  21  30  31  31  40
///   study yes no  yes no  yes no  no  yes
/// δ at the ages: 20 ½, 21 ½, 30 1, 31 0, 40 1; at the decades: 2x 2/4, 3x 1/3, 4x 1/1;
/// at * 4/8.
struct SmallCase {
    Table table;
    std::unique_ptr<Dataset> data;
};

std::unique_ptr<SmallCase> smallCase() {
    auto c = std::make_unique<SmallCase>();
    Column age("age"), study("study");
    const char* ages[] = {"20", "20", "21", "21", "30", "31", "31", "40"};
    const char* in[] = {"yes", "no", "yes", "no", "yes", "no", "no", "yes"};
    for (int r = 0; r < 8; ++r) {
        age.append(ages[r]);
        study.append(in[r]);
    }
    c->table = Table({age, study});
    std::vector<HierarchyMap> maps;
    maps.emplace_back(Hierarchy(std::vector<std::vector<std::string>>{{"20", "2x", "*"},
                                                                      {"21", "2x", "*"},
                                                                      {"30", "3x", "*"},
                                                                      {"31", "3x", "*"},
                                                                      {"40", "4x", "*"}}),
                      c->table.column(0));
    c->data = std::make_unique<Dataset>(c->table, std::vector<std::size_t>{0}, std::move(maps),
                                        std::vector<std::size_t>{});
    return c;
}

SearchResult run(const Dataset& data, const std::vector<std::string>& specs,
                 SearchAlgorithm algorithm, double suppression, NodeId implicitAbove) {
    SearchConfig config;
    config.criteria = bindCriteria(data, specs, CriteriaInputs{});
    config.suppressionLimit = suppression;
    config.algorithm = algorithm;
    config.threads = 1;
    config.implicitAbove = implicitAbove;
    return search(data, config);
}

/// The oracle: every class's δ from its rows, the rows of failing classes against ⌊limit·n⌋.
/// `k` > 1 adds k-anonymity (a class failing either is suppressed).
bool oracleSatisfies(const Dataset& data, std::span<const std::uint8_t> inSubset,
                     const Levels& levels, double dmin, double dmax, std::uint32_t k,
                     double limit) {
    const EquivalenceClasses classes = data.classes(levels, true);
    const std::vector<std::uint32_t> rowClass = data.rowClasses(classes);
    std::vector<std::uint32_t> in(classes.count(), 0), all(classes.count(), 0);
    for (std::size_t r = 0; r < rowClass.size(); ++r) {
        ++all[rowClass[r]];
        in[rowClass[r]] += inSubset[r];
    }
    std::uint64_t failing = 0;
    for (std::size_t c = 0; c < classes.count(); ++c) {
        const double delta = double(in[c]) / double(all[c]);
        if (all[c] < k || delta < dmin || delta > dmax) failing += all[c];
    }
    return failing <= suppressionLimitRows(limit, data.rowCount()) && classes.count() > 0;
}

std::vector<std::uint8_t> randomSubset(std::mt19937& rng, std::size_t rows) {
    // Subsets of very different shares, so that some classes pass and some fail.
    const unsigned share = 1 + rng() % 9;
    std::vector<std::uint8_t> in(rows, 0);
    for (auto& v : in) v = rng() % 10 < share;
    in[rng() % rows] = 1;
    return in;
}

}  // namespace

class TestCriteriaPresence : public QObject {
    Q_OBJECT
private slots:
    void deltaByHand() {
        const auto c = smallCase();
        const auto in = researchSubsetRows(c->table, {}, "study=yes", "", {});
        QCOMPARE(in, (std::vector<std::uint8_t>{1, 0, 1, 0, 1, 0, 0, 1}));
        const PresenceDataset presence(*c->data, in);
        QCOMPARE(presence.subsetRows(), std::size_t(4));
        const Dataset& data = presence.dataset();
        QCOMPARE(presence.membership(), std::size_t(0));
        const auto criteria = bindCriteria(data, {"delta-presence=0.3,0.6"}, CriteriaInputs{});
        QCOMPARE(criteria.size(), std::size_t(1));
        QVERIFY(criteria[0].criterion.isMonotone());
        QVERIFY(!criteria[0].criterion.measureHigherIsBetter());
        QCOMPARE(criteria[0].criterion.threshold(), 0.0);
        const auto& dp = std::get<DeltaPresence>(criteria[0].criterion.variant());
        // The decades: classes 2x (4 rows, 2 in), 3x (3 rows, 1 in), 4x (1 row, 1 in).
        const EquivalenceClasses decades = data.classes(Levels{1});
        QCOMPARE(decades.count(), std::size_t(3));
        std::vector<double> deltas, measures;
        for (std::size_t k = 0; k < decades.count(); ++k) {
            deltas.push_back(dp.delta(decades.histogram(k, 0)));
            measures.push_back(dp.measure(decades.histogram(k, 0)));
        }
        QCOMPARE(deltas, (std::vector<double>{2.0 / 4, 1.0 / 3, 1.0}));
        // max(dmin − δ, δ − dmax): 2x max(−0.2, −0.1), 3x max(0.3 − 1/3, 1/3 − 0.6), 4x 0.4.
        QVERIFY(std::abs(measures[0] - -0.1) < 1e-12);
        QVERIFY(std::abs(measures[1] - (0.3 - 1.0 / 3)) < 1e-12);
        QVERIFY(std::abs(measures[2] - 0.4) < 1e-12);
        const auto results = evaluateCriteria(data, decades, criteria);
        QVERIFY(!results[0].holds);
        QCOMPARE(results[0].failingClasses, std::size_t(1));
        QCOMPARE(results[0].failingRows, std::size_t(1));
        QCOMPARE(results[0].worstClass, std::size_t(2));
        // The ages fail in 30 (δ 1), 31 (δ 0) and 40 (δ 1): 4 rows; the decades in 4x: 1 row;
        // * (δ ½) holds. Without suppression only * satisfies; with ⌊0.125·8⌋ = 1 row the
        // decades do too (4x suppressed), the ages not.
        for (SearchAlgorithm a :
             {SearchAlgorithm::Brute, SearchAlgorithm::Fast, SearchAlgorithm::Incognito}) {
            QCOMPARE(run(data, {"delta-presence=0.3,0.6"}, a, 0, 1 << 20).satisfying,
                     (std::vector<NodeId>{2}));
            QCOMPARE(run(data, {"delta-presence=0.3,0.6"}, a, 0.125, 1 << 20).satisfying,
                     (std::vector<NodeId>{1, 2}));
            // [0, 1] holds everywhere; [0.5, 0.5] only at * (every decade but 2x misses ½).
            QCOMPARE(run(data, {"delta-presence=0,1"}, a, 0, 1 << 20).satisfying,
                     (std::vector<NodeId>{0, 1, 2}));
            QCOMPARE(run(data, {"delta-presence=0.5,0.5"}, a, 0, 1 << 20).satisfying,
                     (std::vector<NodeId>{2}));
        }
        // An empty class fails; a class with no subset row has δ = 0.
        const std::uint32_t none[] = {3, 0};
        QCOMPARE(dp.delta(none), 0.0);
        QVERIFY(!dp.holds(none));
        const std::uint32_t empty[] = {0, 0};
        QVERIFY(!dp.holds(empty));
        QVERIFY(std::isinf(dp.measure(empty)));
        // The feasibility warning names the table's share.
        const auto warnings = feasibilityWarnings(
            data, bindCriteria(data, {"delta-presence=0.6,0.9"}, CriteriaInputs{}));
        QCOMPARE(warnings, (std::vector<std::string>{
                               "the research subset is 0.5 of the table's rows, outside [0.6, "
                               "0.9]: delta-presence=0.6,0.9 is impossible"}));
    }

    void parameterErrors_data() {
        QTest::addColumn<QString>("spec");
        QTest::addColumn<QString>("message");
        QTest::newRow("dmin > dmax")
            << "delta-presence=0.6,0.4"
            << "criterion 'delta-presence=0.6,0.4': dmin = 0.6 is larger than dmax = 0.4; write "
               "delta-presence=DMIN,DMAX with DMIN ≤ DMAX";
        QTest::newRow("dmin < 0") << "delta-presence=-0.1,0.5"
                                  << "criterion 'delta-presence=-0.1,0.5': dmin = -0.1 is not "
                                     "allowed, dmin and dmax are fractions in [0, 1]";
        QTest::newRow("dmax > 1") << "delta-presence=0.1,1.5"
                                  << "criterion 'delta-presence=0.1,1.5': dmax = 1.5 is not "
                                     "allowed, dmin and dmax are fractions in [0, 1]";
        QTest::newRow("one number") << "delta-presence=0.5"
                                    << "criterion 'delta-presence=0.5': expected 2 parameter(s), "
                                       "write delta-presence=DMIN,DMAX";
        QTest::newRow("attribute") << "delta-presence=0.1,0.5@s0"
                                   << "criterion 'delta-presence=0.1,0.5@s0': delta-presence is "
                                      "about the research subset; '@' and ';multi' are not allowed";
    }
    void parameterErrors() {
        QFETCH(QString, spec);
        QFETCH(QString, message);
        QCOMPARE(QString::fromStdString(errorOf([&] { parseCriterionSpec(spec.toStdString()); })),
                 message);
    }

    void bindErrors() {
        const auto c = smallCase();
        // Without the research subset (the plain dataset): what to give.
        const std::string missing =
            "criterion 'delta-presence=0.1,0.5' needs the research subset, the rows that are "
            "published: give --research-subset COL=VALUE or --research-subset FILE.csv (the "
            "loaded table is the population)";
        QCOMPARE(
            errorOf([&] { bindCriteria(*c->data, {"delta-presence=0.1,0.5"}, CriteriaInputs{}); }),
            missing);
        QCOMPARE(errorOf([&] { Criterion::parse("delta-presence=0.1,0.5"); }), missing);
        // With it, the other criteria never see the membership attribute.
        const auto in = researchSubsetRows(c->table, {}, "study=yes", "", {});
        const PresenceDataset presence(*c->data, in);
        QCOMPARE(
            errorOf([&] { bindCriteria(presence.dataset(), {"distinct-l=2"}, CriteriaInputs{}); }),
            std::string("criterion 'distinct-l=2' needs a sensitive attribute (--sensitive)"));
        // The round trip of the spec.
        QCOMPARE(formatCriterionSpec(parseCriterionSpec("delta-presence= 0.25 , 0.5")),
                 std::string("delta-presence=0.25,0.5"));
    }

    void researchSubsetErrors() {
        const auto c = smallCase();
        QTemporaryDir dir;
        const std::string base = dir.path().toStdString();
        auto write = [&](const std::string& name, const std::string& text) {
            std::ofstream(base + "/" + name) << text;
            return base + "/" + name;
        };
        auto rowsOf = [&](const std::string& definition) {
            return researchSubsetRows(c->table, {}, definition, base, {});
        };
        QCOMPARE(errorOf([&] { rowsOf("sex=male"); }),
                 std::string("research subset 'sex=male': no column 'sex'; columns are: age, "
                             "study"));
        QCOMPARE(errorOf([&] { rowsOf("study=maybe"); }),
                 std::string("research subset 'study=maybe': no row has study = 'maybe'"));
        // A file of rows of the table: matched on its columns, once per table row.
        write("pair.csv", "age,study\n20,no\n31,no\n");
        QCOMPARE(rowsOf("pair.csv"), (std::vector<std::uint8_t>{0, 1, 0, 0, 0, 1, 0, 0}));
        write("twice.csv", "age\n31\n31\n");
        QCOMPARE(rowsOf("twice.csv"), (std::vector<std::uint8_t>{0, 0, 0, 0, 0, 1, 1, 0}));
        write("thrice.csv", "age\n31\n31\n31\n");
        QCOMPARE(errorOf([&] { rowsOf("thrice.csv"); }),
                 "research subset file '" + base +
                     "/thrice.csv': data row 3 (age = '31') is not in the table as often as the "
                     "file lists it");
        write("stranger.csv", "age,study\n20,yes\n50,yes\n");
        QCOMPARE(errorOf([&] { rowsOf("stranger.csv"); }),
                 "research subset file '" + base +
                     "/stranger.csv': data row 2 (age = '50', study = 'yes') is not in the table");
        write("column.csv", "name\nAda\n");
        QCOMPARE(errorOf([&] { rowsOf("column.csv"); }),
                 "research subset file '" + base +
                     "/column.csv': column 'name' is not in the table; columns are: age, study");
        QVERIFY(errorOf([&] { rowsOf("absent.csv"); }).starts_with("input error: "));
        // A grouped load cannot match file rows.
        const std::uint32_t weights[] = {1, 1, 1, 1, 1, 1, 1, 1};
        QCOMPARE(errorOf([&] { researchSubsetRows(c->table, weights, "pair.csv", base, {}); }),
                 std::string("research subset file 'pair.csv': matching its rows needs the "
                             "table's rows, but the data was loaded as groups; load the rows "
                             "(without --stream)"));
    }

    void monotoneWithoutSuppression() {
        // docs/criteria.md: the δ of a union of classes is the mediant of theirs, so a node
        // whose every class is within [DMIN, DMAX] has every generalization within.
        std::mt19937 rng(4711);
        int pairs = 0, satisfying = 0;
        for (int round = 0; round < 40; ++round) {
            const auto rc = test::randomCase(rng, 10 + rng() % 120, 2 + rng() % 2);
            const auto in = randomSubset(rng, rc->data->rowCount());
            const double a = double(rng() % 30) / 100,
                         b = std::min(1.0, a + 0.3 + double(rng() % 40) / 100);
            const Lattice& lattice = rc->data->lattice();
            for (NodeId id = 0; id < lattice.size(); ++id) {
                const Levels levels = lattice.levels(id);
                if (!oracleSatisfies(*rc->data, in, levels, a, b, 0, 0)) continue;
                ++satisfying;
                for (std::size_t i = 0; i < levels.size(); ++i) {
                    if (levels[i] >= lattice.heights()[i]) continue;
                    Levels up = levels;
                    ++up[i];
                    ++pairs;
                    QVERIFY(oracleSatisfies(*rc->data, in, up, a, b, 0, 0));
                }
            }
        }
        QVERIFY2(satisfying > 100, QByteArray::number(satisfying));
        QVERIFY2(pairs > 100, QByteArray::number(pairs));
    }

    void notMonotoneWithSuppression() {
        // With suppression it is not. q = a | b | c, then a | bc, then *:
        //   a: 4 rows, 2 in (δ ½); b: 1 row, in (δ 1); c: 4 rows, 2 in (δ ½); 5 of 9 in.
        // With [0.4, 0.56] and 1 row of suppression the bottom satisfies (b suppressed), the
        // middle fails (bc: 3 of 5, δ 0.6, 5 rows) and the top holds (5/9 ≈ 0.556): the
        // search must not tag generalizations of a satisfying node.
        Column q("q"), s("s");
        const char* values[] = {"a", "a", "a", "a", "b", "c", "c", "c", "c"};
        const char* in[] = {"yes", "no", "yes", "no", "yes", "no", "yes", "no", "yes"};
        for (int r = 0; r < 9; ++r) {
            q.append(values[r]);
            s.append(in[r]);
        }
        const Table table({q, s});
        std::vector<HierarchyMap> maps;
        maps.emplace_back(Hierarchy(std::vector<std::vector<std::string>>{
                              {"a", "a", "*"}, {"b", "bc", "*"}, {"c", "bc", "*"}}),
                          table.column(0));
        const Dataset data(table, {0}, std::move(maps), {});
        const auto subset = researchSubsetRows(table, {}, "s=yes", "", {});
        const PresenceDataset presence(data, subset);
        // Bottom: a ½, b 1 (1 row: suppressed), c ½ → satisfies within 1 row. Middle: a ½,
        // bc 3/5 > 0.55 with 5 rows → fails. Top: 5/9 ≈ 0.556 → holds.
        for (SearchAlgorithm a :
             {SearchAlgorithm::Brute, SearchAlgorithm::Fast, SearchAlgorithm::Incognito})
            QCOMPARE(
                run(presence.dataset(), {"delta-presence=0.4,0.56"}, a, 1.0 / 9 + 1e-9, 1 << 20)
                    .satisfying,
                (std::vector<NodeId>{0, 2}));
    }

    void searchAgreesWithBruteForce_data() {
        QTest::addColumn<double>("suppression");
        QTest::newRow("no suppression") << 0.0;
        QTest::newRow("10% suppression") << 0.1;
    }
    void searchAgreesWithBruteForce() {
        QFETCH(double, suppression);
        std::mt19937 rng(91 + unsigned(suppression * 100));
        int nonTrivial = 0, heuristicFound = 0;
        for (int round = 0; round < 48; ++round) {
            const auto rc = test::randomCase(rng, 20 + rng() % 150, 2 + rng() % 3);
            const auto in = randomSubset(rng, rc->data->rowCount());
            const PresenceDataset presence(*rc->data, in);
            const Dataset& data = presence.dataset();
            const double a = double(rng() % 40) / 100, b = a + double(10 + rng() % 60) / 100;
            const std::string dp =
                "delta-presence=" + formatNumber(a) + "," + formatNumber(std::min(b, 1.0));
            // delta-presence alone: other criteria beside it are refused (criteria_inputs.cpp).
            const std::uint32_t k = 0;
            const std::vector<std::string> specs{dp};
            const QByteArray what = QByteArray("round ") + QByteArray::number(round) + " " +
                                    QByteArray::fromStdString(dp);
            const auto brute = run(data, specs, SearchAlgorithm::Brute, suppression, 1 << 20);
            {
                // The oracle, from the rows.
                std::vector<NodeId> expected;
                for (NodeId id = 0; id < data.lattice().size(); ++id)
                    if (oracleSatisfies(data, in, data.lattice().levels(id), a, std::min(b, 1.0), k,
                                        suppression))
                        expected.push_back(id);
                QVERIFY2(brute.satisfying == expected, what);
            }
            for (SearchAlgorithm alg : {SearchAlgorithm::Fast, SearchAlgorithm::Incognito}) {
                const auto r = run(data, specs, alg, suppression, 1 << 20);
                QVERIFY2(r.satisfying == brute.satisfying, what);
                QVERIFY2(r.minimal == brute.minimal, what);
                QVERIFY2(r.optimum == brute.optimum, what);
            }
            // The implicit classification (antichain of minimal nodes) where it applies.
            const auto implicit = run(data, specs, SearchAlgorithm::Fast, suppression, 0);
            for (NodeId id = 0; id < data.lattice().size(); ++id)
                QVERIFY2(implicit.nodeSatisfies(id) == (brute.satisfies[id] != 0), what);
            QVERIFY2(implicit.optimum == brute.optimum, what);
            // The anytime heuristic's best node, when it finds one, satisfies.
            SearchConfig config;
            config.criteria = bindCriteria(data, specs, CriteriaInputs{});
            config.suppressionLimit = suppression;
            config.threads = 1;
            const HeuristicResult h = heuristicSearch(data, config, std::nullopt);
            QVERIFY2(!h.best || brute.satisfies[*h.best], what);
            if (h.best) ++heuristicFound;
            if (!brute.satisfying.empty() && brute.satisfying.size() < brute.latticeSize)
                ++nonTrivial;
        }
        QVERIFY(nonTrivial > 10);
        QVERIFY(heuristicFound > 10);
    }

    void projectRoundTrip() {
        QTemporaryDir dir;
        const std::string base = dir.path().toStdString();
        std::ofstream(base + "/people.csv")
            << "age,study,disease\n20,yes,flu\n20,no,cold\n21,yes,flu\n21,no,flu\n30,yes,cold\n"
               "31,no,flu\n31,no,cold\n40,yes,flu\n";
        ProjectConfig config;
        config.dataPath = "people.csv";
        config.ensureAttribute("age").role = Role::QuasiIdentifying;
        config.ensureAttribute("age").hierarchyBuilder = "suppress";
        config.ensureAttribute("disease").role = Role::Sensitive;
        config.search.criteria = {"delta-presence=0.3,0.6"};
        config.researchSubset = "study=yes";
        config.search.populationSize = 1000;
        saveProject(config, base + "/p.ldiv.json");
        const ProjectConfig loaded = loadProject(base + "/p.ldiv.json");
        QCOMPARE(loaded.researchSubset, std::string("study=yes"));
        QVERIFY(loaded == config);
        QVERIFY(formatProject(loaded).find("\"research_subset\": \"study=yes\"") !=
                std::string::npos);
        const Workspace ws(loaded, base);
        const Dataset& data = criteriaDataset(ws, loaded.search.criteria);
        QVERIFY(&data == &ws.presenceDataset()->dataset());
        QVERIFY(&criteriaDataset(ws, {"k=2"}) == &ws.dataset());
        // The project's population size reaches the criteria; an explicit one overrides it.
        QCOMPARE(criteriaInputs(ws).populationSize, 1000.0);
        QCOMPARE(criteriaInputs(ws, 5000).populationSize, 5000.0);
        const auto criteria = bindCriteria(data, loaded.search.criteria, criteriaInputs(ws));
        QCOMPARE(criteria[0].sensitive, std::size_t(1));  // the membership, after disease
        // A class criterion beside delta-presence would be judged on the population's classes,
        // not the published subset's: refused (criteria_inputs.cpp).
        QCOMPARE(
            errorOf([&] {
                bindCriteria(data, {"delta-presence=0.3,0.6", "distinct-l=1"}, CriteriaInputs{});
            }),
            std::string("criterion 'distinct-l=1' cannot be combined with delta-presence "
                        "yet: it would be judged on the population's classes (the loaded "
                        "table), not on the research subset's rows that are published. "
                        "Judge delta-presence alone, and check the published table against "
                        "the other criteria on its own"));
        // Without a subset in the project: the same message as the command line's.
        ProjectConfig plain = loaded;
        plain.researchSubset.clear();
        const Workspace ws2(plain, base);
        QVERIFY(errorOf([&] {
                    criteriaDataset(ws2, plain.search.criteria);
                }).starts_with("criterion 'delta-presence=0.3,0.6' needs the research subset"));
        // A subset file relative to the project's folder.
        std::ofstream(base + "/subset.csv") << "age,study\n30,yes\n40,yes\n";
        ProjectConfig byFile = loaded;
        byFile.researchSubset = "subset.csv";
        const Workspace ws3(byFile, base);
        QCOMPARE(ws3.presenceDataset()->subsetRows(), std::size_t(2));
        QCOMPARE(errorOf([&] {
                     bindCriteria(data, {"distinct-l=1@(research subset)"}, CriteriaInputs{});
                 }),
                 std::string("criterion 'distinct-l=1@(research subset)': '(research subset)' is "
                             "not a sensitive attribute"));
        // A multi-attribute criterion cannot share the data with the membership attribute.
        QCOMPARE(errorOf([&] { bindCriteria(data, {"distinct-l=1;multi"}, CriteriaInputs{}); }),
                 std::string("criterion 'distinct-l=1;multi': a multi-attribute criterion "
                             "(';multi') cannot be combined with delta-presence"));
    }
};

QTEST_APPLESS_MAIN(TestCriteriaPresence)
#include "test_criteria_presence.moc"
