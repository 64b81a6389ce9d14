// The base groups collapsed on several threads (core/src/data/parallel_groups.h) against
// one thread: assignGroupsParallel against assignGroups on random keys (skewed and uniform,
// few and many groups, every thread count up to more threads than partitions hold items), and
// a Dataset of 300,000 rows grouped on 1 and on 4 threads — the same ids, in the same order of
// first rows, and so the same base groups, sizes and histograms (also with row weights and
// a sample, on 2, 3 and 16 threads).
#include <QtTest>
#include <random>

#include "data/group_index.h"
#include "data/parallel_groups.h"
#include "ldiv/data/table.h"
#include "ldiv/hierarchy/hierarchy.h"
#include "ldiv/lattice/dataset.h"

using namespace ldv;

class TestParallelGroups : public QObject {
    Q_OBJECT
private slots:
    void sameIdsAsOneThread() {
        std::mt19937 rng(38);
        for (int round = 0; round < 60; ++round) {
            const std::size_t d = 1 + rng() % 5;
            std::vector<std::uint64_t> radix(d), stride(d, 1);
            for (auto& r : radix) r = 1 + rng() % 40;
            for (std::size_t i = d - 1; i-- > 0;) stride[i] = stride[i + 1] * radix[i + 1];
            const std::size_t items = rng() % 3 == 0 ? rng() % 50 : 1000 + rng() % 40000;
            std::vector<std::vector<std::uint32_t>> cols(d, std::vector<std::uint32_t>(items));
            for (std::size_t i = 0; i < d; ++i) {
                const bool skewed = rng() % 2;
                for (auto& v : cols[i]) {
                    const std::uint32_t u = std::uint32_t(rng() % radix[i]);
                    v = skewed && rng() % 4 ? u % 3 % std::uint32_t(radix[i]) : u;
                }
            }
            auto keyAt = [&](std::size_t t, std::size_t i) { return cols[i][t]; };
            std::vector<std::uint32_t> serial, parallel;
            const std::uint32_t groups = detail::assignGroups(items, radix, keyAt, serial);
            for (unsigned threads : {1u, 2u, 3u, 4u, 16u}) {
                const std::uint32_t got =
                    detail::assignGroupsParallel(items, stride, keyAt, parallel, threads);
                QCOMPARE(got, groups);
                QVERIFY2(parallel == serial, qPrintable(QString("round %1, %2 items, %3 threads")
                                                            .arg(round)
                                                            .arg(items)
                                                            .arg(threads)));
            }
        }
    }

    void datasetOnFourThreads() {
        // 300,000 rows (above kParallelGroupItems) of 4 QIs whose packed key space (60^4)
        // is hashed, and a sensitive column.
        std::mt19937 rng(7);
        const std::size_t rows = 300000;
        QVERIFY(rows >= detail::kParallelGroupItems);
        std::vector<Column> columns;
        for (const char* name : {"a", "b", "c", "e", "s"}) columns.emplace_back(name);
        for (std::size_t r = 0; r < rows; ++r) {
            for (std::size_t c = 0; c < 4; ++c)
                columns[c].append(std::to_string(rng() % 3 ? rng() % 60 : 0));
            std::string label = "s";  // not "s" + …: GCC 12 warns falsely (stringop-overflow)
            label += std::to_string(rng() % 7);
            columns[4].append(label);
        }
        const Table table(std::move(columns));
        // Row weights and a sample (rows outside it count in the population's histogram
        // only): the sums are added up per range of groups on each thread.
        std::vector<std::uint32_t> weights(rows);
        RowSample sample{std::vector<std::uint8_t>(rows), 0};
        for (std::size_t r = 0; r < rows; ++r) {
            weights[r] = 1 + std::uint32_t(rng() % 5);
            sample.rows[r] = rng() % 3 != 0;
        }
        auto build = [&](unsigned threads, bool weighed = false) {
            std::vector<HierarchyMap> maps;
            for (std::size_t c = 0; c < 4; ++c)
                maps.emplace_back(Hierarchy::identity(table.column(c).dictionary()),
                                  table.column(c));
            if (weighed)
                return Dataset(table, {0, 1, 2, 3}, std::move(maps), {4}, weights, sample, threads);
            return Dataset(table, {0, 1, 2, 3}, std::move(maps), {4}, {}, threads);
        };
        const Dataset one = build(1), four = build(4);
        QVERIFY(one.baseGroupCount() > 1000);
        QCOMPARE(four.baseGroupCount(), one.baseGroupCount());
        for (std::size_t r = 0; r < rows; ++r)
            if (four.baseGroupOfRow(r) != one.baseGroupOfRow(r))
                QFAIL(qPrintable(QString("row %1: group %2 on 4 threads, %3 on 1")
                                     .arg(r)
                                     .arg(four.baseGroupOfRow(r))
                                     .arg(one.baseGroupOfRow(r))));
        QVERIFY(four.baseGroups().keys == one.baseGroups().keys);
        QVERIFY(four.baseGroups().sizes == one.baseGroups().sizes);
        QVERIFY(four.baseGroups().histograms == one.baseGroups().histograms);
        QCOMPARE(four.rowCount(), rows);
        for (unsigned threads : {2u, 3u, 16u}) {
            const Dataset serial = build(1, true), parallel = build(threads, true);
            QVERIFY(serial.rowCount() < 5 * rows && serial.rowCount() > rows);
            QCOMPARE(parallel.rowCount(), serial.rowCount());
            QVERIFY(parallel.baseGroups().keys == serial.baseGroups().keys);
            QVERIFY(parallel.baseGroups().sizes == serial.baseGroups().sizes);
            QVERIFY(parallel.baseGroups().histograms == serial.baseGroups().histograms);
        }
    }
};

QTEST_GUILESS_MAIN(TestParallelGroups)
#include "test_parallel_groups.moc"
