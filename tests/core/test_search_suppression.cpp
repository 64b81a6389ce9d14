// Judging nodes with tuple suppression: the search's node judge and judgeNode (publish.h)
// share one rule (evaluation/suppression_verdict.h), so they agree on every node; the fast
// classifier's rollup sources (hubs that keep top attributes at the top, source_cache.cpp)
// give brute force's answers on tables wide enough to use them, at 1 and 2 threads; so do the
// ways a rollup packs keys (bit fields of one word or of two, attribute by attribute), chosen by
// how wide the base domains are; and failing nodes decided by the rows that checked nodes above
// them suppress (search/suppressed_rows.h) are brute force's failing nodes.
#include <QtTest>
#include <algorithm>

#include <map>
#include <random>

#include "instrumented.h"
#include "lattice/class_table.h"
#include "ldiv/hierarchy/hierarchy.h"
#include "ldiv/publish/published_node.h"
#include "ldiv/search/search_result.h"
#include "random_case.h"
#include "search_oracle.h"
#include "test_scale.h"

using namespace ldv;
using ldv::test::randomCase;
using ldv::test::randomCriteria;
using ldv::test::verifySameAnswer;

namespace {

/// `d` QI columns of `rows` rows whose values cover [0, domain) (then random), and one
/// sensitive column. The first `deep` QIs have the hierarchy v -> v/4 -> v/64 -> *, the others
/// alternately v -> v/64 -> * and v -> * (so that many QIs keep the lattice small enough for
/// brute force). Base domains this large decide how RollupEngine packs keys (class_table.h).
using WideCase = test::RandomCase;
using test::label;

std::unique_ptr<WideCase> wideCase(std::mt19937& rng, std::size_t rows, std::size_t d,
                                   std::size_t bigDomain, std::size_t deep, std::size_t small) {
    auto wc = std::make_unique<WideCase>();
    std::vector<Column> columns;
    std::vector<std::vector<std::size_t>> values(d);
    // The last `small` QIs have 8 values (3-bit fields, fused into one lookup when several
    // change: class_table_wide.cpp).
    const auto domainOf = [&](std::size_t i) { return i + small >= d ? 8 : bigDomain; };
    for (std::size_t i = 0; i <= d; ++i) {
        Column c(i < d ? label("q", i) : std::string("s"));
        const std::size_t domain = i < d ? domainOf(i) : 4;
        for (std::size_t r = 0; r < rows; ++r) {
            // Skewed towards small values, so that the coarse levels have large classes.
            const std::size_t v = i == d       ? rng() % 4
                                  : r < domain ? r
                                               : std::min(rng() % domain, rng() % domain);
            if (i < d) values[i].push_back(v);
            c.append(label("v", v));
        }
        columns.push_back(std::move(c));
    }
    wc->table = Table(std::move(columns));
    std::vector<HierarchyMap> maps;
    std::vector<std::size_t> qi;
    for (std::size_t i = 0; i < d; ++i) {
        std::vector<std::vector<std::string>> hrows;
        for (std::size_t v = 0; v < domainOf(i); ++v) {
            if (i < deep)
                hrows.push_back({label("v", v), label("a", v / 4), label("b", v / 64), "*"});
            else if ((i - deep) % 2 == 0)
                hrows.push_back({label("v", v),
                                 domainOf(i) == 8 ? label("a", v / 4) : label("b", v / 64), "*"});
            else
                hrows.push_back({label("v", v), "*"});
        }
        maps.emplace_back(Hierarchy(hrows), wc->table.column(i));
        qi.push_back(i);
    }
    wc->data =
        std::make_unique<Dataset>(wc->table, qi, std::move(maps), std::vector<std::size_t>{d});
    return wc;
}

}  // namespace

class TestSearchSuppression : public QObject {
    Q_OBJECT
private slots:
    void judgeNodeAgreesWithTheSearch_data() {
        QTest::addColumn<double>("suppression");
        QTest::newRow("no suppression") << 0.0;
        QTest::newRow("5% suppression") << 0.05;
        QTest::newRow("20% suppression") << 0.2;
    }
    void judgeNodeAgreesWithTheSearch() {
        // Every node: judgeNode's verdict is brute force's, which is the search's judge on the
        // node's own classes. Risk criteria are judged on the classes left after suppression.
        QFETCH(double, suppression);
        std::mt19937 rng(77 + unsigned(suppression * 100));
        std::size_t satisfying = 0, failing = 0, suppressedSome = 0;
        // At least the 10 rounds a quarter-scale run made: fewer lattices can fall short of
        // the counts below (4 rounds at 0.1 judged fewer than 10 failing nodes once).
        for (int round = 0; round < std::max(10, ldv::test::scaled(40)); ++round) {
            const auto rc = randomCase(rng, 20 + rng() % 150, 2 + rng() % 3);
            std::vector<std::string> specs = randomCriteria(rng);
            if (round % 4 == 1) specs.push_back("average-risk=0.4");
            if (round % 4 == 3) specs.push_back("sample-uniqueness=0.2");
            const Dataset& data = *rc->data;
            const SearchConfig config =
                ldv::test::searchConfigFor(data, specs, suppression, SearchAlgorithm::Brute, 1);
            const SearchResult brute = search(data, config);
            QCOMPARE(brute.satisfies.size(), std::size_t(data.lattice().size()));
            for (NodeId id = 0; id < data.lattice().size(); ++id) {
                const NodeJudgement j = judgeNode(data, config, data.lattice().levels(id));
                const QByteArray what = QByteArray("round ") + QByteArray::number(round) +
                                        " node " + QByteArray::number(qulonglong(id));
                QVERIFY2(j.satisfies == bool(brute.satisfies[id]), what);
                if (j.satisfies) {
                    ++satisfying;
                    std::uint64_t rows = 0;
                    for (std::size_t c = 0; c < j.suppressed.size(); ++c)
                        if (j.suppressed[c]) rows += j.classes.sizes[c];
                    QVERIFY2(rows <= suppressionLimitRows(suppression, data.rowCount()), what);
                    if (rows > 0) ++suppressedSome;
                } else {
                    ++failing;
                }
            }
        }
        QVERIFY(satisfying > std::size_t(ldv::test::scaled(100)));
        QVERIFY(failing > std::size_t(ldv::test::scaled(100)));
        if (suppression > 0)
            QVERIFY(suppressedSome >
                    std::size_t(ldv::test::scaled(20)));  // suppression did decide nodes
    }

    void fastAgreesWithBruteOnWideTables_data() {
        QTest::addColumn<double>("suppression");
        QTest::addColumn<QString>("criteria");
        QTest::newRow("k=4, 2%") << 0.02 << "k=4";
        QTest::newRow("k=6, 5%") << 0.05 << "k=6";
        QTest::newRow("k=3 + distinct-l=2, 5%") << 0.05 << "k=3,distinct-l=2";
        QTest::newRow("k=5, no suppression") << 0.0 << "k=5";
    }
    void fastAgreesWithBruteOnWideTables() {
        // Thousands of base groups and lattices of hundreds to thousands of nodes: the fast
        // classifier runs its threads (the input is large enough), and fresh paths roll up
        // from hubs with attributes at the top.
        QFETCH(double, suppression);
        QFETCH(QString, criteria);
        std::vector<std::string> specs;
        for (const QString& s : criteria.split(',')) specs.push_back(s.toStdString());
        std::mt19937 rng(2026 + unsigned(suppression * 1000) + unsigned(specs.size()));
        int compared = 0;
        for (int round = 0; round < ldv::test::scaled(4); ++round) {
            const auto rc = randomCase(rng, 2500 + rng() % 2000, 6 + rng() % 2);
            const Dataset& data = *rc->data;
            const SearchResult brute = search(
                data,
                ldv::test::searchConfigFor(data, specs, suppression, SearchAlgorithm::Brute, 1));
            for (unsigned threads : {1u, 2u}) {
                const SearchResult fast =
                    search(data, ldv::test::searchConfigFor(data, specs, suppression,
                                                            SearchAlgorithm::Fast, threads));
                const QByteArray what = QByteArray("round ") + QByteArray::number(round) +
                                        " threads " + QByteArray::number(threads);
                verifySameAnswer(fast, brute, what);
                if (QTest::currentTestFailed()) return;
                QVERIFY(fast.statistics.checkedNodes <= brute.statistics.checkedNodes);
                if (!brute.minimal.empty() && brute.satisfyingCount < data.lattice().size())
                    ++compared;
            }
        }
        QVERIFY(compared >= (ldv::test::testScale() < 1
                                 ? 0
                                 : 4));  // most tables have a boundary inside the lattice
    }

    void rowsBoundAgreesWithBrute_data() {
        QTest::addColumn<double>("suppression");
        QTest::addColumn<QString>("criteria");
        QTest::newRow("k=3, 3%") << 0.03 << "k=3";
        QTest::newRow("k=5, 6%") << 0.06 << "k=5";
        QTest::newRow("k=4 + distinct-l=2, 6%") << 0.06 << "k=4,distinct-l=2";
    }
    void rowsBoundAgreesWithBrute() {
        // Failing nodes decided without grouping by the rows that checked nodes above them
        // suppress (search/suppressed_rows.h): the explicit and the implicit classifier at 1
        // and 2 threads give brute force's satisfying nodes, minimal nodes and optimum, and
        // the bound decides nodes on these tables (so the path is exercised).
        QFETCH(double, suppression);
        QFETCH(QString, criteria);
        std::vector<std::string> specs;
        for (const QString& s : criteria.split(',')) specs.push_back(s.toStdString());
        std::mt19937 rng(31 + unsigned(suppression * 1000) + unsigned(specs.size()));
        ldv::test::BoundDecisions decisions;
        int compared = 0;
        // A scaled-down run (sanitizers) still goes on until the bound has decided a node.
        for (int round = 0;
             round < ldv::test::scaled(5) || (decisions.suppressedRows == 0 && round < 5);
             ++round) {
            const auto rc = randomCase(rng, 1500 + rng() % 2500, 6 + rng() % 3);
            const Dataset& data = *rc->data;
            const SearchResult brute = search(
                data,
                ldv::test::searchConfigFor(data, specs, suppression, SearchAlgorithm::Brute, 2));
            if (!brute.minimal.empty() && brute.satisfyingCount < data.lattice().size()) ++compared;
            ldv::test::compareFastWithBrute(data, specs, suppression, brute, round, decisions);
            if (QTest::currentTestFailed()) return;
        }
        QVERIFY(compared >= (ldv::test::testScale() < 1 ? 0 : 3));
        QVERIFY(decisions.suppressedRows > 0);
    }

    void packingsAgreeWithBrute_data() {
        QTest::addColumn<int>("attributes");
        QTest::addColumn<int>("domain");
        QTest::addColumn<int>("deep");   // QIs with the four-level hierarchy
        QTest::addColumn<int>("words");  // bit-field words of the keys, 0 = none
        QTest::addColumn<int>("rows");
        QTest::addColumn<int>("small");  // last QIs with 8 values (3-bit fields)
        // 4 × 13 bits: bit fields of one word, the output mostly hashed (wide fields).
        QTest::newRow("bit fields") << 4 << 4200 << 4 << 1 << 10000 << 0;
        // 5 × 13 bits = 65 bits: two words (4 fields and 1), gathered by PEXT once a field is
        // generalised or dropped.
        QTest::newRow("two words, 65 bits") << 5 << 4200 << 5 << 2 << 10000 << 0;
        // 5 × 14 bits = 70 bits; 9000^5 > 2^62, so this was grouped attribute by attribute
        // before two words.
        QTest::newRow("two words, 70 bits") << 5 << 9000 << 5 << 2 << 10000 << 0;
        // 4 × 14 + 4 × 3 bits = 68 bits: the four 3-bit fields share a 12-bit chunk of the low
        // word, looked up together when two or more of them change.
        QTest::newRow("two words, fused fields") << 8 << 9000 << 4 << 2 << 10000 << 4;
        // 10 × 11 bits = 110 bits (5 fields a word): many QIs, outputs above 64 bits hashed as
        // two words.
        QTest::newRow("two words, 10 QIs") << 10 << 2000 << 0 << 2 << 5000 << 0;
        // 9 × 13 bits = 117 bits, but 4 fields fill a word (52 bits) and a field never straddles
        // two, so the ninth does not fit: grouped attribute by attribute.
        QTest::newRow("refined, fields do not fit") << 9 << 4200 << 0 << 0 << 5000 << 0;
        // 10 × 13 bits = 130 bits (fields are sized by the values present: 5,000 rows hold
        // 5,000 of the 9,000): grouped attribute by attribute.
        QTest::newRow("refined, 130 bits") << 10 << 9000 << 0 << 0 << 5000 << 0;
    }
    void packingsAgreeWithBrute() {
        // Fast (explicit and implicit) against brute force, with and without suppression, at
        // 1 and 2 threads, on each packing of the keys. ctest runs this once more with
        // LDIV_NO_PEXT=1 (every output hashed, two-word outputs as two words).
        QFETCH(int, attributes);
        QFETCH(int, domain);
        QFETCH(int, deep);
        QFETCH(int, words);
        QFETCH(int, rows);
        QFETCH(int, small);
        // Under the sanitizers the two rows whose packing another row already takes (65 bits:
        // two words; "fields do not fit": grouped attribute by attribute) are left out.
        if (test::kInstrumented && (QByteArray(QTest::currentDataTag()) == "two words, 70 bits" ||
                                    QByteArray(QTest::currentDataTag()) == "refined, 130 bits"))
            QSKIP("instrumented build: the same packing as another row");
        std::mt19937 rng(unsigned(attributes * 100000 + domain));
        const auto wc = wideCase(rng, std::size_t(rows), std::size_t(attributes),
                                 std::size_t(domain), std::size_t(deep), std::size_t(small));
        const Dataset& data = *wc->data;
        {
            // The row exercises the packing it names.
            const detail::RollupEngine engine(data, {});
            QCOMPARE(engine.bitPacked(), words == 1);
            QCOMPARE(engine.wideBits(), words == 2);
        }
        int boundaries = 0;
        // Under the sanitizers one requirement at 2 threads (each packing's paths once);
        // the Release run compares every combination.
        const std::vector<double> suppressions =
            test::kInstrumented ? std::vector<double>{0.05} : std::vector<double>{0.0, 0.05};
        const std::vector<std::string> ks = test::kInstrumented
                                                ? std::vector<std::string>{"k=3"}
                                                : std::vector<std::string>{"k=3", "k=20"};
        const std::vector<unsigned> threadCounts =
            test::kInstrumented ? std::vector<unsigned>{2} : std::vector<unsigned>{1, 2};
        for (const double suppression : suppressions) {
            for (const std::string& k : ks) {
                const std::vector<std::string> specs{k};
                const SearchResult brute =
                    search(data, ldv::test::searchConfigFor(data, specs, suppression,
                                                            SearchAlgorithm::Brute, 2));
                if (!brute.minimal.empty() && brute.satisfyingCount < data.lattice().size())
                    ++boundaries;
                for (unsigned threads : threadCounts) {
                    for (const NodeId implicitAbove : {NodeId(0), NodeId(1) << 40}) {
                        SearchConfig config = ldv::test::searchConfigFor(
                            data, specs, suppression, SearchAlgorithm::Fast, threads);
                        config.implicitAbove = implicitAbove;
                        const SearchResult fast = search(data, config);
                        const QByteArray what = QByteArray(k.c_str()) + " suppression " +
                                                QByteArray::number(suppression) + " threads " +
                                                QByteArray::number(threads) +
                                                (fast.implicit ? " implicit" : " explicit");
                        verifySameAnswer(fast, brute, what);
                        if (QTest::currentTestFailed()) return;
                    }
                }
            }
        }
        QVERIFY(boundaries >= (test::kInstrumented ? 0 : 2));
    }

    void rollupsMatchDirectGrouping_data() { packingsAgreeWithBrute_data(); }
    void rollupsMatchDirectGrouping() {
        // White-box, on the same tables: RollupEngine's classes (codes read back from the
        // packed keys, sizes, carried histograms) at random nodes, rolled up from the base
        // groups and again from that result (some attributes dropped), equal the base groups
        // mapped up each hierarchy and grouped in a std::map. Rollups from the base change
        // many attributes at once, so fused lookups (class_table_wide.cpp) run here.
        QFETCH(int, attributes);
        QFETCH(int, domain);
        QFETCH(int, deep);
        QFETCH(int, rows);
        QFETCH(int, small);
        std::mt19937 rng(unsigned(attributes * 100000 + domain));
        const auto wc = wideCase(rng, std::size_t(rows), std::size_t(attributes),
                                 std::size_t(domain), std::size_t(deep), std::size_t(small));
        const Dataset& data = *wc->data;
        const std::size_t d = data.qiCount();
        const EquivalenceClasses& baseGroups = data.baseGroups();
        const std::size_t m = data.sensitiveDomain(0);
        detail::RollupEngine engine(data, {0});
        const detail::ClassTable base = engine.base();
        using Classes = std::map<std::vector<Code>, std::vector<std::uint32_t>>;  // size, hist
        const auto direct = [&](const std::vector<int>& levels) {
            Classes out;
            std::vector<std::vector<Code>> up(d);
            for (std::size_t i = 0; i < d; ++i)
                if (levels[i] >= 0) up[i] = data.hierarchy(i).upMap(0, levels[i]);
            for (std::size_t c = 0; c < baseGroups.count(); ++c) {
                std::vector<Code> key;
                for (std::size_t i = 0; i < d; ++i)
                    if (levels[i] >= 0) key.push_back(up[i][baseGroups.keys[c * d + i]]);
                std::vector<std::uint32_t>& v = out[key];
                v.resize(1 + m, 0);
                v[0] += baseGroups.sizes[c];
                for (std::size_t s = 0; s < m; ++s) v[1 + s] += baseGroups.histograms[0][c * m + s];
            }
            return out;
        };
        const auto fromEngine = [&](const detail::ClassTable& t) {
            Classes out;
            std::vector<Code> scratch;
            const std::span<const Code> keys = engine.keysOf(t, scratch);
            const std::size_t w = t.attrs.size();
            for (std::size_t c = 0; c < t.count(); ++c) {
                std::vector<std::uint32_t> v{t.sizes[c]};
                v.insert(v.end(), t.hist.begin() + std::ptrdiff_t(c * m),
                         t.hist.begin() + std::ptrdiff_t((c + 1) * m));
                // A key twice would be two classes where there is one.
                if (!out.emplace(std::vector<Code>(keys.begin() + std::ptrdiff_t(c * w),
                                                   keys.begin() + std::ptrdiff_t((c + 1) * w)),
                                 std::move(v))
                         .second)
                    return Classes{};
            }
            return out;
        };
        QCOMPARE(engine.histWidth(), m);
        QVERIFY(fromEngine(base) == direct(std::vector<int>(d, 0)));
        std::mt19937 pick(11);
        for (int round = 0; round < ldv::test::scaled(40); ++round) {
            std::vector<int> mid(d), top(d);
            for (std::size_t i = 0; i < d; ++i) {
                const int h = data.hierarchy(i).height();
                mid[i] = int(pick() % unsigned(h + 1));
                top[i] = pick() % 8 == 0 ? -1 : mid[i] + int(pick() % unsigned(h - mid[i] + 1));
            }
            detail::ClassTable a, b;
            engine.rollup(base, mid, a);
            engine.rollup(a, top, b);
            const QByteArray what = QByteArray("round ") + QByteArray::number(round);
            QVERIFY2(fromEngine(a) == direct(mid), what);
            QVERIFY2(fromEngine(b) == direct(top), what);
        }
    }
};

QTEST_APPLESS_MAIN(TestSearchSuppression)
#include "test_search_suppression.moc"
