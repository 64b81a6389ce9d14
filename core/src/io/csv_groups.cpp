#include "ldiv/io/csv_group_reader.h"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <optional>
#include <thread>
#include <unordered_set>

#include "data/type_inference.h"
#include "io/csv_fast_groups.h"
#include "io/csv_parallel.h"
#include "io/csv_report.h"
#include "io/csv_tokenizer.h"
#include "io/file_open.h"
#include "ldiv/data/error.h"
#include "ldiv/data/feedback.h"

namespace ldv {

struct CsvGroupReader::Impl {
    std::string source;
    CsvOptions options;
    std::vector<std::string> wanted;
    std::string countName;
    std::unordered_set<std::string_view> missing;
    detail::CsvTokenizer tokenizer;

    bool haveHeader = false;
    std::size_t arity = 0;
    std::vector<std::size_t> fieldOf;  // kept column -> field index
    std::size_t countField = 0;
    std::vector<Column> columns;
    std::vector<std::uint64_t> missingRows;
    // Groups in an open-addressing table over their flat code keys: per group, its codes
    // and a count, which is the memory bound that makes streaming worthwhile (no node or
    // string per group, no allocation per record).
    std::vector<Code> keys;            // group-major, fieldOf.size() codes per group
    std::vector<std::uint32_t> slots;  // 0 = empty, else group + 1
    std::vector<std::uint64_t> counts;
    std::vector<Code> key;
    std::uint64_t rowsRead = 0, rowsDropped = 0, rows = 0;

    Impl(std::string s, char sep, const CsvOptions& o, std::vector<std::string> cols,
         std::string count)
        : source(std::move(s)),
          options(o),
          wanted(std::move(cols)),
          countName(std::move(count)),
          tokenizer(
              source, sep, o.trim, [this](const auto& f) { onRecord(f); }, o.maxRecordBytes) {
        for (const std::string& t : options.missingTokens) missing.insert(t);
    }

    void header(const std::vector<detail::CsvField>& fields) {
        haveHeader = true;
        arity = fields.size();
        auto find = [&](const std::string& name) -> std::size_t {
            for (std::size_t i = 0; i < fields.size(); ++i)
                if (fields[i].text == name) return i;
            std::string names;
            for (const auto& f : fields) names += (names.empty() ? "" : ", ") + std::string(f.text);
            throw InputError(source, fields.front().line, 0,
                             "no column '" + name + "' in the header; columns are: " + names);
        };
        for (const std::string& name : wanted) {
            fieldOf.push_back(find(name));
            columns.emplace_back(name);
        }
        if (!countName.empty()) countField = find(countName);
        missingRows.assign(wanted.size(), 0);
    }

    void onRecord(const std::vector<detail::CsvField>& fields) {
        if (!haveHeader) return header(fields);
        ++rowsRead;
        if (fields.size() != arity) {
            const detail::CsvField& last = fields.back();
            throw InputError(
                source, fields.front().line,
                fields.size() > arity ? fields[arity].column : last.column + last.text.size(),
                "expected " + std::to_string(arity) + " fields (as in the header), found " +
                    std::to_string(fields.size()));
        }
        std::uint64_t weight = 1;
        if (!countName.empty()) {
            const detail::CsvField& f = fields[countField];
            const auto [end, ec] =
                std::from_chars(f.text.data(), f.text.data() + f.text.size(), weight);
            if (ec != std::errc() || end != f.text.data() + f.text.size())
                throw InputError(source, f.line, f.column,
                                 "row count '" + std::string(f.text) + "' is not a whole number");
        }
        if (options.missing == MissingPolicy::Drop) {
            for (std::size_t i = 0; i < fields.size(); ++i)
                if (!fields[i].quoted && missing.count(fields[i].text)) {
                    rowsDropped += weight;
                    return;
                }
        }
        key.resize(fieldOf.size());
        for (std::size_t c = 0; c < fieldOf.size(); ++c) {
            const detail::CsvField& f = fields[fieldOf[c]];
            key[c] = columns[c].intern(f.text);
            if (!f.quoted && missing.count(f.text)) missingRows[c] += weight;
        }
        counts[groupOf(key)] += weight;
        rows += weight;
    }

    static std::uint64_t hashOf(const Code* k, std::size_t width) {
        std::uint64_t h = 0x9E3779B97F4A7C15ull;
        for (std::size_t i = 0; i < width; ++i) h = (h ^ k[i]) * 0xBF58476D1CE4E5B9ull;
        return h ^ (h >> 31);
    }

    std::uint32_t groupOf(const std::vector<Code>& k) {
        const std::size_t width = k.size();
        if (slots.empty()) slots.assign(1024, 0);
        const std::size_t mask = slots.size() - 1;
        for (std::size_t p = hashOf(k.data(), width) & mask;; p = (p + 1) & mask) {
            const std::uint32_t s = slots[p];
            if (s == 0) {
                const auto g = std::uint32_t(counts.size());
                slots[p] = g + 1;
                keys.insert(keys.end(), k.begin(), k.end());
                counts.push_back(0);
                if (counts.size() * 2 > slots.size()) grow(width);
                return g;
            }
            if (std::equal(k.begin(), k.end(),
                           keys.begin() + std::ptrdiff_t(std::size_t(s - 1) * width)))
                return s - 1;
        }
    }

    void grow(std::size_t width) {
        slots.assign(slots.size() * 2, 0);
        const std::size_t mask = slots.size() - 1;
        for (std::uint32_t g = 0; g < counts.size(); ++g) {
            std::size_t p = hashOf(keys.data() + std::size_t(g) * width, width) & mask;
            while (slots[p] != 0) p = (p + 1) & mask;
            slots[p] = g + 1;
        }
    }

    GroupedTable finish() {
        tokenizer.finish();
        if (!haveHeader)
            throw InputError(source, 0, 0, "the input is empty: no header and no rows");
        GroupedTable out;
        out.rows = rows;
        out.counts.resize(counts.size());
        for (std::size_t g = 0; g < counts.size(); ++g) {
            if (counts[g] > UINT32_MAX)
                throw InputError(source, 0, 0,
                                 "a combination of values occurs more than 2^32-1 times");
            out.counts[g] = std::uint32_t(counts[g]);
        }
        for (Column& c : columns) c.reserve(counts.size());
        const std::size_t width = columns.size();
        for (std::size_t g = 0; g < counts.size(); ++g)
            for (std::size_t c = 0; c < width; ++c) columns[c].appendCode(keys[g * width + c]);
        keys = {};
        slots = {};
        for (std::size_t c = 0; c < columns.size(); ++c) {
            columns[c].setMissingCount(std::size_t(missingRows[c]));
            if (options.inferTypes)
                columns[c].setType(detail::inferColumnType(columns[c], options.missingTokens));
        }
        out.table = Table(std::move(columns));
        return out;
    }
};

CsvGroupReader::CsvGroupReader(std::string sourceName, char separator, const CsvOptions& options,
                               std::vector<std::string> columns, std::string countColumn)
    : m_impl(std::make_unique<Impl>(std::move(sourceName), separator, options, std::move(columns),
                                    std::move(countColumn))) {}
CsvGroupReader::~CsvGroupReader() = default;
void CsvGroupReader::feed(std::string_view chunk) {
    m_impl->tokenizer.feed(chunk);
}
GroupedTable CsvGroupReader::finish() {
    return m_impl->finish();
}
std::uint64_t CsvGroupReader::rowsRead() const {
    return m_impl->rowsRead;
}
std::uint64_t CsvGroupReader::rowsDropped() const {
    return m_impl->rowsDropped;
}

namespace {
using detail::FilePtr;
FilePtr openOrThrow(const std::string& path) {
    FilePtr file = detail::openForReading(path);
    if (!file)
        throw InputError(path, 0, 0,
                         std::string("cannot open the file for reading: ") + std::strerror(errno));
    return file;
}
}  // namespace

GroupedTable readCsvGroups(const std::string& path, const CsvOptions& options,
                           const std::vector<std::string>& columns, CsvReport* report,
                           Feedback* feedback) {
    FilePtr file = openOrThrow(path);
    std::fseek(file.get(), 0, SEEK_END);
    const long total = std::ftell(file.get());
    std::fseek(file.get(), 0, SEEK_SET);
    if (total == 0) throw InputError(path, 0, 0, "the file is empty (0 bytes)");
    constexpr std::size_t kChunk = std::size_t(1) << 22;
    std::vector<char> chunk(kChunk);
    std::size_t got = std::fread(chunk.data(), 1, chunk.size(), file.get());
    const std::string_view first(chunk.data(), got);
    const char sep = options.separator ? options.separator : detectSeparator(first);
    const bool bom = first.substr(0, 3) == "\xEF\xBB\xBF";
    auto progress = [&](std::uint64_t done) {
        if (feedback) {
            feedback->checkCancelled();
            feedback->setProgress(total > 0 ? double(done) / double(total) : 1.0);
        }
    };
    // The fast path first (a file that can be read again: not a pipe, whose ftell fails);
    // on anything it does not accept, the reference below reads the file again from the
    // start and names the fault.
    // On more than two threads, a file of several chunks is read in parallel pieces
    // (io/csv_parallel.h), the same groups; else (or when it finds no record boundaries) as
    // below. Not on two: with many groups the pieces' groups are collapsed twice (in the
    // piece, then merged on one thread), and the two-stage path below is cheaper. The 10 M-row
    // Adult file's 9 columns (1.19 M groups) took 5.9 s of CPU in pieces against 3.4 s on
    // one thread (issue 38, docs/search.md).
    const unsigned parallelThreads = detail::csvThreads(options);
    if (total > 0 &&
        (options.chunkBytes > 0 || (parallelThreads > 2 && total >= 2 * long(kChunk)))) {
        const int fd = fileno(file.get());
        const detail::ReadAt readAt = [fd](char* into, std::size_t size, std::uint64_t offset) {
            return detail::readFileAt(fd, into, size, offset);
        };
        detail::FastGroupsResult fast;
        const detail::ParallelOutcome outcome =
            detail::parallelCsvGroups(readAt, std::uint64_t(total), sep, options, columns,
                                      parallelThreads, fast, [&](double fraction) {
                                          if (feedback) {
                                              feedback->checkCancelled();
                                              feedback->setProgress(fraction);
                                          }
                                      });
        if (outcome == detail::ParallelOutcome::Done) {
            detail::fillCsvReport(report, sep, fast.rowsRead, fast.rowsDropped, bom);
            return std::move(fast.groups);
        }
    }
    if (total > 0 && std::fseek(file.get(), 0, SEEK_SET) == 0) {
        // Splitting and coding overlap on two threads when there are two cores.
        // (From 8 chunks on, as readCsv's rows: there is little to overlap in fewer.)
        const unsigned threads = parallelThreads > 1 && total >= 8 * long(kChunk) ? 2 : 1;
        auto read = [&](char* into, std::size_t capacity) {
            return std::fread(into, 1, capacity, file.get());
        };
        std::optional<detail::FastGroupsResult> fast =
            detail::fastCsvGroups(read, sep, options, columns, kChunk, threads, progress);
        if (fast && !std::ferror(file.get())) {
            detail::fillCsvReport(report, sep, fast->rowsRead, fast->rowsDropped, bom);
            return std::move(fast->groups);
        }
        std::clearerr(file.get());
        if (std::fseek(file.get(), 0, SEEK_SET) != 0)
            throw InputError(path, 0, 0, "cannot read the file again from its start");
        got = std::fread(chunk.data(), 1, chunk.size(), file.get());
    }
    CsvGroupReader reader(path, sep, options, columns);
    std::size_t done = 0;
    while (got > 0) {
        reader.feed(std::string_view(chunk.data(), got));
        done += got;
        progress(done);
        got = std::fread(chunk.data(), 1, chunk.size(), file.get());
    }
    if (std::ferror(file.get())) throw InputError(path, 0, 0, "read error");
    GroupedTable out = reader.finish();
    detail::fillCsvReport(report, sep, reader.rowsRead(), reader.rowsDropped(), bom);
    return out;
}

GroupedTable parseCsvGroups(std::string_view text, const std::string& sourceName,
                            const CsvOptions& options, const std::vector<std::string>& columns,
                            CsvReport* report) {
    if (text.empty()) throw InputError(sourceName, 0, 0, "the text is empty (0 bytes)");
    const char sep = options.separator ? options.separator : detectSeparator(text);
    const bool bom = text.substr(0, 3) == "\xEF\xBB\xBF";
    // readCsvGroups' readers, fed from memory: the parallel pieces (as for a file), the fast
    // path, else the reference, which names the fault.
    const unsigned threads = detail::csvThreads(options);
    if (options.chunkBytes > 0 || (threads > 2 && text.size() >= (std::size_t(8) << 20))) {
        const detail::ReadAt readAt = [text](char* into, std::size_t size, std::uint64_t offset) {
            const std::size_t n =
                offset < text.size() ? std::min<std::size_t>(size, text.size() - offset) : 0;
            std::memcpy(into, text.data() + offset, n);
            return n;
        };
        detail::FastGroupsResult fast;
        if (detail::parallelCsvGroups(readAt, text.size(), sep, options, columns, threads, fast) ==
            detail::ParallelOutcome::Done) {
            detail::fillCsvReport(report, sep, fast.rowsRead, fast.rowsDropped, bom);
            return std::move(fast.groups);
        }
    }
    std::size_t at = 0;
    auto read = [&](char* into, std::size_t capacity) {
        const std::size_t n = std::min(capacity, text.size() - at);
        std::memcpy(into, text.data() + at, n);
        at += n;
        return n;
    };
    std::optional<detail::FastGroupsResult> fast =
        detail::fastCsvGroups(read, sep, options, columns, std::size_t(1) << 22, 1);
    if (fast) {
        detail::fillCsvReport(report, sep, fast->rowsRead, fast->rowsDropped, bom);
        return std::move(fast->groups);
    }
    CsvGroupReader reader(sourceName, sep, options, columns);
    reader.feed(text);
    GroupedTable out = reader.finish();
    detail::fillCsvReport(report, sep, reader.rowsRead(), reader.rowsDropped(), bom);
    return out;
}

std::vector<std::string> readCsvHeader(const std::string& path, const CsvOptions& options,
                                       char* separator) {
    FilePtr file = openOrThrow(path);
    std::vector<char> chunk(1 << 16);
    const std::size_t got = std::fread(chunk.data(), 1, chunk.size(), file.get());
    const std::string_view first(chunk.data(), got);
    const char sep = options.separator ? options.separator : detectSeparator(first);
    if (separator) *separator = sep;
    std::vector<std::string> names;
    bool done = false;
    detail::CsvTokenizer tokenizer(path, sep, options.trim, [&](const auto& fields) {
        if (done) return;
        done = true;
        for (const auto& f : fields) names.emplace_back(f.text);
    });
    // The header ends at the first line break outside quotes; feed until it is seen.
    std::string_view rest = first;
    const std::size_t nl = rest.find('\n');
    tokenizer.feed(nl == std::string_view::npos ? rest : rest.substr(0, nl + 1));
    if (!done) tokenizer.finish();
    if (names.empty()) throw InputError(path, 0, 0, "the file is empty: no header");
    return names;
}

}  // namespace ldv
