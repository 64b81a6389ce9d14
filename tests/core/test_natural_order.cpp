// Natural order (ldiv/hierarchy/natural_order.h): hand-written orders of each kind of value,
// its properties on mixed random values (a strict weak order: irreflexive, asymmetric,
// transitive on a sample), and the ordered builder's default order, which is this order for
// text columns too (before, the order of first appearance in the core and natural order in
// the workbench's editor: issue 37).
#include <QtTest>

#include <algorithm>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "ldiv/data/table.h"
#include "ldiv/hierarchy/hierarchy.h"
#include "ldiv/hierarchy/hierarchy_spec.h"
#include "ldiv/hierarchy/natural_order.h"

using namespace ldv;

using Strings = std::vector<std::string>;
Q_DECLARE_METATYPE(Strings)

namespace {

Column textColumn(const char* name, std::initializer_list<const char*> values) {
    Column c(name);
    for (const char* v : values) c.append(v);
    c.setType(ColumnType::Text);
    return c;
}

/// The level-1 value of each base value.
std::map<std::string, std::string> parents(const Hierarchy& h) {
    std::map<std::string, std::string> out;
    for (const auto& row : h.rows()) out[row.front()] = row.at(1);
    return out;
}

}  // namespace

class TestNaturalOrder : public QObject {
    Q_OBJECT
private slots:
    void handWritten_data() {
        QTest::addColumn<Strings>("shuffled");
        QTest::addColumn<Strings>("expected");
        QTest::newRow("numbers") << Strings{"39", "100", "9", "20", "-3", "2.5", "+7"}
                                 << Strings{"-3", "2.5", "+7", "9", "20", "39", "100"};
        QTest::newRow("dates in three formats")
            << Strings{"2024-03-31", "31.12.2023", "01/15/2022", "2024-01-05"}
            << Strings{"01/15/2022", "31.12.2023", "2024-01-05", "2024-03-31"};
        QTest::newRow("year-months")
            << Strings{"2024-10", "2024-02", "2023-12"} << Strings{"2023-12", "2024-02", "2024-10"};
        QTest::newRow("months")  // "sept" and "September" tie on the month, then by text
            << Strings{"March", "Dec", "january", "Feb.", "September", "sept"}
            << Strings{"january", "Feb.", "March", "sept", "September", "Dec"};
        QTest::newRow("intervals with coding")
            << Strings{">=90", "80-89", "<10", "100-119", "10-19", "[20, 25)"}
            << Strings{"<10", "10-19", "[20, 25)", "80-89", ">=90", "100-119"};
        QTest::newRow("ordered groups") << Strings{"July..December", "January..June"}
                                        << Strings{"January..June", "July..December"};
        QTest::newRow("text with numbers, then punctuation")
            << Strings{"*", "ward 10", "Ward 2", "?", "ward 1", "ward 02"}
            << Strings{"ward 1", "Ward 2", "ward 02", "ward 10", "*", "?"};
        QTest::newRow("classes mixed") << Strings{"b", "*", "2020-01-01", "May", "3"}
                                       << Strings{"3", "2020-01-01", "May", "b", "*"};
        // Unicode case folding: "Ärzte" and "ärzte" tie on the folded text, then by bytes.
        QTest::newRow("unicode") << Strings{"ärzte", "Zoo", "Ärzte", "apfel"}
                                 << Strings{"apfel", "Zoo", "Ärzte", "ärzte"};
    }

    void handWritten() {
        QFETCH(Strings, shuffled);
        QFETCH(Strings, expected);
        naturalSort(shuffled);
        QCOMPARE(shuffled, expected);
        Strings reversed(expected.rbegin(), expected.rend());
        naturalSort(reversed);
        QCOMPARE(reversed, expected);
    }

    void isAStrictWeakOrder() {
        // Random values of every kind; brute force over all pairs and a sample of triples.
        std::mt19937 random(11);
        const Strings pieces{"ward ", "Ward ", "a",  "10", "2", "-",   "..",  "<", ">=", "*",
                             "?",     "2024-", "03", ".",  "/", "May", "feb", "ä", " ",  "["};
        Strings values;
        for (int i = 0; i < 160; ++i) {
            std::string v;
            const int parts = 1 + int(random() % 4);
            for (int p = 0; p < parts; ++p) v += pieces[random() % pieces.size()];
            values.push_back(v);
        }
        for (const std::string& a : values) {
            QVERIFY2(!naturalLess(a, a), a.c_str());
            for (const std::string& b : values)
                QVERIFY2(!(naturalLess(a, b) && naturalLess(b, a)), (a + " / " + b).c_str());
        }
        for (int t = 0; t < 20000; ++t) {
            const std::string& a = values[random() % values.size()];
            const std::string& b = values[random() % values.size()];
            const std::string& c = values[random() % values.size()];
            if (naturalLess(a, b) && naturalLess(b, c))
                QVERIFY2(naturalLess(a, c), (a + " < " + b + " < " + c).c_str());
        }
        // The sort agrees with the comparison.
        Strings sorted = values;
        naturalSort(sorted);
        for (std::size_t i = 1; i < sorted.size(); ++i)
            QVERIFY(!naturalLess(sorted[i], sorted[i - 1]));
    }

    void orderedBuilderDefaultsToNaturalOrder() {
        // A text column of months in the order of first appearance "Mar, Jan, Dec, Feb":
        // groups of two by calendar order are {Jan, Feb} and {Mar, Dec}.
        const auto m =
            parents(buildHierarchy(*parseHierarchySpec("ordered:2"),
                                   textColumn("month", {"Mar", "Jan", "Dec", "Feb", "Jan"}), {}));
        QCOMPARE(m.at("Jan"), m.at("Feb"));
        QCOMPARE(m.at("Mar"), m.at("Dec"));
        QVERIFY(m.at("Jan") != m.at("Mar"));
        // Wards numbered in text: "ward 2" and "ward 10" are neighbours in natural order.
        const auto w = parents(
            buildHierarchy(*parseHierarchySpec("ordered:2"),
                           textColumn("ward", {"ward 10", "ward 1", "ward 20", "ward 2"}), {}));
        QCOMPARE(w.at("ward 1"), w.at("ward 2"));
        QCOMPARE(w.at("ward 10"), w.at("ward 20"));
    }
};

QTEST_MAIN(TestNaturalOrder)
#include "test_natural_order.moc"
