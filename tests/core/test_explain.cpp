// Explaining a node (explain.h): every proposed fix is judged again independently and gives
// the promised verdict and utility; failing classes, their rows and QI values are checked
// against the data; a worked example by hand; the same listing in any row order or grouped.
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <map>
#include <random>

#include "ldiv/data/error.h"
#include "ldiv/publish/explanation.h"
#include "random_case.h"

using namespace ldv;

namespace {

bool close(double a, double b) {
    return std::fabs(a - b) <= 1e-9 * std::max({1.0, std::fabs(a), std::fabs(b)});
}

SearchConfig configOf(const Dataset& data, const std::vector<std::string>& specs,
                      double suppression, Metric metric = Metric::Discernibility) {
    SearchConfig c;
    c.criteria = bindCriteria(data, specs);
    c.suppressionLimit = suppression;
    c.metric = metric;
    return c;
}

/// The hand example: zip 1,1,2,3,3,3 with hierarchy 1,2 -> "12" -> *, 3 -> "3x" -> *; the
/// sensitive values x,y,x,x,x,y.
struct Hand {
    Table table;
    std::unique_ptr<Dataset> data;
    Hand() {
        Column zip("zip"), s("s");
        for (const char* v : {"1", "1", "2", "3", "3", "3"}) zip.append(v);
        for (const char* v : {"x", "y", "x", "x", "x", "y"}) s.append(v);
        table = Table({zip, s});
        const Hierarchy h({{"1", "12", "*"}, {"2", "12", "*"}, {"3", "3x", "*"}});
        std::vector<HierarchyMap> maps;
        maps.emplace_back(h, table.column(0));
        data = std::make_unique<Dataset>(table, std::vector<std::size_t>{0}, std::move(maps),
                                         std::vector<std::size_t>{1});
    }
};

}  // namespace

class TestExplain : public QObject {
    Q_OBJECT
private slots:
    void workedExampleByHand() {
        const Hand hand;
        const Dataset& data = *hand.data;
        const SearchConfig config = configOf(data, {"k=2", "distinct-l=2"}, 0);
        const Explanation e = explainNode(data, config, Levels{0});
        QCOMPARE(e.satisfies, false);
        QCOMPARE(e.classes, std::size_t(3));
        // Level 0: {1: 2 rows}, {2: 1 row}, {3: 3 rows}; dm = 4 + 1 + 9.
        QCOMPARE(e.utility, 14.0);
        QCOMPARE(e.criteria.size(), std::size_t(2));
        const CriterionExplanation& k = e.criteria[0];
        QCOMPARE(k.verdict.holds, false);
        QCOMPARE(k.verdict.failingClasses, std::size_t(1));
        QCOMPARE(k.verdict.failingRows, std::size_t(1));
        QCOMPARE(k.failingClasses.size(), std::size_t(1));
        QCOMPARE(k.failingClasses[0].qiValues, std::vector<std::string>{"2"});
        QCOMPARE(k.failingClasses[0].size, std::size_t(1));
        QCOMPARE(k.failingClasses[0].distance, 1.0);  // one row missing
        QCOMPARE(k.failingClasses[0].rows, std::vector<std::uint32_t>{2});
        QCOMPARE(k.strongestSpec, std::string("k=1"));  // sizes 1, 2, 3 and no suppression
        const CriterionExplanation& l = e.criteria[1];
        QCOMPARE(l.verdict.failingClasses, std::size_t(1));
        QCOMPARE(l.failingClasses[0].dominatingValue, std::string("x"));
        QCOMPARE(l.failingClasses[0].dominatingShare, 1.0);
        QCOMPARE(l.failingClasses[0].distance, 1.0);  // one value missing
        QCOMPARE(l.strongestSpec, std::string("distinct-l=1"));
        // (a) zip to level 1: {12: 3 rows (x,y,x)}, {3x: 3 rows} -> satisfies, dm 9 + 9.
        QCOMPARE(e.raises.size(), std::size_t(1));
        QCOMPARE(e.raises[0].levels, Levels{1});
        QCOMPARE(e.raises[0].satisfies, true);
        QCOMPARE(e.raises[0].utility, 18.0);
        // (b) suppress the one row of class "2": beyond a 0 limit; dm = 4 + 9 + 6·1.
        QCOMPARE(e.suppress.rows, std::size_t(1));
        QCOMPARE(e.suppress.withinLimit, false);
        QCOMPARE(e.suppress.requiredLimit, 1.0 / 6);
        QCOMPARE(e.suppress.utility, 19.0);

        // With a 1/6 limit the same node satisfies (the row is suppressed) and k=2 is the
        // strongest k: k=3 would fail the rows of classes 1 and 2 (3 rows > 1).
        const Explanation s = explainNode(data, configOf(data, {"k=2"}, 1.0 / 6), Levels{0});
        QCOMPARE(s.satisfies, true);
        QCOMPARE(s.metrics.suppressedRows, std::size_t(1));
        QCOMPARE(s.criteria[0].strongestSpec, std::string("k=2"));
        QCOMPARE(s.suppress.withinLimit, true);
    }

    void fixesHoldWhenAppliedOnRandomTables() {
        std::mt19937 rng(2025);
        int failing = 0, raisesThatFix = 0, strongestChecked = 0;
        for (int round = 0; round < 80; ++round) {
            const auto rc = test::randomCase(rng, 30 + rng() % 150, 2 + rng() % 3);
            const Dataset& data = *rc->data;
            const auto specs = test::randomCriteria(rng);
            const double suppression = round % 3 == 0 ? 0.0 : (round % 3 == 1 ? 0.05 : 0.2);
            const SearchConfig config = configOf(data, specs, suppression, Metric(rng() % 6));
            const Levels levels = data.lattice().levels(rng() % data.lattice().size());
            ExplainOptions options;
            options.rowCap = 3;
            const Explanation e = explainNode(data, config, levels, options);

            const NodeJudgement judged = judgeNode(data, config, levels, true);
            QCOMPARE(e.satisfies, judged.satisfies);
            QVERIFY(close(e.utility, metricValue(judged.metrics, config.metric)));
            failing += !e.satisfies;

            // Failing classes: the judge's, with the rows and generalized values of the data.
            const auto rowClass = data.rowClasses(judged.classes);
            for (std::size_t k = 0; k < e.criteria.size(); ++k) {
                const CriterionExplanation& c = e.criteria[k];
                QCOMPARE(c.verdict.failingClasses, judged.criteria[k].failingClasses);
                QCOMPARE(c.verdict.holds, c.verdict.failingClasses == 0);
                if (suppression == 0 && e.satisfies)
                    QCOMPARE(c.verdict.failingClasses, std::size_t(0));
                for (const FailingClass& f : c.failingClasses) {
                    QVERIFY(judged.criteria[k].classFails[f.index]);
                    QCOMPARE(f.size, std::size_t(judged.classes.sizes[f.index]));
                    QCOMPARE(f.rows.size(), std::min<std::size_t>(f.size, options.rowCap));
                    QVERIFY(f.distance > 0);
                    for (std::uint32_t row : f.rows) {
                        QCOMPARE(rowClass[row], std::uint32_t(f.index));
                        for (std::size_t i = 0; i < data.qiCount(); ++i) {
                            const HierarchyMap& h = data.hierarchy(i);
                            const Code base = data.table().column(data.qiColumns()[i]).code(row);
                            QCOMPARE(f.qiValues[i],
                                     h.levelValue(levels[i], h.map(base, levels[i])));
                        }
                    }
                }
                // (c) The strongest parameter holds alone; one step stronger does not.
                if (c.strongestSpec.empty()) continue;
                const auto alone = [&](const std::string& spec) {
                    SearchConfig one = config;
                    one.criteria = {config.criteria[k]};
                    one.criteria[0].criterion = Criterion::parse(
                        spec,
                        config.criteria[k].criterion.kind() == CriterionKind::KAnonymity
                            ? std::vector<std::string>{}
                            : data.table()
                                  .column(data.sensitiveColumns()[config.criteria[k].sensitive])
                                  .dictionary());
                    return judgeNode(data, one, levels).satisfies;
                };
                QVERIFY2(alone(c.strongestSpec), c.strongestSpec.c_str());
                const Criterion& original = config.criteria[k].criterion;
                const bool tau = original.kind() == CriterionKind::TauL;
                const bool integer = original.kind() != CriterionKind::EntropyL &&
                                     original.kind() != CriterionKind::SimpleL && !tau;
                const double stronger =
                    tau ? c.strongestParameter - 1e-3 : c.strongestParameter + (integer ? 1 : 1e-3);
                try {
                    QVERIFY2(!alone(withParameter(original, stronger)), c.strongestSpec.c_str());
                    ++strongestChecked;
                } catch (const ParameterError&) {
                    // Stronger is not a valid parameter (ℓ above the domain, τ below 1/ℓ).
                }
            }

            // (a) Every raise, judged on its own, gives the verdict and utility reported; ranked.
            std::size_t raisable = 0;
            for (std::size_t i = 0; i < data.qiCount(); ++i)
                raisable += levels[i] < data.hierarchy(i).height();
            QCOMPARE(e.raises.size(), raisable);
            for (std::size_t r = 0; r < e.raises.size(); ++r) {
                const RaiseFix& fix = e.raises[r];
                Levels expected = levels;
                ++expected[fix.attribute];
                QCOMPARE(fix.levels, expected);
                const NodeJudgement up = judgeNode(data, config, fix.levels);
                QCOMPARE(fix.satisfies, up.satisfies);
                QVERIFY(close(fix.utility, metricValue(up.metrics, config.metric)));
                if (r > 0) {
                    const RaiseFix& prev = e.raises[r - 1];
                    QVERIFY(prev.satisfies || !fix.satisfies);
                    if (prev.satisfies == fix.satisfies)
                        QVERIFY(!betterOptimum(fix.metrics, prev.metrics, config.metric));
                }
                raisesThatFix += !e.satisfies && fix.satisfies;
            }

            // (b) Suppressing the failing rows with the limit it names satisfies, at its utility.
            SearchConfig relaxed = config;
            relaxed.suppressionLimit = e.suppress.requiredLimit;
            const NodeJudgement suppressed = judgeNode(data, relaxed, levels);
            QVERIFY(suppressed.satisfies);
            QCOMPARE(suppressed.metrics.suppressedRows, e.suppress.rows);
            QVERIFY(close(e.suppress.utility, metricValue(suppressed.metrics, config.metric)));
            QCOMPARE(e.suppress.withinLimit,
                     e.suppress.rows <= suppressionLimitRows(suppression, data.rowCount()));
            QCOMPARE(e.suppress.withinLimit, e.satisfies);
        }
        // The rounds must exercise failing nodes, fixing raises and the strongest-parameter check.
        QVERIFY(failing > 10);
        QVERIFY(raisesThatFix > 3);
        QVERIFY(strongestChecked > 20);
    }

    // The same data in another row order, or as weighted groups (a database's GROUP BY), gives
    // the same explanation: the failing classes listed under a cap are the same ones in the
    // same order (ties broken by generalized values, not by class numbers, which follow the
    // rows' order), and a grouped dataset lists no rows.
    void sameListingWhateverTheRowOrderOrGrouping() {
        std::mt19937 rng(38);
        int cut = 0;
        for (int round = 0; round < 60; ++round) {
            const auto rc = test::randomCase(rng, 40 + rng() % 200, 2 + rng() % 3);
            const Dataset& data = *rc->data;
            const std::size_t rows = data.rowCount(), columns = rc->table.columnCount();
            // The rows shuffled, and the distinct rows with their counts (in shuffled order).
            std::vector<std::size_t> order(rows);
            for (std::size_t r = 0; r < rows; ++r) order[r] = r;
            std::shuffle(order.begin(), order.end(), rng);
            std::vector<Column> shuffled, grouped;
            std::map<std::vector<std::string>, std::size_t> groupOf;
            std::vector<std::uint32_t> counts;
            for (std::size_t c = 0; c < columns; ++c) {
                shuffled.emplace_back(rc->table.column(c).name());
                grouped.emplace_back(rc->table.column(c).name());
            }
            for (std::size_t r : order) {
                std::vector<std::string> tuple;
                for (std::size_t c = 0; c < columns; ++c) {
                    tuple.push_back(rc->table.column(c).value(rc->table.column(c).code(r)));
                    shuffled[c].append(tuple.back());
                }
                const auto [it, fresh] = groupOf.emplace(tuple, counts.size());
                if (fresh) {
                    for (std::size_t c = 0; c < columns; ++c) grouped[c].append(tuple[c]);
                    counts.push_back(0);
                }
                ++counts[it->second];
            }
            const Table shuffledTable(std::move(shuffled)), groupedTable(std::move(grouped));
            // The same hierarchies, rebuilt from the data's (value -> generalizations).
            auto maps = [&](const Table& table) {
                std::vector<HierarchyMap> out;
                for (std::size_t i = 0; i < data.qiCount(); ++i) {
                    const HierarchyMap& h = data.hierarchy(i);
                    const Column& original = rc->table.column(data.qiColumns()[i]);
                    std::vector<std::vector<std::string>> hrows;
                    for (std::size_t v = 0; v < original.domainSize(); ++v) {
                        hrows.push_back({original.value(Code(v))});
                        for (int level = 1; level <= h.height(); ++level)
                            hrows.back().push_back(h.levelValue(level, h.map(Code(v), level)));
                    }
                    out.emplace_back(Hierarchy(hrows), table.column(data.qiColumns()[i]));
                }
                return out;
            };
            const Dataset other(shuffledTable, data.qiColumns(), maps(shuffledTable),
                                data.sensitiveColumns());
            const Dataset groups(groupedTable, data.qiColumns(), maps(groupedTable),
                                 data.sensitiveColumns(), counts);
            QVERIFY(groups.grouped());

            const auto specs = test::randomCriteria(rng);
            const double suppression = round % 2 ? 0.05 : 0.0;
            const Levels levels = data.lattice().levels(rng() % data.lattice().size());
            ExplainOptions options;
            options.classCap = 1 + rng() % 4;
            options.rowCap = 5;
            const Explanation a =
                explainNode(data, configOf(data, specs, suppression), levels, options);
            const Explanation b =
                explainNode(other, configOf(other, specs, suppression), levels, options);
            const Explanation g =
                explainNode(groups, configOf(groups, specs, suppression), levels, options);
            for (const Explanation* e : {&b, &g}) {
                QCOMPARE(e->rows, a.rows);
                QCOMPARE(e->classes, a.classes);
                QCOMPARE(e->satisfies, a.satisfies);
                QVERIFY(close(e->utility, a.utility));
                QCOMPARE(e->suppress.rows, a.suppress.rows);
                QCOMPARE(e->raises.size(), a.raises.size());
                for (std::size_t r = 0; r < a.raises.size(); ++r) {
                    QCOMPARE(e->raises[r].levels, a.raises[r].levels);
                    QCOMPARE(e->raises[r].satisfies, a.raises[r].satisfies);
                }
                QCOMPARE(e->criteria.size(), a.criteria.size());
                for (std::size_t k = 0; k < a.criteria.size(); ++k) {
                    const CriterionExplanation &x = e->criteria[k], &y = a.criteria[k];
                    QCOMPARE(x.verdict.failingClasses, y.verdict.failingClasses);
                    QCOMPARE(x.strongestSpec, y.strongestSpec);
                    QCOMPARE(x.failingClasses.size(), y.failingClasses.size());
                    cut += y.verdict.failingClasses > y.failingClasses.size();
                    for (std::size_t c = 0; c < y.failingClasses.size(); ++c) {
                        QCOMPARE(x.failingClasses[c].qiValues, y.failingClasses[c].qiValues);
                        QCOMPARE(x.failingClasses[c].size, y.failingClasses[c].size);
                        QVERIFY(close(x.failingClasses[c].measure, y.failingClasses[c].measure));
                        QCOMPARE(x.failingClasses[c].dominatingValue,
                                 y.failingClasses[c].dominatingValue);
                        // Rows listed from rows, none from groups.
                        QCOMPARE(x.failingClasses[c].rows.size(),
                                 e == &g ? std::size_t(0) : y.failingClasses[c].rows.size());
                    }
                }
            }
        }
        QVERIFY(cut > 10);  // the cap cut the listing, among ties, often enough
    }
};

QTEST_GUILESS_MAIN(TestExplain)
#include "test_explain.moc"
