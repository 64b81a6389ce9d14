// ClassPartition, the classes of one release: Machanavajjhala et al. 2007's hospital table as a
// node and as the published Fig. 2 (worked by hand), and groupRows against a std::map oracle,
// including keys too wide for 64 bits.
#include "ldiv/data/error.h"
#include "ldiv/io/csv_table_reader.h"
#include "ldiv/lattice/class_partition.h"
#include "ldiv/project/workspace.h"

#include <QtTest>

#include <map>
#include <random>

#include "test_paths.h"

using namespace ldv;

namespace {

std::unique_ptr<Workspace> hospital() {
    return std::make_unique<Workspace>(loadProject(test::example("hospital/hospital.ldiv.json")),
                                       test::example("hospital"));
}

std::vector<std::uint32_t> histogram(const ClassPartition& p, std::size_t cls) {
    const auto h = p.classes.histogram(cls);
    return {h.begin(), h.end()};
}

using Counts = std::vector<std::uint32_t>;

}  // namespace

class TestClassPartition : public QObject {
    Q_OBJECT

private slots:
    // Node ⟨zip 1, age 2, nationality 1⟩ (Fig. 4's generalization): 1305*/≤40 holds rows 1, 4,
    // 9, 10; 1306*/≤40 rows 2, 3, 11, 12; 1485*/>40 rows 5–8. Conditions are coded in order of
    // first appearance: Heart Disease, Viral Infection, Cancer.
    void hospitalNode() {
        const auto ws = hospital();
        const ClassPartition p = ClassPartition::ofNode(ws->dataset(), Levels{1, 2, 1});
        QCOMPARE(p.levels, (Levels{1, 2, 1}));
        QCOMPARE(p.count(), std::size_t(3));
        QCOMPARE(p.rowClass, (Counts{0, 1, 1, 0, 2, 2, 2, 2, 0, 0, 1, 1}));
        QCOMPARE(p.classes.sizes, (Counts{4, 4, 4}));
        QCOMPARE(histogram(p, 0), (Counts{1, 1, 2}));
        QCOMPARE(histogram(p, 1), (Counts{1, 1, 2}));
        QCOMPARE(histogram(p, 2), (Counts{1, 2, 1}));
        // Without rows (as for data loaded as groups) the classes are the same.
        const ClassPartition lean = ClassPartition::ofNode(ws->dataset(), Levels{1, 2, 1}, false);
        QVERIFY(lean.rowClass.empty());
        QCOMPARE(lean.classes.sizes, p.classes.sizes);
    }

    // Fig. 2 as published: 130**/<30 (rows 1–4), 1485*/≥40 (rows 5–8), 130**/3* (rows 9–12,
    // all Cancer: the homogeneity attack on Bob).
    void hospitalFig2Published() {
        const auto ws = hospital();
        const ClassPartition p = ClassPartition::readPublished(
            test::example("hospital/hospital_fig2_4anonymous.csv"), ws->dataset());
        QVERIFY(p.levels.empty());
        QCOMPARE(p.rowClass, (Counts{0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2}));
        QCOMPARE(p.classes.sizes, (Counts{4, 4, 4}));
        QCOMPARE(histogram(p, 0), (Counts{2, 2, 0}));
        QCOMPARE(histogram(p, 1), (Counts{1, 2, 1}));
        QCOMPARE(histogram(p, 2), (Counts{0, 0, 4}));
    }

    // A published table of the node's own values gives the node's partition.
    void publishedNodeMatchesNode() {
        const auto ws = hospital();
        const Dataset& data = ws->dataset();
        const Levels levels{2, 1, 0};
        std::vector<Column> columns;
        for (std::size_t i = 0; i < data.qiCount(); ++i) {
            const std::size_t c = data.qiColumns()[i];
            Column column(data.table().column(c).name());
            const HierarchyMap& h = data.hierarchy(i);
            for (std::size_t r = 0; r < data.rowCount(); ++r)
                column.append(
                    h.levelValue(levels[i], h.map(data.table().column(c).code(r), levels[i])));
            columns.push_back(std::move(column));
        }
        const Table published(std::move(columns));
        const ClassPartition node = ClassPartition::ofNode(data, levels);
        const ClassPartition read = ClassPartition::ofPublished(data, published);
        QCOMPARE(read.rowClass, node.rowClass);
        QCOMPARE(read.classes.sizes, node.classes.sizes);
        QCOMPARE(read.classes.histograms, node.classes.histograms);
    }

    void refusals() {
        const auto ws = hospital();
        Column zip("zip");
        zip.append("130**");
        Table oneRow(std::vector<Column>{zip});
        QVERIFY_THROWS_EXCEPTION(InputError, ClassPartition::ofPublished(ws->dataset(), oneRow));
        Table noAge = readCsv(test::example("hospital/hospital.csv"));
        std::vector<Column> kept{noAge.column(0), noAge.column(2)};  // zip, nationality
        QVERIFY_THROWS_EXCEPTION(ParameterError,
                                 ClassPartition::ofPublished(ws->dataset(), Table(kept)));
    }

    // groupRows against an ordered-map oracle, with 2 columns (packed keys) and with 7 columns
    // of 800 values each (800^7 > 2^64: refined one column at a time).
    void groupRowsMatchesOracle_data() {
        QTest::addColumn<int>("columns");
        QTest::addColumn<int>("values");
        QTest::newRow("packed") << 2 << 5;
        QTest::newRow("wider than 64 bits") << 7 << 800;
    }
    void groupRowsMatchesOracle() {
        QFETCH(int, columns);
        QFETCH(int, values);
        std::mt19937 rng(7);
        std::vector<Column> cols;
        const std::size_t rows = 4000;
        for (int c = 0; c < columns; ++c) {
            Column column("c" + std::to_string(c));
            // Every value appears, so each domain has `values` entries; then repeats.
            for (int v = 0; v < values; ++v) column.append(std::to_string(v));
            std::uniform_int_distribution<int> pick(0, c == 0 ? values - 1 : 2);
            for (std::size_t r = std::size_t(values); r < rows; ++r)
                column.append(std::to_string(pick(rng)));
            cols.push_back(std::move(column));
        }
        const Table t(std::move(cols));
        std::vector<std::size_t> all;
        for (int c = 0; c < columns; ++c) all.push_back(std::size_t(c));
        const std::vector<std::uint32_t> got = groupRows(t, all);
        std::map<std::vector<Code>, std::uint32_t> ids;
        std::vector<std::uint32_t> expected;
        for (std::size_t r = 0; r < rows; ++r) {
            std::vector<Code> key;
            for (std::size_t c : all) key.push_back(t.column(c).code(r));
            expected.push_back(ids.emplace(key, std::uint32_t(ids.size())).first->second);
        }
        QCOMPARE(got, expected);
        QVERIFY(ids.size() > std::size_t(values));
    }
};

QTEST_APPLESS_MAIN(TestClassPartition)
#include "test_class_partition.moc"
