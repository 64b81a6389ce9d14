// Hierarchies: CSV import/export, validation errors, binding to a column, and every builder.
#include <QtTest>

#include "ldiv/data/error.h"
#include "ldiv/hierarchy/hierarchy.h"
#include "ldiv/hierarchy/hierarchy_builders.h"
#include "ldiv/io/csv_table_reader.h"
#include "test_paths.h"

using namespace ldv;

namespace {
Column columnOf(const std::vector<std::string>& values) {
    Column c("attr");
    for (const auto& v : values) c.append(v);
    return c;
}
QString issuesText(const std::vector<HierarchyIssue>& issues) {
    QStringList out;
    for (const auto& i : issues) out << QString::fromStdString(i.message);
    return out.join(" | ");
}
}  // namespace

class TestHierarchy : public QObject {
    Q_OBJECT
private slots:
    void readsAdultAge() {
        const Hierarchy h = readHierarchy(test::example("adult/adult_hierarchy_age.csv"));
        QCOMPARE(h.height(), 4);
        QCOMPARE(h.baseCount(), std::size_t(100));
        QCOMPARE(h.value(39, 1), std::string("35-39"));
        QVERIFY(validateHierarchy(h).empty());
    }
    void roundTripsThroughCsv() {
        const Hierarchy h = readHierarchy(test::example("hospital/hierarchy_zip.csv"));
        const Hierarchy back = parseHierarchy(formatHierarchy(h, ';'), "x");
        QVERIFY(back == h);
    }
    void validationErrors_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("message");
        QTest::newRow("ragged") << "a;x;*\nb;*\n"
                                << "h.csv:2: row 2 ('b') has 2 levels, the first row has 3";
        QTest::newRow("empty cell") << "a;x;*\nb;;*\n"
                                    << "h.csv:2:2: empty cell at row 2, level 1";
        QTest::newRow("duplicate") << "a;x;*\na;y;*\n"
                                   << "h.csv:2:1: base value 'a' appears in rows 1 and 2";
        QTest::newRow("not nesting") << "a;x;p;*\nb;x;q;*\n"
                                     << "h.csv:2:3: level 2 is not a coarsening of level 1: 'x' "
                                        "generalizes to 'p' (row 1, 'a') "
                                        "and to 'q' (row 2, 'b')";
    }
    void validationErrors() {
        QFETCH(QString, text);
        QFETCH(QString, message);
        try {
            parseHierarchy(text.toStdString(), "h.csv", ';');
            QFAIL("no error");
        } catch (const InputError& e) {
            QCOMPARE(QString(e.what()), message);
        }
    }
    void missingDataValuesAreListed() {
        const Hierarchy h(std::vector<std::vector<std::string>>{{"a", "*"}, {"b", "*"}});
        const Column c = columnOf({"a", "c", "b", "d", "c"});
        const auto issues = validateHierarchy(h, &c);
        QCOMPARE(issues.size(), std::size_t(1));
        QCOMPARE(issuesText(issues),
                 QString("2 value(s) of attribute 'attr' are not in the hierarchy: 'c', 'd'"));
        try {
            HierarchyMap map(h, c);
            QFAIL("no error");
        } catch (const InputError& e) {
            QVERIFY(QString(e.what()).contains("'c', 'd'"));
        }
    }
    void multipleTopsIsOnlyAWarning() {
        const Hierarchy h(std::vector<std::vector<std::string>>{{"a", "x"}, {"b", "y"}});
        const auto issues = validateHierarchy(h);
        QCOMPARE(issues.size(), std::size_t(1));
        QVERIFY(!isError(issues[0]));
    }
    void bindsCodesAndCoverage() {
        const Hierarchy h = readHierarchy(test::example("hospital/hierarchy_zip.csv"));
        const Column c = columnOf({"14853", "13053", "13068", "14853"});
        const HierarchyMap map(h, c);
        QCOMPARE(map.height(), 4);
        QCOMPARE(map.levelSize(0), std::size_t(3));
        QCOMPARE(map.levelSize(1), std::size_t(3));  // 1485*, 1305*, 1306*
        QCOMPARE(map.levelSize(2), std::size_t(2));  // 148**, 130**
        QCOMPARE(map.levelValue(2, map.map(*c.find("13068"), 2)), std::string("130**"));
        QCOMPARE(map.coverage(2)[map.map(*c.find("13068"), 2)], 2u);
        QCOMPARE(map.fullCoverage(4)[0], 4u);  // the hierarchy has 4 zips, the data 3
        QCOMPARE(map.coverage(4)[0], 3u);
        const auto up = map.upMap(1, 3);
        QCOMPARE(map.levelValue(3, up[map.map(*c.find("14853"), 1)]), std::string("14***"));
    }
    void intervals() {
        IntervalOptions o;
        o.widths = {5, 10, 20};
        const Hierarchy h = buildIntervals({"0", "7", "23", "39"}, o);
        QCOMPARE(h.height(), 4);
        QCOMPARE(h.rows()[1], (std::vector<std::string>{"7", "5-9", "0-9", "0-19", "*"}));
        QCOMPARE(h.rows()[3], (std::vector<std::string>{"39", "35-39", "30-39", "20-39", "*"}));
        o.bottom = 10;
        o.top = 30;
        const Hierarchy coded = buildIntervals({"7", "23", "39"}, o);
        QCOMPARE(coded.rows()[0][1], std::string("<10"));
        QCOMPARE(coded.rows()[2][3], std::string(">=30"));
        // Bins cut at the coding bounds: 23 is in 20-29 at width 20, not 20-39 (which would
        // also claim the values of ">=30"); 12 is in 10-14 at width 5 and 10-19 at width 20.
        QCOMPARE(coded.rows()[1], (std::vector<std::string>{"23", "20-24", "20-29", "20-29", "*"}));
        const Hierarchy low = buildIntervals({"12"}, o);
        QCOMPARE(low.rows()[0], (std::vector<std::string>{"12", "10-14", "10-19", "10-19", "*"}));
        QVERIFY(validateHierarchy(coded).empty());
        o.widths = {5, 7};
        QVERIFY_THROWS_EXCEPTION(ParameterError, buildIntervals({"1"}, o));
        o.widths = {5};
        QVERIFY_THROWS_EXCEPTION(ParameterError, buildIntervals({"abc"}, o));
    }
    void masking() {
        const Hierarchy h = buildMasking({"14853", "13053"});
        QCOMPARE(h.height(), 5);
        QCOMPARE(h.rows()[0],
                 (std::vector<std::string>{"14853", "1485*", "148**", "14***", "1****", "*****"}));
        const Hierarchy steps = buildMasking({"14853", "13053"}, {2, 3});
        QCOMPARE(steps.rows()[1], (std::vector<std::string>{"13053", "130**", "*****"}));
        QVERIFY(validateHierarchy(steps).empty());
    }
    void suppressionAndDates() {
        const Hierarchy s = buildSuppression({"a", "b"});
        QCOMPARE(s.height(), 1);
        QCOMPARE(s.rows()[1][1], std::string("*"));
        const Hierarchy d = buildDates({"2024-03-31", "31.12.2023", "01/15/2022"});
        QCOMPARE(d.rows()[0], (std::vector<std::string>{"2024-03-31", "2024-03", "2024", "*"}));
        QCOMPARE(d.rows()[1][1], std::string("2023-12"));
        QCOMPARE(d.rows()[2][1], std::string("2022-01"));
        QVERIFY_THROWS_EXCEPTION(ParameterError, buildDates({"yesterday"}));
    }
    void orderedGrouping() {
        const Hierarchy h = buildOrderedGrouping({"a", "b", "c", "d", "e"}, {2, 2});
        QCOMPARE(h.height(), 3);
        QCOMPARE(h.rows()[0], (std::vector<std::string>{"a", "a..b", "a..d", "*"}));
        QCOMPARE(h.rows()[4], (std::vector<std::string>{"e", "e", "e", "*"}));
        QVERIFY(validateHierarchy(h).empty());
    }
    void taxonomy() {
        const Hierarchy h = buildTaxonomy({{"*", "spouse present"},
                                           {"*", "single"},
                                           {"spouse present", "Married"},
                                           {"single", "Divorced"},
                                           {"single", "Never"},
                                           {"*", "Unknown"}},
                                          {"Married", "Divorced", "Never", "Unknown"});
        QCOMPARE(h.height(), 2);
        QCOMPARE(h.rows()[0], (std::vector<std::string>{"Married", "spouse present", "*"}));
        QCOMPARE(h.rows()[3], (std::vector<std::string>{"Unknown", "Unknown", "*"}));
        QVERIFY(validateHierarchy(h).empty());
        QVERIFY_THROWS_EXCEPTION(ParameterError, buildTaxonomy({{"a", "b"}, {"b", "a"}}, {"a"}));
        QVERIFY_THROWS_EXCEPTION(ParameterError, buildTaxonomy({{"p", "a"}, {"q", "a"}}, {"a"}));
    }
    void taxonomyCycleBeforeValues() {
        // A cycle beside the root's tree (tests/data/bad/taxonomy_cycle.csv) is named whatever
        // the values: whether they are covered by the edges (the CLI on its small.csv) or not
        // (the workbench's builder on another column), and when no value reaches it.
        const std::vector<std::pair<std::string, std::string>> edges{
            {"*", "Cold"}, {"Resp", "Flu"}, {"Ill", "Resp"}, {"Resp", "Ill"}};
        for (const std::vector<std::string>& values :
             {std::vector<std::string>{"Flu", "Cold"}, {"Russian", "Cold"}, {"Cold"}}) {
            try {
                buildTaxonomy(edges, values);
                QFAIL("a taxonomy with a cycle was built");
            } catch (const ParameterError& e) {
                QCOMPARE(std::string(e.what()), std::string("taxonomy: cycle through 'Resp'"));
            }
        }
        // Without the cycle, an uncovered value is named.
        try {
            buildTaxonomy({{"*", "Cold"}, {"*", "Flu"}}, {"Russian"});
            QFAIL("a taxonomy without the value was built");
        } catch (const ParameterError& e) {
            QCOMPARE(std::string(e.what()),
                     std::string("taxonomy: value 'Russian' appears in no parent → child edge"));
        }
    }
};

QTEST_APPLESS_MAIN(TestHierarchy)
#include "test_hierarchy.moc"
