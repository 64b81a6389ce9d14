// The two-stage fast paths (io/csv_fast_groups: split records | code cells and collapse or
// append, on two threads) against the references: readCsvGroups' against CsvGroupReader
// (groups, dictionaries in order, codes, counts, missing counts, types, rows read and
// dropped, or the reference's error through readCsvGroups where the fast path gives up), and
// readCsv's for files of 8 chunks or more against the reference tokenizer. Random text with
// quotes, CRLF, lone CR, blanks, BOMs, bad bytes, ragged rows and odd headers, read in chunks
// of a few bytes (every record split at every kind of place) with one and two threads, and a
// 33 MiB file through readCsvGroups and readCsv.
#include <QCoreApplication>
#include <QtTest>

#include <filesystem>
#include <fstream>
#include <functional>
#include <optional>
#include <random>

#include "io/csv_fast_groups.h"
#include "io/csv_reference.h"
#include "ldiv/data/error.h"
#include "ldiv/io/csv_group_reader.h"
#include "ldiv/io/csv_table_reader.h"
#include "test_scale.h"

using namespace ldv;

namespace {

struct Outcome {
    std::optional<GroupedTable> groups;
    std::uint64_t rowsRead = 0, rowsDropped = 0;
    std::string error;
};

Outcome reference(const std::string& text, char sep, const CsvOptions& o,
                  const std::vector<std::string>& columns) {
    Outcome out;
    try {
        CsvGroupReader reader("r.csv", sep, o, columns);
        reader.feed(text);
        out.groups = reader.finish();
        out.rowsRead = reader.rowsRead();
        out.rowsDropped = reader.rowsDropped();
    } catch (const InputError& e) {
        out.error = e.what();
    }
    return out;
}

/// `read(buffer, capacity) -> bytes` over `text`, as the readers take a file (0 at its end).
std::function<std::size_t(char*, std::size_t)> readerOf(const std::string& text) {
    return [&text, at = std::size_t(0)](char* into, std::size_t capacity) mutable {
        const std::size_t n = std::min(capacity, text.size() - at);
        std::memcpy(into, text.data() + at, n);
        at += n;
        return n;
    };
}

std::optional<detail::FastGroupsResult> fast(const std::string& text, char sep, const CsvOptions& o,
                                             const std::vector<std::string>& columns,
                                             std::size_t chunk, unsigned threads,
                                             std::uint64_t* lastProgress = nullptr) {
    auto read = readerOf(text);
    auto progress = [&](std::uint64_t done) {
        if (lastProgress) {
            QVERIFY(done >= *lastProgress && done <= text.size());
            *lastProgress = done;
        }
    };
    return detail::fastCsvGroups(read, sep, o, columns, chunk, threads, progress);
}

/// Empty when equal, else what differs first.
std::string difference(const Table& x, const Table& y) {
    if (x.columnCount() != y.columnCount()) return "column count";
    if (x.rowCount() != y.rowCount()) return "group count";
    for (std::size_t c = 0; c < x.columnCount(); ++c) {
        const Column &p = x.column(c), &q = y.column(c);
        const std::string at = "column " + std::to_string(c) + ": ";
        if (p.name() != q.name()) return at + "name";
        if (p.type() != q.type()) return at + "type";
        if (p.dictionary() != q.dictionary()) return at + "dictionary";
        if (!std::equal(p.codes().begin(), p.codes().end(), q.codes().begin(), q.codes().end()))
            return at + "codes";
        if (p.missingCount() != q.missingCount()) return at + "missing count";
        if (p.normalizedCount() != q.normalizedCount()) return at + "normalized count";
    }
    return {};
}

std::string difference(const GroupedTable& a, const GroupedTable& b) {
    if (a.rows != b.rows) return "rows";
    if (a.counts != b.counts) return "counts";
    return difference(a.table, b.table);
}

/// readCsv's multi-chunk path on `text`, read `chunk` bytes at a time.
std::optional<detail::FastRowsResult> fastRows(const std::string& text, char sep,
                                               const CsvOptions& o, std::size_t chunk,
                                               unsigned threads) {
    auto read = readerOf(text);
    return detail::fastCsvRows(read, sep, o, chunk, text.size(), threads);
}

/// A header c0..c(n-1) (sometimes quoted) and records of values drawn from a few pieces, so
/// that rows repeat and form groups; sometimes malformed.
std::string randomCsv(std::mt19937& rng, char sep, std::size_t columns, std::size_t records,
                      bool wellFormed) {
    static const std::vector<std::string> pieces = {
        "a",  "b",    "?",      " ",           "\"",           ",",
        ";",  "\r\n", "\n",     "caf\xC3\xA9", "Jose\xCC\x81", "Jos\xC3\xA9",
        "12", "3.5",  "  pad  "};
    static const std::vector<std::string> bad = {"\xE9", std::string(1, '\0'), "\xEF\xBB\xBF"};
    auto pick = [&](std::size_t n) { return std::size_t(rng() % n); };
    const char* ends[] = {"\n", "\r\n", "\r"};
    std::string text = pick(6) == 0 ? "\xEF\xBB\xBF" : "";
    for (std::size_t c = 0; c < columns; ++c) {
        if (c) text += sep;
        const bool quoted = pick(4) == 0;
        if (quoted) text += '"';
        text.append("c").append(std::to_string(c));
        if (quoted) text += '"';
    }
    text += ends[pick(3)];
    for (std::size_t r = 0; r < records; ++r) {
        std::size_t width = columns;
        if (!wellFormed && pick(40) == 0) width += pick(2) ? 1 : std::size_t(-1);
        for (std::size_t c = 0; c < width; ++c) {
            std::string value;
            const std::size_t parts = pick(3);
            for (std::size_t i = 0; i < parts; ++i) value += pieces[pick(pieces.size())];
            if (!wellFormed && pick(60) == 0) value += bad[pick(bad.size())];
            const bool needsQuotes =
                value.find_first_of(std::string("\"\r\n") + sep) != std::string::npos;
            if (needsQuotes || pick(6) == 0) {
                std::string quoted = "\"";
                for (char ch : value)
                    quoted += ch == '"' ? std::string("\"\"") : std::string(1, ch);
                quoted += '"';
                if (pick(6) == 0) quoted = " " + quoted + "  ";
                if (!wellFormed && pick(40) == 0) quoted += "x";
                value = quoted;
            }
            if (c) text += sep;
            text += value;
        }
        text += ends[pick(3)];
        if (pick(12) == 0) text += ends[pick(3)];  // a blank line
    }
    if (pick(3) == 0 && text.back() == '\n') text.pop_back();
    return text;
}

}  // namespace

class TestCsvFastGroups : public QObject {
    Q_OBJECT
private slots:
    void randomTextGroupsAsTheReference() {
        std::mt19937 rng(31);
        std::size_t fastTables = 0, refErrors = 0, gaveUp = 0;
        for (int i = 0; i < test::scaled(2000); ++i) {
            const char sep = ",;\t"[rng() % 3];
            const std::size_t width = 1 + rng() % 5;
            const bool wellFormed = i % 3 != 0;
            const std::string text = randomCsv(rng, sep, width, 1 + rng() % 40, wellFormed);
            CsvOptions o;
            o.separator = sep;
            o.trim = rng() % 2 == 0;
            o.missing = rng() % 2 ? MissingPolicy::Keep : MissingPolicy::Drop;
            o.inferTypes = rng() % 4 != 0;
            if (rng() % 6 == 0) o.maxRecordBytes = 24;
            // The kept columns: a random selection in random order, now and then one missing.
            std::vector<std::string> columns;
            for (std::size_t c = 0; c < width; ++c)
                if (rng() % 3) columns.push_back(std::string("c").append(std::to_string(c)));
            std::shuffle(columns.begin(), columns.end(), rng);
            if (columns.empty() || rng() % 25 == 0) columns.push_back("nosuch");
            const Outcome ref = reference(text, sep, o, columns);
            refErrors += !ref.error.empty();
            for (const std::size_t chunk : {std::size_t(1) << 22, std::size_t(3 + rng() % 40)})
                for (const unsigned threads : {1u, 2u}) {
                    std::uint64_t progress = 0;
                    const auto got = fast(text, sep, o, columns, chunk, threads, &progress);
                    const std::string at = "case " + std::to_string(i) + ", chunk " +
                                           std::to_string(chunk) + ", " + std::to_string(threads) +
                                           " threads: ";
                    if (!got) {
                        ++gaveUp;
                        continue;
                    }
                    // What the fast path accepts, the reference reads to the same groups.
                    QVERIFY2(ref.error.empty(), (at + "reference error " + ref.error).c_str());
                    const std::string diff = difference(got->groups, *ref.groups);
                    QVERIFY2(diff.empty(), (at + diff).c_str());
                    QCOMPARE(got->rowsRead, ref.rowsRead);
                    QCOMPARE(got->rowsDropped, ref.rowsDropped);
                    ++fastTables;
                }
        }
        // Not vacuous: most well-formed inputs take the fast path, and errors were met.
        QVERIFY2(fastTables > std::size_t(test::scaled(2000)), std::to_string(fastTables).c_str());
        QVERIFY(refErrors > std::size_t(test::scaled(100)));
        QVERIFY(gaveUp >= refErrors * 4);
    }

    void randomTextReadsAsRowsAsTheReference() {
        // readCsv's path for files of several chunks, against the reference tokenizer.
        std::mt19937 rng(32);
        std::size_t fastTables = 0, refErrors = 0;
        for (int i = 0; i < test::scaled(1500); ++i) {
            const char sep = ",;\t"[rng() % 3];
            const std::size_t width = 1 + rng() % 5;
            std::string text = randomCsv(rng, sep, width, 1 + rng() % 40, i % 3 != 0);
            // Now and then a header with an empty name or a name twice.
            if (rng() % 8 == 0) {
                const std::size_t at = text.find('c');
                if (at != std::string::npos && at + 1 < text.size())
                    text.replace(at, 2, rng() % 2 ? "" : "c1");
            }
            CsvOptions o;
            o.separator = sep;
            o.header = rng() % 4 != 0;
            o.trim = rng() % 2 == 0;
            o.missing = rng() % 2 ? MissingPolicy::Keep : MissingPolicy::Drop;
            o.inferTypes = rng() % 4 != 0;
            std::optional<Table> ref;
            CsvReport report;
            try {
                ref = detail::parseCsvReference(text, "r.csv", o, &report);
            } catch (const InputError&) {
                ++refErrors;
            }
            for (const std::size_t chunk : {std::size_t(1) << 22, std::size_t(3 + rng() % 40)})
                for (const unsigned threads : {1u, 2u}) {
                    const auto got = fastRows(text, sep, o, chunk, threads);
                    if (!got) continue;
                    const std::string at = "case " + std::to_string(i) + ", chunk " +
                                           std::to_string(chunk) + ", " + std::to_string(threads) +
                                           " threads: ";
                    QVERIFY2(ref.has_value(), (at + "the reference failed").c_str());
                    const std::string diff = difference(got->table, *ref);
                    QVERIFY2(diff.empty(), (at + diff).c_str());
                    QCOMPARE(got->rowsRead, std::uint64_t(report.rowsRead));
                    QCOMPARE(got->rowsDropped, std::uint64_t(report.rowsDropped));
                    ++fastTables;
                }
        }
        QVERIFY2(fastTables > std::size_t(test::scaled(2000)), std::to_string(fastTables).c_str());
        QVERIFY(refErrors > std::size_t(test::scaled(100)));
    }

    void readCsvGroupsGivesTheReferenceOrItsError() {
        std::mt19937 rng(7);
        const std::string path = (std::filesystem::temp_directory_path() /
                                  ("ldiv_test_fast_groups_" +
                                   std::to_string(QCoreApplication::applicationPid()) + ".csv"))
                                     .string();
        for (int i = 0; i < test::scaled(300); ++i) {
            const char sep = ",;"[rng() % 2];
            const std::string text = randomCsv(rng, sep, 4, 1 + rng() % 30, i % 2 == 0);
            std::ofstream(path, std::ios::binary) << text;
            CsvOptions o;
            o.separator = sep;
            o.missing = rng() % 2 ? MissingPolicy::Keep : MissingPolicy::Drop;
            const std::vector<std::string> columns =
                rng() % 20 == 0 ? std::vector<std::string>{"c2", "nosuch"}
                                : std::vector<std::string>{"c2", "c0", "c3"};
            const Outcome ref = reference(text, sep, o, columns);
            std::string error;
            CsvReport report;
            std::optional<GroupedTable> got;
            try {
                got = readCsvGroups(path, o, columns, &report);
            } catch (const InputError& e) {
                error = e.what();
            }
            // The reference was named "r.csv"; the file's messages name the path.
            std::string expected = ref.error;
            if (expected.rfind("r.csv", 0) == 0) expected = path + expected.substr(5);
            QCOMPARE(error, expected);
            if (!got) continue;
            QVERIFY2(difference(*got, *ref.groups).empty(), difference(*got, *ref.groups).c_str());
            QCOMPARE(std::uint64_t(report.rowsRead), ref.rowsRead);
            QCOMPARE(std::uint64_t(report.rowsDropped), ref.rowsDropped);
        }
        std::filesystem::remove(path);
    }

    void parseCsvGroupsGivesTheReferenceOrItsError() {
        // The same from text in memory (a DataFrame's, python/frame_source.h): the groups,
        // counts and errors of the reference, named after the source.
        std::mt19937 rng(11);
        for (int i = 0; i < test::scaled(300); ++i) {
            const char sep = ",;"[rng() % 2];
            const std::string text = randomCsv(rng, sep, 4, 1 + rng() % 30, i % 2 == 0);
            CsvOptions o;
            o.separator = sep;
            o.missing = rng() % 2 ? MissingPolicy::Keep : MissingPolicy::Drop;
            const std::vector<std::string> columns =
                rng() % 20 == 0 ? std::vector<std::string>{"c2", "nosuch"}
                                : std::vector<std::string>{"c2", "c0", "c3"};
            const Outcome ref = reference(text, sep, o, columns);
            std::string error;
            CsvReport report;
            std::optional<GroupedTable> got;
            try {
                got = parseCsvGroups(text, "r.csv", o, columns, &report);
            } catch (const InputError& e) {
                error = e.what();
            }
            QCOMPARE(error, ref.error);
            if (!got) continue;
            QVERIFY2(difference(*got, *ref.groups).empty(), difference(*got, *ref.groups).c_str());
            QCOMPARE(std::uint64_t(report.rowsRead), ref.rowsRead);
            QCOMPARE(std::uint64_t(report.rowsDropped), ref.rowsDropped);
        }
    }

    void severalChunksOnTwoThreads() {
        // 33 MiB: readCsvGroups' and readCsv's 4 MiB chunks (8 or more: their two-stage
        // paths), stage two on the second thread, records (quoted line breaks too) across the
        // chunk borders.
        std::mt19937 rng(11);
        std::string text = "c0;c1;c2\n";
        while (text.size() < (std::size_t(33) << 20)) {
            text.append(std::to_string(rng() % 300)).append(";");
            if (rng() % 50 == 0)
                text.append("\"two\nlines\"");
            else
                text.append("v").append(std::to_string(rng() % 7));
            text.append(";").append(std::to_string(rng() % 1000 / 100.0));
            text.append(rng() % 3 ? "\n" : "\r\n");
        }
        const std::string path = (std::filesystem::temp_directory_path() /
                                  ("ldiv_test_fast_groups_big_" +
                                   std::to_string(QCoreApplication::applicationPid()) + ".csv"))
                                     .string();
        std::ofstream(path, std::ios::binary) << text;
        const std::vector<std::string> columns = {"c1", "c0", "c2"};
        CsvOptions o;
        const Outcome ref = reference(text, ';', o, columns);
        QVERIFY(ref.error.empty());
        QVERIFY(ref.groups->counts.size() > 10000);
        for (const unsigned threads : {1u, 2u}) {
            const auto got = fast(text, ';', o, columns, std::size_t(1) << 22, threads);
            QVERIFY(got);
            QCOMPARE(difference(got->groups, *ref.groups), std::string());
        }
        CsvReport report;
        const GroupedTable file = readCsvGroups(path, o, columns, &report);
        QCOMPARE(difference(file, *ref.groups), std::string());
        QCOMPARE(std::uint64_t(report.rowsRead), ref.rowsRead);
        // readCsv takes the same file (over one chunk) on its two-stage path.
        CsvReport rowsReport, refReport;
        const Table rows = readCsv(path, o, &rowsReport);
        const Table refRows = detail::parseCsvReference(text, path, o, &refReport);
        QCOMPARE(difference(rows, refRows), std::string());
        QCOMPARE(rowsReport.rowsRead, refReport.rowsRead);
        QVERIFY(rows.rowCount() > 100000);
        std::filesystem::remove(path);
    }
};

QTEST_APPLESS_MAIN(TestCsvFastGroups)
#include "test_csv_fast_groups.moc"
