// The parallel chunked reader (io/csv_parallel.h) against the serial readers: on 3,000 random
// CSV texts (quotes, quoted newlines, doubled quotes, quotes inside unquoted fields, CRLF, lone
// CR, blank lines, byte order marks, non-ASCII and NFD spellings, bad bytes, ragged rows), cut
// at every byte (chunkBytes = 1) and at random small spacings, read on 1, 2, 4 and 7 threads:
// the same table as the serial reader (names, types, dictionaries in order, codes, missing and
// normalised counts, rows read and dropped) or the same error. The groups path likewise
// against CsvGroupReader, and readCsv / readCsvGroups on files (pread).
#include <QCoreApplication>
#include <QtTest>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>

#include "io/csv_parallel.h"
#include "io/csv_reference.h"
#include "io/narrow_codes.h"
#include "ldiv/data/error.h"
#include "ldiv/data/table_difference.h"
#include "ldiv/io/csv_group_reader.h"
#include "ldiv/io/csv_table_reader.h"
#include "random_csv_text.h"
#include "test_scale.h"

using namespace ldv;
using ldv::test::randomCsv;

namespace {

/// Empty when equal, else what differs first.
std::string difference(const Table& x, const Table& y) {
    return tableDifference(x, y);
}

std::string difference(const GroupedTable& a, const GroupedTable& b) {
    if (a.rows != b.rows) return "rows";
    if (a.counts != b.counts) return "counts";
    return difference(a.table, b.table);
}

detail::ReadAt readerOf(const std::string& text) {
    return [&text](char* into, std::size_t size, std::uint64_t offset) {
        const std::size_t n =
            offset < text.size() ? std::min<std::size_t>(size, text.size() - offset) : 0;
        std::memcpy(into, text.data() + offset, n);
        return n;
    };
}

struct RowsOutcome {
    std::optional<Table> table;
    CsvReport report;
    std::string error;
};

RowsOutcome parse(const std::string& text, const CsvOptions& o) {
    RowsOutcome out;
    try {
        out.table = parseCsv(text, "r.csv", o, &out.report);
    } catch (const InputError& e) {
        out.error = e.what();
    }
    return out;
}

CsvOptions randomOptions(std::mt19937& rng, char sep) {
    CsvOptions o;
    o.separator = sep;
    o.trim = rng() % 2 == 0;
    o.missing = rng() % 2 ? MissingPolicy::Keep : MissingPolicy::Drop;
    o.inferTypes = rng() % 4 != 0;
    o.header = rng() % 5 != 0;
    if (rng() % 8 == 0) o.maxRecordBytes = 24;
    return o;
}

}  // namespace

class TestCsvParallel : public QObject {
    Q_OBJECT
private slots:
    void randomTextRowsAsTheSerialReader() {
        std::mt19937 rng(38);
        std::size_t done = 0, serial = 0, bail = 0;
        // All 3,000 in the Release run; the sanitizer run scales them (test_scale.h).
        const int cases = test::scaled(3000);
        for (int i = 0; i < cases; ++i) {
            const char sep = ",;\t"[rng() % 3];
            const bool wellFormed = i % 4 != 0;
            const std::string text = randomCsv(rng, sep, 1 + rng() % 5, rng() % 40, wellFormed);
            CsvOptions o = randomOptions(rng, sep);
            o.threads = 1;
            const RowsOutcome serialOut = parse(text, o);
            // The serial fast reader agrees with the reference (test_csv_fast checks it more).
            if (serialOut.table) {
                const Table ref = detail::parseCsvReference(text, "r.csv", o);
                QVERIFY2(difference(*serialOut.table, ref).empty(),
                         ("case " + std::to_string(i)).c_str());
            }
            const std::size_t spacing = i % 2 ? 1 : 1 + rng() % 64;
            for (const unsigned threads : {1u, 2u, 4u, 7u}) {
                const std::string at = "case " + std::to_string(i) + ", chunk " +
                                       std::to_string(spacing) + ", " + std::to_string(threads) +
                                       " threads: ";
                CsvOptions p = o;
                p.threads = threads;
                p.chunkBytes = spacing;
                // The parallel reader itself: when it reads a table, it is the serial one.
                detail::FastRowsResult rows;
                switch (
                    detail::parallelCsvRows(readerOf(text), text.size(), sep, p, threads, rows)) {
                    case detail::ParallelOutcome::Done: {
                        ++done;
                        QVERIFY2(serialOut.error.empty(), (at + serialOut.error).c_str());
                        const std::string diff = difference(rows.table, *serialOut.table);
                        QVERIFY2(diff.empty(), (at + diff).c_str());
                        QCOMPARE(std::size_t(rows.rowsRead), serialOut.report.rowsRead);
                        QCOMPARE(std::size_t(rows.rowsDropped), serialOut.report.rowsDropped);
                        break;
                    }
                    case detail::ParallelOutcome::Serial:
                        ++serial;
                        break;
                    case detail::ParallelOutcome::Bail:
                        ++bail;
                        break;
                }
                // And parseCsv through it (with its fallbacks): the same table or error.
                const RowsOutcome got = parse(text, p);
                QCOMPARE(QString::fromStdString(got.error),
                         QString::fromStdString(serialOut.error));
                if (got.table) {
                    const std::string diff = difference(*got.table, *serialOut.table);
                    QVERIFY2(diff.empty(), (at + diff).c_str());
                    QCOMPARE(got.report.rowsRead, serialOut.report.rowsRead);
                    QCOMPARE(got.report.rowsDropped, serialOut.report.rowsDropped);
                    QCOMPARE(got.report.hadBom, serialOut.report.hadBom);
                }
            }
        }
        qInfo("rows: %zu parallel tables, %zu serial (cuts not found), %zu to the reference", done,
              serial, bail);
        // Most inputs are read in parallel; the others exercise the fallbacks.
        QVERIFY(done > std::size_t(cases));
        QVERIFY(serial > 0);
        QVERIFY(bail > 0);
    }

    void randomTextGroupsAsTheReference() {
        std::mt19937 rng(381);
        std::size_t done = 0;
        const int groupCases = test::scaled(1000);
        for (int i = 0; i < groupCases; ++i) {
            const char sep = ",;\t"[rng() % 3];
            const std::size_t width = 1 + rng() % 5;
            const std::string text = randomCsv(rng, sep, width, rng() % 40, i % 4 != 0);
            CsvOptions o = randomOptions(rng, sep);
            std::vector<std::string> columns;
            for (std::size_t c = 0; c < width; ++c)
                if (rng() % 3) columns.push_back("c" + std::to_string(c));
            std::shuffle(columns.begin(), columns.end(), rng);
            if (columns.empty()) columns.push_back("c0");
            std::optional<GroupedTable> ref;
            std::uint64_t refRead = 0, refDropped = 0;
            try {
                CsvGroupReader reader("r.csv", sep, o, columns);
                reader.feed(text);
                ref = reader.finish();
                refRead = reader.rowsRead();
                refDropped = reader.rowsDropped();
            } catch (const InputError&) {
            }
            for (const unsigned threads : {1u, 2u, 4u, 7u}) {
                CsvOptions p = o;
                p.chunkBytes = i % 2 ? 1 : 1 + rng() % 64;
                detail::FastGroupsResult got;
                if (detail::parallelCsvGroups(readerOf(text), text.size(), sep, p, columns, threads,
                                              got) != detail::ParallelOutcome::Done)
                    continue;
                ++done;
                const std::string at =
                    "case " + std::to_string(i) + ", " + std::to_string(threads) + " threads: ";
                QVERIFY2(ref.has_value(), (at + "the reference refused it").c_str());
                const std::string diff = difference(got.groups, *ref);
                QVERIFY2(diff.empty(), (at + diff).c_str());
                QCOMPARE(got.rowsRead, refRead);
                QCOMPARE(got.rowsDropped, refDropped);
            }
        }
        qInfo("groups: %zu parallel results", done);
        QVERIFY(done > std::size_t(groupCases));
    }

    void manyGroupsMergedOnThreads() {
        // The pieces' groups are merged by assignGroupsThreaded: on several threads from 2^18
        // groups (400,000 distinct ids here), and one attribute at a time when the key space
        // passes 64 bits (seven columns of ~1,700 values). Either way the groups, their order
        // of first appearance and their counts are the reference reader's.
        std::mt19937 rng(29);
        std::size_t groups = 0;
        const auto check = [&groups](const std::string& text,
                                     const std::vector<std::string>& columns) {
            CsvOptions o;
            CsvGroupReader reader("r.csv", ',', o, columns);
            reader.feed(text);
            const GroupedTable ref = reader.finish();
            for (const unsigned threads : {1u, 2u, 4u, 7u}) {
                CsvOptions p = o;
                p.chunkBytes = std::size_t(1) << 16;
                detail::FastGroupsResult got;
                QCOMPARE(detail::parallelCsvGroups(readerOf(text), text.size(), ',', p, columns,
                                                   threads, got),
                         detail::ParallelOutcome::Done);
                const std::string diff = difference(got.groups, ref);
                QVERIFY2(diff.empty(), (std::to_string(threads) + " threads: " + diff).c_str());
            }
            groups = ref.counts.size();
        };
        std::string many = "id,kind\n";
        for (int r = 0; r < 400000; ++r)
            many += std::to_string(r % 2 ? r : rng() % 400000) + "," + char('a' + rng() % 3) + "\n";
        check(many, {"kind", "id"});
        QVERIFY(groups > (std::size_t(1) << 18));
        std::string wide = "a,b,c,d,e,f,g\n";
        for (int r = 0; r < 3000; ++r)
            for (int c = 0; c < 7; ++c) wide += std::to_string(rng() % 2000) + (c < 6 ? "," : "\n");
        check(wide, {"g", "a", "b", "c", "d", "e", "f"});
        QVERIFY(groups > 2900);
    }

    void narrowCodesWidenAsTheirCodesGrow() {
        // Codes as a piece gives them (a new spelling takes the next code), so the column
        // widens from one byte to two at 256 and to four at 65,536; with and without room
        // reserved first. Every code must come back in order, through [] and forEach.
        std::mt19937 rng(11);
        for (const std::size_t reserved :
             {std::size_t(0), std::size_t(1000), std::size_t(1) << 18}) {
            detail::NarrowCodes codes;
            codes.reserve(reserved);
            std::vector<Code> oracle;
            std::vector<unsigned> widths;
            Code next = 0;
            for (int i = 0; i < 240000; ++i) {
                const Code code = rng() % 3 == 0 ? next++ : Code(rng() % (next + 1));
                codes.push(code);
                oracle.push_back(code);
                if (widths.empty() || widths.back() != codes.width())
                    widths.push_back(codes.width());
            }
            QCOMPARE(widths, (std::vector<unsigned>{1, 2, 4}));
            QCOMPARE(codes.size(), oracle.size());
            for (std::size_t i = 0; i < oracle.size(); ++i) QCOMPARE(codes[i], oracle[i]);
            std::size_t at = 0;
            bool same = true;
            codes.forEach([&](Code code) { same = same && code == oracle[at++]; });
            QVERIFY(same);
            QCOMPARE(at, oracle.size());
        }
        // From one byte to four at once, then small codes again.
        detail::NarrowCodes codes;
        for (const Code code : {Code(7), Code(0xFFFFFFFEu), Code(1), Code(65536), Code(255)})
            codes.push(code);
        QCOMPARE(codes.width(), 4u);
        const std::vector<Code> expect{7, 0xFFFFFFFEu, 1, 65536, 255};
        for (std::size_t i = 0; i < expect.size(); ++i) QCOMPARE(codes[i], expect[i]);
        codes.clear();
        QCOMPARE(codes.size(), std::size_t(0));
    }

    void filesThroughPread() {
        // readCsv and readCsvGroups on a file of a few MiB with quoted newlines, on 1, 2 and 7
        // threads, with 64 KiB cuts and the default ones: the serial reader's table and groups.
        std::mt19937 rng(7);
        std::string text = "id,text,kind\n";
        for (int r = 0; r < 60000; ++r) {
            text += std::to_string(rng() % 5000) + ",";
            text += r % 7 ? "plain" + std::to_string(rng() % 50) : "\"two\nlines, \"\"q\"\"\"";
            text += "," + std::string(1, char('a' + rng() % 5)) + (r % 3 ? "\n" : "\r\n");
        }
        const auto path = std::filesystem::temp_directory_path() /
                          ("ldiv_parallel_" + std::to_string(::getpid()) + ".csv");
        std::ofstream(path, std::ios::binary) << text;
        CsvOptions one;
        one.threads = 1;
        CsvReport serialReport;
        const Table serial = readCsv(path.string(), one, &serialReport);
        const GroupedTable serialGroups = readCsvGroups(path.string(), one, {"kind", "id"});
        const std::size_t fallbacks = detail::csvFallbackCount();
        for (const unsigned threads : {1u, 2u, 7u})
            for (const std::size_t chunk : {std::size_t(65536), std::size_t(0)}) {
                CsvOptions p;
                p.threads = threads;
                p.chunkBytes = chunk;
                CsvReport report;
                const Table got = readCsv(path.string(), p, &report);
                QVERIFY2(difference(got, serial).empty(), difference(got, serial).c_str());
                QCOMPARE(report.rowsRead, serialReport.rowsRead);
                const GroupedTable groups = readCsvGroups(path.string(), p, {"kind", "id"});
                QVERIFY2(difference(groups, serialGroups).empty(),
                         difference(groups, serialGroups).c_str());
            }
        QCOMPARE(detail::csvFallbackCount(), fallbacks);  // none went to the reference
        std::filesystem::remove(path);
    }
};

QTEST_GUILESS_MAIN(TestCsvParallel)
#include "test_csv_parallel.moc"
