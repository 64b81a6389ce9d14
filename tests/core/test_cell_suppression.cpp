// Local suppression of single cells (transform/cell_suppression.h, after sdcMicro's
// localSuppression, Templ, Kowarik & Meindl 2015): a 7-row table worked by hand, and random
// tables checked by a judge written here from the definition the header states: a suppressed
// cell "*" matches every value, a record's frequency counts the records equal to it on every
// QI up to "*" on either side, and every published record has frequency ≥ k. Every cell is
// the input's or "*", the counts per attribute are the "*"s of the column, and the records
// that lose every QI stay within the suppression limit.
#include <QtTest>

#include <random>

#include "ldiv/data/error.h"
#include "ldiv/evaluation/search_config.h"
#include "ldiv/transform/cell_suppression.h"
#include "random_case.h"
#include "test_scale.h"

using namespace ldv;

namespace {

using test::label;

using Case = test::RandomCase;

std::unique_ptr<Case> makeCase(const std::vector<std::vector<std::string>>& qi) {
    auto c = std::make_unique<Case>();
    std::vector<Column> columns;
    for (std::size_t i = 0; i < qi.size(); ++i) {
        Column col(label("q", i));
        for (const std::string& v : qi[i]) col.append(v);
        columns.push_back(std::move(col));
    }
    Column s("s");
    for (std::size_t r = 0; r < qi[0].size(); ++r) s.append(label("s", r % 3));
    columns.push_back(std::move(s));
    c->table = Table(std::move(columns));
    std::vector<HierarchyMap> maps;
    std::vector<std::size_t> qiColumns;
    for (std::size_t i = 0; i < qi.size(); ++i) {
        maps.emplace_back(c->table.column(i));
        qiColumns.push_back(i);
    }
    c->data = std::make_unique<Dataset>(c->table, qiColumns, std::move(maps),
                                        std::vector<std::size_t>{qi.size()});
    return c;
}

/// The definition: records s with, on every QI, equal cells or "*" on either side.
std::size_t frequency(const Table& t, std::size_t row, std::size_t d) {
    std::size_t f = 0;
    for (std::size_t other = 0; other < t.rowCount(); ++other) {
        bool match = true;
        for (std::size_t i = 0; i < d && match; ++i) {
            const std::string& a = t.value(row, i);
            const std::string& b = t.value(other, i);
            match = a == b || a == "*" || b == "*";
        }
        f += match ? 1 : 0;
    }
    return f;
}

// Rows (a, b, c): 1 m,1,x 2 m,1,x 3 m,2,x 4 f,2,y 5 f,2,y 6 f,3,y 7 g,4,z.
const std::vector<std::vector<std::string>> kRows{{"m", "m", "m", "f", "f", "f", "g"},
                                                  {"1", "1", "2", "2", "2", "3", "4"},
                                                  {"x", "x", "x", "y", "y", "y", "z"}};

}  // namespace

class TestCellSuppression : public QObject {
    Q_OBJECT

private slots:
    // k=2, importance b, c, a (b least important). Rows 1, 2, 4, 5 have frequency 2. Row 3
    // (m,2,x): b → (m,*,x), which matches rows 1, 2 and itself: 3. Row 6 (f,3,y): b → (f,*,y)
    // matches 4, 5: 3. Row 7 (g,4,z): b → (g,*,z) and c → (g,*,*) match nothing else; a →
    // (*,*,*) matches all 7. Cells: b 3, c 1, a 1; one record loses every QI.
    void sevenRowsByHand() {
        const auto c = makeCase(kRows);
        SearchConfig config;
        config.criteria = bindCriteria(*c->data, {"k=2"});
        config.suppressionLimit = 0.2;  // ⌊1.4⌋ = 1 record
        const CellSuppressionResult r = suppressCells(*c->data, config, {1, 2, 0});
        QVERIFY(r.classes.tableFails.empty());
        QCOMPARE(r.suppressedCells, (std::vector<std::uint64_t>{1, 3, 1}));
        QCOMPARE(r.suppressedRecords, std::uint64_t(1));
        QCOMPARE(r.recordLimit, std::uint64_t(1));
        // The emptied row 7 matches every row: rows 1–6 end at 3 + 1 = 4.
        QCOMPARE(r.minFrequency, std::uint64_t(4));
        const Table t = mondrianTable(*c->data, r.classes, {});
        QStringList got;
        for (std::size_t row = 0; row < 7; ++row)
            got << QString::fromStdString(t.value(row, 0) + t.value(row, 1) + t.value(row, 2));
        QCOMPARE(got.join(','), QString("m1x,m1x,m*x,f2y,f2y,f*y,***"));
        // Frequencies by the definition: row 1 matches 1, 2, 3 and 7.
        QCOMPARE(frequency(t, 0, 3), std::size_t(4));
        QCOMPARE(frequency(t, 6, 3), std::size_t(7));

        // The default order: b has 4 distinct values, a and c 3 each (QI order): b, a, c.
        QCOMPARE(defaultSuppressionOrder(*c->data), (std::vector<std::size_t>{1, 0, 2}));
        // Without a suppression limit row 7 cannot be published.
        config.suppressionLimit = 0;
        const CellSuppressionResult none = suppressCells(*c->data, config);
        QCOMPARE(none.classes.tableFails.size(), std::size_t(1));
        QVERIFY(none.classes.tableFails[0].find("1 records lose every quasi-identifier") !=
                std::string::npos);
        QCOMPARE(none.classes.count(), std::size_t(0));
    }

    // Only k-anonymity: a criterion judged per class is refused by name.
    void refusals() {
        const auto c = makeCase(kRows);
        SearchConfig config;
        config.criteria = bindCriteria(*c->data, {"k=2", "distinct-l=2"});
        try {
            suppressCells(*c->data, config);
            QFAIL("distinct-l was accepted");
        } catch (const ParameterError& e) {
            QVERIFY2(std::string(e.what()).find("'distinct-l=2'") != std::string::npos, e.what());
        }
        config.criteria = bindCriteria(*c->data, {"k=8"});
        QCOMPARE(suppressCells(*c->data, config).classes.tableFails,
                 std::vector<std::string>{"k=8"});
    }

    // ≥ 500 random tables of 1–4 text QIs, random k, order and limit.
    void randomTablesMeetTheDefinition() {
        std::mt19937 rng(20260535);
        int checked = 0, overLimit = 0;
        std::uint64_t cells = 0;
        for (int cases = 0; checked < ldv::test::scaled(520) && cases < 5000; ++cases) {
            const std::size_t rows = 1 + rng() % 40;
            const std::size_t d = 1 + rng() % 4;
            std::vector<std::vector<std::string>> qi(d);
            for (auto& column : qi) {
                const std::size_t domain = 1 + rng() % 6;
                for (std::size_t r = 0; r < rows; ++r) column.push_back(label("v", rng() % domain));
            }
            const auto c = makeCase(qi);
            const int k = 1 + int(rng() % 5);
            SearchConfig config;
            config.criteria = bindCriteria(*c->data, {"k=" + std::to_string(k)});
            config.suppressionLimit = double(rng() % 4) / 10.0;
            std::vector<std::size_t> order(d);
            for (std::size_t i = 0; i < d; ++i) order[i] = i;
            std::shuffle(order.begin(), order.end(), rng);
            const CellSuppressionResult r = suppressCells(*c->data, config, order);
            if (!r.classes.tableFails.empty()) {
                // Refused only for too few rows or too many emptied records.
                QVERIFY(rows < std::size_t(k) || r.suppressedRecords > r.recordLimit);
                ++overLimit;
                continue;
            }
            const Table t = mondrianTable(*c->data, r.classes, {});
            QCOMPARE(t.rowCount(), rows);
            std::vector<std::uint64_t> stars(d, 0);
            std::uint64_t emptied = 0;
            for (std::size_t row = 0; row < rows; ++row) {
                std::size_t rowStars = 0;
                for (std::size_t i = 0; i < d; ++i) {
                    const std::string& v = t.value(row, i);
                    QVERIFY(v == "*" || v == qi[i][row]);
                    if (v == "*") {
                        ++stars[i];
                        ++rowStars;
                    }
                }
                emptied += rowStars == d ? 1 : 0;
                QCOMPARE(t.value(row, d), c->table.value(row, d));
                QVERIFY2(frequency(t, row, d) >= std::size_t(k),
                         ("row " + std::to_string(row) + " below k").c_str());
            }
            QCOMPARE(stars, r.suppressedCells);
            QCOMPARE(emptied, r.suppressedRecords);
            QVERIFY(emptied <= std::uint64_t(config.suppressionLimit * double(rows) + 1e-9));
            for (std::uint64_t s : stars) cells += s;
            ++checked;
        }
        QVERIFY(checked >= ldv::test::scaled(500));
        QVERIFY(cells > std::uint64_t(ldv::test::scaled(500)));  // suppression was exercised
        qInfo("%d tables checked, %d refused, %llu cells suppressed", checked, overLimit,
              static_cast<unsigned long long>(cells));
    }
};

QTEST_GUILESS_MAIN(TestCellSuppression)
#include "test_cell_suppression.moc"
