#include <sys/stat.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <memory>
#include <optional>
#include <span>
#include <sstream>
#include <thread>
#include <unordered_set>

#include "data/type_inference.h"
#include "io/csv_fast_groups.h"
#include "io/csv_fast_reader.h"
#include "io/csv_parallel.h"
#include "io/csv_projection.h"
#include "io/csv_reference.h"
#include "io/csv_report.h"
#include "io/csv_tokenizer.h"
#include "io/file_open.h"
#include "ldiv/data/error.h"
#include "ldiv/data/feedback.h"
#include "ldiv/io/csv_table_reader.h"

namespace ldv {
namespace {

/// Builds the Table record by record, applying the header, missing-value policy and arity
/// checks. The tokenizer and this builder see the file once, in chunks, so a 10 M-row file
/// never has to be held in memory as text.
class TableBuilder {
public:
    TableBuilder(std::string source, const CsvOptions& options)
        : m_source(std::move(source)), m_options(options) {
        for (const std::string& t : options.missingTokens) m_missing.insert(t);
    }

    void onRecord(const std::vector<detail::CsvField>& fields) {
        if (!m_started) {
            startColumns(fields);
            if (m_options.header) return;
        }
        ++m_rowsRead;
        if (fields.size() != m_arity) {
            const detail::CsvField& last = fields.back();
            throw InputError(
                m_source, fields.front().line,
                fields.size() > m_arity ? fields[m_arity].column : last.column + last.text.size(),
                "expected " + std::to_string(m_arity) +
                    (m_arity == 1 ? " field (as " : " fields (as ") +
                    (m_options.header ? "in the header" : "in the first row") + "), found " +
                    std::to_string(fields.size()));
        }
        // Every field, skipped ones too: the missing policy drops a row when any is missing.
        bool anyMissing = false;
        for (std::size_t i = 0; i < fields.size(); ++i) {
            if (!fields[i].quoted && m_missing.count(fields[i].text)) {
                anyMissing = true;
                m_missingFlags[i] = true;
            } else {
                m_missingFlags[i] = false;
            }
        }
        if (anyMissing && m_options.missing == MissingPolicy::Drop) {
            ++m_rowsDropped;
            return;
        }
        for (std::size_t c = 0; c < m_columns.size(); ++c) {
            const std::size_t i = m_fieldOf[c];
            m_columns[c].append(fields[i].text);
            if (m_missingFlags[i]) ++m_missingCounts[c];
        }
    }

    Table finish() {
        if (!m_started)
            throw InputError(m_source, 0, 0, "the file is empty: no header and no rows");
        for (std::size_t i = 0; i < m_columns.size(); ++i) {
            m_columns[i].setMissingCount(m_missingCounts[i]);
            if (m_options.inferTypes)
                m_columns[i].setType(
                    detail::inferColumnType(m_columns[i], m_options.missingTokens));
        }
        Table table(std::move(m_columns));
        detail::markSkipped(table, m_names, m_keep);
        return table;
    }

    std::size_t rowsRead() const { return m_rowsRead; }
    std::size_t rowsDropped() const { return m_rowsDropped; }

private:
    void startColumns(const std::vector<detail::CsvField>& fields) {
        m_started = true;
        if (fields.size() > m_options.maxColumns)
            throw InputError(
                m_source, fields.front().line, fields[m_options.maxColumns].column,
                "the " + std::string(m_options.header ? "header" : "first row") + " has " +
                    std::to_string(fields.size()) + " columns; ldiv reads at most " +
                    std::to_string(m_options.maxColumns) + " (is the separator right?)");
        for (std::size_t i = 0; i < fields.size(); ++i) {
            std::string name =
                m_options.header ? std::string(fields[i].text) : "column" + std::to_string(i + 1);
            if (name.empty()) name = "column" + std::to_string(i + 1);
            m_names.push_back(std::move(name));
        }
        if (m_options.header) {
            std::unordered_set<std::string_view> seen;
            for (std::size_t i = 0; i < m_names.size(); ++i) {
                if (!seen.insert(m_names[i]).second)
                    throw InputError(m_source, fields[i].line, fields[i].column,
                                     "duplicate column name '" + m_names[i] +
                                         "' in the header (column " + std::to_string(i + 1) + ")");
            }
        }
        m_arity = m_names.size();
        m_keep = detail::projectedColumns(m_names, m_options);
        for (std::size_t i = 0; i < m_arity; ++i)
            if (m_keep[i]) {
                m_columns.emplace_back(m_names[i]);
                m_fieldOf.push_back(i);
            }
        m_missingCounts.assign(m_columns.size(), 0);
        m_missingFlags.assign(m_arity, false);
    }

    std::string m_source;
    CsvOptions m_options;
    std::unordered_set<std::string_view> m_missing;
    bool m_started = false;
    std::size_t m_arity = 0;             // fields per record
    std::vector<std::string> m_names;    // every column of the file
    std::vector<char> m_keep;            // per field: read into a column (the projection)
    std::vector<std::size_t> m_fieldOf;  // column -> field
    std::vector<Column> m_columns;
    std::vector<std::size_t> m_missingCounts;  // per column
    std::vector<bool> m_missingFlags;          // per field
    std::size_t m_rowsRead = 0;
    std::size_t m_rowsDropped = 0;
};

// Says why a file cannot be opened (missing, a folder, no permission).
std::string openFailure() {
    return std::string("cannot open the file for reading: ") + std::strerror(errno);
}

std::string mebibytes(std::size_t bytes) {
    return std::to_string(bytes >> 20) + " MiB";
}

/// stat()s `path` before it is opened (opening a FIFO would block until a writer comes) and
/// refuses what is not a file: a folder, a device (/dev/zero never ends), a socket, and a
/// FIFO unless `pipeOk`. Returns the size (0 for a pipe, and for /proc files, which have
/// content but no size).
std::uint64_t checkReadable(const std::string& path, bool pipeOk) {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) throw InputError(path, 0, 0, openFailure());
    if (S_ISDIR(st.st_mode)) throw InputError(path, 0, 0, "this is a folder, not a file");
    if (S_ISFIFO(st.st_mode) && !pipeOk)
        throw InputError(path, 0, 0,
                         "this is a pipe (FIFO), not a regular file: save it to a file first");
    if (!S_ISREG(st.st_mode) && !S_ISFIFO(st.st_mode))
        throw InputError(path, 0, 0, "this is a device or socket, not a regular file");
    return S_ISREG(st.st_mode) ? std::uint64_t(st.st_size) : 0;
}

/// The end of a chunked read of `path`: a read error, or (when `checkSize`, i.e. not a pipe)
/// a file cut or extended while it was read (a copy still running), which reads as a shorter
/// table that looks complete when the cut falls on a line boundary: compare the sizes.
void requireWholeRead(const std::string& path, std::FILE* file, std::uint64_t total,
                      std::uint64_t done, bool checkSize) {
    if (std::ferror(file))
        throw InputError(path, 0, 0, std::string("cannot read the file: ") + std::strerror(errno));
    struct stat st {};
    if (checkSize && total > 0 && ::fstat(fileno(file), &st) == 0 &&
        (std::uint64_t(st.st_size) != total || done != total))
        throw InputError(path, 0, 0,
                         "the file changed while it was read (" + std::to_string(total) +
                             " bytes when opened, " + std::to_string(done) + " read, " +
                             std::to_string(st.st_size) +
                             " now): read it again when it is complete");
}

/// The report of a reader with rowsRead() and rowsDropped(): the reference's TableBuilder or
/// the fast path's FastCsvReader.
template <class Reader>
void fillReport(CsvReport* report, char separator, const Reader& reader, bool bom) {
    detail::fillCsvReport(report, separator, reader.rowsRead(), reader.rowsDropped(), bom);
}

}  // namespace

char detectSeparator(std::string_view text) {
    if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
    const char candidates[] = {',', ';', '\t', '|'};
    char best = ',';
    double bestScore = 0;
    for (char sep : candidates) {
        // Count fields per line over the first 20 lines, ignoring separators inside quotes.
        std::vector<int> counts;
        int fields = 1;
        bool quoted = false;
        bool lineHasContent = false;
        for (std::size_t i = 0; i < text.size() && counts.size() < 20; ++i) {
            const char c = text[i];
            if (c == '"')
                quoted = !quoted;
            else if (!quoted && c == sep)
                ++fields;
            else if (!quoted && (c == '\n' || c == '\r')) {
                if (lineHasContent) counts.push_back(fields);
                fields = 1;
                lineHasContent = false;
                continue;
            }
            lineHasContent = true;
        }
        if (lineHasContent && counts.size() < 20) counts.push_back(fields);
        if (counts.empty() || counts.front() < 2) continue;
        int consistent = 0;
        for (int n : counts) consistent += (n == counts.front());
        // Prefer the separator that splits every line into the same number of fields.
        const double score = consistent * 1000.0 / counts.size() + counts.front();
        if (score > bestScore) {
            bestScore = score;
            best = sep;
        }
    }
    return best;
}

std::string readFileText(const std::string& path, std::size_t maxBytes) {
    const std::uint64_t size = checkReadable(path, false);
    auto tooLarge = [&] {
        return InputError(path, 0, 0,
                          "the file is larger than " + mebibytes(maxBytes) +
                              ", the limit for hierarchy, taxonomy and project files");
    };
    if (size > maxBytes) throw tooLarge();
    const detail::FilePtr file = detail::openForReading(path);
    if (!file) throw InputError(path, 0, 0, openFailure());
    // Read up to the cap whatever the size said: a /proc file says 0 and has content, and a
    // file may grow while it is read.
    // Straight into the text, sized by stat: fresh memory is costly (a page fault per 4 KiB),
    // and growing by appends touched twice the file's size in pages.
    std::string text;
    text.reserve(std::size_t(size) + 1);
    std::vector<char> chunk(1 << 16);
    while (std::size_t got = std::fread(chunk.data(), 1, chunk.size(), file.get())) {
        if (text.size() + got > maxBytes) throw tooLarge();
        text.append(chunk.data(), got);
    }
    if (std::ferror(file.get()))
        throw InputError(path, 0, 0, std::string("cannot read the file: ") + std::strerror(errno));
    return text;
}

namespace {
std::atomic<std::size_t> g_fallbacks{0};
}  // namespace

namespace detail {

std::size_t csvFallbackCount() {
    return g_fallbacks.load();
}

// The reference paths: CsvTokenizer's state machine, byte by byte, with the line and column
// of every field. The fast paths (io/csv_fast_reader.h) fall back on them for any input they
// do not accept, so every error message comes from here.
Table parseCsvReference(std::string_view text, const std::string& sourceName,
                        const CsvOptions& options, CsvReport* report) {
    const char sep = options.separator ? options.separator : detectSeparator(text);
    TableBuilder builder(sourceName, options);
    detail::CsvTokenizer tokenizer(
        sourceName, sep, options.trim, [&](const auto& fields) { builder.onRecord(fields); },
        options.maxRecordBytes);
    tokenizer.feed(text);
    tokenizer.finish();
    Table table = builder.finish();
    fillReport(report, sep, builder, text.substr(0, 3) == "\xEF\xBB\xBF");
    return table;
}

}  // namespace detail

namespace {

/// A CSV file opened for reading. A pipe (`ldiv inspect /dev/stdin`) is read, up to
/// CsvOptions::maxPipeBytes; a folder or a device is refused by name (checkReadable).
struct OpenedCsv {
    std::unique_ptr<std::FILE, int (*)(std::FILE*)> file{nullptr, &std::fclose};
    std::uint64_t total = 0;  ///< the size checkReadable found (0 for a pipe)
    bool regular = false;
    bool pipe = false;
};

OpenedCsv openCsv(const std::string& path) {
    OpenedCsv csv;
    csv.total = checkReadable(path, true);
    csv.file = detail::openForReading(path);
    if (!csv.file) throw InputError(path, 0, 0, openFailure());
    struct stat st {};
    if (::fstat(fileno(csv.file.get()), &st) == 0) {
        csv.regular = S_ISREG(st.st_mode);
        csv.pipe = S_ISFIFO(st.st_mode);
    }
    return csv;
}

/// What both readers learn from the first chunk: the separator (the options' or detected)
/// and whether it starts with a UTF-8 byte order mark. Refuses an empty file.
struct FirstChunk {
    char separator;
    bool bom;
};

FirstChunk readFirstChunk(const std::string& path, const OpenedCsv& csv,
                          std::span<const char> chunk, std::size_t got, const CsvOptions& options) {
    if (got == 0 && !std::ferror(csv.file.get()))
        throw InputError(path, 0, 0,
                         csv.pipe ? "the pipe (FIFO) gave no data: no process was writing to it"
                                  : "the file is empty (0 bytes)");
    const std::string_view first(chunk.data(), got);
    return {options.separator ? options.separator : detectSeparator(first),
            first.substr(0, 3) == "\xEF\xBB\xBF"};
}

Table readCsvReference(const std::string& path, OpenedCsv csv, const CsvOptions& options,
                       CsvReport* report, Feedback* feedback) {
    std::FILE* const file = csv.file.get();
    const std::uint64_t total = csv.total;
    const bool pipe = csv.pipe;
    std::vector<char> chunk(1 << 22);
    std::size_t got = std::fread(chunk.data(), 1, chunk.size(), file);
    const auto [sep, bom] = readFirstChunk(path, csv, chunk, got, options);

    TableBuilder builder(path, options);
    detail::CsvTokenizer tokenizer(
        path, sep, options.trim, [&](const auto& fields) { builder.onRecord(fields); },
        options.maxRecordBytes);
    std::size_t done = 0;
    while (got > 0) {
        tokenizer.feed(std::string_view(chunk.data(), got));
        done += got;
        if (pipe && done > options.maxPipeBytes)
            throw InputError(path, 0, 0,
                             "more than " + mebibytes(options.maxPipeBytes) +
                                 " read from a pipe: save the data to a file instead");
        if (feedback) {
            feedback->checkCancelled();
            feedback->setProgress(total > 0 ? double(done) / double(total) : 1.0);
        }
        got = std::fread(chunk.data(), 1, chunk.size(), file);
    }
    requireWholeRead(path, file, total, done, !pipe);
    tokenizer.finish();
    Table table = builder.finish();
    fillReport(report, sep, builder, bom);
    return table;
}

}  // namespace

std::vector<std::vector<std::string>> detail::parseCsvRecordsReference(
    std::string_view text, const std::string& sourceName, char sep, bool trim) {
    std::vector<std::vector<std::string>> records;
    detail::CsvTokenizer tokenizer(sourceName, sep, trim, [&](const auto& fields) {
        auto& record = records.emplace_back();
        record.reserve(fields.size());
        for (const auto& f : fields) record.emplace_back(f.text);
    });
    tokenizer.feed(text);
    tokenizer.finish();
    return records;
}

Table parseCsv(std::string_view text, const std::string& sourceName, const CsvOptions& options,
               CsvReport* report) {
    const char sep = options.separator ? options.separator : detectSeparator(text);
    const bool bom = text.substr(0, 3) == "\xEF\xBB\xBF";
    const unsigned threads = detail::csvThreads(options);
    if (options.chunkBytes > 0 || (threads > 1 && text.size() >= (std::size_t(8) << 20))) {
        const detail::ReadAt read = [text](char* into, std::size_t size, std::uint64_t offset) {
            const std::size_t n =
                offset < text.size() ? std::min<std::size_t>(size, text.size() - offset) : 0;
            std::memcpy(into, text.data() + offset, n);
            return n;
        };
        detail::FastRowsResult rows;
        switch (detail::parallelCsvRows(read, text.size(), sep, options, threads, rows)) {
            case detail::ParallelOutcome::Done:
                detail::fillCsvReport(report, sep, rows.rowsRead, rows.rowsDropped, bom);
                return std::move(rows.table);
            case detail::ParallelOutcome::Bail:
                ++g_fallbacks;
                return detail::parseCsvReference(text, sourceName, options, report);
            case detail::ParallelOutcome::Serial:
                break;
        }
    }
    detail::FastCsvReader reader(sep, options);
    if (reader.feed(text.data() + (bom ? 3 : 0), text.size() - (bom ? 3 : 0), true) !=
        detail::FastCsvReader::kBail)
        if (std::optional<Table> table = reader.finish()) {
            fillReport(report, sep, reader, bom);
            return std::move(*table);
        }
    ++g_fallbacks;
    return detail::parseCsvReference(text, sourceName, options, report);
}

Table readCsv(const std::string& path, const CsvOptions& options, CsvReport* report,
              Feedback* feedback) {
    OpenedCsv csv = openCsv(path);
    // A pipe is read once, so only the reference path (which needs no second pass) reads it.
    if (!csv.regular) return readCsvReference(path, std::move(csv), options, report, feedback);
    std::FILE* const file = csv.file.get();
    const std::uint64_t total = csv.total;
    // The same 4 MiB chunks as the reference (the progress steps, the size checks), read into
    // a buffer that keeps the unfinished last record of a chunk for the next one.
    constexpr std::size_t kChunk = std::size_t(1) << 22;
    std::vector<char> buffer(kChunk);
    std::size_t got = std::fread(buffer.data(), 1, kChunk, file);
    const auto [sep, bom] = readFirstChunk(path, csv, buffer, got, options);
    // A file of several chunks on more than one thread: read in parallel pieces
    // (io/csv_parallel.h), the same table. Below two minimal pieces it does not pay.
    const unsigned threads = detail::csvThreads(options);
    if (total > 0 && (options.chunkBytes > 0 || (threads > 1 && total >= 2 * kChunk))) {
        const int fd = fileno(file);
        const detail::ReadAt read = [fd](char* into, std::size_t size, std::uint64_t offset) {
            return detail::readFileAt(fd, into, size, offset);
        };
        auto progress = [&](double fraction) {
            if (feedback) {
                feedback->checkCancelled();
                feedback->setProgress(fraction);
            }
        };
        detail::FastRowsResult rows;
        switch (detail::parallelCsvRows(read, total, sep, options, threads, rows, progress)) {
            case detail::ParallelOutcome::Done:
                requireWholeRead(path, file, total, total, true);
                detail::fillCsvReport(report, sep, rows.rowsRead, rows.rowsDropped, bom);
                return std::move(rows.table);
            case detail::ParallelOutcome::Bail:
                csv.file.reset();
                ++g_fallbacks;
                return readCsvReference(path, openCsv(path), options, report, feedback);
            case detail::ParallelOutcome::Serial:
                break;  // below, from the first chunk already read (pread moved no offset)
        }
    }
    detail::FastCsvReader reader(sep, options);
    std::size_t begin = bom ? 3 : 0, held = got, done = got;
    bool bail = false, reserved = false;
    while (got > 0) {
        const std::size_t used = reader.feed(buffer.data() + begin, held - begin, false);
        if (used == detail::FastCsvReader::kBail) {
            bail = true;
            break;
        }
        if (!reserved && total > 0) {
            reader.reserveFor(std::size_t(total), begin + used);
            reserved = true;
        }
        // Keep the unfinished record at the front, with room for the next chunk behind it.
        const std::size_t keep = held - begin - used;
        std::memmove(buffer.data(), buffer.data() + begin + used, keep);
        begin = 0;
        held = keep;
        if (buffer.size() < held + kChunk) buffer.resize(held + kChunk);
        if (feedback) {
            feedback->checkCancelled();
            feedback->setProgress(total > 0 ? double(done) / double(total) : 1.0);
        }
        got = std::fread(buffer.data() + held, 1, kChunk, file);
        held += got;
        done += got;
    }
    if (!bail) requireWholeRead(path, file, total, done, true);
    if (!bail &&
        reader.feed(buffer.data() + begin, held - begin, true) == detail::FastCsvReader::kBail)
        bail = true;
    if (!bail)
        if (std::optional<Table> table = reader.finish()) {
            fillReport(report, sep, reader, bom);
            return std::move(*table);
        }
    csv.file.reset();
    ++g_fallbacks;
    return readCsvReference(path, openCsv(path), options, report, feedback);
}

struct CsvTableReader::Impl {
    Impl(std::string source, char separator, const CsvOptions& given)
        : options(given),
          builder(source, options),
          tokenizer(
              source, separator, options.trim,
              [this](const auto& fields) { builder.onRecord(fields); }, options.maxRecordBytes),
          separator(separator) {}
    // The reader's own copy: the builder keeps views into it (the missing tokens), and the
    // caller's options may be a temporary that is gone before the first feed().
    CsvOptions options;
    TableBuilder builder;
    detail::CsvTokenizer tokenizer;
    char separator;
    bool first = true, bom = false;
};

CsvTableReader::CsvTableReader(std::string sourceName, char separator, const CsvOptions& options)
    : m_impl(std::make_unique<Impl>(std::move(sourceName), separator, options)) {}
CsvTableReader::~CsvTableReader() = default;

void CsvTableReader::feed(std::string_view chunk) {
    if (m_impl->first && !chunk.empty()) {
        m_impl->bom = chunk.substr(0, 3) == "\xEF\xBB\xBF";
        m_impl->first = false;
    }
    m_impl->tokenizer.feed(chunk);
}

Table CsvTableReader::finish(CsvReport* report) {
    m_impl->tokenizer.finish();
    Table table = m_impl->builder.finish();
    fillReport(report, m_impl->separator, m_impl->builder, m_impl->bom);
    return table;
}

std::size_t CsvTableReader::rowsRead() const {
    return m_impl->builder.rowsRead();
}

std::vector<std::vector<std::string>> parseCsvRecords(std::string_view text,
                                                      const std::string& sourceName, char separator,
                                                      bool trim) {
    const char sep = separator ? separator : detectSeparator(text);
    if (auto records = detail::fastCsvRecords(text, sep, trim)) return std::move(*records);
    ++g_fallbacks;
    return detail::parseCsvRecordsReference(text, sourceName, sep, trim);
}

}  // namespace ldv
