// Grouped data (table_source.h, csv_groups.h): a CSV collapsed into distinct combinations
// while it is read, and a Dataset built from (values…, count) groups, must give exactly the
// base groups, criteria and search results of the rows themselves.
#include <QtTest>

#include <filesystem>
#include <fstream>
#include <map>
#include <regex>

#include "ldiv/data/error.h"
#include "ldiv/io/csv_group_reader.h"
#include "ldiv/project/workspace.h"
#include "ldiv/search/search_result.h"
#include "test_paths.h"

using namespace ldv;

namespace {

// Groups keyed by their values as text (codes differ between the two loads).
std::map<std::vector<std::string>, std::uint64_t> groupsAsText(
    const Table& t, std::span<const std::uint32_t> weights) {
    std::map<std::vector<std::string>, std::uint64_t> out;
    for (std::size_t r = 0; r < t.rowCount(); ++r) {
        std::vector<std::string> key;
        for (std::size_t c = 0; c < t.columnCount(); ++c) key.push_back(t.value(r, c));
        out[key] += weights.empty() ? 1 : weights[r];
    }
    return out;
}

// Base groups as (QI values → sensitive histogram by value), independent of code order.
std::map<std::vector<std::string>, std::map<std::string, std::uint32_t>> baseGroups(
    const Dataset& d) {
    std::map<std::vector<std::string>, std::map<std::string, std::uint32_t>> out;
    const EquivalenceClasses& b = d.baseGroups();
    const Column& sa = d.table().column(d.sensitiveColumns()[0]);
    for (std::size_t g = 0; g < b.count(); ++g) {
        std::vector<std::string> key;
        for (std::size_t i = 0; i < d.qiCount(); ++i)
            key.push_back(d.table().column(d.qiColumns()[i]).value(b.key(g)[i]));
        const auto h = b.histogram(g);
        for (Code v = 0; v < h.size(); ++v)
            if (h[v]) out[key][sa.value(v)] += h[v];
    }
    return out;
}

ProjectConfig adultConfig() {
    ProjectConfig c;
    const std::string dir = test::example("adult/");
    c.dataPath = dir + "adult.csv";
    for (const char* a : {"sex", "age", "race", "marital-status", "education"}) {
        AttributeConfig& attr = c.ensureAttribute(a);
        attr.role = Role::QuasiIdentifying;
        attr.hierarchyFile = dir + "adult_hierarchy_" + a + ".csv";
        c.qiOrder.push_back(a);
    }
    c.ensureAttribute("salary-class").role = Role::Sensitive;
    return c;
}

}  // namespace

class TestTableSource : public QObject {
    Q_OBJECT
private slots:
    // Worked by hand: 7 rows, 4 distinct (zip, disease) pairs; the row with '?' in the
    // unused column is dropped under MissingPolicy::Drop, as readCsv drops it.
    void groupsByHand_data() {
        QTest::addColumn<int>("chunk");
        QTest::newRow("whole") << (1 << 20);
        QTest::newRow("byte by byte") << 1;
        QTest::newRow("3 bytes") << 3;
    }
    void groupsByHand() {
        QFETCH(int, chunk);
        const std::string text =
            "zip,note,disease\n"
            "47677,a,flu\n"
            "47602,b,flu\n"
            "47677,c,cold\n"
            "\"47677\",d,flu\n"
            "47602,?,flu\n"
            "47678,e,flu\n"
            "47677,f,flu\n";
        for (MissingPolicy policy : {MissingPolicy::Keep, MissingPolicy::Drop}) {
            CsvOptions o;
            o.missing = policy;
            CsvGroupReader reader("hand.csv", ',', o, {"zip", "disease"});
            const std::size_t step = std::size_t(std::max(chunk, 1));
            for (std::size_t p = 0; p < text.size(); p += step)
                reader.feed(std::string_view(text).substr(p, step));
            const GroupedTable g = reader.finish();
            const bool drop = policy == MissingPolicy::Drop;
            QCOMPARE(g.rows, std::uint64_t(drop ? 6 : 7));
            QCOMPARE(reader.rowsDropped(), std::uint64_t(drop ? 1 : 0));
            const auto groups = groupsAsText(g.table, g.counts);
            const std::map<std::vector<std::string>, std::uint64_t> expected{
                {{"47677", "flu"}, 3},
                {{"47602", "flu"}, drop ? 1u : 2u},
                {{"47677", "cold"}, 1},
                {{"47678", "flu"}, 1}};
            QCOMPARE(groups, expected);
            QVERIFY(g.table.column(0).type() == ColumnType::Integer);
            QVERIFY(g.table.column(1).type() == ColumnType::Text);
        }
    }

    void preGroupedInput() {
        CsvGroupReader reader("db", ',', CsvOptions{}, {"b", "a"}, "n");
        reader.feed("a,b,n\nx,1,5\ny,1,2\n\"\",2,3\n,2,4\n");
        const GroupedTable g = reader.finish();
        QCOMPARE(g.rows, std::uint64_t(14));
        // An unquoted empty field (a database NULL) and a quoted empty string are the same text.
        const std::map<std::vector<std::string>, std::uint64_t> expected{
            {{"1", "x"}, 5}, {{"1", "y"}, 2}, {{"2", ""}, 7}};
        QCOMPARE(groupsAsText(g.table, g.counts), expected);
        QCOMPARE(g.table.column(1).missingCount(),
                 std::size_t(4));  // only the unquoted one is missing
        CsvGroupReader bad("db", ',', CsvOptions{}, {"a"}, "n");
        QVERIFY_THROWS_EXCEPTION(InputError, (bad.feed("a,n\nx,many\n"), bad.finish()));
        CsvGroupReader missing("db", ',', CsvOptions{}, {"nosuch"});
        QVERIFY_THROWS_EXCEPTION(InputError, missing.feed("a,n\nx,1\n"));
    }

    // Brute force: Adult read row by row vs streamed into groups.
    void streamedAdultEqualsRows() {
        const ProjectConfig c = adultConfig();
        Workspace rows(c, "");
        Workspace streamed(c, "", nullptr, DataLoad::Groups);
        QVERIFY(!rows.dataset().grouped());
        QVERIFY(streamed.dataset().grouped());
        QCOMPARE(streamed.dataset().rowCount(), std::size_t(30162));
        QVERIFY(streamed.table().rowCount() < 30162);  // groups, not rows
        QCOMPARE(streamed.sourceReport().kind, std::string("csv-stream"));
        QCOMPARE(baseGroups(streamed.dataset()), baseGroups(rows.dataset()));
        QCOMPARE(streamed.dataset().baseGroupCount(), rows.dataset().baseGroupCount());
        for (const std::vector<std::string>& specs :
             {std::vector<std::string>{"k=5"}, {"entropy-l=1.5"}, {"k=10", "distinct-l=2"}}) {
            for (double suppression : {0.0, 0.02}) {
                SearchConfig a, b;
                a.criteria = bindCriteria(rows.dataset(), specs);
                b.criteria = bindCriteria(streamed.dataset(), specs);
                a.suppressionLimit = b.suppressionLimit = suppression;
                const SearchResult ra = search(rows.dataset(), a),
                                   rb = search(streamed.dataset(), b);
                QCOMPARE(rb.satisfying, ra.satisfying);
                QCOMPARE(rb.minimal, ra.minimal);
                QCOMPARE(rb.optimum, ra.optimum);
                QCOMPARE(rb.optimumMetrics.suppressedRows, ra.optimumMetrics.suppressedRows);
                QCOMPARE(rb.optimumMetrics.discernibility, ra.optimumMetrics.discernibility);
                QVERIFY(std::abs(rb.optimumMetrics.klDivergence - ra.optimumMetrics.klDivergence) <
                        1e-9);
            }
        }
        // Analyses that need the rows say so instead of treating groups as rows.
        const EquivalenceClasses cls = streamed.dataset().classes(std::vector<int>(5, 0), true);
        QVERIFY_THROWS_EXCEPTION(ParameterError, streamed.dataset().rowClasses(cls));
    }

    // Layering: core/ knows databases only through table_source.h; libpq lives in
    // sources/postgres. Fails if a core file includes a database client header.
    void coreIncludesNoDatabaseClient() {
        const std::string hash = "#";  // in pieces, so that moc does not read the pattern
        const std::regex client(
            hash + "\\s*include\\s*[<\"](libpq-fe\\.h|libpq/|pqxx/|postgres|mysql|sqlite3)");
        int files = 0;
        for (const auto& entry : std::filesystem::recursive_directory_iterator(
                 std::string(LDIV_SOURCE_DIR) + "/core")) {
            if (!entry.is_regular_file()) continue;
            ++files;
            std::ifstream in(entry.path());
            std::string line;
            for (int n = 1; std::getline(in, line); ++n)
                QVERIFY2(!std::regex_search(line, client),
                         (entry.path().string() + ":" + std::to_string(n) + ": " + line).c_str());
        }
        QVERIFY(files > 10);
    }

    // CsvTableReader (how database rows arrive, batch by batch): fed Adult in chunks of any
    // size — 1 byte, 7 bytes (splitting records, quotes and UTF-8 characters), 64 KiB — it
    // builds exactly the table parseCsv builds from the whole text.
    void tableReaderInChunksEqualsWholeText() {
        const std::string text = readFileText(test::example("adult/adult.csv"));
        CsvOptions o;
        o.separator = ';';
        CsvReport wholeReport;
        const Table whole = parseCsv(text, "adult", o, &wholeReport);
        QCOMPARE(whole.rowCount(), std::size_t(30162));
        for (std::size_t chunk : {std::size_t(1), std::size_t(7), std::size_t(65536)}) {
            if (chunk == 1) {
                // One byte at a time over the first 2,000 lines only (it is slow by design).
                const std::string head = text.substr(0, text.find('\n', 200000) + 1);
                CsvTableReader reader("adult", ';', o);
                for (char c : head) reader.feed(std::string_view(&c, 1));
                const Table t = reader.finish();
                const Table expected = parseCsv(head, "adult", o);
                QCOMPARE(t.rowCount(), expected.rowCount());
                for (std::size_t r = 0; r < t.rowCount(); r += 97)
                    for (std::size_t c = 0; c < t.columnCount(); ++c)
                        QCOMPARE(t.value(r, c), expected.value(r, c));
                continue;
            }
            CsvTableReader reader("adult", ';', o);
            for (std::size_t at = 0; at < text.size(); at += chunk)
                reader.feed(std::string_view(text).substr(at, chunk));
            CsvReport report;
            const Table t = reader.finish(&report);
            QCOMPARE(report.rowsRead, wholeReport.rowsRead);
            QCOMPARE(t.columnNames(), whole.columnNames());
            QCOMPARE(t.rowCount(), whole.rowCount());
            for (std::size_t c = 0; c < t.columnCount(); ++c) {
                QCOMPARE(t.column(c).dictionary(), whole.column(c).dictionary());
                QVERIFY(std::equal(t.column(c).codes().begin(), t.column(c).codes().end(),
                                   whole.column(c).codes().begin()));
                QVERIFY(t.column(c).type() == whole.column(c).type());
            }
        }
        // Errors name the line, as readCsv's do.
        CsvTableReader bad("rows", ',', CsvOptions{});
        bad.feed("a,b\n1,2\n3");
        QVERIFY_THROWS_EXCEPTION(InputError, (bad.feed(",4,5\n"), bad.finish()));
    }

    void unknownScheme() {
        QVERIFY(isSourceUri("postgresql://u@h/db?table=t"));
        QVERIFY(!isSourceUri("/tmp/a.csv"));
        QVERIFY(!isSourceUri("C:/data/a.csv"));
        QVERIFY_THROWS_EXCEPTION(ParameterError, openTableSource("mysql://u@h/db"));
    }

    void inMemorySchemes() {
        // Only a scheme registered as in memory (the Python module's DataFrames) is read as
        // rows by the commands that need groups; a database's, registered or not, is not.
        registerTableSource(
            "memtest", [](const std::string&) { return nullptr; }, true);
        registerTableSource("dbtest", [](const std::string&) { return nullptr; });
        QVERIFY(isInMemorySource("memtest://1"));
        QVERIFY(!isInMemorySource("dbtest://1"));
        QVERIFY(!isInMemorySource("postgresql://u@h/db?table=t"));
        QVERIFY(!isInMemorySource("/tmp/memtest.csv"));
        QVERIFY(isSourceUri("memtest://1"));
    }
};

QTEST_GUILESS_MAIN(TestTableSource)
#include "test_table_source.moc"
