#include "io/csv_fast_groups.h"

#include <algorithm>
#include <condition_variable>
#include <cstring>
#include <exception>
#include <mutex>
#include <string_view>
#include <thread>
#include <utility>

#include "data/type_inference.h"
#include "io/csv_fast_reader.h"
#include "io/csv_scanner.h"
#include "io/csv_tokenizer.h"
#include "io/group_keys.h"
#include "io/missing_tokens.h"
#include "io/spelling_index.h"

namespace ldv::detail {
namespace {

constexpr std::size_t kBail = std::size_t(-1);

/// A chunk of the input on its way through the two stages: the bytes as read (the previous
/// chunk's unfinished record at the front), and where each kept cell of its records lies.
struct Batch {
    std::vector<char> bytes;
    std::string unescaped;  // quoted fields with doubled quotes, unescaped
    struct Cell {
        std::uint32_t offset;  // into bytes, or into unescaped when kUnescaped is set in size
        std::uint32_t size;
    };
    static constexpr std::uint32_t kUnescaped = 0x80000000u;
    std::vector<Cell> cells;  // width() a kept row
    std::string_view text(Cell c) const {
        if (c.size & kUnescaped) return {unescaped.data() + c.offset, c.size & ~kUnescaped};
        return {bytes.data() + c.offset, c.size};
    }
};

/// The first stage: records -> the kept cells of each kept row, with the checks of every
/// field's bytes, the header, arity and missing-value rules. `wanted`: the columns to keep
/// in this order, found by name in the header (CsvGroupReader's rules); null: every column,
/// the header as readCsv takes it (CsvOptions::header; no name twice).
class Splitter {
public:
    Splitter(char separator, const CsvOptions& options, const std::vector<std::string>* wanted)
        : m_options(options),
          m_wanted(wanted),
          m_scanner(separator, options.trim, options.maxRecordBytes),
          m_missing(options.missingTokens) {}

    /// Splits the complete records in batch.bytes[begin, end) into batch.cells; returns the
    /// bytes they took, or kBail.
    std::size_t split(Batch& batch, std::size_t begin, std::size_t end, bool atEof) {
        // Over 2 GiB of held bytes the cell offsets would not fit: the reference reads it.
        if (end >= Batch::kUnescaped) return kBail;
        const char* const data = batch.bytes.data();
        const bool checked = plainAscii(std::string_view(data + begin, end - begin));
        const char* p = data + begin;
        const char* const stop = data + end;
        switch (m_scanner.scanRecords(p, stop, atEof, m_fields,
                                      [&](const char*) { return onRecord(checked, batch); })) {
            case ScanEnd::Done:
                return end - begin;
            case ScanEnd::Incomplete:
                if (std::size_t(stop - p) > m_options.maxRecordBytes) return kBail;
                return std::size_t(p - (data + begin));
            case ScanEnd::Bail:
            case ScanEnd::Refused:
                return kBail;
        }
        return kBail;
    }

    bool started() const { return m_started; }
    std::uint64_t rowsRead() const { return m_rowsRead; }
    std::uint64_t rowsDropped() const { return m_rowsDropped; }
    const std::vector<std::uint64_t>& missingRows() const { return m_missingRows; }
    /// The kept columns' names, once the header is read.
    const std::vector<std::string>& names() const { return m_names; }

private:
    bool isMissing(const FastField& field) const { return m_missing.matches(field); }

    /// False when the reference must read it (a wanted column missing, a name twice).
    bool header() {
        m_started = true;
        m_arity = m_fields.size();
        std::optional<ColumnLayout> layout = columnLayout(m_fields, m_options, m_wanted);
        if (!layout) return false;
        m_fieldOf = std::move(layout->fieldOf);
        m_names = std::move(layout->names);
        m_missingRows.assign(m_fieldOf.size(), 0);
        return true;
    }

    bool onRecord(bool checked, Batch& batch) {
        // The tokenizer checks every field of every record, kept or not, dropped or not.
        if (!checked)
            for (const FastField& f : m_fields)
                if (!acceptableText(f.view())) return false;
        if (!m_started) {
            if (!header()) return false;
            if (m_wanted || m_options.header) return true;  // else the first row is data too
        }
        ++m_rowsRead;
        if (m_fields.size() != m_arity) return false;
        if (m_options.missing == MissingPolicy::Drop) {
            for (const FastField& f : m_fields)
                if (isMissing(f)) {
                    ++m_rowsDropped;
                    return true;
                }
        }
        for (std::size_t c = 0; c < m_fieldOf.size(); ++c) {
            const FastField& f = m_fields[m_fieldOf[c]];
            if (f.inScratch) {  // the scanner's scratch is reused by the next record
                const auto at = std::uint32_t(batch.unescaped.size());
                batch.unescaped.append(f.view());
                batch.cells.push_back({at, f.size | Batch::kUnescaped});
            } else {
                batch.cells.push_back({std::uint32_t(f.data - batch.bytes.data()), f.size});
            }
            m_missingRows[c] += isMissing(f);
        }
        return true;
    }

    const CsvOptions& m_options;
    const std::vector<std::string>* m_wanted;
    std::vector<std::string> m_names;
    CsvScanner m_scanner;
    std::vector<FastField> m_fields;
    MissingTokens m_missing;
    bool m_started = false;
    std::size_t m_arity = 0;
    std::vector<std::size_t> m_fieldOf;  // kept column -> field index
    std::vector<std::uint64_t> m_missingRows;
    std::uint64_t m_rowsRead = 0, m_rowsDropped = 0;
};

/// The second stage, part one: kept cells -> dictionary codes, through a SpellingIndex per
/// column in front of Column::intern (which owns the dictionary and its normalisation).
class Coder {
public:
    explicit Coder(const std::vector<std::string>& wanted) : m_indexes(wanted.size()) {
        for (const std::string& name : wanted) m_columns.emplace_back(name);
    }

    void code(const Batch& batch, std::vector<Code>& out) {
        const std::size_t width = m_columns.size();
        out.resize(batch.cells.size());
        for (std::size_t i = 0, c = 0; i < batch.cells.size();
             ++i, c = c + 1 == width ? 0 : c + 1) {
            const std::string_view text = batch.text(batch.cells[i]);
            bool marked;
            Code code = m_indexes[c].lookup(text, marked);
            if (code == SpellingIndex::kAbsent) {
                code = m_columns[c].intern(text);
                m_indexes[c].remember(text, code, false);
            }
            out[i] = code;
        }
    }

    std::vector<Column>& columns() { return m_columns; }

private:
    std::vector<Column> m_columns;
    std::vector<SpellingIndex> m_indexes;
};

/// The second stage, part two: rows of codes -> groups in order of first appearance with their row
/// counts, in an open-addressing table over the flat keys (as CsvGroupReader). With a million
/// groups the table and the keys are far larger than the caches, so a row costs two misses
/// (its slot, its group's key): the hashes of a batch are computed first, and the slot of the
/// row kAhead rows on and the key its slot names are prefetched while this row is placed.
class Collapser {
public:
    explicit Collapser(std::size_t width) : m_groups(width, m_keys, m_counts), m_width(width) {}

    void add(const std::vector<Code>& rows) {
        const std::size_t n = rows.size() / m_width;
        m_hashes.resize(n);
        for (std::size_t r = 0; r < n; ++r)
            m_hashes[r] = m_groups.hashOf(rows.data() + r * m_width);
        constexpr std::size_t kAhead = 16, kKeyAhead = 8;
        for (std::size_t r = 0; r < n; ++r) {
            if (r + kAhead < n) m_groups.prefetchSlot(m_hashes[r + kAhead]);
            if (r + kKeyAhead < n) m_groups.prefetchKey(m_hashes[r + kKeyAhead]);
            ++m_counts[m_groups.groupOf(rows.data() + r * m_width, m_hashes[r])];
        }
    }

    const std::vector<Code>& keys() const { return m_keys; }
    const std::vector<std::uint64_t>& counts() const { return m_counts; }

private:
    std::vector<Code> m_keys;  // group-major, m_width codes per group
    std::vector<std::uint64_t> m_counts;
    GroupKeys m_groups;  // over m_keys and m_counts, declared before it
    std::size_t m_width;
    std::vector<std::uint64_t> m_hashes;  // of the batch's rows
};

/// Runs the second stage on another thread, one batch at a time: post() hands over a batch
/// and returns at once; wait() returns when it is done (rethrowing its error). The caller
/// splits the next chunk into the other batch meanwhile.
class StageTwoThread {
public:
    explicit StageTwoThread(std::function<void(const Batch&)> work)
        : m_work(std::move(work)), m_thread([this] { run(); }) {}
    ~StageTwoThread() {
        {
            std::lock_guard lock(m_mutex);
            m_stop = true;
        }
        m_wake.notify_all();
        m_thread.join();
    }

    void post(const Batch* batch) {
        {
            std::lock_guard lock(m_mutex);
            m_batch = batch;
        }
        m_wake.notify_all();
    }

    void wait() {
        std::unique_lock lock(m_mutex);
        m_done.wait(lock, [&] { return m_batch == nullptr; });
        if (m_error) std::rethrow_exception(std::exchange(m_error, nullptr));
    }

private:
    void run() {
        std::unique_lock lock(m_mutex);
        for (;;) {
            m_wake.wait(lock, [&] { return m_stop || m_batch != nullptr; });
            if (!m_batch) return;  // stopping, nothing pending
            const Batch* batch = m_batch;
            lock.unlock();
            std::exception_ptr error;
            try {
                m_work(*batch);
            } catch (...) {
                error = std::current_exception();
            }
            lock.lock();
            m_error = error;
            m_batch = nullptr;
            m_done.notify_all();
            if (m_stop) return;
        }
    }

    std::function<void(const Batch&)> m_work;
    std::mutex m_mutex;
    std::condition_variable m_wake, m_done;
    const Batch* m_batch = nullptr;
    std::exception_ptr m_error;
    bool m_stop = false;
    std::thread m_thread;
};

/// Reads the input chunk by chunk through stage one (`splitter`) and `stageTwo`, on two
/// threads when `threads` > 1 and the input is more than a chunk. False when stage one gave
/// up. `firstBatch(bytes)` is told how many bytes the first chunk took (presizing).
template <class StageTwo>
bool runStages(const std::function<std::size_t(char*, std::size_t)>& read, Splitter& splitter,
               std::size_t chunkBytes, unsigned threads,
               const std::function<void(std::uint64_t)>& afterChunk, StageTwo stageTwo) {
    // The batches are declared before the thread, which may still read one when unwound.
    Batch batches[2];
    std::optional<StageTwoThread> worker;
    int current = 0;

    Batch* batch = &batches[0];
    batch->bytes.resize(chunkBytes);
    std::size_t got = read(batch->bytes.data(), chunkBytes);
    std::size_t held = got;
    std::uint64_t done = got;
    std::size_t begin =
        std::string_view(batch->bytes.data(), held).substr(0, 3) == "\xEF\xBB\xBF" ? 3 : 0;
    // One thread would only wait for the other on a small input.
    if (threads > 1 && got == chunkBytes) worker.emplace(stageTwo);
    while (got > 0) {
        const std::size_t used = splitter.split(*batch, begin, held, false);
        if (used == kBail) return false;
        // The unfinished record goes to the front of the other batch, once stage two is done
        // with that one; this batch goes to stage two.
        Batch* next = &batches[current ^ 1];
        if (worker) worker->wait();
        const std::size_t keep = held - begin - used;
        if (next->bytes.size() < keep + chunkBytes) next->bytes.resize(keep + chunkBytes);
        std::memcpy(next->bytes.data(), batch->bytes.data() + begin + used, keep);
        if (!batch->cells.empty()) {
            if (worker)
                worker->post(batch);
            else
                stageTwo(*batch);
        }
        current ^= 1;
        batch = next;
        batch->cells.clear();
        batch->unescaped.clear();
        begin = 0;
        held = keep;
        if (afterChunk) afterChunk(done);
        got = read(batch->bytes.data() + held, chunkBytes);
        held += got;
        done += got;
    }
    if (splitter.split(*batch, begin, held, true) == kBail) return false;
    if (worker) {
        worker->wait();
        worker.reset();
    }
    if (!batch->cells.empty()) stageTwo(*batch);
    return true;
}

}  // namespace

std::optional<FastGroupsResult> fastCsvGroups(const ChunkRead& read, char separator,
                                              const CsvOptions& options,
                                              const std::vector<std::string>& columns,
                                              std::size_t chunkBytes, unsigned threads,
                                              const AfterChunk& afterChunk) {
    if (columns.empty()) return std::nullopt;  // one group of every row: the reference's
    Splitter splitter(separator, options, &columns);
    Coder coder(columns);
    Collapser collapser(columns.size());
    std::vector<Code> codes;
    auto stageTwo = [&](const Batch& batch) {
        coder.code(batch, codes);
        collapser.add(codes);
    };
    if (!runStages(read, splitter, chunkBytes, threads, afterChunk, stageTwo)) return std::nullopt;
    if (!splitter.started()) return std::nullopt;  // empty: the reference says so

    FastGroupsResult out;
    const std::vector<std::uint64_t>& counts = collapser.counts();
    out.groups.counts.resize(counts.size());
    for (std::size_t g = 0; g < counts.size(); ++g) {
        if (counts[g] > UINT32_MAX) return std::nullopt;  // the reference names the limit
        out.groups.counts[g] = std::uint32_t(counts[g]);
        out.groups.rows += counts[g];
    }
    std::vector<Column>& cols = coder.columns();
    const std::size_t width = cols.size();
    const std::vector<Code>& keys = collapser.keys();
    for (std::size_t c = 0; c < width; ++c) {
        cols[c].reserve(counts.size());
        for (std::size_t g = 0; g < counts.size(); ++g) cols[c].appendCode(keys[g * width + c]);
        cols[c].setMissingCount(std::size_t(splitter.missingRows()[c]));
        if (options.inferTypes) cols[c].setType(inferColumnType(cols[c], options.missingTokens));
    }
    out.groups.table = Table(std::move(cols));
    out.rowsRead = splitter.rowsRead();
    out.rowsDropped = splitter.rowsDropped();
    return out;
}

std::optional<FastRowsResult> fastCsvRows(const ChunkRead& read, char separator,
                                          const CsvOptions& options, std::size_t chunkBytes,
                                          std::uint64_t totalBytes, unsigned threads,
                                          const AfterChunk& afterChunk) {
    Splitter splitter(separator, options, nullptr);
    std::optional<Coder> coder;
    std::vector<Code> codes;
    std::uint64_t coded = 0;
    auto stageTwo = [&](const Batch& batch) {
        if (!coder) {
            coder.emplace(splitter.names());
            // Sized from the first chunk, as FastCsvReader::reserveFor: growing 10 M-row
            // columns by doubling touches twice their size in fresh pages.
            const std::size_t width = splitter.names().size();
            if (totalBytes > chunkBytes && width > 0) {
                const double rows = double(batch.cells.size() / width) * double(totalBytes) /
                                        double(batch.bytes.size()) * 1.02 +
                                    16;
                for (Column& c : coder->columns()) c.reserve(std::size_t(rows));
            }
        }
        coder->code(batch, codes);
        std::vector<Column>& cols = coder->columns();
        const std::size_t width = cols.size();
        for (std::size_t i = 0, c = 0; i < codes.size(); ++i, c = c + 1 == width ? 0 : c + 1)
            cols[c].appendCode(codes[i]);
        coded += codes.size();
    };
    if (!runStages(read, splitter, chunkBytes, threads, afterChunk, stageTwo)) return std::nullopt;
    if (!splitter.started()) return std::nullopt;  // empty: the reference says so
    if (!coder) coder.emplace(splitter.names());   // a header and no rows
    std::vector<Column>& cols = coder->columns();
    for (std::size_t c = 0; c < cols.size(); ++c) {
        cols[c].setMissingCount(std::size_t(splitter.missingRows()[c]));
        if (options.inferTypes) cols[c].setType(inferColumnType(cols[c], options.missingTokens));
    }
    FastRowsResult out;
    out.table = Table(std::move(cols));
    out.rowsRead = splitter.rowsRead();
    out.rowsDropped = splitter.rowsDropped();
    return out;
}

}  // namespace ldv::detail
