#pragma once
// CSV text collapsed, as it is read, into the distinct combinations of some columns with
// their row counts. Memory grows with the combinations, not with the rows: this is how a
// CSV larger than memory (`--stream`) and a database's GROUP BY answer (COPY … TO STDOUT in
// CSV, one count column) both become a GroupedTable.
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "ldiv/io/csv_table_reader.h"
#include "ldiv/io/table_source.h"

namespace ldv {

class CsvGroupReader {
public:
    /// `columns`: header names to keep, in this order (the first record is the header).
    /// `countColumn`: when not empty, the header name of a field holding each record's row
    /// count (pre-grouped input); otherwise every record counts once. The missing-value
    /// policy applies to all fields of a record, as in readCsv.
    CsvGroupReader(std::string sourceName, char separator, const CsvOptions& options,
                   std::vector<std::string> columns, std::string countColumn = {});
    ~CsvGroupReader();
    CsvGroupReader(const CsvGroupReader&) = delete;
    CsvGroupReader& operator=(const CsvGroupReader&) = delete;

    /// Throws InputError naming the source, line and column.
    void feed(std::string_view chunk);
    GroupedTable finish();
    std::uint64_t rowsRead() const;
    std::uint64_t rowsDropped() const;

private:
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

/// Reads a whole CSV file through a CsvGroupReader in 4 MB chunks.
GroupedTable readCsvGroups(const std::string& path, const CsvOptions& options,
                           const std::vector<std::string>& columns, CsvReport* report = nullptr,
                           Feedback* feedback = nullptr);
/// The same from CSV text in memory (a DataFrame's, python/frame_source.h); `sourceName`
/// names it in error messages.
GroupedTable parseCsvGroups(std::string_view text, const std::string& sourceName,
                            const CsvOptions& options, const std::vector<std::string>& columns,
                            CsvReport* report = nullptr);
/// The header of a CSV file (first record only), to list its columns without reading it.
std::vector<std::string> readCsvHeader(const std::string& path, const CsvOptions& options,
                                       char* separator = nullptr);

}  // namespace ldv
