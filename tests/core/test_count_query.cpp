// Count-query error (Tian & Zhang 2011 §5.3.3, Figs 19–21) worked by hand: EST adds
// ∏ c_i per overlapping row with c_i = |leaves(b_i)| / |leaves(t[A_i])| when the published
// value covers b_i, so a generalized value counts a share of its rows.
#include "ldiv/tau/tau_analysis.h"

#include <QtTest>

using namespace ldv;

namespace {

Column makeColumn(const std::string& name, const std::vector<std::string>& values) {
    Column c(name);
    for (const auto& v : values) c.append(v);
    return c;
}

// QI a (a0, a1 → *), SA y (y0, y1 → *); rows (a0, y0) × 3 and (a1, y1) × 1.
struct World {
    Table table;
    std::unique_ptr<Dataset> dataset;
    TauInput input;
    World() {
        table = Table(
            {makeColumn("a", {"a0", "a0", "a0", "a1"}), makeColumn("y", {"y0", "y0", "y0", "y1"})});
        std::vector<Hierarchy> h{
            Hierarchy(std::vector<std::vector<std::string>>{{"a0", "*"}, {"a1", "*"}})};
        std::vector<HierarchyMap> maps{HierarchyMap(h[0], table.column(0))};
        dataset = std::make_unique<Dataset>(table, std::vector<std::size_t>{0}, std::move(maps),
                                            std::vector<std::size_t>{1});
        input = TauInput::make(*dataset,
                               SensitiveTaxonomy::fromHierarchyRows(table.column(1).dictionary(),
                                                                    {{"y0", "*"}, {"y1", "*"}}),
                               0, &h);
    }
    LocalRecoding base() const {
        LocalRecoding out;
        out.saNode = input.baseSa;
        out.classes.push_back({{0}, {table.column(0).code(0)}, {0, 1, 2}});
        out.classes.push_back({{0}, {table.column(0).code(3)}, {3}});
        return out;
    }
};

}  // namespace

class TestCountQuery : public QObject {
    Q_OBJECT

private slots:
    void sensitiveGeneralizedToTheRoot() {
        World w;
        const CountQueryWorkload workload(w.input, 200, 5);
        QCOMPARE(workload.dimensions(), std::size_t(2));
        LocalRecoding out = w.base();
        const auto exact = workload.averageErrors(out);
        QCOMPARE(exact[0], 0.0);
        QCOMPARE(exact[1], 0.0);
        // Every y published as * (2 leaves): c = 1/2 per row. 2D queries: (a0, y0) ACT 3,
        // EST 3 · ½ = 1.5; (a1, y1) ACT 1, EST ½: error ½ whichever query is drawn.
        const std::uint32_t root = std::uint32_t(*w.input.taxonomy.find("*"));
        std::fill(out.saNode.begin(), out.saNode.end(), root);
        QCOMPARE(workload.averageErrors(out)[1], 0.5);
        // 1D: y0 ACT 3, EST 4 · ½ = 2 (error 1/3); y1 ACT 1, EST 2 (error 1).
        const auto perValue = sensitiveCountErrors(w.input, out);
        QCOMPARE(perValue.size(), std::size_t(2));
        QCOMPARE(perValue[0].estimate, 2.0);
        QVERIFY(std::abs(perValue[0].relativeError - 1.0 / 3.0) < 1e-15);
        QCOMPARE(perValue[1].relativeError, 1.0);
    }

    void quasiIdentifierGeneralized() {
        // One class with a = * (2 leaves), y kept: (a0, y0) overlaps the 3 y0 rows with
        // c = ½ each, EST 1.5 vs 3; (a1, y1) EST ½ vs 1: every 2D error is ½, 1D ones 0.
        World w;
        const CountQueryWorkload workload(w.input, 200, 9);
        LocalRecoding out;
        out.saNode = w.input.baseSa;
        out.classes.push_back({{1}, {0}, {0, 1, 2, 3}});
        const auto errors = workload.averageErrors(out);
        QCOMPARE(errors[0], 0.0);
        QCOMPARE(errors[1], 0.5);
    }
};

QTEST_APPLESS_MAIN(TestCountQuery)
#include "test_count_query.moc"
