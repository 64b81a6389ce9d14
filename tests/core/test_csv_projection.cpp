// The column projection of loading (CsvOptions::columns, issue 38): a projected load holds
// exactly the whole load's columns that it keeps (tableDifference on them: names, types,
// dictionaries in order, codes, missing and normalised counts), the same rows read and
// dropped (a missing token in a skipped column still drops its row under --missing drop), and
// the same error, message, line and column, whether the faulty column is kept or skipped. On
// random CSV texts, through every reader: the reference, the serial fast reader, the parallel
// pieces at random chunk sizes and thread counts, and readCsv on a file. A skipped column is
// named as skipped, never read.
#include <QtTest>

#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>

#include "io/csv_parallel.h"
#include "io/csv_reference.h"
#include "ldiv/data/error.h"
#include "ldiv/data/table_difference.h"
#include "ldiv/io/csv_table_reader.h"
#include "random_csv_text.h"
#include "test_scale.h"

using namespace ldv;
using ldv::test::randomCsv;

namespace {

struct Outcome {
    std::optional<Table> table;
    CsvReport report;
    std::string error;
};

template <class Read>
Outcome attempt(Read read) {
    Outcome out;
    try {
        out.table = read(out.report);
    } catch (const InputError& e) {
        out.error = e.what();
    }
    return out;
}

/// The columns of `whole` that `projected` keeps, in file order, as a Table of their own.
Table keptColumns(const Table& whole, const Table& projected) {
    std::vector<Column> columns;
    for (const Column& c : whole.columns())
        if (projected.columnIndex(c.name())) columns.push_back(c);
    return Table(std::move(columns));
}

/// "" when `projected` is `whole` under `names`: the columns named (and in the file) kept,
/// equal to the whole table's; the others named as skipped; the same rows read and dropped.
std::string projectionDifference(const Outcome& whole, const Outcome& projected,
                                 const std::vector<std::string>& names) {
    if (whole.error != projected.error)
        return "error '" + projected.error + "', not '" + whole.error + "'";
    if (!whole.table) return {};
    const Table& w = *whole.table;
    const Table& p = *projected.table;
    if (whole.report.rowsRead != projected.report.rowsRead) return "rows read";
    if (whole.report.rowsDropped != projected.report.rowsDropped) return "rows dropped";
    if (whole.report.hadBom != projected.report.hadBom) return "byte order mark";
    if (p.rowCount() != w.rowCount()) return "row count";
    if (p.fileColumnNames() != w.columnNames()) return "the file's column names";
    bool anyNamed = false;
    for (const std::string& n : w.columnNames())
        anyNamed = anyNamed || std::find(names.begin(), names.end(), n) != names.end();
    for (const std::string& n : w.columnNames()) {
        // None of the names in the file: every column is read (a table of no column has no
        // rows).
        const bool wanted = !anyNamed || std::find(names.begin(), names.end(), n) != names.end();
        if (wanted != p.columnIndex(n).has_value()) return "column " + n + " kept or not";
        if (wanted == p.isSkipped(n)) return "column " + n + " skipped or not";
        if (!wanted) {
            try {
                p.requireColumn(n);
                return "column " + n + " read though skipped";
            } catch (const ParameterError& e) {
                if (std::string(e.what()).find("'" + n + "' was not loaded") == std::string::npos)
                    return e.what();
            }
        }
    }
    return tableDifference(p, keptColumns(w, p));
}

detail::ReadAt readerOf(const std::string& text) {
    return [&text](char* into, std::size_t size, std::uint64_t offset) {
        const std::size_t n =
            offset < text.size() ? std::min<std::size_t>(size, text.size() - offset) : 0;
        std::memcpy(into, text.data() + offset, n);
        return n;
    };
}

/// A random projection: each column of the file kept with probability 1/2, sometimes a name
/// the file does not have.
std::vector<std::string> randomProjection(std::mt19937& rng, const std::vector<std::string>& all) {
    std::vector<std::string> names;
    for (const std::string& n : all)
        if (rng() % 2) names.push_back(n);
    if (rng() % 6 == 0) names.push_back("not-a-column");
    if (names.empty() && !all.empty()) names.push_back(all[rng() % all.size()]);
    return names;
}

}  // namespace

class TestCsvProjection : public QObject {
    Q_OBJECT
private slots:
    void randomTextProjectedAsTheWholeTable() {
        std::mt19937 rng(3801);
        const std::filesystem::path file =
            std::filesystem::temp_directory_path() /
            ("ldiv_projection_" + std::to_string(::getpid()) + ".csv");
        std::size_t tables = 0, errors = 0, skippedSome = 0, parallelTables = 0;
        const int cases = test::scaled(2000);
        for (int i = 0; i < cases; ++i) {
            const char sep = ",;\t"[rng() % 3];
            const bool wellFormed = i % 4 != 0;
            const std::string text = randomCsv(rng, sep, 1 + rng() % 6, rng() % 40, wellFormed);
            CsvOptions o;
            o.separator = sep;
            o.trim = rng() % 2 == 0;
            o.missing = rng() % 2 ? MissingPolicy::Keep : MissingPolicy::Drop;
            o.inferTypes = rng() % 4 != 0;
            o.header = rng() % 5 != 0;
            o.threads = 1;
            const Outcome whole = attempt(
                [&](CsvReport& r) { return detail::parseCsvReference(text, "p.csv", o, &r); });
            // The names to project: the whole table's, or (when it failed) those a header
            // would give, so that a faulty column is sometimes kept and sometimes skipped.
            std::vector<std::string> all;
            if (whole.table)
                all = whole.table->columnNames();
            else
                for (std::size_t c = 0; c < 7; ++c)
                    all.push_back(o.header ? "c" + std::to_string(c)
                                           : "column" + std::to_string(c + 1));
            CsvOptions p = o;
            p.columns = randomProjection(rng, all);
            const std::string at = "case " + std::to_string(i) + ": ";
            std::vector<std::pair<std::string, Outcome>> got;
            got.emplace_back("reference", attempt([&](CsvReport& r) {
                                 return detail::parseCsvReference(text, "p.csv", p, &r);
                             }));
            got.emplace_back("fast",
                             attempt([&](CsvReport& r) { return parseCsv(text, "p.csv", p, &r); }));
            CsvOptions q = p;
            q.threads = 1 + rng() % 4;
            q.chunkBytes = i % 2 ? 1 : 1 + rng() % 64;
            got.emplace_back("parallel",
                             attempt([&](CsvReport& r) { return parseCsv(text, "p.csv", q, &r); }));
            // The whole load through the same reader: the parallel pieces give the reference's
            // tables (test_csv_parallel), so any difference is the projection's.
            const Outcome wholeParallel = attempt([&](CsvReport& r) {
                CsvOptions all = q;
                all.columns.clear();
                return parseCsv(text, "p.csv", all, &r);
            });
            QCOMPARE(QString::fromStdString(wholeParallel.error),
                     QString::fromStdString(whole.error));
            {
                // The parallel pieces themselves (parseCsv may have fallen back on others).
                detail::FastRowsResult rows;
                if (detail::parallelCsvRows(readerOf(text), text.size(), sep, q, q.threads, rows) ==
                    detail::ParallelOutcome::Done) {
                    ++parallelTables;
                    Outcome direct;
                    direct.table = std::move(rows.table);
                    direct.report.rowsRead = rows.rowsRead;
                    direct.report.rowsDropped = rows.rowsDropped;
                    direct.report.hadBom = whole.report.hadBom;
                    const std::string diff = projectionDifference(whole, direct, p.columns);
                    QVERIFY2(diff.empty(), (at + "pieces: " + diff).c_str());
                }
            }
            if (i % 10 == 0) {
                // A file: readCsv's own paths (pread pieces, the serial chunks) and its name.
                {
                    std::ofstream out(file, std::ios::binary);
                    out << text;
                }
                const Outcome wholeFile =
                    attempt([&](CsvReport& r) { return readCsv(file.string(), o, &r); });
                const Outcome projectedFile =
                    attempt([&](CsvReport& r) { return readCsv(file.string(), q, &r); });
                const std::string diff = projectionDifference(wholeFile, projectedFile, p.columns);
                QVERIFY2(diff.empty(), (at + "file: " + diff).c_str());
            }
            for (const auto& [reader, outcome] : got) {
                const std::string diff = projectionDifference(whole, outcome, p.columns);
                QVERIFY2(diff.empty(), (at + reader + ": " + diff).c_str());
            }
            if (whole.table) {
                ++tables;
                if (got[0].second.table->columnCount() < whole.table->columnCount()) ++skippedSome;
            } else {
                ++errors;
            }
        }
        std::filesystem::remove(file);
        qInfo("%zu tables (%zu with skipped columns, %zu read by the pieces), %zu errors", tables,
              skippedSome, parallelTables, errors);
        QVERIFY(parallelTables > std::size_t(cases) / 3);
        // About half the texts read as tables (the others: malformed on purpose, or a quote
        // after a padded quoted field without trimming), most of them with a column skipped.
        QVERIFY(tables > std::size_t(cases) / 3);
        QVERIFY(skippedSome > tables / 2);
        QVERIFY(errors > std::size_t(cases) / 20);
    }

    // Hand-made: each error of a skipped column is the whole load's, to the line and column.
    void errorsInSkippedColumnsAreTheWholeLoads_data() {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("expected");
        QTest::newRow("unterminated quote")
            << QByteArray("a,b,c\n1,\"x\n2,y,z\n") << QString("p.csv:2:3");
        QTest::newRow("too many fields")
            << QByteArray("a,b,c\n1,2,3\n4,5,6,7\n") << QString("p.csv:3:7");
        QTest::newRow("too few fields")
            << QByteArray("a,b,c\r\n1,2,3\r\n4,5\r\n") << QString("p.csv:3:4");
        QTest::newRow("invalid UTF-8") << QByteArray("a,b,c\n1,caf\xE9,3\n") << QString("p.csv:2");
        QTest::newRow("a name twice") << QByteArray("a,b,b\n1,2,3\n") << QString("p.csv:1:5");
        QTest::newRow("quote after a quoted field")
            << QByteArray("a,b,c\n1,\"x\"y,3\n") << QString("p.csv:2");
    }
    void errorsInSkippedColumnsAreTheWholeLoads() {
        QFETCH(QByteArray, text);
        QFETCH(QString, expected);
        const std::string csv = text.toStdString();
        CsvOptions whole;
        whole.threads = 1;
        const Outcome a = attempt([&](CsvReport& r) { return parseCsv(csv, "p.csv", whole, &r); });
        QVERIFY2(QString::fromStdString(a.error).contains(expected), a.error.c_str());
        for (const std::vector<std::string>& keep :
             {std::vector<std::string>{"a"}, std::vector<std::string>{"a", "c"},
              std::vector<std::string>{"b"}}) {
            for (const std::size_t chunk : {std::size_t(0), std::size_t(1), std::size_t(5)}) {
                CsvOptions p = whole;
                p.columns = keep;
                p.chunkBytes = chunk;
                p.threads = chunk ? 2 : 1;
                const Outcome b =
                    attempt([&](CsvReport& r) { return parseCsv(csv, "p.csv", p, &r); });
                QCOMPARE(QString::fromStdString(b.error), QString::fromStdString(a.error));
            }
        }
    }

    // --missing drop drops a row when any of its fields is a missing token, a skipped one too
    // (docs/criteria: "a row is dropped when any of its columns is missing").
    void missingInSkippedColumnDropsTheRow() {
        const std::string csv = "age,zip,note\n30,123,?\n40,456,ok\n50,,fine\n60,789,\n";
        for (const std::size_t chunk : {std::size_t(0), std::size_t(1), std::size_t(7)}) {
            CsvOptions o;
            o.missing = MissingPolicy::Drop;
            o.columns = {"age"};
            o.chunkBytes = chunk;
            o.threads = chunk ? 3 : 1;
            CsvReport report;
            const Table t = parseCsv(csv, "m.csv", o, &report);
            QCOMPARE(t.columnCount(), std::size_t(1));
            QCOMPARE(t.rowCount(), std::size_t(1));  // only 40 has no missing field
            QCOMPARE(t.value(0, 0), std::string("40"));
            QCOMPARE(report.rowsRead, std::size_t(4));
            QCOMPARE(report.rowsDropped, std::size_t(3));
            QVERIFY(t.isSkipped("zip") && t.isSkipped("note") && !t.isSkipped("age"));
            QVERIFY(!t.isSkipped("nothing"));
            try {
                t.requireColumn("zip");
                QFAIL("a skipped column was read");
            } catch (const ParameterError& e) {
                QVERIFY2(std::string(e.what()).find("'zip' was not loaded") != std::string::npos,
                         e.what());
            }
            try {
                t.requireColumn("nothing");
                QFAIL("an unknown column was found");
            } catch (const ParameterError& e) {
                // The file's columns, the skipped ones too, as a whole load lists them.
                QVERIFY2(std::string(e.what()).find("age, zip, note") != std::string::npos,
                         e.what());
            }
        }
    }
};

QTEST_GUILESS_MAIN(TestCsvProjection)
#include "test_csv_projection.moc"
