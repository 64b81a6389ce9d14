// 1DLD (Ghinita et al. 2007, Tian & Zhang 2011 §5.1.2) and CLD (Incognito with recursive (c,ℓ), 002
// §5.1.1): Hilbert keys, simple ℓ-diverse groups, CLD's node against a brute-force oracle,
// and their use for (τ,ℓ) requirements (Tian & Zhang 2011 §5.2), including requirements where they
// give nothing (Adult salary, (0.5, 2)).
#include "ldiv/criteria/criterion.h"
#include "ldiv/project/tau_input.h"
#include "ldiv/project/workspace.h"
#include "ldiv/tau/baseline_outcome.h"
#include "ldiv/tau/sweep_result.h"
#include "test_paths.h"

#include <QtTest>

#include <cmath>
#include <random>
#include <set>

using namespace ldv;

namespace {

using Rows = std::vector<std::vector<std::string>>;

struct Small {
    Table table;
    std::unique_ptr<Dataset> data;
    TauInput input;
};

// Two QI over 8 values (binary hierarchies of height 3), SA over m values (pairs, root).
std::unique_ptr<Small> randomSmall(std::uint64_t seed, std::size_t rows, std::size_t m) {
    std::mt19937_64 rng{seed};
    auto s = std::make_unique<Small>();
    std::vector<Column> cols;
    std::vector<Hierarchy> hs;
    for (int i = 0; i < 2; ++i) {
        Rows h;
        for (int v = 0; v < 8; ++v)
            h.push_back({"q" + std::to_string(v), "g" + std::to_string(v / 2),
                         "G" + std::to_string(v / 4), "*"});
        hs.emplace_back(h);
        Column c("a" + std::to_string(i));
        for (std::size_t r = 0; r < rows; ++r) c.append("q" + std::to_string(rng() % 8));
        cols.push_back(std::move(c));
    }
    Column sa("sa");
    Rows tax;
    for (std::size_t v = 0; v < m; ++v)
        tax.push_back({"s" + std::to_string(v), "p" + std::to_string(v / 2), "*"});
    for (std::size_t r = 0; r < rows; ++r)
        sa.append("s" + std::to_string(r < m ? r : (rng() % 3 == 0 ? 0 : rng() % m)));
    cols.push_back(std::move(sa));
    s->table = Table(std::move(cols));
    std::vector<HierarchyMap> maps;
    for (std::size_t i = 0; i < 2; ++i) maps.emplace_back(hs[i], s->table.column(i));
    s->data = std::make_unique<Dataset>(s->table, std::vector<std::size_t>{0, 1}, std::move(maps),
                                        std::vector<std::size_t>{2});
    s->input = TauInput::make(
        *s->data, SensitiveTaxonomy::fromHierarchyRows(s->table.column(2).dictionary(), tax), 0,
        &hs);
    return s;
}

std::unique_ptr<Workspace> adult(const std::string& sensitive, const std::string& taxonomy) {
    ProjectConfig c = loadProject(test::example("adult/adult.ldiv.json"));
    for (auto& a : c.attributes)
        if (a.role == Role::Sensitive) a.role = Role::Insensitive;
    AttributeConfig& sa = c.ensureAttribute(sensitive);
    sa.role = Role::Sensitive;
    sa.hierarchyFile = taxonomy;
    return std::make_unique<Workspace>(c, test::example("adult"));
}

}  // namespace

class TestOneDld : public QObject {
    Q_OBJECT

private slots:
    void hilbertCurveIsAPath() {
        // Consecutive Hilbert indices are neighbouring cells, and every cell has one index.
        for (std::size_t d : {2u, 3u}) {
            const int bits = 3;
            const std::size_t side = 1u << bits;
            std::map<std::pair<std::uint64_t, std::uint64_t>, std::vector<std::uint32_t>> byKey;
            std::vector<std::uint32_t> p(d, 0);
            const std::size_t cells = std::size_t(std::pow(double(side), double(d)));
            for (std::size_t cell = 0; cell < cells; ++cell) {
                std::size_t x = cell;
                for (std::size_t i = 0; i < d; ++i, x /= side) p[i] = std::uint32_t(x % side);
                byKey[hilbertIndex(p, bits)] = p;
            }
            QCOMPARE(byKey.size(), cells);
            const std::vector<std::uint32_t>* prev = nullptr;
            for (const auto& [key, point] : byKey) {
                if (prev) {
                    int dist = 0;
                    for (std::size_t i = 0; i < d; ++i)
                        dist += std::abs(int(point[i]) - int((*prev)[i]));
                    QCOMPARE(dist, 1);
                }
                prev = &point;
            }
        }
    }

    void groupsAreSimpleLDiverse_data() {
        QTest::addColumn<int>("seed");
        QTest::addColumn<int>("l");
        for (int seed = 1; seed <= 5; ++seed)
            for (int l = 2; l <= 4; ++l) QTest::addRow("seed %d l %d", seed, l) << seed << l;
    }

    void groupsAreSimpleLDiverse() {
        QFETCH(int, seed);
        QFETCH(int, l);
        const auto s = randomSmall(std::uint64_t(seed), 40 + 37 * std::size_t(seed), 6);
        const LocalRecoding out = oneDimensionalDiversity(s->input, std::size_t(l));
        std::vector<std::uint32_t> counts(6, 0);
        for (std::uint32_t v : s->input.baseSa) ++counts[v];
        if (simpleEligibility(counts) < std::uint64_t(l)) {
            QVERIFY(out.empty());
            return;
        }
        QVERIFY(!out.empty());
        const TauCheck check = checkTau(s->input, out, 0.99, 2);  // validity of the recoding
        QVERIFY2(check.valid, check.problem.c_str());
        for (const RecodedClass& cls : out.classes) {
            std::map<std::uint32_t, std::size_t> n;
            std::size_t r1 = 0;
            for (std::uint32_t r : cls.rows) r1 = std::max(r1, ++n[s->input.baseSa[r]]);
            QVERIFY2(r1 * std::size_t(l) <= cls.rows.size(), "a group is not simple l-diverse");
        }
        // Simple ℓ-diversity is (1/ℓ, ℓ)-diversity (Tian & Zhang 2011 Thm 20).
        if (std::size_t(l) <= 6) QVERIFY(checkTau(s->input, out, 1.0 / l, l).holds());
    }

    void cldMatchesBruteForce() {
        const auto s = randomSmall(11, 150, 5);
        const std::vector<double> cs{1, 2, 3, 5};
        const CldSearch cld(s->input, cs);
        const Lattice& lattice = s->data->lattice();
        for (double c : cs)
            for (std::size_t l = 2; l <= 5; ++l) {
                const Criterion crit = Criterion::parse("recursive-cl=" + std::to_string(int(c)) +
                                                        "," + std::to_string(l));
                std::optional<int> bestHeight;
                for (NodeId id = 0; id < lattice.size(); ++id) {
                    const Levels levels = lattice.levels(id);
                    const EquivalenceClasses ec = s->data->classes(levels);
                    bool ok = true;
                    for (std::size_t k = 0; k < ec.count() && ok; ++k)
                        ok = crit.holds(ec.histogram(k));
                    if (ok && (!bestHeight || Lattice::height(levels) < *bestHeight))
                        bestHeight = Lattice::height(levels);
                }
                const auto node = cld.node(c, l);
                QCOMPARE(node.has_value(), bestHeight.has_value());
                if (node) QCOMPARE(Lattice::height(*node), *bestHeight);
            }
    }

    void bestOutputsSatisfyTau() {
        const auto s = randomSmall(5, 300, 4);
        const CldSearch cld(s->input);
        for (double l : {2.0, 3.0})
            for (double tau : {0.5, 0.7, 0.9}) {
                for (const BaselineOutcome& b : {bestOneDld(s->input, tau, l), cld.best(tau, l)}) {
                    if (b.empty) continue;
                    QVERIFY(checkTau(s->input, b.recoding, tau, l).holds());
                    QCOMPARE(excessiveProtection(s->input, b.recoding, tau, l),
                             b.excessiveProtection);
                    QVERIFY(b.satisfyingRuns >= 1 && b.satisfyingRuns <= b.runs);
                }
            }
    }

    void adultSalaryOnlySweep() {
        // Tian & Zhang 2011 §5.2 / Fig. 13: Adult with salary as SA (f1 = 0.75) is eligible for no
        // simple ℓ ≥ 2 and no (c,ℓ) output satisfies (0.5, 2); SWEEP still produces a table.
        const auto ws = adult("salary-class", "adult_hierarchy_salary-class.csv");
        const TauInput input = tauInputOf(*ws);
        QVERIFY(bestOneDld(input, 0.5, 2).empty);
        QVERIFY(CldSearch(input).best(0.5, 2).empty);
        const SweepResult r = sweep(input, {0.5, 2, {}, 1});
        QVERIFY(!r.recoding.empty());
        QVERIFY(checkTau(input, r.recoding, 0.5, 2).holds());
        QVERIFY(generalizedSaRows(input, r.recoding) > 0);
    }

    void theoreticalRequirements() {
        // Tian & Zhang 2011 Cor. 24 with m = 14, u = 5: ℓ′ ∈ [15 − 13/4, 14] = [11.75, 14] → ℓ′ =
        // 12, 13, 14 and c = 13/(4·(15−ℓ′)) = 1.0833, 1.625, 3.25; Cor. 21: simple ℓ = 5.
        const auto t = ldv::theoreticalRequirements(0.3, 5, 14);
        QCOMPARE(t.simpleL, 5.0);
        QCOMPARE(t.cl.size(), std::size_t(3));
        QCOMPARE(t.cl[0].second, 12.0);
        QVERIFY(std::abs(t.cl[0].first - 13.0 / 12.0) < 1e-12);
        QVERIFY(std::abs(t.cl[2].first - 3.25) < 1e-12);
    }
};

QTEST_APPLESS_MAIN(TestOneDld)
#include "test_one_dld.moc"
