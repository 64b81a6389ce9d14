// Invariant PRAM (Gouweleeuw et al. 1998), transform/pram.h: a matrix worked by hand, its
// stationary distribution equal to the marginal, and the published marginal over seeded runs.
#include <QtTest>

#include <cmath>

#include "ldiv/data/error.h"
#include "ldiv/dp/safepub.h"
#include "ldiv/transform/pram.h"
#include "ldiv/transform/pram_columns.h"

using namespace ldv;

class TestPram : public QObject {
    Q_OBJECT
private slots:
    void listsParseAsTheOptionDoes() {
        // The workbench's "COL[=P], …" fields: blanks and empty entries skipped, each entry
        // trimmed and read as --pram reads it.
        QVERIFY(parsePramList("", "PRAM").empty());
        QVERIFY(parsePramList(" , ,", "PRAM").empty());
        const auto list = parsePramList(" clinic , salary-class=0.7,,x=1 ", "PRAM");
        QCOMPARE(list.size(), std::size_t(3));
        QCOMPARE(list[0].column, std::string("clinic"));
        QCOMPARE(list[0].p, kDefaultPramDiagonal);
        QCOMPARE(list[1].column, std::string("salary-class"));
        QCOMPARE(list[1].p, 0.7);
        QCOMPARE(list[2].p, 1.0);
        QVERIFY_THROWS_EXCEPTION(ParameterError, parsePramList("a=0", "PRAM"));
        QVERIFY_THROWS_EXCEPTION(ParameterError, parsePramList("a, b=1.5", "PRAM"));
    }
    // Two categories with π = (3/4, 1/4) and p = 0.8: P = [[.8,.2],[.2,.8]].
    // Q: column sums Σ_l p_l1 π_l = .8·.75 + .2·.25 = .65 and Σ_l p_l2 π_l = .35;
    // q_11 = .8·.75/.65 = 12/13, q_12 = .2·.25/.65 = 1/13, q_21 = .2·.75/.35 = 3/7,
    // q_22 = .8·.25/.35 = 4/7. R = P Q: r_11 = .8·12/13 + .2·3/7 = 0.738462 + 0.085714 =
    // 0.824176, r_12 = 1 − r_11;
    // r_21 = .2·12/13 + .8·3/7 = 0.184615 + 0.342857 = 0.527473, r_22 = 1 − r_21.
    void handWorkedTwoCategories() {
        const std::vector<std::uint64_t> counts{3, 1};
        const PramMatrix m = invariantPramMatrix(counts, {"a", "b"}, 0.8);
        const double r11 = 0.8 * 12.0 / 13.0 + 0.2 * 3.0 / 7.0;
        const double r21 = 0.2 * 12.0 / 13.0 + 0.8 * 3.0 / 7.0;
        QVERIFY(std::abs(r11 - 0.824176) < 1e-6);
        QVERIFY(std::abs(r21 - 0.527473) < 1e-6);
        QVERIFY(std::abs(m.at(0, 0) - r11) < 1e-12);
        QVERIFY(std::abs(m.at(0, 1) - (1 - r11)) < 1e-12);
        QVERIFY(std::abs(m.at(1, 0) - r21) < 1e-12);
        QVERIFY(std::abs(m.at(1, 1) - (1 - r21)) < 1e-12);
        // Stationary: .75·r11 + .25·r21 = .75.
        const std::vector<double> s = pramStationaryCheck(m, counts);
        QVERIFY(std::abs(s[0] - 0.75) < 1e-12);
        QVERIFY(std::abs(s[1] - 0.25) < 1e-12);
    }

    // Five categories, one empty: rows sum to 1, π R = π, and the empty one stays itself.
    void stationaryFiveCategories() {
        const std::vector<std::uint64_t> counts{50, 30, 0, 15, 5};
        const PramMatrix m = invariantPramMatrix(counts, {"a", "b", "c", "d", "e"}, 0.7);
        for (std::size_t i = 0; i < 5; ++i) {
            double row = 0;
            for (std::size_t j = 0; j < 5; ++j) {
                QVERIFY(m.at(i, j) >= 0);
                row += m.at(i, j);
            }
            QVERIFY(std::abs(row - 1) < 1e-12);
        }
        QCOMPARE(m.at(2, 2), 1.0);
        for (std::size_t i = 0; i < 5; ++i)
            if (i != 2) QCOMPARE(m.at(i, 2), 0.0);
        const std::vector<double> s = pramStationaryCheck(m, counts);
        for (std::size_t j = 0; j < 5; ++j) QVERIFY(std::abs(s[j] - counts[j] / 100.0) < 1e-12);
        QVERIFY_THROWS_EXCEPTION(ParameterError,
                                 invariantPramMatrix(counts, {"a", "b", "c", "d", "e"}, 0));
        QVERIFY_THROWS_EXCEPTION(ParameterError,
                                 invariantPramMatrix(counts, {"a", "b", "c", "d", "e"}, 1.5));
    }

    // 2,000 seeded runs over a column of 100 rows (60/25/10/5): the mean published count of
    // each category is within 0.5 of the original (the standard error of the mean of 2,000
    // runs is below 0.1 here: a single run's count has variance at most 100/4 = 25, so
    // sd of the mean ≤ 5/√2000 = 0.11; 0.5 is about 4.5 of them). Some values must change.
    void marginalPreservedEmpirically() {
        Column col("c");
        const char* values[] = {"a", "b", "c", "d"};
        const int counts[] = {60, 25, 10, 5};
        for (int v = 0; v < 4; ++v)
            for (int i = 0; i < counts[v]; ++i) col.append(values[v]);
        const auto rng = makeRandomSource(99);
        std::vector<double> sums(4, 0);
        std::size_t changed = 0;
        const int runs = 2000;
        for (int run = 0; run < runs; ++run) {
            Table t({col});
            pramColumn(t, 0, 0.8, *rng);
            for (std::size_t r = 0; r < t.rowCount(); ++r) {
                const std::string& v = t.value(r, 0);
                sums[std::size_t(v[0] - 'a')] += 1;
                if (v != col.value(col.code(r))) ++changed;
            }
        }
        for (std::size_t v = 0; v < 4; ++v)
            QVERIFY2(std::abs(sums[v] / runs - counts[v]) < 0.5,
                     qPrintable(QString::number(sums[v] / runs)));
        QVERIFY(changed > std::size_t(runs) * 5);
    }

    void matrixCsv() {
        const std::vector<std::uint64_t> counts{1, 1};
        const PramMatrix m = invariantPramMatrix(counts, {"x,1", "y"}, 1.0);
        QCOMPARE(QString::fromStdString(formatPramMatrixCsv(m)),
                 QString("from,\"x,1\",y\n\"x,1\",1,0\ny,0,1\n"));
    }
};

QTEST_APPLESS_MAIN(TestPram)
#include "test_pram.moc"
