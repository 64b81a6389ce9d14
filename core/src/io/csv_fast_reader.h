#pragma once
// The fast path of readCsv/parseCsv/parseCsvRecords: CsvScanner's views go straight into the
// columns through a SpellingIndex per column (one hash per cell, an allocation only per new
// value), and UTF-8 is checked once per distinct spelling instead of once per cell.
//
// Anything unusual makes it give up (Bail): the callers then read the input again with the
// reference path (CsvTokenizer + the TableBuilder of csv_reader.cpp), which reports errors
// with file, line and column. tests/core/test_csv_fast checks that both paths give identical
// tables on every test file and on random text.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "io/cell_table.h"
#include "io/csv_scanner.h"
#include "io/missing_tokens.h"
#include "io/spelling_index.h"
#include "ldiv/io/csv_table_reader.h"

namespace ldv::detail {

/// True when CsvTokenizer would accept the field's bytes: valid UTF-8, no NUL, no byte-order
/// mark at its start.
bool acceptableText(std::string_view text);

/// The columns a first record lays out, by readCsv's rules: with `wanted`, those header names
/// in that order; otherwise every field, named by the header (an empty name "columnN") or
/// "columnN" without one. Nothing when the reference reader must read the input instead, as it
/// names the fault: a name that is not acceptable text, a wanted column missing, more columns
/// than options.maxColumns, a name twice. Shared by the fast readers of rows, of groups and of
/// the parallel pieces.
struct ColumnLayout {
    std::vector<std::size_t> fieldOf;  ///< column -> field index in the record
    std::vector<std::string> names;
};
std::optional<ColumnLayout> columnLayout(const std::vector<FastField>& fields,
                                         const CsvOptions& options,
                                         const std::vector<std::string>* wanted = nullptr);

class FastCsvReader {
public:
    static constexpr std::size_t kBail = std::size_t(-1);

    FastCsvReader(char separator, const CsvOptions& options);
    /// Reads the complete records at the start of [data, data + size); returns how many bytes
    /// they took (the rest must be given again, followed by more input), or kBail.
    std::size_t feed(const char* data, std::size_t size, bool atEof);
    /// Reserves the columns for a file of `totalBytes` from the records read so far.
    void reserveFor(std::size_t totalBytes, std::size_t bytesRead);
    /// The table, or nothing when the input had no record (the reference names the error).
    std::optional<Table> finish();
    std::size_t rowsRead() const { return m_rowsRead; }
    std::size_t rowsDropped() const { return m_rowsDropped; }

private:
    bool onRecord();
    bool startColumns();
    bool isMissing(const FastField& field) const;

    CsvOptions m_options;
    CsvScanner m_scanner;
    std::vector<FastField> m_fields;
    std::size_t m_arity = 0;             // fields per record
    std::vector<std::string> m_names;    // every column of the file
    std::vector<char> m_keep;            // per field: read into a column (CsvOptions::columns)
    std::vector<std::size_t> m_fieldOf;  // column -> field
    bool m_projected = false;            // some field is skipped
    bool m_plainChunk = false;           // the chunk being fed is plain ASCII (plainAscii)
    const char* m_chunkBegin = nullptr;  // the chunk being fed (SpellingIndex::lookupIn)
    const char* m_chunkEnd = nullptr;
    std::vector<Column> m_columns;
    std::vector<SpellingIndex> m_indexes;
    std::vector<std::size_t> m_missingCounts;  // per column
    MissingTokens m_missing;
    bool m_started = false;
    std::size_t m_rowsRead = 0;
    std::size_t m_rowsDropped = 0;
};

/// parseCsvRecords' fast path as a CellTable (parseHierarchy's); false on Bail, and for a
/// text of 4 GiB or more (32-bit offsets).
bool fastCsvCells(std::string_view text, char separator, bool trim, CellTable& out);

/// parseCsvRecords' fast path; nothing on Bail.
std::optional<std::vector<std::vector<std::string>>> fastCsvRecords(std::string_view text,
                                                                    char separator, bool trim);

}  // namespace ldv::detail
