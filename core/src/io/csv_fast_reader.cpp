#include "io/csv_fast_reader.h"

#include <algorithm>
#include <unordered_set>

#include "data/prefault.h"
#include "data/type_inference.h"
#include "io/csv_projection.h"
#include "io/csv_tokenizer.h"

namespace ldv::detail {

bool acceptableText(std::string_view text) {
    if (plainAscii(text)) return true;
    return invalidUtf8Offset(text) == std::string_view::npos &&
           text.find('\0') == std::string_view::npos && text.substr(0, 3) != "\xEF\xBB\xBF";
}

FastCsvReader::FastCsvReader(char separator, const CsvOptions& options)
    : m_options(options),
      m_scanner(separator, options.trim, options.maxRecordBytes),
      m_missing(options.missingTokens) {}

bool FastCsvReader::isMissing(const FastField& field) const {
    return m_missing.matches(field);
}

std::optional<ColumnLayout> columnLayout(const std::vector<FastField>& fields,
                                         const CsvOptions& options,
                                         const std::vector<std::string>* wanted) {
    for (const FastField& f : fields)
        if (!acceptableText(f.view())) return std::nullopt;
    ColumnLayout out;
    if (wanted) {
        for (const std::string& name : *wanted) {
            const auto it = std::find_if(fields.begin(), fields.end(),
                                         [&](const FastField& f) { return f.view() == name; });
            if (it == fields.end()) return std::nullopt;  // the reference names the columns
            out.fieldOf.push_back(std::size_t(it - fields.begin()));
            out.names.push_back(name);
        }
        return out;
    }
    // Too many columns: the reference reader refuses them with the line and column.
    if (fields.size() > options.maxColumns) return std::nullopt;
    std::unordered_set<std::string> seen;
    for (std::size_t i = 0; i < fields.size(); ++i) {
        std::string name =
            options.header ? std::string(fields[i].view()) : "column" + std::to_string(i + 1);
        if (name.empty()) name = "column" + std::to_string(i + 1);
        // A duplicate name: the reference names it.
        if (options.header && !seen.insert(name).second) return std::nullopt;
        out.fieldOf.push_back(i);
        out.names.push_back(std::move(name));
    }
    return out;
}

bool FastCsvReader::startColumns() {
    m_started = true;
    std::optional<ColumnLayout> layout = columnLayout(m_fields, m_options);
    if (!layout) return false;
    m_arity = layout->names.size();
    m_keep = projectedColumns(layout->names, m_options);
    for (std::size_t i = 0; i < m_arity; ++i)
        if (m_keep[i]) {
            m_columns.emplace_back(layout->names[i]);
            m_fieldOf.push_back(i);
        }
    m_names = std::move(layout->names);
    m_projected = skipsAny(m_keep);
    m_indexes.resize(m_columns.size());
    m_missingCounts.assign(m_columns.size(), 0);
    return true;
}

bool FastCsvReader::onRecord() {
    if (!m_started) {
        if (!startColumns()) return false;
        if (m_options.header) return true;
    }
    ++m_rowsRead;
    const std::size_t n = m_arity;
    if (m_fields.size() != n) return false;
    // Every field, skipped ones too: the missing policy drops a row when any is missing. (A
    // kept row then has no missing field; under Keep the dictionaries say which are.)
    if (m_options.missing == MissingPolicy::Drop &&
        std::any_of(m_fields.begin(), m_fields.end(),
                    [&](const FastField& f) { return isMissing(f); })) {
        for (const FastField& f : m_fields)
            if (!acceptableText(f.view())) return false;
        ++m_rowsDropped;
        return true;
    }
    // A skipped field has no dictionary to remember that its spelling passed: each is checked
    // unless the whole chunk is plain ASCII, so that its bad bytes still send the input to the
    // reference, which names them.
    if (m_projected && !m_plainChunk)
        for (std::size_t i = 0; i < n; ++i)
            if (!m_keep[i] && !acceptableText(m_fields[i].view())) return false;
    for (std::size_t c = 0; c < m_columns.size(); ++c) {
        const std::size_t i = m_fieldOf[c];
        const std::string_view text = m_fields[i].view();
        bool token = false;
        Code code = m_indexes[c].lookupIn(text, token, m_chunkBegin, m_chunkEnd);
        if (code == SpellingIndex::kAbsent) {
            // A spelling is checked once, when first seen: the ones seen before passed.
            if (!acceptableText(text)) return false;
            code = m_columns[c].intern(text);
            token = m_missing.isToken(text);
            m_indexes[c].remember(text, code, token);
        }
        m_columns[c].appendCode(code);
        m_missingCounts[c] += token && !m_fields[i].quoted;
    }
    return true;
}

std::size_t FastCsvReader::feed(const char* data, std::size_t size, bool atEof) {
    // Plain ASCII without NUL: no skipped field needs its own check (one vectorised pass).
    m_plainChunk = !m_options.columns.empty() && plainAscii(std::string_view(data, size));
    m_chunkBegin = data;
    m_chunkEnd = data + size;
    const char* p = data;
    const char* const end = data + size;
    switch (
        m_scanner.scanRecords(p, end, atEof, m_fields, [&](const char*) { return onRecord(); })) {
        case ScanEnd::Done:
            return size;
        case ScanEnd::Incomplete:
            // A record longer than the limit never completes: the reference says so.
            if (std::size_t(end - p) > m_options.maxRecordBytes) return kBail;
            return std::size_t(p - data);
        case ScanEnd::Bail:
        case ScanEnd::Refused:
            return kBail;
    }
    return kBail;
}

void FastCsvReader::reserveFor(std::size_t totalBytes, std::size_t bytesRead) {
    if (m_rowsRead == 0 || bytesRead == 0) return;
    const double rows = double(totalBytes) / double(bytesRead) * double(m_rowsRead) * 1.02 + 16;
    for (Column& c : m_columns) {
        c.reserve(std::size_t(rows));
        prefault(c.codes().data(), std::size_t(rows) * sizeof(Code));
    }
}

std::optional<Table> FastCsvReader::finish() {
    if (!m_started) return std::nullopt;
    for (std::size_t i = 0; i < m_columns.size(); ++i) {
        m_columns[i].setMissingCount(m_missingCounts[i]);
        if (m_options.inferTypes)
            m_columns[i].setType(inferColumnType(m_columns[i], m_options.missingTokens));
    }
    Table table(std::move(m_columns));
    markSkipped(table, m_names, m_keep);
    return table;
}

namespace {

/// Scans `text` (a leading BOM skipped) record by record, calling
/// onRecord(fields, scale) for each, where `scale` is the text's size over the part read so
/// far (for presizing from the first records). False when the fast scanner bails or a field
/// is not acceptable text: the callers then fall back on the tokenizer, which names the fault.
template <class OnRecord>
bool scanRecords(std::string_view text, char separator, bool trim, OnRecord onRecord) {
    if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
    CsvScanner scanner(separator, trim, std::size_t(64) << 20);
    std::vector<FastField> fields;
    const char* p = text.data();
    const char* const end = p + text.size();
    return scanner.scanRecords(p, end, true, fields, [&](const char* after) {
        for (const FastField& f : fields)
            if (!acceptableText(f.view())) return false;
        onRecord(fields, double(text.size()) / double(after - text.data()));
        return true;
    }) == ScanEnd::Done;
}

}  // namespace

bool fastCsvCells(std::string_view text, char separator, bool trim, CellTable& out) {
    if (text.size() >= 0xFFFFFFFFu) return false;
    out = CellTable{};
    out.text.reserve(text.size());
    return scanRecords(
        text, separator, trim, [&](const std::vector<FastField>& fields, double scale) {
            // Sized from the first records, as fastCsvRecords.
            if (out.rowCount() == 64) {
                out.rowStart.reserve(std::size_t(65 * scale * 1.06));
                out.cellStart.reserve(std::size_t(double(out.cellStart.size()) * scale * 1.06));
            }
            for (const FastField& f : fields) {
                out.text.append(f.view());
                out.cellStart.push_back(std::uint32_t(out.text.size()));
            }
            out.rowStart.push_back(std::uint32_t(out.cellStart.size() - 1));
        });
}

std::optional<std::vector<std::vector<std::string>>> fastCsvRecords(std::string_view text,
                                                                    char separator, bool trim) {
    std::vector<std::vector<std::string>> records;
    const bool ok =
        scanRecords(text, separator, trim, [&](const std::vector<FastField>& fields, double scale) {
            // Sized from the first records: growing a 100,000-record
            // vector by doubling touches twice its size in fresh pages.
            if (records.size() == 64) records.reserve(std::size_t(scale * 68));
            auto& record = records.emplace_back();
            record.reserve(fields.size());
            for (const FastField& f : fields) record.emplace_back(f.view());
        });
    if (!ok) return std::nullopt;
    return records;
}

}  // namespace ldv::detail
