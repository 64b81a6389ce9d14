// Lattice navigation and equivalence-class grouping against a brute-force grouping.
#include <QtTest>

#include <map>
#include <random>

#include "ldiv/criteria/criterion_types.h"
#include "ldiv/data/error.h"
#include "ldiv/io/csv_table_reader.h"
#include "ldiv/lattice/dataset.h"
#include "ldiv/lattice/generalize.h"
#include "ldiv/project/workspace.h"
#include "ldiv/publish/audit_summary.h"
#include "test_paths.h"

using namespace ldv;

class TestLattice : public QObject {
    Q_OBJECT
private slots:
    void navigation() {
        const Lattice l({4, 3, 1});  // the hospital lattice: 5·4·2 = 40 nodes
        QCOMPARE(l.size(), NodeId(40));
        QCOMPARE(l.maxHeight(), 8);
        const NodeId n = l.id(std::vector<int>{1, 2, 1});
        QCOMPARE(l.levels(n), (Levels{1, 2, 1}));
        QCOMPARE(l.height(n), 4);
        QCOMPARE(l.successors(n).size(), std::size_t(2));
        QCOMPARE(l.predecessors(n).size(), std::size_t(3));
        for (NodeId s : l.successors(n)) QCOMPARE(l.height(s), 5);
        QVERIFY(l.generalizes(l.top(), n));
        QVERIFY(!l.generalizes(n, l.top()));
        std::size_t total = 0;
        for (int h = 0; h <= l.maxHeight(); ++h) total += l.nodesAtHeight(h).size();
        QCOMPARE(total, std::size_t(40));
        const auto order = l.nodesByHeight();
        QCOMPARE(order.front(), l.bottom());
        QCOMPARE(order.back(), l.top());
        QVERIFY_THROWS_EXCEPTION(ParameterError, parseLevels("1,x"));
    }
    void groupingMatchesBruteForce() {
        std::mt19937 rng(42);
        for (int trial = 0; trial < 30; ++trial) {
            // Random table with 3 QIs, one SA, random nested hierarchies (value/ divisor).
            const int rows = 1 + int(rng() % 300);
            const int dom[3] = {1 + int(rng() % 12), 1 + int(rng() % 6), 1 + int(rng() % 20)};
            std::vector<Column> cols{Column("a"), Column("b"), Column("c"), Column("s")};
            for (int r = 0; r < rows; ++r) {
                for (int i = 0; i < 3; ++i) cols[i].append(std::to_string(rng() % dom[i]));
                cols[3].append("s" + std::to_string(rng() % 4));
            }
            Table t(cols);
            std::vector<HierarchyMap> maps;
            std::vector<int> divisors{1, 2, 4, 1000};
            for (int i = 0; i < 3; ++i) {
                std::vector<std::vector<std::string>> hrows;
                for (const auto& v : t.column(i).dictionary()) {
                    std::vector<std::string> row;
                    for (int d : divisors)
                        row.push_back(d == 1 ? v
                                             : std::to_string(std::stoi(v) / d) + "/" +
                                                   std::to_string(d));
                    hrows.push_back(row);
                }
                maps.emplace_back(Hierarchy(hrows), t.column(i));
            }
            Dataset data(t, {0, 1, 2}, std::move(maps), {3});
            const Lattice& l = data.lattice();
            for (NodeId id = 0; id < l.size(); ++id) {
                const Levels lv = l.levels(id);
                const auto classes = data.classes(lv, true);
                // Brute force: group the generalized strings.
                std::map<std::vector<std::string>, std::map<std::string, int>> expected;
                for (int r = 0; r < rows; ++r) {
                    std::vector<std::string> key;
                    for (int i = 0; i < 3; ++i) {
                        const auto& h = data.hierarchy(i);
                        key.push_back(h.levelValue(lv[i], h.map(t.column(i).code(r), lv[i])));
                    }
                    ++expected[key][t.value(r, 3)];
                }
                QCOMPARE(classes.count(), expected.size());
                const auto rowClass = data.rowClasses(classes);
                for (int r = 0; r < rows; ++r) {
                    const auto c = rowClass[r];
                    std::vector<std::string> key;
                    for (int i = 0; i < 3; ++i)
                        key.push_back(data.hierarchy(i).levelValue(lv[i], classes.key(c)[i]));
                    const auto& hist = expected.at(key);
                    int size = 0;
                    for (auto& [v, n] : hist) {
                        size += n;
                        QCOMPARE(int(classes.histogram(c)[*t.column(3).find(v)]), n);
                    }
                    QCOMPARE(int(classes.sizes[c]), size);
                }
                // Rolling up from the bottom node's classes or from a predecessor is the same.
                for (NodeId p : l.predecessors(id)) {
                    const auto finer = data.classes(l.levels(p), true);
                    const auto rolled = data.rollup(finer, lv, true);
                    QCOMPARE(rolled.count(), classes.count());
                    QVERIFY(data.rowClasses(rolled).size() == std::size_t(rows));
                }
            }
        }
    }
    void hospitalFigure4() {
        // SPEC Example 2.2: hospital at node zip=1, age=2, nationality=1 is Machanavajjhala et al.
        // 2007's Fig. 4.
        Workspace ws(loadProject(test::example("hospital/hospital.ldiv.json")),
                     test::example("hospital"));
        const Dataset& data = ws.dataset();
        const Levels node{1, 2, 1};
        const auto classes = data.classes(node, true);
        QCOMPARE(classes.count(), std::size_t(3));
        const Table published = generalizeTable(data, node, {});
        const Table fig4 = readCsv(test::example("hospital/hospital_fig4_3diverse.csv"));
        // Fig. 4 lists rows grouped by class with their original row numbers.
        for (std::size_t r = 0; r < fig4.rowCount(); ++r) {
            const std::size_t row = std::stoul(fig4.value(r, 0)) - 1;
            QCOMPARE(published.value(row, 0), fig4.value(r, 1));
            QCOMPARE(published.value(row, 1), fig4.value(r, 2));
            QCOMPARE(published.value(row, 2), fig4.value(r, 3));
            QCOMPARE(published.value(row, 3), fig4.value(r, 4));
        }
        const AuditSummary s = summarize(data, classes);
        QCOMPARE(s.sensitive[0].minDistinct, std::size_t(3));
        QCOMPARE(qRound(s.sensitive[0].minExpEntropy * 100), 283);
        for (std::size_t c = 0; c < 3; ++c)
            QVERIFY(qFuzzyCompare(entropy(classes.histogram(c)), 1.0397207708399179));
    }
};

QTEST_APPLESS_MAIN(TestLattice)
#include "test_lattice.moc"
