// One hierarchy builder spec: parsed and formatted the same way for `--hierarchy COL=SPEC`,
// the project file's "builder" and the workbench's builder panel, and built with one rule for
// missing values (left out of intervals, dates and ordered groupings, put at the top).
#include <QtTest>
#include <map>

#include "ldiv/data/error.h"
#include "ldiv/data/table.h"
#include "ldiv/hierarchy/hierarchy.h"
#include "ldiv/hierarchy/hierarchy_builders.h"
#include "ldiv/hierarchy/hierarchy_spec.h"

using namespace ldv;

namespace {

Column column(const char* name, std::initializer_list<const char*> values, ColumnType type) {
    Column c(name);
    for (const char* v : values) c.append(v);
    c.setType(type);
    return c;
}

std::map<std::string, std::vector<std::string>> rowsByValue(const Hierarchy& h) {
    std::map<std::string, std::vector<std::string>> out;
    for (const auto& row : h.rows()) out[row.front()] = row;
    return out;
}

}  // namespace

class TestHierarchySpec : public QObject {
    Q_OBJECT
private slots:
    void roundTrip_data() {
        QTest::addColumn<QString>("text");
        for (const char* t : {"intervals:5,10,20", "intervals:10;bottom=20;top=80",
                              "intervals:2.5,5;origin=1", "mask", "mask:2,3", "suppress", "dates",
                              "ordered:2,2", "taxonomy:taxonomy.csv", "identity"})
            QTest::newRow(t) << QString(t);
    }

    void roundTrip() {
        QFETCH(QString, text);
        const auto spec = parseHierarchySpec(text.toStdString());
        QVERIFY(spec);
        QCOMPARE(formatHierarchySpec(*spec), std::optional<std::string>(text.toStdString()));
    }

    void parsedFields() {
        const HierarchySpec s = *parseHierarchySpec("intervals:10,20;bottom=20;top=80");
        QCOMPARE(s.kind, HierarchySpec::Kind::Intervals);
        QCOMPARE(s.widths, (std::vector<double>{10, 20}));
        QCOMPARE(s.bottom, std::optional<double>(20));
        QCOMPARE(s.top, std::optional<double>(80));
        QCOMPARE(parseHierarchySpec("mask:2,3")->maskSteps, (std::vector<int>{2, 3}));
        QCOMPARE(parseHierarchySpec("ordered:2,3")->groupSizes, (std::vector<std::size_t>{2, 3}));
        QCOMPARE(parseHierarchySpec("taxonomy:t.csv")->taxonomyFile, std::string("t.csv"));
    }

    void notABuilder() {
        // Then the text is a hierarchy file's path.
        QVERIFY(!parseHierarchySpec("hierarchy_age.csv"));
        QVERIFY(!parseHierarchySpec("identity:x"));
        QVERIFY(!parseHierarchySpec(""));
    }

    void whatTheTextCannotSay() {
        HierarchySpec s = *parseHierarchySpec("ordered:2");
        s.order = {"b", "a"};
        QVERIFY(!formatHierarchySpec(s));
        s = *parseHierarchySpec("suppress");
        s.topValue = "ANY";
        QVERIFY(!formatHierarchySpec(s));
    }

    void badParameters_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("message");
        QTest::newRow("width") << "intervals:ten"
                               << "hierarchy builder 'intervals:ten': 'ten' is not a number";
        QTest::newRow("option") << "intervals:10;width=3"
                                << "hierarchy builder 'intervals:10;width=3': unknown option "
                                   "'width=3' (bottom=B, top=T, origin=O)";
        QTest::newRow("option without value")
            << "intervals:10;top"
            << "hierarchy builder 'intervals:10;top': unknown option 'top' "
               "(bottom=B, top=T, origin=O)";
        QTest::newRow("group size") << "ordered:2,x"
                                    << "hierarchy builder 'ordered:2,x': 'x' is not a number";
    }

    void badParameters() {
        QFETCH(QString, text);
        QFETCH(QString, message);
        try {
            parseHierarchySpec(text.toStdString());
            QFAIL("accepted");
        } catch (const ParameterError& e) {
            QCOMPARE(QString::fromStdString(e.what()), message);
        }
    }

    void missingValuesGoToTheTop() {
        // Issue 23: `--hierarchy age=intervals:10,20` on an age column with '?' — by hand:
        // 23 → 20-29 → 20-39; 37 → 30-39 → 20-39; 45 → 40-49 → 40-59; '?' → * at every level.
        const Column age = column("age", {"23", "37", "?", "45"}, ColumnType::Integer);
        const Hierarchy h = buildHierarchy(*parseHierarchySpec("intervals:10,20"), age, {"?"});
        QCOMPARE(h.height(), 3);
        const auto rows = rowsByValue(h);
        QCOMPARE(rows.size(), std::size_t(4));
        QCOMPARE(rows.at("23"), (std::vector<std::string>{"23", "20-29", "20-39", "*"}));
        QCOMPARE(rows.at("37"), (std::vector<std::string>{"37", "30-39", "20-39", "*"}));
        QCOMPARE(rows.at("45"), (std::vector<std::string>{"45", "40-49", "40-59", "*"}));
        QCOMPARE(rows.at("?"), (std::vector<std::string>{"?", "*", "*", "*"}));
        QVERIFY(validateHierarchy(h, &age).empty());
        // The command line's entry point is the same build.
        const Hierarchy viaText = *buildFromSpec("intervals:10,20", age, "", {"?"});
        QCOMPARE(viaText.rows(), h.rows());
        QCOMPARE(viaText.source(), std::string("intervals:10,20"));
        // Without '?' among the missing tokens it is a value like any other, and not a number.
        QVERIFY_THROWS_EXCEPTION(ParameterError,
                                 buildHierarchy(*parseHierarchySpec("intervals:10"), age, {}));
    }

    void missingValuesInDatesAndOrders() {
        const Column day = column("day", {"2024-01-05", "", "2024-02-10"}, ColumnType::Date);
        const Hierarchy d = buildHierarchy(*parseHierarchySpec("dates"), day, {"?", ""});
        const auto rows = rowsByValue(d);
        QCOMPARE(rows.at("2024-01-05"),
                 (std::vector<std::string>{"2024-01-05", "2024-01", "2024", "*"}));
        QCOMPARE(rows.at(""), (std::vector<std::string>{"", "*", "*", "*"}));
        // Ordered grouping: numeric order 2 < 10 < 30, groups of 2; '?' neither in a group
        // nor in an explicit order that names it.
        const Column n = column("n", {"30", "?", "10", "2"}, ColumnType::Integer);
        HierarchySpec s = *parseHierarchySpec("ordered:2");
        const Hierarchy o = buildHierarchy(s, n, {"?"});
        const auto oRows = rowsByValue(o);
        QCOMPARE(oRows.at("2")[1], oRows.at("10")[1]);
        QVERIFY(oRows.at("30")[1] != oRows.at("2")[1]);
        QCOMPARE(oRows.at("?").size(), std::size_t(o.height()) + 1);
        QCOMPARE(oRows.at("?")[0], std::string("?"));
        for (std::size_t j = 1; j < oRows.at("?").size(); ++j)
            QCOMPARE(oRows.at("?")[j], std::string("*"));
        s.order = {"?", "30", "10", "2"};  // the workbench's order list may hold it
        const auto explicitRows = rowsByValue(buildHierarchy(s, n, {"?"}));
        QCOMPARE(explicitRows.at("30")[1], explicitRows.at("10")[1]);
        QVERIFY(validateHierarchy(o, &n).empty());
    }

    void taxonomyEdges() {
        // Moved from the workbench's builder test: the edge list may start with a
        // "parent,child" header row, as a taxonomy file does; only as the first row.
        const Column c = column("condition", {"Flu", "Cold"}, ColumnType::Text);
        HierarchySpec s;
        s.kind = HierarchySpec::Kind::Taxonomy;
        s.edges = parseTaxonomyEdges("parent,child\n*,Resp\nResp,Flu\n*,Cold\n", "taxonomy");
        QCOMPARE(s.edges.size(), std::size_t(3));
        const Hierarchy h = buildHierarchy(s, c, {});
        QVERIFY(validateHierarchy(h, &c).empty());
        QCOMPARE(h.height(), 2);
        s.edges = parseTaxonomyEdges("*,Resp\nparent,child\nResp,Flu\n*,Cold\n", "taxonomy");
        QVERIFY_THROWS_EXCEPTION(ParameterError, buildHierarchy(s, c, {}));  // a second root
        try {
            parseTaxonomyEdges("*,Resp\nResp\n", "taxonomy");
            QFAIL("a row with one field was read");
        } catch (const InputError& e) {
            QVERIFY2(std::string(e.what()).find("a taxonomy row needs two fields: parent, child") !=
                         std::string::npos,
                     e.what());
        }
        // A taxonomy names its missing value itself: it is not left out.
        const Column status =
            column("status", {"married", "divorced", "never", "?"}, ColumnType::Text);
        s.edges = parseTaxonomyEdges(
            "*,was-married\nwas-married,married\nwas-married,divorced\n*,never\n*,?", "taxonomy");
        const Hierarchy t = buildHierarchy(s, status, {"?"});
        QVERIFY(validateHierarchy(t, &status).empty());
        QCOMPARE(rowsByValue(t).at("?"), (std::vector<std::string>{"?", "?", "*"}));
    }
};

QTEST_APPLESS_MAIN(TestHierarchySpec)
#include "test_hierarchy_spec.moc"
