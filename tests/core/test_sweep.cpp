// SWEEP (Tian & Zhang 2011 §4, Fig. 6) and the (τ,ℓ) output model (tau_recoding.h): SPEC
// examples 3.1 and 3.2 through the recoding code path, the ≻_I order of Tian & Zhang 2011 Ex. 27,
// hand-computed excessive protection, and SWEEP's output checked class by class on random tables.
#include "ldiv/data/error.h"
#include "ldiv/tau/sweep_result.h"
#include "tau/sweep_steps.h"

#include <QtTest>

#include <cmath>
#include <random>

using namespace ldv;

namespace {

using Rows = std::vector<std::vector<std::string>>;

Column makeColumn(const std::string& name, const std::vector<std::string>& values) {
    Column c(name);
    for (const auto& v : values) c.append(v);
    return c;
}

// A small world: QI columns with hierarchies, one SA with a taxonomy (rows as in the CSV).
struct World {
    Table table;
    std::unique_ptr<Dataset> data;
    TauInput input;

    World(std::vector<Column> qi, std::vector<Hierarchy> hierarchies, Column sa,
          const std::vector<std::vector<std::string>>& taxonomy) {
        std::vector<Column> columns = qi;
        columns.push_back(sa);
        table = Table(std::move(columns));
        std::vector<std::size_t> qiCols;
        std::vector<HierarchyMap> maps;
        for (std::size_t i = 0; i < qi.size(); ++i) {
            qiCols.push_back(i);
            maps.emplace_back(hierarchies[i], table.column(i));
        }
        data = std::make_unique<Dataset>(table, qiCols, std::move(maps),
                                         std::vector<std::size_t>{qi.size()});
        const Column& s = table.column(qi.size());
        input = TauInput::make(
            *data, SensitiveTaxonomy::fromHierarchyRows(s.dictionary(), taxonomy), 0, &hierarchies);
    }
};

std::vector<std::vector<std::string>> diseaseTaxonomy() {
    // Tian & Zhang 2011 Fig. 2(c) / SPEC Example 3.1: hemal = {hepatitis, b}.
    return {{"hepatitis", "hemal", "*"}, {"b", "hemal", "*"}, {"c", "c", "*"}, {"d", "d", "*"}};
}

// A random table: `d` QI over 2^h values with binary hierarchies, SA over `m` values with
// a two-level taxonomy, SA skewed so that sensitive generalization is needed.
World randomWorld(std::mt19937_64& rng, std::size_t rows, std::size_t d, int h, std::size_t m) {
    std::vector<Column> qi;
    std::vector<Hierarchy> hierarchies;
    const std::size_t values = std::size_t(1) << h;
    for (std::size_t i = 0; i < d; ++i) {
        std::vector<std::vector<std::string>> hrows;
        for (std::size_t v = 0; v < values; ++v) {
            std::vector<std::string> row{"q" + std::to_string(v)};
            for (int j = 1; j < h; ++j)
                row.push_back("g" + std::to_string(j) + "_" + std::to_string(v >> j));
            row.push_back("*");
            hrows.push_back(row);
        }
        hierarchies.emplace_back(hrows);
        std::vector<std::string> col;
        std::uniform_int_distribution<std::size_t> pick(0, values - 1);
        for (std::size_t r = 0; r < rows; ++r) col.push_back("q" + std::to_string(pick(rng)));
        qi.push_back(makeColumn("a" + std::to_string(i), col));
    }
    std::vector<std::vector<std::string>> tax;
    for (std::size_t s = 0; s < m; ++s)
        tax.push_back({"s" + std::to_string(s), "p" + std::to_string(s / 2), "*"});
    std::vector<double> w;
    for (std::size_t s = 0; s < m; ++s) w.push_back(1.0 / double(s + 1) / double(s + 1));
    std::discrete_distribution<std::size_t> sk(w.begin(), w.end());
    std::vector<std::string> sa;
    for (std::size_t r = 0; r < rows; ++r)
        sa.push_back("s" + std::to_string(r < m ? r : sk(rng)));  // every value present
    return World(qi, hierarchies, makeColumn("sa", sa), tax);
}

}  // namespace

class TestSweep : public QObject {
    Q_OBJECT

private slots:
    void example31ThroughRecoding() {
        // Rows 0–3 form the EC of SPEC Example 3.1 (SA hemal, hemal, hepatitis, c); row 4 (d)
        // only puts d in the domain.
        World w({makeColumn("zip", {"1", "1", "1", "1", "2"})},
                {Hierarchy(Rows{{"1", "*"}, {"2", "*"}})},
                makeColumn("disease", {"hepatitis", "b", "hepatitis", "c", "d"}),
                diseaseTaxonomy());
        const std::uint32_t hemal = std::uint32_t(*w.input.taxonomy.find("hemal"));
        LocalRecoding out;
        out.saNode = {hemal, hemal, 0, 2, 3};
        out.classes.push_back({{0}, {0}, {0, 1, 2, 3}});
        out.classes.push_back({{0}, {1}, {4}});
        QCOMPARE(classFrequencies(w.input, out, 0), (std::vector<double>{0.5, 0.25, 0.25, 0}));
        QVERIFY(tauHolds(classFrequencies(w.input, out, 0), 0.5, 3));
        const TauCheck check = checkTau(w.input, out, 0.5, 3);
        QVERIFY(check.valid);
        QCOMPARE(check.failingClasses, std::size_t(1));  // the lone d row fails
        // e(P) = min over classes: the first class has e = 0 (F = ψ = 0.5, 0.75, 1, 1).
        QCOMPARE(excessiveProtection(w.input, out, 0.5, 3), 0.0);
        // By hand for (0.6, 3): ψ = 0.6, 0.8, 1, 1 and F = 0.5, 0.75, 1, 1, so
        // e = |0.6−0.5| + |0.8−0.75| + 0 + 0 = 0.15; the d class: F = 1,1,1,1, e = 0.4+0.2 = 0.6.
        QVERIFY(std::abs(excessiveProtection(w.input, out, 0.6, 3) - 0.15) < 1e-12);
        // A row generalized to something that does not cover it is caught.
        out.saNode[3] = hemal;
        QVERIFY(!checkTau(w.input, out, 0.5, 3).valid);
    }

    void example32Information() {
        // SPEC Example 3.2 (Tian & Zhang 2011 Ex. 15): row information 0.7 ×2, 1.1 ×4, 1.2 ×6 → um
        // = 13/36. A: 20 values, level 1 = groups of 10. B: 20 values, level 1 = pairs, level 2 =
        // groups of 10. SA: 4 values, pairs. 0.7 = 1/10 + 1/10 + 1/2 (A1, B2, SA pair);
        // 1.1 = 1/10 + 1/2 + 1/2 (A1, B1, SA pair); 1.2 = 1/10 + 1/10 + 1 (A1, B2, SA base).
        std::vector<std::vector<std::string>> ha, hb;
        for (int v = 0; v < 20; ++v) {
            ha.push_back({"a" + std::to_string(v), "A" + std::to_string(v / 10), "*"});
            hb.push_back({"b" + std::to_string(v), "P" + std::to_string(v / 2),
                          "B" + std::to_string(v / 10), "*"});
        }
        // Information counts leaves in the data domain (docs/tau-diversity.md), so the rows
        // hold every leaf under A0, B0 and P0: a0..a9, b0..b9, with rows 2–5 (the pair class)
        // on b0, b1.
        std::vector<std::string> a, b, s;
        const int bs[12] = {2, 3, 0, 1, 0, 1, 4, 5, 6, 7, 8, 9};
        for (int r = 0; r < 12; ++r) {
            a.push_back("a" + std::to_string(r % 10));
            b.push_back("b" + std::to_string(bs[r]));
            s.push_back("s" + std::to_string(r % 4));
        }
        World w({makeColumn("a", a), makeColumn("b", b)}, {Hierarchy(ha), Hierarchy(hb)},
                makeColumn("sa", s),
                {{"s0", "p0", "*"}, {"s1", "p0", "*"}, {"s2", "p1", "*"}, {"s3", "p1", "*"}});
        const std::uint32_t p0 = std::uint32_t(*w.input.taxonomy.find("p0"));
        const std::uint32_t p1 = std::uint32_t(*w.input.taxonomy.find("p1"));
        LocalRecoding out;
        out.saNode = w.input.baseSa;
        out.classes.push_back({{1, 2}, {0, 0}, {0, 1}});
        out.classes.push_back({{1, 1}, {0, 0}, {2, 3, 4, 5}});
        out.classes.push_back({{1, 2}, {0, 0}, {6, 7, 8, 9, 10, 11}});
        for (std::uint32_t r = 0; r < 6; ++r) out.saNode[r] = w.input.baseSa[r] < 2 ? p0 : p1;
        QVERIFY(std::abs(informationUtility(w.input, out) - 13.0 / 36.0) < 1e-12);
        QCOMPARE(std::round(informationUtility(w.input, out) * 100) / 100, 0.36);
        QCOMPARE(generalizedSaRows(w.input, out), std::size_t(6));
    }

    void informationOrder() {
        // Tian & Zhang 2011 Ex. 27 / Fig. 5: A and B each have a root over two leaves, A more
        // important: a1b1 ≻ a1b0 ≻ a0b1 ≻ a0b0 with I = 1, 0.75, 0.75, 0.5 (levels from the base
        // here).
        World w({makeColumn("A", {"a1", "a2"}), makeColumn("B", {"b1", "b2"})},
                {Hierarchy(Rows{{"a1", "a0"}, {"a2", "a0"}}),
                 Hierarchy(Rows{{"b1", "b0"}, {"b2", "b0"}})},
                makeColumn("sa", {"x", "y"}), {{"x", "*"}, {"y", "*"}});
        const auto items = sweepOrder(*w.data);
        QCOMPARE(items.size(), std::size_t(4));
        const std::vector<std::vector<int>> levels{{0, 0}, {0, 1}, {1, 0}, {1, 1}};
        const std::vector<double> info{1, 0.75, 0.75, 0.5};
        for (std::size_t k = 0; k < 4; ++k) {
            QCOMPARE(items[k].levels, levels[k]);
            QCOMPARE(items[k].information, info[k]);
        }
        // B more important: a0b1 (A generalized) now precedes a1b0.
        const auto swapped = sweepOrder(*w.data, {1, 0});
        QCOMPARE(swapped[1].levels, (std::vector<int>{1, 0}));
        QVERIFY_THROWS_EXCEPTION(ParameterError, sweepOrder(*w.data, {0, 0}));
    }

    void generalizesSensitiveLikeExample33() {
        // Tian & Zhang 2011 Ex. 33 in miniature: hepatitis dominates; the least general rows
        // covering it are generalized to hemal until (0.5, 3) holds.
        World w(
            {makeColumn("zip", std::vector<std::string>(6, "1"))}, {Hierarchy(Rows{{"1", "*"}})},
            makeColumn("disease", {"hepatitis", "hepatitis", "hepatitis", "hepatitis", "b", "c"}),
            {{"hepatitis", "hemal", "*"}, {"b", "hemal", "*"}, {"c", "c", "*"}});
        std::vector<std::uint32_t> rows{0, 1, 2, 3, 4, 5};
        std::vector<std::uint32_t> sa = w.input.baseSa;
        const std::size_t steps = detail::generalizeSensitive(w.input, rows, sa, 0.5, 3);
        QVERIFY(steps >= 1);
        std::vector<std::uint32_t> counts(w.input.taxonomy.nodeCount(), 0);
        for (std::uint32_t v : sa) ++counts[v];
        std::vector<double> f;
        w.input.taxonomy.inducedFrequencies(counts, w.input.weights, f);
        QVERIFY(tauHolds(f, 0.5, 3));
    }

    void randomTables_data() {
        QTest::addColumn<int>("seed");
        QTest::addColumn<int>("rows");
        QTest::addColumn<int>("qi");
        QTest::addColumn<int>("m");
        for (int seed = 1; seed <= 6; ++seed)
            QTest::addRow("seed %d", seed)
                << seed << 50 + 60 * seed << 1 + seed % 3 << 3 + seed % 4;
    }

    void randomTables() {
        QFETCH(int, seed);
        QFETCH(int, rows);
        QFETCH(int, qi);
        QFETCH(int, m);
        std::mt19937_64 rng{std::uint64_t(seed)};
        World w = randomWorld(rng, std::size_t(rows), std::size_t(qi), 3, std::size_t(m));
        for (double l = 2; l <= m; ++l)
            for (double tau : {1.0 / l, 0.5 * (1.0 / l + 1), 0.9}) {
                SweepOptions o;
                o.tau = tau;
                o.l = l;
                o.seed = std::uint64_t(seed);
                const SweepResult r = sweep(w.input, o);
                QVERIFY(!r.recoding.empty());
                const TauCheck check = checkTau(w.input, r.recoding, tau, l);
                QVERIFY2(check.holds(), check.problem.c_str());
                // Deterministic given the seed.
                const SweepResult again = sweep(w.input, o);
                QCOMPARE(again.recoding.saNode, r.recoding.saNode);
                QCOMPARE(again.recoding.classes.size(), r.recoding.classes.size());
            }
    }

    void invalidRequirement() {
        std::mt19937_64 rng(7);
        World w = randomWorld(rng, 40, 1, 2, 3);
        SweepOptions o;
        o.tau = 0.2;  // < 1/ℓ
        o.l = 3;
        QVERIFY_THROWS_EXCEPTION(ParameterError, sweep(w.input, o));
        o.tau = 0.5;
        o.l = 4;  // > m
        QVERIFY_THROWS_EXCEPTION(ParameterError, sweep(w.input, o));
    }
};

QTEST_APPLESS_MAIN(TestSweep)
#include "test_sweep.moc"
