// Utility of a release (ldiv/utility/): summary statistics, label midpoints, contingency tables
// and Cramér's V on small tables worked out by hand (docs/utility.md).
#include <QtTest>

#include <cmath>

#include "ldiv/hierarchy/hierarchy.h"
#include "ldiv/io/csv_table_reader.h"
#include "ldiv/utility/attribute_summary.h"
#include "ldiv/utility/contingency.h"
#include "ldiv/utility/output_on_input.h"
#include "ldiv/utility/utility_report.h"

using namespace ldv;

namespace {

bool near(double a, double b, double eps = 1e-9) {
    return std::abs(a - b) <= eps * std::max(1.0, std::abs(b));
}
bool near(const std::optional<double>& a, double b) {
    return a.has_value() && near(*a, b);
}

}  // namespace

class TestUtility : public QObject {
    Q_OBJECT
private slots:
    void numericSummaryEvenCount() {
        // 2, 4, 4, 4, 5, 5, 7, 9 (weighted: 4 three times, 5 twice), 1 row without a number.
        // mean = 40/8 = 5; median = (4 + 5)/2 = 4.5 (positions 3 and 4 of 0..7);
        // Σ(x − 5)² = 9 + 3·1 + 0 + 4 + 16 = 32, sd = √(32/7).
        const NumericSummary s = summarizeNumbers({{9, 1}, {4, 3}, {2, 1}, {5, 2}, {7, 1}}, 1);
        QCOMPARE(s.count, std::size_t{8});
        QCOMPARE(s.missing, std::size_t{1});
        QVERIFY(near(s.min, 2));
        QVERIFY(near(s.max, 9));
        QVERIFY(near(s.mean, 5));
        QVERIFY(near(s.median, 4.5));
        QVERIFY(near(s.sd, std::sqrt(32.0 / 7)));
    }
    void numericSummaryOddCountAndEdges() {
        // 1, 3, 10: median 3 (the middle one), mean 14/3, Σ(x − 14/3)² = (121 + 25 + 256)/9
        // = 402/9, sd = √(402/18).
        const NumericSummary s = summarizeNumbers({{10, 1}, {1, 1}, {3, 1}}, 0);
        QVERIFY(near(s.median, 3));
        QVERIFY(near(s.mean, 14.0 / 3));
        QVERIFY(near(s.sd, std::sqrt(402.0 / 18)));
        // One value: no sample standard deviation; none: nothing but the missing rows.
        const NumericSummary one = summarizeNumbers({{7, 1}}, 0);
        QVERIFY(near(one.median, 7));
        QVERIFY(!one.sd.has_value());
        const NumericSummary none = summarizeNumbers({}, 3);
        QCOMPARE(none.count, std::size_t{0});
        QCOMPARE(none.missing, std::size_t{3});
        QVERIFY(!none.mean.has_value() && !none.min.has_value() && !none.median.has_value());
    }
    void categoricalSummary() {
        // a: 2, b: 1, c: 1 of 4 rows: H = ½·1 + 2·¼·2 = 1.5 bits, mode a.
        const CategoricalSummary s = summarizeCategories({{"a", 2}, {"b", 1}, {"c", 1}});
        QCOMPARE(s.distinct, std::size_t{3});
        QCOMPARE(s.mode, std::string("a"));
        QCOMPARE(s.modeCount, std::size_t{2});
        QVERIFY(near(s.entropy, 1.5));
        // A tie goes to the first value in order; two equal halves hold 1 bit; one value 0.
        const CategoricalSummary tie = summarizeCategories({{"x", 3}, {"y", 3}});
        QCOMPARE(tie.mode, std::string("x"));
        QVERIFY(near(tie.entropy, 1.0));
        QVERIFY(near(summarizeCategories({{"*", 8}}).entropy, 0.0));
        // Six equally likely values: log₂ 6.
        const std::vector<std::size_t> six{5, 5, 5, 5, 5, 5};
        QVERIFY(near(entropyBits(six), std::log2(6.0)));
    }
    void labelMidpoints_data() {
        QTest::addColumn<QString>("label");
        QTest::addColumn<double>("midpoint");  // NaN: no number
        // The input's range closes open ends: [21, 55] (the hospital's ages).
        QTest::newRow("number") << "28" << 28.0;
        QTest::newRow("decimal") << "2.5" << 2.5;
        QTest::newRow("dash range") << "20-29" << 24.5;
        QTest::newRow("bracketed range") << "[20-29]" << 24.5;
        QTest::newRow("half-open ARX range") << "[20, 30[" << 25.0;
        QTest::newRow("parenthesis semicolon") << "(0;10]" << 5.0;
        QTest::newRow("negative range") << "-5--1" << -3.0;
        QTest::newRow("at most") << "<=40" << (21.0 + 40) / 2;
        QTest::newRow("above") << ">40" << (40.0 + 55) / 2;
        QTest::newRow("decade prefix") << "2*" << 24.5;     // [20, 29]
        QTest::newRow("zip prefix") << "130**" << 13049.5;  // [13000, 13099]
        QTest::newRow("star") << "*" << (21.0 + 55) / 2;    // the whole range
        QTest::newRow("word") << "Russian" << std::nan("");
        QTest::newRow("missing token") << "?" << std::nan("");
        QTest::newRow("reversed range") << "30-20" << std::nan("");
        QTest::newRow("star inside") << "1*3" << std::nan("");
    }
    void labelMidpoints() {
        QFETCH(QString, label);
        QFETCH(double, midpoint);
        const std::optional<double> m = labelMidpoint(label.toStdString(), 21.0, 55.0);
        if (std::isnan(midpoint))
            QVERIFY(!m.has_value());
        else
            QVERIFY2(near(m, midpoint), qPrintable(QString::number(m.value_or(-1))));
        // Without a known range an open end has no midpoint.
        if (label == "<=40") QVERIFY(!labelMidpoint("<=40", std::nullopt, std::nullopt));
    }
    void cramersVByHand() {
        // Perfect association: V = 1; independence: V = 0.
        QVERIFY(near(cramersV({{10, 0}, {0, 10}}), 1.0));
        QVERIFY(near(cramersV({{5, 5}, {5, 5}}), 0.0));
        // [[10, 20], [30, 40]]: n = 100, rows 30, 70, columns 40, 60, E = 12, 18, 28, 42;
        // χ² = 4/12 + 4/18 + 4/28 + 4/42 = 4·50/252 = 50/63, V = √(50/63 / 100) = √(1/126).
        QVERIFY(near(cramersV({{10, 20}, {30, 40}}), std::sqrt(1.0 / 126)));
        // One row: min(r, c) = 1, V = 0; an empty column is not counted in c.
        QVERIFY(near(cramersV({{3, 4}}), 0.0));
        QVERIFY(near(cramersV({{10, 0, 0}, {0, 0, 10}}), 1.0));
    }
    void contingencyOfTable() {
        // The hospital's zip × condition (Machanavajjhala et al. 2007, Fig. 1):
        //   zip \ condition  Cancer  Heart  Viral  (row)
        //   13053              2       1      1     4
        //   13068              2       1      1     4
        //   14850              0       0      2     2
        //   14853              1       1      0     2
        //   (column)           5       3      4    12
        // χ² per row: 1/15 + 0 + 1/12 = 0.15; 0.15; 5/6 + 1/2 + 8/3 = 4; 1/30 + 1/2 + 2/3 = 1.2;
        // χ² = 5.5, min(r, c) = 3: V = √(5.5 / (12·2)).
        const Table t = readCsv(LDIV_RESOURCES "/examples/hospital/hospital.csv");
        const ContingencyTable c = contingency(t, 0, 3);
        QCOMPARE(c.rowValues, (std::vector<std::string>{"13053", "13068", "14850", "14853"}));
        QCOMPARE(c.columnValues,
                 (std::vector<std::string>{"Cancer", "Heart Disease", "Viral Infection"}));
        const std::vector<std::vector<std::size_t>> expected{
            {2, 1, 1}, {2, 1, 1}, {0, 0, 2}, {1, 1, 0}};
        QCOMPARE(c.counts, expected);
        QVERIFY(near(c.cramersV, std::sqrt(5.5 / 24)));
    }
    void outputSpreadOverInputValues() {
        // Hierarchy 1,2 → 1-2; 3,4 → 3-4; all → *. The input has 1 twice, 2 once, 3 three
        // times (4 never occurs, so it gets nothing).
        const Hierarchy h(
            {{"1", "1-2", "*"}, {"2", "1-2", "*"}, {"3", "3-4", "*"}, {"4", "3-4", "*"}});
        const Distribution input{{"1", 2}, {"2", 1}, {"3", 3}};
        using Spread = std::vector<std::pair<std::string, double>>;
        // Level 1: "1-2" (3 rows) shared by 1 and 2, "3-4" (3 rows) all on 3.
        QCOMPARE(outputOnInput(input, {{"1-2", 3}, {"3-4", 3}}, &h, 1),
                 std::optional<Spread>(Spread{{"1", 1.5}, {"2", 1.5}, {"3", 3}}));
        // Level 2: "*" (6 rows) over the three values that occur.
        QCOMPARE(outputOnInput(input, {{"*", 6}}, &h, 2),
                 std::optional<Spread>(Spread{{"1", 2}, {"2", 2}, {"3", 2}}));
        // A published file (level unknown): each label at the lowest level holding it; a
        // value published as it is stands for itself.
        QCOMPARE(outputOnInput(input, {{"1", 2}, {"2", 1}, {"3-4", 2}}, &h, std::nullopt),
                 std::optional<Spread>(Spread{{"1", 2}, {"2", 1}, {"3", 2}}));
        // No hierarchy: the values themselves; a label that is none cannot be mapped.
        QCOMPARE(outputOnInput(input, input, nullptr, std::nullopt),
                 std::optional<Spread>(Spread{{"1", 2}, {"2", 1}, {"3", 3}}));
        QVERIFY(!outputOnInput(input, {{"1-3", 6}}, &h, std::nullopt));
        QVERIFY(!outputOnInput(input, {{"*", 6}}, nullptr, std::nullopt));
    }

    void analyzeTables() {
        // Input ages 10, 20, 30, 40; the output publishes two of them as "[10-19]" and
        // "[30-39]" and a third as "*" (the input's range [10, 40], midpoint 25), one row is
        // suppressed. Output midpoints 14.5, 25, 34.5: mean 74/3, median 25.
        const Table in = parseCsv("age,sex\n10,m\n20,f\n30,f\n40,m\n", "in");
        const Table out = parseCsv("sex,age\nm,[10-19]\nf,*\nf,[30-39]\n", "out");
        const UtilityReport r = analyzeUtility(in, out, {"age", "sex"}, {{"sex", "age"}}, 1);
        QCOMPARE(r.inputRows, std::size_t{4});
        QCOMPARE(r.outputRows, std::size_t{3});
        QCOMPARE(r.suppressedRows, std::size_t{1});
        const AttributeUtility& age = r.attributes[0];
        QVERIFY(age.numeric);
        QCOMPARE(age.output, (Distribution{{"[10-19]", 1}, {"[30-39]", 1}, {"*", 1}}));
        QVERIFY(near(age.inputNumbers.mean, 25));
        QVERIFY(near(age.inputNumbers.median, 25));
        QVERIFY(near(age.outputNumbers.mean, 74.0 / 3));
        QVERIFY(near(age.outputNumbers.median, 25));
        QVERIFY(near(age.outputNumbers.min, 14.5));
        QVERIFY(near(age.outputNumbers.max, 34.5));
        const AttributeUtility& sex = r.attributes[1];
        QVERIFY(!sex.numeric);
        QVERIFY(near(sex.inputCategories.entropy, 1.0));
        // Output f: 2, m: 1: H = (2/3)·log₂(3/2) + (1/3)·log₂ 3.
        QVERIFY(near(sex.outputCategories.entropy,
                     2.0 / 3 * std::log2(1.5) + 1.0 / 3 * std::log2(3.0)));
        QCOMPARE(sex.outputCategories.mode, std::string("f"));
        // Input sex × age: each age once, 2×4 table with V = 1 (each column one row).
        QVERIFY(near(r.contingency[0].input.cramersV, 1.0));
        QCOMPARE(r.contingency[0].output.columnValues,
                 (std::vector<std::string>{"[10-19]", "[30-39]", "*"}));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, analyzeUtility(in, out, {"zip"}, {}, 0));
    }
};

QTEST_APPLESS_MAIN(TestUtility)
#include "test_utility.moc"
