#include "io/csv_parallel.h"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <exception>
#include <mutex>
#include <optional>
#include <string_view>
#include <thread>
#include <utility>

#include "data/parallel_groups.h"
#include "data/prefault.h"
#include "data/type_inference.h"
#include "io/csv_fast_reader.h"
#include "io/csv_projection.h"
#include "io/csv_scanner.h"
#include "io/csv_tokenizer.h"
#include "io/group_keys.h"
#include "io/missing_tokens.h"
#include "io/narrow_codes.h"
#include "io/spelling_index.h"

namespace ldv::detail {
namespace {

/// Bytes read at a time by a piece: its records are split from a buffer this size that stays
/// in the caches, whatever the piece's size.
constexpr std::size_t kReadBytes = std::size_t(1) << 20;

/// Runs task(i) for i in [0, count) on `threads` threads, the calling one among them, in
/// order of i as threads come free. `between()` runs on the calling thread after each of its
/// tasks (progress, cancelling); an exception from either stops the others from taking more
/// and is rethrown once all are joined.
template <class Task, class Between>
void parallelFor(unsigned threads, std::size_t count, Task task, Between between) {
    std::atomic<std::size_t> next{0};
    std::atomic<bool> stop{false};
    std::exception_ptr error;
    std::mutex errorMutex;
    auto work = [&](bool caller) {
        try {
            for (;;) {
                if (stop.load(std::memory_order_relaxed)) return;
                const std::size_t i = next.fetch_add(1);
                if (i >= count) return;
                task(i);
                if (caller) between();
            }
        } catch (...) {
            stop = true;
            std::lock_guard lock(errorMutex);
            if (!error) error = std::current_exception();
        }
    };
    std::vector<std::thread> helpers;
    const std::size_t extra = std::min<std::size_t>(threads, count) - (count > 0 ? 1 : 0);
    helpers.reserve(extra);
    for (std::size_t t = 0; t < extra; ++t) helpers.emplace_back(work, false);
    work(true);
    for (std::thread& t : helpers) t.join();
    if (error) std::rethrow_exception(error);
}

/// Which fields of a record are kept, as columns of which names: from the first record.
struct Layout {
    std::size_t arity = 0;
    std::vector<std::size_t> fieldOf;  // kept column -> field index
    std::vector<std::string> names;
    std::uint64_t dataStart = 0;  // where the first data record starts
    // Rows under a projection (CsvOptions::columns): every column's name, and per field
    // whether it is kept. Empty names and all kept otherwise.
    std::vector<std::string> fileNames;
    std::vector<char> keep;
    bool projected = false;
};

enum class PieceStatus { Ok, Misaligned, Bail };

/// A piece's part of the table: its rows' codes in its own dictionaries.
struct Piece {
    std::uint64_t begin = 0, end = 0;
    bool last = false;
    PieceStatus status = PieceStatus::Ok;
    std::uint64_t rowsRead = 0, rowsDropped = 0;
    std::vector<std::uint64_t> missing;       // per kept column, of the kept rows
    std::vector<SpellingIndex> dictionaries;  // per kept column, codes 0, 1, … in order
    std::vector<NarrowCodes> codes;           // rows: per kept column, a code per kept row
    std::vector<Code> groupKeys;              // groups: width codes per group
    std::vector<std::uint64_t> groupCounts;
};

/// The reader's state shared by the pieces (read-only while they run).
class ChunkedCsv {
public:
    ChunkedCsv(const ReadAt& read, std::uint64_t total, char separator, const CsvOptions& options,
               const std::vector<std::string>* wanted, bool groups)
        : m_read(read),
          m_total(total),
          m_separator(separator),
          m_options(options),
          m_wanted(wanted),
          m_groups(groups),
          m_missing(options.missingTokens) {}

    /// Reads the first record (the header, or with no header the first row's arity); false
    /// when the reference must read the input (no record, a name twice, a wanted column
    /// missing, bad bytes).
    bool readLayout() {
        std::uint64_t start = 0;
        {
            char bom[3];
            if (m_read(bom, 3, 0) == 3 && std::string_view(bom, 3) == "\xEF\xBB\xBF") start = 3;
        }
        m_start = start;
        CsvScanner scanner(m_separator, m_options.trim, m_options.maxRecordBytes);
        std::vector<FastField> fields;
        std::vector<char> buffer;
        std::size_t want = std::size_t(1) << 16;
        std::uint64_t at = start;  // the start of the buffer's first line
        for (;;) {
            const std::size_t n = std::size_t(std::min<std::uint64_t>(want, m_total - at));
            buffer.resize(n);
            if (m_read(buffer.data(), n, at) != n) return false;
            const bool atEof = at + n == m_total;
            const char* p = buffer.data();
            const char* const end = p + n;
            bool more = false;
            while (!more) {
                if (p == end) {
                    if (atEof) return false;  // no record at all: the reference says so
                    at += std::uint64_t(p - buffer.data());  // blank lines: read on
                    more = true;
                    break;
                }
                const char* before = p;
                switch (scanner.scan(p, end, atEof, fields)) {
                    case ScanStatus::Record:
                        return layoutFrom(fields, at + std::uint64_t(p - buffer.data()));
                    case ScanStatus::Blank:
                        break;
                    case ScanStatus::Incomplete:
                        at += std::uint64_t(before - buffer.data());
                        if (want > m_options.maxRecordBytes) return false;
                        want *= 2;
                        more = true;
                        break;
                    case ScanStatus::Bail:
                        return false;
                }
            }
        }
    }

    const Layout& layout() const { return m_layout; }

    /// The record starts at which the pieces begin: the data's start, then the first line end
    /// after each cut (`parity`: outside quotes by the quotes' parity).
    std::vector<std::uint64_t> boundaries(std::size_t chunk, bool parity, unsigned threads) const {
        const std::uint64_t from = m_layout.dataStart;
        std::vector<std::uint64_t> cuts;
        for (std::uint64_t c = from + chunk; c < m_total; c += chunk) cuts.push_back(c - 1);
        std::vector<std::uint64_t> found(cuts.size(), kNone);
        if (!parity) {
            for (std::size_t j = 0; j < cuts.size(); ++j) {
                const std::uint64_t limit = j + 1 < cuts.size() ? cuts[j + 1] : m_total;
                found[j] = firstLineEnd(cuts[j], limit);
            }
        } else {
            // Per segment [cut j, cut j+1): its quotes, and its first line end after an even
            // and after an odd number of them.
            struct Segment {
                std::uint64_t quotes = 0, lineEnd[2] = {kNone, kNone};
                bool ok = true;
            };
            std::vector<std::uint64_t> starts{from};
            starts.insert(starts.end(), cuts.begin(), cuts.end());
            std::vector<Segment> segments(starts.size());
            parallelFor(
                threads, starts.size(),
                [&](std::size_t s) {
                    const std::uint64_t limit = s + 1 < starts.size() ? starts[s + 1] : m_total;
                    segments[s].ok =
                        countSegment(starts[s], limit, segments[s].quotes, segments[s].lineEnd);
                },
                [] {});
            std::uint64_t quotes = segments[0].quotes;
            for (std::size_t j = 0; j < cuts.size(); ++j) {
                const Segment& s = segments[j + 1];
                if (!s.ok) return {};
                found[j] = s.lineEnd[quotes & 1];
                quotes += s.quotes;
            }
        }
        std::vector<std::uint64_t> out{from};
        for (const std::uint64_t b : found)
            if (b != kNone && b > out.back() && b < m_total) out.push_back(b);
        return out;
    }

    /// Splits and codes the records in [piece.begin, piece.end).
    void run(Piece& piece) const {
        const std::size_t width = m_layout.fieldOf.size();
        piece.dictionaries.assign(width, SpellingIndex{});
        piece.missing.assign(width, 0);
        if (!m_groups) piece.codes = std::vector<NarrowCodes>(width);
        std::optional<GroupKeys> groups;
        if (m_groups) groups.emplace(width, piece.groupKeys, piece.groupCounts);
        std::vector<Code> key(width);

        CsvScanner scanner(m_separator, m_options.trim, m_options.maxRecordBytes);
        std::vector<FastField> fields;
        std::vector<char> buffer;
        std::size_t held = 0;  // bytes in the buffer, from the start of an unfinished record
        std::uint64_t next = piece.begin;
        bool reserved = false;
        while (next < piece.end) {
            const auto n = std::size_t(std::min<std::uint64_t>(kReadBytes, piece.end - next));
            // Room past the data for SpellingIndex::lookupIn's loads.
            if (buffer.size() < held + n + SpellingIndex::kReadAhead)
                buffer.resize(held + n + SpellingIndex::kReadAhead);
            if (m_read(buffer.data() + held, n, next) != n) {
                piece.status = PieceStatus::Bail;  // the file changed: the reference reads it
                return;
            }
            next += n;
            held += n;
            const bool atEof = piece.last && next == piece.end;
            // Plain ASCII without NUL: every field is acceptable text, no field needs a check.
            // (Rows read only to check their skipped fields.)
            const bool plain = (m_groups || m_layout.projected) &&
                               plainAscii(std::string_view(buffer.data(), held));
            const char* p = buffer.data();
            const char* const end = p + held;
            const ScanEnd ended = scanner.scanRecords(p, end, atEof, fields, [&](const char*) {
                return onRecord(piece, fields, plain, key, groups, buffer.data(),
                                buffer.data() + buffer.size());
            });
            if (ended == ScanEnd::Refused || ended == ScanEnd::Bail) {
                piece.status = PieceStatus::Bail;
                return;
            }
            if (ended == ScanEnd::Incomplete) {
                if (next == piece.end) {  // the record runs past the piece: a wrong cut
                    piece.status = PieceStatus::Misaligned;
                    return;
                }
                if (std::size_t(end - p) > m_options.maxRecordBytes) {
                    piece.status = PieceStatus::Bail;
                    return;
                }
            }
            if (!reserved && !m_groups && piece.rowsRead >= 64) {
                // Sized from the first records, as FastCsvReader::reserveFor.
                const double readSoFar = double(next - piece.begin) - double(end - p);
                const double rows =
                    double(piece.end - piece.begin) / readSoFar * double(piece.rowsRead) * 1.02 +
                    16;
                for (NarrowCodes& c : piece.codes) c.reserve(std::size_t(rows));
                reserved = true;
            }
            held = std::size_t(end - p);
            std::memmove(buffer.data(), p, held);
        }
        if (held > 0) piece.status = PieceStatus::Misaligned;
    }

private:
    static constexpr std::uint64_t kNone = ~std::uint64_t(0);

    bool isMissing(const FastField& field) const { return m_missing.matches(field); }

    /// The first record's columns (columnLayout) and where the data starts.
    bool layoutFrom(const std::vector<FastField>& fields, std::uint64_t after) {
        std::optional<ColumnLayout> layout = columnLayout(fields, m_options, m_wanted);
        if (!layout) return false;
        m_layout.arity = fields.size();
        m_layout.keep.assign(fields.size(), 1);
        if (!m_wanted) {
            m_layout.keep = projectedColumns(layout->names, m_options);
            m_layout.projected = skipsAny(m_layout.keep);
        }
        if (m_layout.projected) {
            for (std::size_t i = 0; i < fields.size(); ++i)
                if (m_layout.keep[i]) {
                    m_layout.fieldOf.push_back(layout->fieldOf[i]);
                    m_layout.names.push_back(layout->names[i]);
                }
            m_layout.fileNames = std::move(layout->names);
        } else {
            m_layout.fieldOf = std::move(layout->fieldOf);
            m_layout.names = std::move(layout->names);
        }
        // Wanted columns are named by a header; without one the first record is a row too.
        m_layout.dataStart = m_wanted || m_options.header ? after : m_start;
        return true;
    }

    /// `bufferBegin`, `bufferEnd`: the read buffer, all of it readable (SpellingIndex::lookupIn).
    bool onRecord(Piece& piece, const std::vector<FastField>& fields, bool plain,
                  std::vector<Code>& key, std::optional<GroupKeys>& groups, const char* bufferBegin,
                  const char* bufferEnd) const {
        ++piece.rowsRead;
        if (fields.size() != m_layout.arity) return false;
        if (m_groups) {
            // fastCsvGroups' Splitter checks every field of every record.
            if (!plain)
                for (const FastField& f : fields)
                    if (!acceptableText(f.view())) return false;
        }
        // A row the missing policy keeps has no missing field under Drop; under Keep the
        // dictionaries say which fields are missing.
        if (m_options.missing == MissingPolicy::Drop &&
            std::any_of(fields.begin(), fields.end(),
                        [&](const FastField& f) { return isMissing(f); })) {
            if (!m_groups)
                for (const FastField& f : fields)
                    if (!acceptableText(f.view())) return false;
            ++piece.rowsDropped;
            return true;
        }
        // A skipped field has no dictionary to remember that its spelling passed: each is
        // checked, unless the whole buffer is plain ASCII (FastCsvReader::onRecord).
        if (m_layout.projected && !plain)
            for (std::size_t i = 0; i < fields.size(); ++i)
                if (!m_layout.keep[i] && !acceptableText(fields[i].view())) return false;
        // Once per field of every row: the arrays are read through local pointers, and a
        // new spelling is handled out of line.
        const std::size_t width = m_layout.fieldOf.size();
        const std::size_t* fieldOf = m_layout.fieldOf.data();
        SpellingIndex* dictionaries = piece.dictionaries.data();
        std::uint64_t* missing = piece.missing.data();
        for (std::size_t c = 0; c < width; ++c) {
            const FastField& field = fields[fieldOf[c]];
            bool token = false;
            Code code = dictionaries[c].lookupIn(field.view(), token, bufferBegin, bufferEnd);
            if (code == SpellingIndex::kAbsent) [[unlikely]] {
                if (!firstSeen(dictionaries[c], field.view(), code, token)) return false;
            }
            if (m_groups)
                key[c] = code;
            else
                piece.codes[c].push(code);
            if (token) [[unlikely]]
                missing[c] += !field.quoted;
        }
        if (m_groups) groups->add(key.data(), 1);
        return true;
    }

    /// A spelling the piece has not seen: checked once (FastCsvReader::onRecord), then
    /// remembered with its code and whether it is a missing-value token.
    [[gnu::noinline]] bool firstSeen(SpellingIndex& dictionary, std::string_view text, Code& code,
                                     bool& token) const {
        if (!m_groups && !acceptableText(text)) return false;
        code = Code(dictionary.size());
        token = m_missing.isToken(text);
        dictionary.remember(text, code, token);
        return true;
    }

    /// The first line end at or after `at` (before `limit`), whatever the quotes: the start
    /// of the line after it, or kNone.
    std::uint64_t firstLineEnd(std::uint64_t at, std::uint64_t limit) const {
        char buffer[4096];
        while (at < limit) {
            const auto n = std::size_t(std::min<std::uint64_t>(sizeof buffer, limit - at));
            if (m_read(buffer, n, at) != n) return kNone;
            if (const void* lf = std::memchr(buffer, '\n', n))
                return at + std::uint64_t(static_cast<const char*>(lf) - buffer) + 1;
            at += n;
        }
        return kNone;
    }

    /// The quotes in [at, limit), and the start of the line after its first line end that
    /// follows an even (lineEnd[0]) and an odd (lineEnd[1]) number of them.
    bool countSegment(std::uint64_t at, std::uint64_t limit, std::uint64_t& quotes,
                      std::uint64_t (&lineEnd)[2]) const {
        std::vector<char> buffer(std::size_t(std::min<std::uint64_t>(kReadBytes, limit - at)));
        while (at < limit) {
            const auto n = std::size_t(std::min<std::uint64_t>(buffer.size(), limit - at));
            if (m_read(buffer.data(), n, at) != n) return false;
            std::size_t i = 0;
            // Up to the two first line ends byte by byte; the rest only counts the quotes.
            for (; i < n && (lineEnd[0] == kNone || lineEnd[1] == kNone); ++i) {
                if (buffer[i] == '"')
                    ++quotes;
                else if (buffer[i] == '\n' && lineEnd[quotes & 1] == kNone)
                    lineEnd[quotes & 1] = at + i + 1;
            }
            quotes += std::uint64_t(std::count(buffer.data() + i, buffer.data() + n, '"'));
            at += n;
        }
        return true;
    }

    const ReadAt& m_read;
    std::uint64_t m_total;
    char m_separator;
    const CsvOptions& m_options;
    const std::vector<std::string>* m_wanted;
    bool m_groups;
    MissingTokens m_missing;
    std::uint64_t m_start = 0;  // past a byte order mark
    Layout m_layout;
};

/// Reads the pieces: speculative cuts, then parity cuts if those did not line up.
ParallelOutcome readPieces(const ChunkedCsv& csv, const CsvOptions& options, std::uint64_t total,
                           unsigned threads, std::vector<Piece>& pieces,
                           const std::function<void(double)>& progress) {
    const std::size_t chunk = csvChunkBytes(options, total, threads);
    for (const bool parity : {false, true}) {
        const std::vector<std::uint64_t> starts = csv.boundaries(chunk, parity, threads);
        if (starts.empty()) return ParallelOutcome::Serial;
        pieces.clear();
        pieces.resize(starts.size());
        for (std::size_t p = 0; p < starts.size(); ++p) {
            pieces[p].begin = starts[p];
            pieces[p].end = p + 1 < starts.size() ? starts[p + 1] : total;
            pieces[p].last = p + 1 == starts.size();
        }
        std::size_t done = 0;
        parallelFor(
            threads, pieces.size(), [&](std::size_t p) { csv.run(pieces[p]); },
            [&] {
                ++done;
                if (progress) progress(double(done) / double(pieces.size()));
            });
        // The first piece that failed started at a true record start (all before it lined
        // up): its Bail is the input's, its misalignment the cut's.
        const auto failed = std::find_if(pieces.begin(), pieces.end(), [](const Piece& p) {
            return p.status != PieceStatus::Ok;
        });
        if (failed == pieces.end()) return ParallelOutcome::Done;
        if (failed->status == PieceStatus::Bail) return ParallelOutcome::Bail;
    }
    return ParallelOutcome::Serial;
}

/// Column::intern over the pieces' dictionaries in order: `maps[p][local]` = the file's code.
void mergeDictionary(Column& column, std::vector<Piece>& pieces, std::size_t c,
                     std::vector<std::vector<Code>>& maps) {
    SpellingIndex whole;
    maps.resize(pieces.size());
    for (std::size_t p = 0; p < pieces.size(); ++p) {
        const SpellingIndex& local = pieces[p].dictionaries[c];
        maps[p].resize(local.size());
        for (std::size_t e = 0; e < local.size(); ++e) {
            const std::string_view text = local.spelling(e);
            const std::uint64_t h = local.hashOf(e);
            Code code = whole.find(text, h);
            if (code == SpellingIndex::kAbsent) {
                code = column.intern(text);
                whole.insert(text, h, code);
            }
            maps[p][e] = code;
        }
    }
}

void finishColumn(Column& column, std::uint64_t missing, const CsvOptions& options) {
    column.setMissingCount(std::size_t(missing));
    if (options.inferTypes) column.setType(inferColumnType(column, options.missingTokens));
}

}  // namespace

unsigned csvThreads(const CsvOptions& options) {
    if (options.threads > 0) return options.threads;
    return std::max(1u, std::thread::hardware_concurrency());
}

std::size_t csvChunkBytes(const CsvOptions& options, std::uint64_t totalBytes, unsigned threads) {
    if (options.chunkBytes > 0) return options.chunkBytes;
    // Many pieces per thread, so that the threads finish together: the last piece runs on
    // one thread while the others wait (with 4 per thread, the 10 M-row file's last 103 MB
    // piece kept one of 2 threads idle for ~0.1 s of a 1.2 s read; issue 38); not below
    // 4 MiB, where starting a piece and merging its dictionaries cost more than they save.
    const std::uint64_t even = totalBytes / (std::uint64_t(threads) * 4) + 1;
    return std::size_t(std::max<std::uint64_t>(even, std::uint64_t(4) << 20));
}

ParallelOutcome parallelCsvRows(const ReadAt& read, std::uint64_t totalBytes, char separator,
                                const CsvOptions& options, unsigned threads, FastRowsResult& out,
                                const std::function<void(double)>& progress) {
    ChunkedCsv csv(read, totalBytes, separator, options, nullptr, false);
    if (!csv.readLayout()) return ParallelOutcome::Bail;
    std::vector<Piece> pieces;
    const ParallelOutcome outcome = readPieces(csv, options, totalBytes, threads, pieces, progress);
    if (outcome != ParallelOutcome::Done) return outcome;

    const Layout& layout = csv.layout();
    std::vector<Column> columns;
    for (const std::string& name : layout.names) columns.emplace_back(name);
    std::size_t rows = 0;
    for (const Piece& p : pieces) rows += p.codes.empty() ? 0 : p.codes[0].size();
    parallelFor(
        threads, columns.size(),
        [&](std::size_t c) {
            std::vector<std::vector<Code>> maps;
            mergeDictionary(columns[c], pieces, c, maps);
            columns[c].reserve(rows);
            const Code* const start = columns[c].codes().data();
            std::uint64_t missing = 0;
            for (std::size_t p = 0; p < pieces.size(); ++p) {
                const std::vector<Code>& map = maps[p];
                // A piece's share at a time: the column's pages arrive as the piece's go.
                prefault(start + columns[c].size(), pieces[p].codes[c].size() * sizeof(Code));
                pieces[p].codes[c].forEach([&](Code code) { columns[c].appendCode(map[code]); });
                pieces[p].codes[c].clear();  // the memory back at once
                missing += pieces[p].missing[c];
            }
            finishColumn(columns[c], missing, options);
        },
        [] {});
    out.table = Table(std::move(columns));
    markSkipped(out.table, layout.fileNames, layout.keep);
    out.rowsRead = out.rowsDropped = 0;
    for (const Piece& p : pieces) {
        out.rowsRead += p.rowsRead;
        out.rowsDropped += p.rowsDropped;
    }
    return ParallelOutcome::Done;
}

ParallelOutcome parallelCsvGroups(const ReadAt& read, std::uint64_t totalBytes, char separator,
                                  const CsvOptions& options,
                                  const std::vector<std::string>& columns, unsigned threads,
                                  FastGroupsResult& out,
                                  const std::function<void(double)>& progress) {
    if (columns.empty()) return ParallelOutcome::Bail;  // one group of every row: the reference's
    ChunkedCsv csv(read, totalBytes, separator, options, &columns, true);
    if (!csv.readLayout()) return ParallelOutcome::Bail;
    std::vector<Piece> pieces;
    const ParallelOutcome outcome = readPieces(csv, options, totalBytes, threads, pieces, progress);
    if (outcome != ParallelOutcome::Done) return outcome;

    const std::size_t width = columns.size();
    std::vector<Column> cols;
    for (const std::string& name : columns) cols.emplace_back(name);
    std::vector<std::vector<std::vector<Code>>> maps(width);  // column -> piece -> local -> code
    parallelFor(
        threads, width, [&](std::size_t c) { mergeDictionary(cols[c], pieces, c, maps[c]); },
        [] {});
    // The pieces' groups in order, their keys in the file's codes (each piece on a thread).
    std::vector<std::size_t> firstOf(pieces.size() + 1, 0);
    for (std::size_t p = 0; p < pieces.size(); ++p)
        firstOf[p + 1] = firstOf[p] + pieces[p].groupCounts.size();
    const std::size_t items = firstOf.back();
    std::vector<Code> itemKeys(items * width);
    parallelFor(
        threads, pieces.size(),
        [&](std::size_t p) {
            const Piece& piece = pieces[p];
            Code* out = itemKeys.data() + firstOf[p] * width;
            for (std::size_t g = 0; g < piece.groupCounts.size(); ++g)
                for (std::size_t c = 0; c < width; ++c)
                    out[g * width + c] = maps[c][p][piece.groupKeys[g * width + c]];
        },
        [] {});
    // One group per key across the pieces, numbered in order of first appearance as one
    // thread would (issue 38: on 16 cores the merge of 1.19 M groups on one thread capped the
    // streamed read at 2.7×); assignGroupsThreaded partitions by key hash where that pays.
    std::vector<std::uint64_t> radix(width);
    for (std::size_t c = 0; c < width; ++c) radix[c] = cols[c].domainSize();
    std::vector<std::uint32_t> groupOf;
    const std::uint32_t groupCount = assignGroupsThreaded(
        items, radix, [&](std::size_t t, std::size_t c) { return itemKeys[t * width + c]; },
        groupOf, threads);
    std::vector<Code> keys(std::size_t(groupCount) * width);
    std::vector<std::uint64_t> counts(groupCount, 0);
    std::uint32_t seen = 0;
    for (std::size_t p = 0, t = 0; p < pieces.size(); ++p)
        for (const std::uint64_t n : pieces[p].groupCounts) {
            const std::uint32_t g = groupOf[t];
            if (g == seen) {  // the group's first item: ids come in this order
                std::copy_n(itemKeys.data() + t * width, width,
                            keys.data() + std::size_t(g) * width);
                ++seen;
            }
            counts[g] += n;
            ++t;
        }
    out.groups.counts.resize(counts.size());
    out.groups.rows = 0;
    for (std::size_t g = 0; g < counts.size(); ++g) {
        if (counts[g] > UINT32_MAX) return ParallelOutcome::Bail;  // the reference names it
        out.groups.counts[g] = std::uint32_t(counts[g]);
        out.groups.rows += counts[g];
    }
    for (std::size_t c = 0; c < width; ++c) {
        cols[c].reserve(counts.size());
        for (std::size_t g = 0; g < counts.size(); ++g) cols[c].appendCode(keys[g * width + c]);
        std::uint64_t missing = 0;
        for (const Piece& piece : pieces) missing += piece.missing[c];
        finishColumn(cols[c], missing, options);
    }
    out.groups.table = Table(std::move(cols));
    out.rowsRead = out.rowsDropped = 0;
    for (const Piece& p : pieces) {
        out.rowsRead += p.rowsRead;
        out.rowsDropped += p.rowsDropped;
    }
    return ParallelOutcome::Done;
}

}  // namespace ldv::detail
