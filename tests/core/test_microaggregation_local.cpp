// `--transform microaggregation+local` (transform/microaggregation_local.h): MDAV on the
// numeric quasi-identifiers named, then local recoding over all of them. Two small tables
// worked by hand, the refusals, and ≥ 500 random tables checked by a judge written here from
// the definitions (SPEC §2–3, Domingo-Ferrer & Mateo-Sanz 2002), not the engine's: every class
// of the published table over all QIs has ≥ k rows and meets the other criteria, the rows left
// out are within the suppression limit, every published value of a QI that is not aggregated
// is the row's value or one of its ancestors, and every published value of an aggregated QI is
// "*" or the aggregate (computed here) of a group of ≥ k rows that holds the row.
#include <QtTest>

#include <cmath>
#include <cstdio>
#include <map>
#include <random>
#include <set>

#include "class_oracle.h"
#include "ldiv/data/error.h"
#include "ldiv/evaluation/search_config.h"
#include "ldiv/hierarchy/hierarchy.h"
#include "ldiv/transform/microaggregation_local.h"
#include "ldiv/transform/transformation.h"
#include "random_case.h"
#include "test_scale.h"

using namespace ldv;

namespace {

using test::label;

// ---- the independent judge -------------------------------------------------------------

struct Requirement {
    int k = 2;
    int distinctL = 0;    // 0 = not asked
    double entropyL = 0;  // 0 = not asked
    int recursiveC = 0;   // recursive (c,ℓ) with ℓ = 2; 0 = not asked
    std::vector<std::string> specs() const {
        std::vector<std::string> s{label("k=", std::size_t(k))};
        if (distinctL > 0) s.push_back(label("distinct-l=", std::size_t(distinctL)));
        if (entropyL > 0) {
            char text[32];
            std::snprintf(text, sizeof text, "entropy-l=%.2f", entropyL);
            s.emplace_back(text);
        }
        if (recursiveC > 0) s.push_back(label("recursive-cl=", std::size_t(recursiveC)) + ",2");
        return s;
    }
};

/// k-anonymity, distinct, entropy and recursive (c,2) ℓ-diversity of one class
/// (Machanavajjhala et al. 2007 Defs. 4.1–4.2).
bool classMeets(const std::vector<std::string>& sensitive, const Requirement& q) {
    return test::classMeetsDefinitions(sensitive, q.k, q.distinctL, q.entropyL, q.recursiveC, 2);
}

/// The aggregate of integer values, from the definitions in docs/transformations.md: the mean
/// rounded to two decimals without trailing zeros, the lower median, the most frequent value
/// (ties: the smallest), or "[min-max]" (the value when all are equal).
std::string aggregateOf(std::vector<long> v, Aggregate a) {
    std::sort(v.begin(), v.end());
    switch (a) {
        case Aggregate::Mean: {
            long sum = 0;
            for (long x : v) sum += x;
            // Exact: sum / n to two decimals, half away from zero as printf rounds a double
            // whose value is not a tie (n ≤ 64 rows, so ties are exact in binary only at .5).
            char text[64];
            std::snprintf(text, sizeof text, "%.2f", double(sum) / double(v.size()));
            std::string s = text;
            while (s.back() == '0') s.pop_back();
            if (s.back() == '.') s.pop_back();
            return s;
        }
        case Aggregate::Median:
            return std::to_string(v[(v.size() - 1) / 2]);
        case Aggregate::Mode: {
            std::map<long, int> count;
            for (long x : v) ++count[x];
            long best = v.front();
            for (const auto& [x, n] : count)
                if (n > count[best]) best = x;
            return std::to_string(best);
        }
        case Aggregate::Interval:
            if (v.front() == v.back()) return std::to_string(v.front());
            {
                // Appended piece by piece: GCC 12 warns falsely (-Wrestrict) on "[" + text.
                std::string s = "[";
                s += std::to_string(v.front());
                s += '-';
                s += std::to_string(v.back());
                s += ']';
                return s;
            }
    }
    return {};
}

// ---- tables --------------------------------------------------------------------------------

struct Case {
    Table table;
    /// Per QI, per value: its ancestors (levels 1..h); empty for numeric QIs.
    std::vector<std::map<std::string, std::vector<std::string>>> ancestors;
    std::vector<bool> numeric;
    std::unique_ptr<Dataset> data;
};

/// QI columns (integers with an identity hierarchy, or text with `hierarchies[i]`'s rows) and
/// the sensitive column s last.
std::unique_ptr<Case> makeCase(
    const std::vector<std::vector<std::string>>& qi, const std::vector<bool>& numeric,
    const std::vector<std::vector<std::vector<std::string>>>& hierarchies,
    const std::vector<std::string>& sensitive) {
    auto c = std::make_unique<Case>();
    c->numeric = numeric;
    std::vector<Column> columns;
    for (std::size_t i = 0; i < qi.size(); ++i) {
        Column col(label("q", i));
        for (const std::string& v : qi[i]) col.append(v);
        col.setType(numeric[i] ? ColumnType::Integer : ColumnType::Text);
        columns.push_back(std::move(col));
        std::map<std::string, std::vector<std::string>> up;
        for (const auto& row : hierarchies[i])
            up[row.front()] = std::vector<std::string>(row.begin() + 1, row.end());
        c->ancestors.push_back(std::move(up));
    }
    Column s("s");
    for (const std::string& v : sensitive) s.append(v);
    columns.push_back(std::move(s));
    c->table = Table(std::move(columns));
    std::vector<HierarchyMap> maps;
    std::vector<std::size_t> qiColumns;
    for (std::size_t i = 0; i < qi.size(); ++i) {
        const Column& col = c->table.column(i);
        maps.push_back(numeric[i] ? HierarchyMap(col)
                                  : HierarchyMap(Hierarchy(hierarchies[i]), col));
        qiColumns.push_back(i);
    }
    c->data = std::make_unique<Dataset>(c->table, qiColumns, std::move(maps),
                                        std::vector<std::size_t>{qi.size()});
    return c;
}

/// The published rows (in order) as "q0|q1|…|s".
QStringList publishedRows(const Case& c, const MondrianResult& classes) {
    const Table t = mondrianTable(*c.data, classes, {});
    QStringList out;
    for (std::size_t r = 0; r < t.rowCount(); ++r) {
        QStringList cells;
        for (std::size_t col = 0; col < t.columnCount(); ++col)
            cells << QString::fromStdString(t.value(r, col));
        out << cells.join('|');
    }
    return out;
}

}  // namespace

class TestMicroaggregationLocal : public QObject {
    Q_OBJECT

private slots:
    // Rows (1-based) x,c,s: 1 1,a,p; 2 2,a,q; 3 3,b,p; 4 10,b,q; 5 11,a,p; 6 12,b,q; 7 20,a,p;
    // 8 21,b,q; 9 22,b,p. x microaggregated (mean), c with the hierarchy a,b → *; k=3, DM, no
    // suppression allowed.
    // MDAV, k=3: 9 ≥ 3k rows; the centroid is 102/9 = 11.33, the farthest row is 22 (10.67,
    // against 10.33 for 1), the farthest from it is 1: the 3 nearest 22 are {20,21,22}, mean 21;
    // the 3 nearest 1 among the rest {1,2,3}, mean 2; the rest {10,11,12}, mean 11.
    // Local recoding on x' = 2,2,2,11,11,11,21,21,21 (hierarchy x' → *) and c:
    // [0,0]: classes (2,a) 2, (2,b) 1, (11,b) 2, (11,a) 1, (21,a) 1, (21,b) 2, all under 3, so
    // all 9 rows suppressed: 9·9 = 81; [1,0]: a 4 rows, b 5: 16 + 25 = 41; [0,1]: three
    // classes of 3: 27; [1,1]: 81. The optimum [0,1] releases every row in one iteration.
    // Published (in order): 2|*|p 2|*|q 2|*|p 11|*|q 11|*|p 11|*|q 21|*|p 21|*|q 21|*|p.
    void aggregatesKeptByHand() {
        const auto c = makeCase({{"1", "2", "3", "10", "11", "12", "20", "21", "22"},
                                 {"a", "a", "b", "b", "a", "b", "a", "b", "b"}},
                                {true, false}, {{}, {{"a", "*"}, {"b", "*"}}},
                                {"p", "q", "p", "q", "p", "q", "p", "q", "p"});
        SearchConfig config;
        config.criteria = bindCriteria(*c->data, {"k=3"});
        const MicroaggregationLocalResult r =
            microaggregationLocal(*c->data, config, {Aggregate::Mean, std::nullopt});
        QCOMPARE(r.k, std::size_t(3));
        QCOMPARE(r.microaggregation.groups.size(), std::size_t(3));
        QCOMPARE(r.microaggregation.groups[0], (std::vector<std::uint32_t>{6, 7, 8}));
        QCOMPARE(r.microaggregation.groups[1], (std::vector<std::uint32_t>{0, 1, 2}));
        QCOMPARE(r.microaggregation.groups[2], (std::vector<std::uint32_t>{3, 4, 5}));
        QCOMPARE(r.microaggregation.labels, (std::vector<std::string>{"21", "2", "11"}));
        QCOMPARE(r.local.iterations.size(), std::size_t(1));
        QCOMPARE(r.local.iterations[0].levels, (Levels{0, 1}));
        QCOMPARE(r.local.suppressedRows, std::uint64_t(0));
        QCOMPARE(r.local.discernibility, 27.0);
        QCOMPARE(publishedRows(*c, r.local.classes),
                 QStringList({"2|*|p", "2|*|q", "2|*|p", "11|*|q", "11|*|p", "11|*|q", "21|*|p",
                              "21|*|q", "21|*|p"}));
    }

    // Rows x,c,s: 1 1,a,p; 2 2,b,p; 3 3,a,q; 4 10,b,q; 5 11,c,p; 6 12,c,q. x microaggregated
    // (mean), c → *; k=2 and distinct-l=2, DM, no suppression allowed.
    // MDAV, k=2: 6 ≥ 3k; the centroid 6.5 is 5.5 from both 1 and 12, the tie goes to the lower
    // row, so r = 1 and s = 12: {1,2} mean 1.5, {11,12} mean 11.5, the rest {3,10} mean 6.5.
    // Local recoding (a suppressed row costs 6): [0,0] keeps only (11.5,c) = {p,q}: 4 + 4·6 =
    // 28; [0,1]: {1,2} is p,p and {3,10} is q,q, both fail ℓ = 2: 4 + 4·6 = 28; [1,1]: 36;
    // [1,0]: a = rows 1,3 (p,q), b = rows 2,4 (p,q), c = rows 5,6 (p,q), all hold: 12, the
    // optimum. So the aggregates are lifted to "*" and c is kept:
    // Published: *|a|p *|b|p *|a|q *|b|q *|c|p *|c|q.
    void aggregatesLiftedByHand() {
        const auto c = makeCase({{"1", "2", "3", "10", "11", "12"}, {"a", "b", "a", "b", "c", "c"}},
                                {true, false}, {{}, {{"a", "*"}, {"b", "*"}, {"c", "*"}}},
                                {"p", "p", "q", "q", "p", "q"});
        SearchConfig config;
        config.criteria = bindCriteria(*c->data, {"k=2", "distinct-l=2"});
        const MicroaggregationLocalResult r =
            microaggregationLocal(*c->data, config, {Aggregate::Mean, std::nullopt});
        QCOMPARE(r.microaggregation.labels, (std::vector<std::string>{"1.5", "11.5", "6.5"}));
        QCOMPARE(r.microaggregation.rowGroup, (std::vector<std::uint32_t>{0, 0, 2, 2, 1, 1}));
        QCOMPARE(r.local.iterations.size(), std::size_t(1));
        QCOMPARE(r.local.iterations[0].levels, (Levels{1, 0}));
        QCOMPARE(r.local.discernibility, 12.0);
        QCOMPARE(publishedRows(*c, r.local.classes),
                 QStringList({"*|a|p", "*|b|p", "*|a|q", "*|b|q", "*|c|p", "*|c|q"}));
    }

    void refusals() {
        const auto c = makeCase({{"1", "2", "3", "4"}, {"a", "b", "a", "b"}}, {true, false},
                                {{}, {{"a", "*"}, {"b", "*"}}}, {"p", "q", "p", "q"});
        SearchConfig config;
        config.criteria = bindCriteria(*c->data, {"distinct-l=2"});
        const auto message = [&](const std::vector<std::optional<Aggregate>>& a,
                                 const SearchConfig& cfg) -> QString {
            try {
                (void)microaggregationLocal(*c->data, cfg, a);
            } catch (const ParameterError& e) {
                return e.what();
            }
            return "accepted";
        };
        // No k: MDAV has no group size.
        QVERIFY(message({Aggregate::Mean, std::nullopt}, config).contains("k-anonymity"));
        config.criteria = bindCriteria(*c->data, {"k=2"});
        // Nothing to microaggregate, and a text QI named.
        QVERIFY(message({std::nullopt, std::nullopt}, config).contains("at least one"));
        QVERIFY(message({std::nullopt, Aggregate::Mean}, config).contains("'q1'"));
        // Node-level risk criteria are not judged per class.
        config.criteria = bindCriteria(*c->data, {"k=2", "average-risk=0.5"});
        QVERIFY(message({Aggregate::Mean, std::nullopt}, config).contains("average-risk"));

        // Combinations other than microaggregation+local are refused with their reason.
        const auto model = [](const std::string& m) -> QString {
            try {
                checkTransformationModel(m);
            } catch (const ParameterError& e) {
                return e.what();
            }
            return "accepted";
        };
        QCOMPARE(model("microaggregation+local"), QString("accepted"));
        QCOMPARE(model("full-domain"), QString("accepted"));
        QVERIFY(model("mondrian+local").contains("Mondrian and local recoding"));
        QVERIFY(model("local+microaggregation").contains("write microaggregation+local"));
        QVERIFY(model("cell-suppression+local").contains("form no classes"));
        QVERIFY(model("microaggregation+mondrian").contains("intervals of aggregates"));
        QVERIFY(model("local+local").contains("twice"));
        QVERIFY(model("microaggregation+local+mondrian").contains("more than two"));
        QVERIFY(model("local+foo").contains("\"foo\" is not a model"));
        for (const char* m : {"mondrian+local", "cell-suppression+microaggregation", "foo+bar"})
            QVERIFY(model(m).contains("the one combination is microaggregation+local"));
        QVERIFY(model("foo").contains("is not one of full-domain"));
    }

    void randomTablesMeetTheDefinitions() {
        std::mt19937 rng(20261127);
        int checked = 0, refused = 0, cases = 0, lifted = 0, kept = 0;
        const Aggregate kinds[] = {Aggregate::Mean, Aggregate::Median, Aggregate::Mode,
                                   Aggregate::Interval};
        while (checked < ldv::test::scaled(520) && cases < 5000) {
            ++cases;
            const std::size_t rows = 4 + rng() % 60;
            const std::size_t d = 1 + rng() % 3;
            std::vector<bool> numeric(d);
            std::vector<std::vector<std::string>> values(d);
            std::vector<std::vector<std::vector<std::string>>> hierarchies(d);
            for (std::size_t i = 0; i < d; ++i) {
                numeric[i] = i == 0 || rng() % 2 == 0;  // the first QI numeric
                const std::size_t domain = 2 + rng() % 12;
                for (std::size_t r = 0; r < rows; ++r) {
                    const std::size_t v = rng() % domain;
                    values[i].push_back(numeric[i] ? std::to_string(v * 3 + rng() % 3)
                                                   : label("c", v));
                }
                if (numeric[i]) continue;
                // A random nesting of height 0–3: level j's parent is a random one of fewer.
                const int height = int(rng() % 4);
                std::vector<std::size_t> parent(domain);
                for (std::size_t v = 0; v < domain; ++v) parent[v] = v;
                std::vector<std::vector<std::string>> path(domain);
                std::size_t width = domain;
                for (int level = 1; level <= height; ++level) {
                    const std::size_t next = std::max<std::size_t>(1, width / 2 + rng() % 2);
                    std::vector<std::size_t> map(width);
                    for (std::size_t w = 0; w < width; ++w) map[w] = rng() % next;
                    for (std::size_t v = 0; v < domain; ++v) {
                        parent[v] = map[parent[v]];
                        path[v].push_back(label("L", std::size_t(level)) + "_" +
                                          std::to_string(parent[v]));
                    }
                    width = next;
                }
                for (std::size_t v = 0; v < domain; ++v) {
                    std::vector<std::string> row{label("c", v)};
                    row.insert(row.end(), path[v].begin(), path[v].end());
                    hierarchies[i].push_back(std::move(row));
                }
            }
            const std::size_t m = 3 + rng() % 4;
            std::vector<std::string> sensitive;
            for (std::size_t r = 0; r < rows; ++r)
                sensitive.push_back(label("s", r < 3 ? r : rng() % m));
            const auto c = makeCase(values, numeric, hierarchies, sensitive);
            // Which numeric QIs are microaggregated (at least the first) and how.
            std::vector<std::optional<Aggregate>> aggregates(d);
            for (std::size_t i = 0; i < d; ++i)
                if (numeric[i] && (i == 0 || rng() % 2 == 0)) aggregates[i] = kinds[rng() % 4];
            Requirement q;
            q.k = 2 + int(rng() % 4);
            if (rng() % 2) q.distinctL = 2 + int(rng() % 2);
            if (rng() % 3 == 0) q.entropyL = 1.2 + double(rng() % 100) / 100.0;
            if (rng() % 3 == 0) q.recursiveC = 2 + int(rng() % 3);
            SearchConfig config;
            config.criteria = bindCriteria(*c->data, q.specs());
            const double limits[] = {0, 0, 0.05, 0.1, 0.3};
            config.suppressionLimit = limits[rng() % 5];
            const Metric metrics[] = {Metric::Discernibility, Metric::Loss, Metric::Entropy};
            config.metric = metrics[rng() % 3];
            config.quality.gsFactor = double(rng() % 11) / 10.0;
            const MicroaggregationLocalResult r =
                microaggregationLocal(*c->data, config, aggregates);
            const std::uint64_t allowed =
                std::uint64_t(std::floor(config.suppressionLimit * double(rows) + 1e-9));

            // MDAV's groups: a partition of the rows, each of ≥ k rows (all rows when fewer).
            const PartialMicroaggregation& mg = r.microaggregation;
            std::vector<int> seen(rows, 0);
            for (std::size_t g = 0; g < mg.groups.size(); ++g) {
                QVERIFY(mg.groups[g].size() >= std::min<std::size_t>(std::size_t(q.k), rows));
                for (std::uint32_t row : mg.groups[g]) {
                    ++seen[row];
                    QCOMPARE(mg.rowGroup[row], std::uint32_t(g));
                }
            }
            for (std::size_t row = 0; row < rows; ++row) QCOMPARE(seen[row], 1);
            // Each group's aggregates, computed here from its rows' values.
            std::vector<std::vector<std::string>> expected(mg.groups.size());
            for (std::size_t g = 0; g < mg.groups.size(); ++g)
                for (std::size_t j = 0; j < mg.qis.size(); ++j) {
                    std::vector<long> v;
                    for (std::uint32_t row : mg.groups[g])
                        v.push_back(std::stol(values[mg.qis[j]][row]));
                    expected[g].push_back(aggregateOf(v, *aggregates[mg.qis[j]]));
                    QCOMPARE(mg.label(g, j), expected[g].back());
                }

            const MondrianResult& classes = r.local.classes;
            if (!classes.tableFails.empty()) {
                // Refused only when some class of the top node (aggregates at "*", the other
                // QIs at their hierarchies' tops) fails: no iteration can release those rows.
                std::map<std::vector<std::string>, std::vector<std::string>> top;
                for (std::size_t row = 0; row < rows; ++row) {
                    std::vector<std::string> key;
                    for (std::size_t i = 0; i < d; ++i) {
                        const auto up = c->ancestors[i].find(values[i][row]);
                        key.push_back(aggregates[i] ? "*"
                                      : up == c->ancestors[i].end() || up->second.empty()
                                          ? values[i][row]
                                          : up->second.back());
                    }
                    top[key].push_back(sensitive[row]);
                }
                bool fails = false;
                for (const auto& [key, s] : top) fails = fails || !classMeets(s, q);
                QVERIFY(fails);
                QVERIFY(r.local.suppressedRows > allowed);
                ++refused;
                continue;
            }
            QVERIFY(r.local.suppressedRows <= allowed);
            const Table t = mondrianTable(*c->data, classes, {});
            QCOMPARE(t.rowCount(), rows - r.local.suppressedRows);
            std::map<std::vector<std::string>, std::vector<std::string>> published;
            std::size_t out = 0;
            for (std::size_t row = 0; row < rows; ++row) {
                if (classes.rowClass[row] == kNoClass) continue;
                std::vector<std::string> key;
                for (std::size_t i = 0; i < d; ++i) {
                    const std::string& cell = t.value(out, i);
                    const std::string& value = values[i][row];
                    if (aggregates[i]) {
                        // "*" or the aggregate of the row's own MDAV group (≥ k rows, above).
                        const std::size_t j = std::size_t(
                            std::find(mg.qis.begin(), mg.qis.end(), i) - mg.qis.begin());
                        QVERIFY2(cell == "*" || cell == expected[mg.rowGroup[row]][j],
                                 (cell + " is not the aggregate of row " + std::to_string(row) +
                                  "'s group")
                                     .c_str());
                        cell == "*" ? ++lifted : ++kept;
                    } else {
                        const auto up = c->ancestors[i].find(value);
                        const bool ancestor = up != c->ancestors[i].end() &&
                                              std::find(up->second.begin(), up->second.end(),
                                                        cell) != up->second.end();
                        QVERIFY2(cell == value || ancestor,
                                 (cell + " does not generalize " + value).c_str());
                    }
                    key.push_back(cell);
                }
                QCOMPARE(t.value(out, d), sensitive[row]);
                published[key].push_back(sensitive[row]);
                ++out;
            }
            // Every published class over ALL quasi-identifiers meets every criterion.
            for (const auto& [key, s] : published)
                QVERIFY2(classMeets(s, q), ("a published class of " + std::to_string(s.size()) +
                                            " rows fails " + q.specs().back())
                                               .c_str());
            QCOMPARE(published.size(), classes.count());
            ++checked;
        }
        QVERIFY(checked >= ldv::test::scaled(520));
        // The cases exercise both outcomes of an aggregate, and refusals.
        QVERIFY(lifted > 0 && kept > 0);
        QVERIFY(refused > 0);
    }
};

QTEST_APPLESS_MAIN(TestMicroaggregationLocal)
#include "test_microaggregation_local.moc"
