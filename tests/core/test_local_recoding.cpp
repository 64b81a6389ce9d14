// Local recoding (ARX's iterated full-domain search, transform/local_recoding.h): the hospital
// table of Machanavajjhala et al. 2007 worked by hand, and ≥ 500 random tables with random
// hierarchies, criteria and suppression limits checked by a judge written here from the
// definitions (SPEC §2–3), not the engine's: every class of the published table (rows with the
// same published QI values) meets every criterion, the rows left suppressed are within the
// limit, and every published value is the row's own value or one of its ancestors in the
// hierarchy.
#include <QtTest>

#include <cmath>
#include <map>
#include <random>
#include <set>

#include "class_oracle.h"
#include "ldiv/data/error.h"
#include "ldiv/evaluation/search_config.h"
#include "ldiv/hierarchy/hierarchy.h"
#include "ldiv/project/workspace.h"
#include "ldiv/publish/published_node.h"
#include "ldiv/search/search_result.h"
#include "ldiv/transform/local_recoding.h"
#include "random_case.h"
#include "test_paths.h"
#include "test_scale.h"

using namespace ldv;

namespace {

using test::label;

// ---- the independent judge -------------------------------------------------------------

struct Requirement {
    int k = 1;
    int distinctL = 0;    // 0 = not asked
    double entropyL = 0;  // 0 = not asked
    int recursiveC = 0;   // recursive (c,ℓ) with ℓ = recursiveL; 0 = not asked
    int recursiveL = 2;
    std::vector<std::string> specs() const {
        std::vector<std::string> s;
        if (k > 1) s.push_back("k=" + std::to_string(k));
        if (distinctL > 0) s.push_back("distinct-l=" + std::to_string(distinctL));
        if (entropyL > 0) {
            char text[32];
            std::snprintf(text, sizeof text, "entropy-l=%.2f", entropyL);
            s.emplace_back(text);
        }
        if (recursiveC > 0)
            s.push_back("recursive-cl=" + std::to_string(recursiveC) + "," +
                        std::to_string(recursiveL));
        return s;
    }
};

/// k-anonymity (|E| ≥ k), distinct ℓ-diversity (at least ℓ sensitive values), entropy
/// ℓ-diversity (−Σ p log p ≥ log ℓ) and recursive (c,ℓ)-diversity (r1 < c·(r_ℓ + … + r_m) with
/// r the counts in decreasing order; Machanavajjhala et al. 2007 Defs. 4.1–4.2) of one class.
bool classMeets(const std::vector<std::string>& sensitive, const Requirement& q) {
    return test::classMeetsDefinitions(sensitive, q.k, q.distinctL, q.entropyL, q.recursiveC,
                                       q.recursiveL);
}

/// `label` is `value` or one of its ancestors.
bool generalizes(const std::string& label, const std::string& value,
                 const std::vector<std::string>& ancestors) {
    return label == value ||
           std::find(ancestors.begin(), ancestors.end(), label) != ancestors.end();
}

// ---- random cases ----------------------------------------------------------------------

struct RandomCase {
    Table table;
    std::vector<bool> numeric;
    /// Per QI, per base value: its ancestors (levels 1..h).
    std::vector<std::map<std::string, std::vector<std::string>>> ancestors;
    std::unique_ptr<Dataset> data;
};

/// `d` QIs (numeric integers with an identity hierarchy, or text values with a random
/// hierarchy of height 0–3, possibly with several tops) and one sensitive column.
std::unique_ptr<RandomCase> randomCase(std::mt19937& rng, std::size_t rows, std::size_t d,
                                       std::size_t sensitiveValues) {
    auto rc = std::make_unique<RandomCase>();
    std::vector<Column> columns;
    std::vector<HierarchyMap> maps;
    std::vector<std::vector<std::vector<std::string>>> hierarchyRows(d);
    for (std::size_t i = 0; i < d; ++i) {
        const bool numeric = rng() % 2 == 0;
        rc->numeric.push_back(numeric);
        const std::size_t domain = 2 + rng() % 8;
        Column c(label("q", i));
        for (std::size_t r = 0; r < rows; ++r) {
            const std::size_t v = rng() % domain;
            c.append(numeric ? std::to_string(v * 5) : label("c", v));
        }
        c.setType(numeric ? ColumnType::Integer : ColumnType::Text);
        // A random nesting: level j's parent of a level j−1 value is a random one of fewer.
        std::vector<std::vector<std::string>> hrows;
        std::map<std::string, std::vector<std::string>> up;
        if (!numeric) {
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
                up[row.front()] = path[v];
                hrows.push_back(std::move(row));
            }
        }
        rc->ancestors.push_back(std::move(up));
        hierarchyRows[i] = std::move(hrows);
        columns.push_back(std::move(c));
    }
    Column s("s");
    // The first three rows hold three values, so that ℓ ≤ 3 always binds.
    for (std::size_t r = 0; r < rows; ++r)
        s.append(label("s", r < 3 ? r : rng() % sensitiveValues));
    columns.push_back(std::move(s));
    rc->table = Table(std::move(columns));
    std::vector<std::size_t> qi;
    for (std::size_t i = 0; i < d; ++i) {
        const Column& c = rc->table.column(i);
        maps.push_back(rc->numeric[i] ? HierarchyMap(c)
                                      : HierarchyMap(Hierarchy(hierarchyRows[i]), c));
        qi.push_back(i);
    }
    rc->data =
        std::make_unique<Dataset>(rc->table, qi, std::move(maps), std::vector<std::size_t>{d});
    return rc;
}

}  // namespace

class TestLocalRecoding : public QObject {
    Q_OBJECT

private slots:
    // Machanavajjhala et al. 2007's hospital table, hierarchies zip 13053 → 1305* → 130** →
    // 13*** → *, age 28 → 2* → <=40 → *, nationality → *. Rows (1-based): 1 13053,28,Russian;
    // 2 13068,29,American; 3 13068,21,Japanese; 4 13053,23,American; 5 14853,50,Indian;
    // 6 14853,55,Russian; 7 14850,47,American; 8 14850,49,American; 9 13053,31,American;
    // 10 13053,37,Indian; 11 13068,36,Japanese; 12 13068,35,American. k=5, metric DM, no
    // suppression in the release.
    //
    // Full-domain: every node below the top has a class under 5 rows (zip and age split the
    // rows 8 | 4 at best, nationality 6 | 2 | 2 | 2), so the optimum is the top [4,3,1]: one
    // class, DM 144.
    // Local, iteration 1 (limit 100%, a suppressed row costs n = 12): [4,3,0] publishes the 6
    // Americans (rows 2,4,7,8,9,12) and suppresses 6 rows: 36 + 6·12 = 108; the next best
    // nodes split 8 | 4 (zip or age at their second-highest level): 64 + 4·12 = 112, and the
    // top costs 144. Iteration 2 on rows 1,3,5,6,10,11: no class of 5 exists below the top
    // (zip and age 4 | 2, nationality 2 | 2 | 2), so suppressing all 6 (6·6 = 36) ties with
    // the top (one class, 36) and wins on height: no progress, and the rows are released
    // without suppression at the optimum with limit 0, the top [4,3,1].
    // Release: {2,4,7,8,9,12} * | * | American, {1,3,5,6,10,11} * | * | *; DM 36 + 36 = 72.
    void hospitalByHand() {
        const auto ws = std::make_unique<Workspace>(
            loadProject(test::example("hospital/hospital.ldiv.json")), test::example("hospital"));
        const Dataset& data = ws->dataset();
        SearchConfig config;
        config.criteria = bindCriteria(data, {"k=5"});
        const SearchResult full = search(data, config);
        QVERIFY(full.optimum);
        QCOMPARE(data.lattice().levels(*full.optimum), (Levels{4, 3, 1}));
        QCOMPARE(full.optimumMetrics.discernibility, 144.0);

        const LocalRecodingResult r = localRecoding(data, config);
        QVERIFY(r.tableFails.empty());
        QCOMPARE(r.iterations.size(), std::size_t(2));
        QCOMPARE(r.iterations[0].levels, (Levels{4, 3, 0}));
        QCOMPARE(r.iterations[0].inputRows, std::uint64_t(12));
        QCOMPARE(r.iterations[0].releasedRows, std::uint64_t(6));
        QVERIFY(!r.iterations[0].withoutSuppression);
        QCOMPARE(r.iterations[1].levels, (Levels{4, 3, 1}));
        QCOMPARE(r.iterations[1].inputRows, std::uint64_t(6));
        QCOMPARE(r.iterations[1].releasedRows, std::uint64_t(6));
        QVERIFY(r.iterations[1].withoutSuppression);
        QCOMPARE(r.suppressedRows, std::uint64_t(0));
        QCOMPARE(r.discernibility, 72.0);
        QCOMPARE(r.classes.count(), std::size_t(2));
        for (int row : {2, 4, 7, 8, 9, 12}) QCOMPARE(r.rowIteration[std::size_t(row - 1)], 0u);
        for (int row : {1, 3, 5, 6, 10, 11}) QCOMPARE(r.rowIteration[std::size_t(row - 1)], 1u);
        const Table t = mondrianTable(data, r.classes, ws->identifyingColumns());
        QCOMPARE(t.value(1, 2), std::string("American"));
        QCOMPARE(t.value(1, 0), std::string("*"));
        QCOMPARE(t.value(0, 2), std::string("*"));
    }

    // The release's entropy is the engine's non-uniform entropy of the node when one iteration
    // releases everything (the full-domain optimum on the hospital table at k=4).
    void entropyMatchesTheNodeMetric() {
        const auto ws = std::make_unique<Workspace>(
            loadProject(test::example("hospital/hospital.ldiv.json")), test::example("hospital"));
        SearchConfig config;
        config.criteria = bindCriteria(ws->dataset(), {"k=4"});
        const LocalRecodingResult r = localRecoding(ws->dataset(), config);
        QCOMPARE(r.iterations.size(), std::size_t(1));
        const NodeJudgement node = judgeNode(ws->dataset(), config, r.iterations[0].levels);
        QVERIFY(std::abs(r.entropy - aggregateQuality(node.metrics.entropy, {})) < 1e-9);
        QCOMPARE(r.discernibility, node.metrics.discernibility);
    }

    // Criteria judged on all classes together, δ-presence and multi-attribute ℓ are refused.
    void unsupportedCriteriaAreRefused() {
        const auto ws = std::make_unique<Workspace>(
            loadProject(test::example("hospital/hospital.ldiv.json")), test::example("hospital"));
        SearchConfig config;
        config.criteria = bindCriteria(ws->dataset(), {"average-risk=0.2"});
        QVERIFY_THROWS_EXCEPTION(ParameterError, checkLocalRecodingSupport(ws->dataset(), config));
    }

    // ≥ 500 random tables, random hierarchies, random criteria and suppression limits.
    void randomTablesMeetTheDefinitions() {
        std::mt19937 rng(20261127);
        int checked = 0, refused = 0, cases = 0, multiIteration = 0;
        while (checked < ldv::test::scaled(520) && cases < 5000) {
            const std::size_t rows = 4 + rng() % 60;
            const std::size_t d = 1 + rng() % 3;
            const std::size_t m = 3 + rng() % 4;
            const auto rc = randomCase(rng, rows, d, m);
            Requirement q;
            q.k = 1 + int(rng() % 5);
            if (rng() % 2) q.distinctL = 2 + int(rng() % 2);
            if (rng() % 3 == 0) q.entropyL = 1.2 + double(rng() % 100) / 100.0;
            if (rng() % 3 == 0) q.recursiveC = 2 + int(rng() % 3);
            if (q.specs().empty()) q.k = 2;
            const double limits[] = {0, 0, 0.05, 0.1, 0.3};
            SearchConfig config;
            config.criteria = bindCriteria(*rc->data, q.specs());
            config.suppressionLimit = limits[rng() % 5];
            const Metric metrics[] = {Metric::Discernibility, Metric::Loss, Metric::Entropy};
            config.metric = metrics[rng() % 3];
            config.quality.gsFactor = double(rng() % 11) / 10.0;
            ++cases;
            const LocalRecodingResult r = localRecoding(*rc->data, config);
            const std::uint64_t allowed =
                std::uint64_t(std::floor(config.suppressionLimit * double(rows) + 1e-9));
            QCOMPARE(r.suppressionAllowed, allowed);
            if (!r.tableFails.empty()) {
                // Refused only when the top node (every value at its hierarchy's top) has a
                // class that fails: then no iteration can release those rows.
                std::map<std::vector<std::string>, std::vector<std::string>> top;
                for (std::size_t row = 0; row < rows; ++row) {
                    std::vector<std::string> key;
                    for (std::size_t i = 0; i < d; ++i) {
                        const std::string& v = rc->table.value(row, i);
                        const auto up = rc->ancestors[i].find(v);
                        key.push_back(up == rc->ancestors[i].end() || up->second.empty()
                                          ? v
                                          : up->second.back());
                    }
                    top[key].push_back(rc->table.value(row, d));
                }
                bool fails = false;
                for (const auto& [key, s] : top) fails = fails || !classMeets(s, q);
                QVERIFY(fails);
                QVERIFY(r.suppressedRows > allowed);
                ++refused;
                continue;
            }
            QVERIFY(r.suppressedRows <= allowed);
            if (r.iterations.size() > 1) ++multiIteration;
            const Table t = mondrianTable(*rc->data, r.classes, {});
            QCOMPARE(t.rowCount(), rows - r.suppressedRows);
            // The published rows in order: those not suppressed.
            std::map<std::vector<std::string>, std::vector<std::string>> published;
            std::size_t out = 0;
            for (std::size_t row = 0; row < rows; ++row) {
                if (r.classes.rowClass[row] == kNoClass) continue;
                std::vector<std::string> key;
                for (std::size_t i = 0; i < d; ++i) {
                    const std::string& label = t.value(out, i);
                    const std::string& value = rc->table.value(row, i);
                    const auto up = rc->ancestors[i].find(value);
                    const std::vector<std::string> none;
                    QVERIFY2(
                        generalizes(label, value, up == rc->ancestors[i].end() ? none : up->second),
                        (label + " does not generalize " + value).c_str());
                    key.push_back(label);
                }
                QCOMPARE(t.value(out, d), rc->table.value(row, d));
                published[key].push_back(t.value(out, d));
                ++out;
            }
            for (const auto& [key, sensitive] : published)
                QVERIFY2(classMeets(sensitive, q),
                         ("a published class of " + std::to_string(sensitive.size()) +
                          " rows fails " + q.specs().front())
                             .c_str());
            QCOMPARE(published.size(), r.classes.count());
            // Σ|E|² + n·suppressed, from the published classes.
            double dm = double(rows) * double(r.suppressedRows);
            for (const auto& [key, sensitive] : published)
                dm += double(sensitive.size()) * double(sensitive.size());
            QCOMPARE(r.discernibility, dm);
            ++checked;
        }
        QVERIFY(checked >= ldv::test::scaled(500));
        // The iterations matter: many tables need more than one.
        QVERIFY2(multiIteration >= (ldv::test::testScale() < 1 ? 1 : 20),
                 std::to_string(multiIteration).c_str());
        qInfo("%d tables checked, %d refused, %d with several iterations", checked, refused,
              multiIteration);
    }
};

QTEST_GUILESS_MAIN(TestLocalRecoding)
#include "test_local_recoding.moc"
