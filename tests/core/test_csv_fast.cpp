// The fast CSV path (io/csv_scanner, io/csv_fast_reader) against the reference tokenizer:
// identical tables (names, types, dictionaries in order, codes, missing counts, report) or the
// identical error, on every CSV under tests/ and resources/, on random text with quotes, CRLF,
// lone CR, blanks, BOMs and bad bytes, and on files whose 4 MiB read chunks split a quoted
// field, a doubled quote, a CRLF or a run of blanks.
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <random>

#include "io/csv_reference.h"
#include "io/csv_scanner.h"
#include "io/spelling_index.h"
#include "ldiv/data/error.h"
#include "ldiv/hierarchy/hierarchy.h"
#include "ldiv/io/csv_table_reader.h"
#include "test_scale.h"

using namespace ldv;

namespace {

constexpr std::size_t kChunk = std::size_t(1) << 22;  // readCsv's read size

struct Outcome {
    std::optional<Table> table;
    CsvReport report;
    std::string error;
};

template <typename F>
Outcome run(F&& read) {
    Outcome o;
    try {
        o.table = read(&o.report);
    } catch (const InputError& e) {
        o.error = e.what();
    }
    return o;
}

/// Empty when equal, else what differs first.
std::string difference(const Outcome& a, const Outcome& b) {
    if (a.error != b.error) return "error '" + a.error + "' vs '" + b.error + "'";
    if (!a.table || !b.table) return (a.table || b.table) ? "one has no table" : "";
    const Table &x = *a.table, &y = *b.table;
    if (x.columnCount() != y.columnCount()) return "column count";
    if (x.rowCount() != y.rowCount())
        return "row count " + std::to_string(x.rowCount()) + " vs " + std::to_string(y.rowCount());
    for (std::size_t c = 0; c < x.columnCount(); ++c) {
        const Column &p = x.column(c), &q = y.column(c);
        const std::string at = "column " + std::to_string(c) + ": ";
        if (p.name() != q.name()) return at + "name '" + p.name() + "' vs '" + q.name() + "'";
        if (p.type() != q.type()) return at + "type";
        if (p.dictionary() != q.dictionary()) return at + "dictionary";
        if (!std::equal(p.codes().begin(), p.codes().end(), q.codes().begin(), q.codes().end()))
            return at + "codes";
        if (p.missingCount() != q.missingCount()) return at + "missing count";
        if (p.normalizedCount() != q.normalizedCount()) return at + "normalized count";
    }
    if (a.report.separator != b.report.separator || a.report.rowsRead != b.report.rowsRead ||
        a.report.rowsDropped != b.report.rowsDropped || a.report.hadBom != b.report.hadBom)
        return "report";
    return {};
}

std::string readAll(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

void writeAll(const std::string& path, const std::string& text) {
    std::ofstream out(path, std::ios::binary);
    out << text;
}

std::vector<CsvOptions> optionVariants() {
    std::vector<CsvOptions> all;
    for (bool header : {true, false})
        for (bool trim : {true, false})
            for (MissingPolicy missing : {MissingPolicy::Keep, MissingPolicy::Drop}) {
                CsvOptions o;
                o.header = header;
                o.trim = trim;
                o.missing = missing;
                all.push_back(o);
            }
    return all;
}

/// Random CSV-ish text: mostly well-formed (fields quoted when they need it), sometimes not.
std::string randomCsv(std::mt19937& rng, char sep, std::size_t records, bool wellFormed) {
    static const std::vector<std::string> pieces = {
        "a",  "b",   "xyz",        " ",      "\t", "?",           "\"",           "\"\"",
        ",",  ";",   "\r\n",       "\n",     "\r", "caf\xC3\xA9", "Jose\xCC\x81", "Jos\xC3\xA9",
        "12", "3.5", "2024-02-29", "  pad  "};
    static const std::vector<std::string> bad = {"\xE9", std::string(1, '\0'), "\xEF\xBB\xBF"};
    auto pick = [&](std::size_t n) { return std::size_t(rng() % n); };
    const std::size_t columns = 1 + pick(4);
    const char* ends[] = {"\n", "\r\n", "\r"};
    std::string text = pick(6) == 0 ? "\xEF\xBB\xBF" : "";
    for (std::size_t r = 0; r < records; ++r) {
        std::size_t width = columns;
        if (!wellFormed && pick(8) == 0) width += pick(3) ? 1 : std::size_t(-1);
        for (std::size_t c = 0; c < width && c < 16; ++c) {
            std::string value;
            const std::size_t parts = pick(4);
            for (std::size_t i = 0; i < parts; ++i) value += pieces[pick(pieces.size())];
            if (!wellFormed && pick(30) == 0) value += bad[pick(bad.size())];
            const bool needsQuotes =
                value.find_first_of(std::string("\"\r\n") + sep) != std::string::npos;
            if (needsQuotes || pick(5) == 0) {
                std::string quoted = "\"";
                for (char ch : value)
                    quoted += ch == '"' ? std::string("\"\"") : std::string(1, ch);
                quoted += '"';
                if (pick(6) == 0) quoted = " " + quoted + "  ";  // blanks around quotes
                if (!wellFormed && pick(10) == 0) quoted += "x";
                value = quoted;
            }
            if (c) text += sep;
            text += value;
        }
        text += ends[pick(3)];
        if (pick(10) == 0) text += ends[pick(3)];  // a blank line
        if (pick(20) == 0) text += "   \n";        // a line of blanks
    }
    if (pick(3) == 0 && !text.empty() && text.back() == '\n') text.pop_back();
    if (!wellFormed && pick(10) == 0) text += "\"unterminated";
    return text;
}

/// A record as the two scans below list it: its fields' bytes and quoted flags, and the
/// offset past its line end.
std::string describeRecord(const std::vector<detail::FastField>& fields, std::ptrdiff_t after) {
    std::string r;
    for (const detail::FastField& f : fields)
        r += std::string(f.view()) + (f.quoted ? "|q|" : "|u|");
    return r + "@" + std::to_string(after);
}

/// How a scan ended: "end", "bail at N" or "incomplete at N".
std::string describeEnd(bool done, bool bail, std::ptrdiff_t at) {
    if (done) return "end";
    return (bail ? "bail at " : "incomplete at ") + std::to_string(at);
}

/// The records of `text` (blank lines skipped), then how the scan ended: through scan, one
/// record at a time (`oneAtATime`), or through scanRecords, its split of plain lines and scan
/// elsewhere.
std::vector<std::string> scanned(const std::string& text, char sep, bool trim, std::size_t limit,
                                 bool atEof, bool oneAtATime) {
    detail::CsvScanner scanner(sep, trim, limit);
    std::vector<detail::FastField> fields;
    std::vector<std::string> out;
    const char* p = text.data();
    const char* const end = p + text.size();
    if (!oneAtATime) {
        const detail::ScanEnd ended =
            scanner.scanRecords(p, end, atEof, fields, [&](const char* after) {
                out.push_back(describeRecord(fields, after - text.data()));
                return true;
            });
        out.push_back(describeEnd(ended == detail::ScanEnd::Done, ended == detail::ScanEnd::Bail,
                                  p - text.data()));
        return out;
    }
    while (p < end) {
        const char* before = p;
        const detail::ScanStatus status = scanner.scan(p, end, atEof, fields);
        if (status == detail::ScanStatus::Record) {
            out.push_back(describeRecord(fields, p - text.data()));
        } else if (status != detail::ScanStatus::Blank) {
            out.push_back(
                describeEnd(false, status == detail::ScanStatus::Bail, before - text.data()));
            return out;
        }
    }
    out.push_back(describeEnd(true, false, 0));
    return out;
}

/// Random lines with few quotes: the kind scanRecords splits without scan.
std::string randomPlainLines(std::mt19937& rng, char sep, std::size_t records) {
    static const std::vector<std::string> pieces = {"a",  "bc",  "  ",           "\t",      "?",
                                                    "12", "x y", "longer-value", "\xC3\xA9"};
    const char* ends[] = {"\n", "\n", "\r\n", "\r"};
    std::string text;
    const std::size_t columns = 1 + rng() % 5;
    for (std::size_t r = 0; r < records; ++r) {
        for (std::size_t c = 0; c < columns; ++c) {
            if (c) text += sep;
            for (std::size_t i = rng() % 4; i > 0; --i) text += pieces[rng() % pieces.size()];
            if (rng() % 40 == 0) text += rng() % 2 ? "\"q\"" : "x\"";  // a quote now and then
        }
        text += ends[rng() % 4];
        if (rng() % 15 == 0) text += rng() % 2 ? "\n" : "  \r\n";  // blank lines
    }
    if (rng() % 3 == 0 && !text.empty()) text.pop_back();  // no final line end, or half a CRLF
    return text;
}

}  // namespace

class TestCsvFast : public QObject {
    Q_OBJECT
private slots:
    void everyTestFileReadsAsTheReference() {
        std::size_t files = 0;
        for (const char* root : {LDIV_TEST_DATA, LDIV_RESOURCES, LDIV_SOURCE_DIR "/tests/fuzz"}) {
            for (const auto& entry : std::filesystem::recursive_directory_iterator(root)) {
                if (!entry.is_regular_file() || entry.path().extension() != ".csv") continue;
                const std::string path = entry.path().string();
                const std::string text = readAll(entry.path());
                for (const CsvOptions& o : optionVariants()) {
                    const Outcome ref = run([&](CsvReport* rep) {
                        return detail::parseCsvReference(text, path, o, rep);
                    });
                    const Outcome fromText =
                        run([&](CsvReport* rep) { return parseCsv(text, path, o, rep); });
                    const Outcome fromFile =
                        run([&](CsvReport* rep) { return readCsv(path, o, rep); });
                    QVERIFY2(difference(ref, fromText).empty(),
                             (path + ": parseCsv: " + difference(ref, fromText)).c_str());
                    // readCsv names an empty file itself ("the file is empty (0 bytes)").
                    if (!text.empty())
                        QVERIFY2(difference(ref, fromFile).empty(),
                                 (path + ": readCsv: " + difference(ref, fromFile)).c_str());
                }
                // Hierarchy records too (parseCsvRecords), with both trim settings.
                for (bool trim : {true, false}) {
                    std::optional<std::vector<std::vector<std::string>>> ref, fast;
                    std::string refError, fastError;
                    const char sep = detectSeparator(text);
                    try {
                        ref = detail::parseCsvRecordsReference(text, path, sep, trim);
                    } catch (const InputError& e) {
                        refError = e.what();
                    }
                    try {
                        fast = parseCsvRecords(text, path, sep, trim);
                    } catch (const InputError& e) {
                        fastError = e.what();
                    }
                    QCOMPARE(fastError, refError);
                    QVERIFY2(ref == fast, path.c_str());
                }
                ++files;
            }
        }
        QVERIFY2(files >= 50, std::to_string(files).c_str());
    }

    void randomTextReadsAsTheReference() {
        std::mt19937 rng(2026);
        std::size_t errors = 0, tables = 0;
        const std::size_t before = detail::csvFallbackCount();
        std::size_t expectedFallbacks = 0;
        for (int i = 0; i < ldv::test::scaled(3000); ++i) {
            const char sep = ",;\t "[rng() % 4];
            const bool wellFormed = i % 2 == 0;
            const std::string text = randomCsv(rng, sep, 1 + rng() % 12, wellFormed);
            CsvOptions o = optionVariants()[rng() % 8];
            o.separator = sep;
            o.maxRecordBytes = rng() % 5 == 0 ? 16 : o.maxRecordBytes;  // some records too long
            const Outcome ref = run(
                [&](CsvReport* rep) { return detail::parseCsvReference(text, "r.csv", o, rep); });
            const std::size_t fallbacks = detail::csvFallbackCount();
            const Outcome fast =
                run([&](CsvReport* rep) { return parseCsv(text, "r.csv", o, rep); });
            const bool fellBack = detail::csvFallbackCount() != fallbacks;
            QVERIFY2(difference(ref, fast).empty(),
                     (difference(ref, fast) + " in:\n" + text).c_str());
            // What the reference rejects must fall back (the fast path reports no errors).
            if (!ref.table) QVERIFY(fellBack);
            if (ref.table && fellBack && o.maxRecordBytes > 16) ++expectedFallbacks;
            (ref.table ? tables : errors) += 1;
        }
        // Both kinds of input occurred, and well-formed text stayed on the fast path (records
        // past a 16-byte limit excepted: the fast path leaves those to the reference).
        QVERIFY(tables > std::size_t(ldv::test::scaled(1000)));
        QVERIFY(errors > std::size_t(ldv::test::scaled(300)));
        QCOMPARE(expectedFallbacks, std::size_t(0));
        QVERIFY(detail::csvFallbackCount() > before);
    }

    // scanRecords (issue 38) splits lines without quotes from a bitmap of their separators and
    // line ends; it must hand over exactly the records, fields and line ends that scan gives
    // one record at a time, and end where scan ends (a bail or an unfinished record at the
    // same byte), on plain lines with quotes now and then, on the quoted random text above,
    // with and without trimming, with record limits that cut some lines, and at 64-byte block
    // borders (records of every length up to 200 bytes).
    void scanRecordsSplitsAsScanDoes() {
        std::mt19937 rng(2038);
        std::size_t splitLines = 0;
        for (int i = 0; i < ldv::test::scaled(4000); ++i) {
            const char sep = ",;\t |\""[rng() % 6];
            const std::string text = i % 3 == 0 ? randomCsv(rng, sep, 1 + rng() % 12, i % 2 == 0)
                                                : randomPlainLines(rng, sep, 1 + rng() % 40);
            const bool trim = rng() % 2 == 0;
            const std::size_t limit = rng() % 4 == 0 ? 8 + rng() % 40 : std::size_t(1) << 20;
            const bool atEof = rng() % 3 != 0;
            const std::vector<std::string> expected = scanned(text, sep, trim, limit, atEof, true);
            const std::vector<std::string> got = scanned(text, sep, trim, limit, atEof, false);
            QVERIFY2(got == expected,
                     ("sep '" + std::string(1, sep) + "' trim " + std::to_string(trim) + " limit " +
                      std::to_string(limit) + " in:\n" + text)
                         .c_str());
            // Three lines before the first quote: splitLines took them.
            const std::size_t quote = std::min(text.find('"'), text.size());
            if (sep != '"' && std::count(text.begin(), text.begin() + long(quote), '\n') >= 3)
                ++splitLines;
        }
        QVERIFY(splitLines > std::size_t(ldv::test::scaled(1000)));
    }

    // SpellingIndex::lookup answers spellings of up to 16 bytes from their packed bytes and
    // longer ones through find: against a std::map, on spellings of 0 to 24 bytes from a small
    // alphabet (NUL included) so that many differ in one byte only, at any position.
    void spellingIndexLookupAgreesWithAMap() {
        std::mt19937 rng(2039);
        const std::string alphabet("ab\0\xC3 ", 5);
        for (int round = 0; round < 40; ++round) {
            detail::SpellingIndex index;
            std::map<std::string, std::pair<Code, bool>> oracle;
            const int inserts = 1 + int(rng() % 2000);
            for (int i = 0; i < 3 * inserts; ++i) {
                // Up to 32 bytes: the short table's 24 and the hashed ones past it.
                std::string text(rng() % 33, 'a');
                for (char& ch : text) ch = alphabet[rng() % alphabet.size()];
                bool marked = false;
                const Code code = index.lookup(text, marked);
                // lookupIn must agree, the spelling inside a buffer of other bytes: loaded
                // with what follows it masked off, or packed as lookup does near the end.
                std::string buffer(rng() % 8, 'x');
                const std::size_t at = buffer.size();
                buffer += text;
                for (std::size_t k = rng() % 40; k > 0; --k) buffer += char(1 + rng() % 255);
                bool markedIn = false;
                QCOMPARE(index.lookupIn(std::string_view(buffer.data() + at, text.size()), markedIn,
                                        buffer.data(), buffer.data() + buffer.size()),
                         code);
                if (code != detail::SpellingIndex::kAbsent) QCOMPARE(markedIn, marked);
                const auto known = oracle.find(text);
                if (known == oracle.end()) {
                    QCOMPARE(code, detail::SpellingIndex::kAbsent);
                    if (int(oracle.size()) < inserts) {
                        const auto next = Code(oracle.size());
                        const bool mark = rng() % 3 == 0;
                        index.remember(text, next, mark);
                        oracle[text] = {next, mark};
                    }
                } else {
                    QCOMPARE(code, known->second.first);
                    QCOMPARE(marked, known->second.second);
                }
            }
            QCOMPARE(index.size(), oracle.size());
            for (const auto& [text, entry] : oracle) {
                bool marked = false;
                QCOMPARE(index.lookup(text, marked), entry.first);
                QCOMPARE(index.spelling(entry.first), std::string_view(text));
            }
            // As the parallel reader merges a piece's spellings: through hashOf, find, insert.
            detail::SpellingIndex whole;
            for (std::size_t e = 0; e < index.size(); ++e) {
                QCOMPARE(whole.find(index.spelling(e), index.hashOf(e)),
                         detail::SpellingIndex::kAbsent);
                whole.insert(index.spelling(e), index.hashOf(e), Code(e));
            }
            for (std::size_t e = 0; e < index.size(); ++e)
                QCOMPARE(whole.find(index.spelling(e), index.hashOf(e)), Code(e));
        }
    }

    void chunkBordersInsideFieldsAndLineEnds_data() {
        QTest::addColumn<QString>("straddling");
        // What lies across the 4 MiB border between two reads.
        QTest::newRow("quoted field with newlines") << "\"multi\nline\r\nfield, with sep\"";
        QTest::newRow("doubled quote") << "\"say \"\"hi\"\" there\"";
        QTest::newRow("closing quote then blanks") << "\"closed\"    ";
        QTest::newRow("crlf") << "end\r\n";
        QTest::newRow("blanks before separator") << "value         ";
        QTest::newRow("lone cr") << "x\r";
        QTest::newRow("blank lines") << "\n\n\r\n\n";
    }
    void chunkBordersInsideFieldsAndLineEnds() {
        QFETCH(QString, straddling);
        const std::string piece = straddling.toStdString();
        QTemporaryDir dir;
        const std::string path = dir.filePath("b.csv").toStdString();
        // A scaled-down run (CI's sanitizer run, test_scale.h) puts every few bytes of the
        // piece on the border (every third at a scale of 0.25, every eighth at 0.1), and the
        // last; the Release run every byte.
        const std::size_t stride =
            std::size_t(std::max(1L, std::lround(0.75 / ldv::test::testScale())));
        for (std::size_t shift = 0; shift <= piece.size(); ++shift) {
            if (shift % stride != 0 && shift != piece.size()) continue;
            std::string text = "id,note,n\n";
            std::size_t i = 0;
            while (text.size() + 60 < kChunk - shift) {
                text += std::to_string(i % 997) + ",\"q\"\"" + std::to_string(i % 13) + "\"," +
                        std::to_string(i % 5) + "\n";
                ++i;
            }
            // The record "ppp…,0,<piece>" puts byte `shift` of the piece on the border.
            text += std::string(kChunk - shift - text.size() - 3, 'p') + ",0," + piece;
            if (piece.back() != '\n' && piece.back() != '\r') text += "\n";
            while (text.size() < kChunk + 1000)
                text += "9,\"two\r\nlines\",  " + std::to_string(text.size() % 7) + "  \r\n";
            writeAll(path, text);
            CsvOptions keep, drop;
            drop.trim = false;
            drop.missing = MissingPolicy::Drop;
            for (const CsvOptions& o : {keep, drop}) {
                const Outcome ref = run(
                    [&](CsvReport* rep) { return detail::parseCsvReference(text, path, o, rep); });
                const std::size_t fallbacks = detail::csvFallbackCount();
                const Outcome fast = run([&](CsvReport* rep) { return readCsv(path, o, rep); });
                QVERIFY2(difference(ref, fast).empty(),
                         ("shift " + std::to_string(shift) + ": " + difference(ref, fast)).c_str());
                if (ref.table) QCOMPARE(detail::csvFallbackCount(), fallbacks);
            }
        }
    }

    void errorsKeepLineAndColumnAcrossChunks() {
        // A syntax error 5 MiB into the file, after a chunk border: the fast path gives up and
        // the reference names the line and column as before.
        QTemporaryDir dir;
        const std::string path = dir.filePath("e.csv").toStdString();
        std::string text = "a,b\n";
        std::size_t lines = 1;
        while (text.size() < (5u << 20)) {
            text += "\"x\ny\",2\n";
            lines += 2;
        }
        text += "1,\"z\"w\n";
        writeAll(path, text);
        try {
            (void)readCsv(path);
            QFAIL("no error");
        } catch (const InputError& e) {
            QCOMPARE(QString(e.what()),
                     QString::fromStdString(path) + ":" + QString::number(lines + 1) +
                         ":6: expected a separator or the end of the line after the closing "
                         "quote, found 'w'");
        }
    }

    void randomTextParsesAsAHierarchyLikeTheReference() {
        // parseHierarchy keeps the fast path's records as one block of cells (CellTable);
        // the rows it gives, or its error, must be those of the reference records made a
        // Hierarchy and validated (quotes, CRLF, lone CR, blanks, BOM, bad bytes, UTF-8 in
        // and out of normalisation form C).
        std::mt19937 rng(2027);
        std::size_t hierarchies = 0;
        for (int i = 0; i < ldv::test::scaled(3000); ++i) {
            const char sep = ",;\t "[rng() % 4];
            const std::string text = randomCsv(rng, sep, 1 + rng() % 12, i % 2 == 0);
            std::string expected, actual;
            try {
                const Hierarchy h(detail::parseCsvRecordsReference(text, "h.csv", sep, true));
                if (h.empty()) throw InputError("h.csv", 0, 0, "the hierarchy file is empty");
                for (const HierarchyIssue& issue : validateHierarchy(h))
                    if (isError(issue))
                        throw InputError("h.csv", issue.row >= 0 ? std::size_t(issue.row) + 1 : 0,
                                         issue.level >= 0 ? std::size_t(issue.level) + 1 : 0,
                                         issue.message);
                expected = formatHierarchy(h, ';');
            } catch (const InputError& e) {
                expected = std::string("error: ") + e.what();
            }
            try {
                const Hierarchy h = parseHierarchy(text, "h.csv", sep);
                actual = formatHierarchy(h, ';');
                ++hierarchies;
            } catch (const InputError& e) {
                actual = std::string("error: ") + e.what();
            }
            QCOMPARE(actual, expected);
        }
        QVERIFY2(hierarchies > std::size_t(ldv::test::scaled(100)),
                 std::to_string(hierarchies).c_str());
    }

    void hierarchyFromTheFastPathEqualsTheReference() {
        // 20,000 rows of a zip hierarchy, CRLF and quoted labels: parseHierarchy (fast records)
        // gives the rows the reference records give.
        std::string text;
        for (int z = 0; z < 20000; ++z) {
            char zip[6];
            std::snprintf(zip, sizeof zip, "%05d", z);
            const std::string s(zip);
            text += s + ";" + s.substr(0, 4) + "*;\"" + s.substr(0, 3) + "**\";" + s.substr(0, 2) +
                    "***;*****\r\n";
        }
        const std::size_t fallbacks = detail::csvFallbackCount();
        const Hierarchy h = parseHierarchy(text, "zip.csv");
        QCOMPARE(detail::csvFallbackCount(), fallbacks);
        QCOMPARE(h.rows(), detail::parseCsvRecordsReference(text, "zip.csv", ';', true));
        QCOMPARE(h.value(12345, 2), std::string("123**"));
        QCOMPARE(h.height(), 4);
    }
};

QTEST_APPLESS_MAIN(TestCsvFast)
#include "test_csv_fast.moc"
