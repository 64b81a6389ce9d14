#pragma once
// Tables in other files than CSV, chosen by the file name's extension: Excel workbooks
// (.xlsx) and the statistics packages' files (Stata .dta, SPSS .sav, SAS .sas7bdat). Each
// reader gives the Table that readCsv gives for the same data (the same missing-value
// policy, the same type inference), so a search on either gives the same result; see
// docs/formats.md for how cells, dates and value labels map.
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ldiv/data/table.h"
#include "ldiv/io/csv_table_reader.h"

namespace ldv {

class Feedback;

enum class TableFormat { Csv, Xlsx, Stata, Spss, Sas };

/// By the extension, case-insensitively: .xlsx, .dta, .sav, .sas7bdat; anything else is CSV
/// (.csv, .tsv, .txt, no extension), as ldiv has always read it.
TableFormat tableFormatOf(std::string_view path);
/// "csv", "xlsx", "dta", "sav", "sas7bdat": the source kind in reports.
std::string_view formatName(TableFormat format);

/// What a statistics file says about a column beyond its values.
struct ColumnLabels {
    std::string column;    ///< the column's name in the Table
    std::string label;     ///< the variable label ("Age in years"), "" when none
    std::string labelSet;  ///< the value-label set's name ("sexlbl"), "" when none
    /// Code (as the reader writes a number: "1", "2.5") → label. The column holds the labels
    /// in place of these codes, so hierarchies and the workbench see "Male", not 1.
    std::vector<std::pair<std::string, std::string>> valueLabels;
    bool operator==(const ColumnLabels&) const = default;
};

/// Labels of the columns that have any (a CSV or an xlsx file has none).
struct TableMetadata {
    std::vector<ColumnLabels> columns;
    const ColumnLabels* find(std::string_view column) const;
    bool operator==(const TableMetadata&) const = default;
};

/// Reads `path` by its extension: readCsv, readXlsx or readStatFile. `metadata` (optional)
/// receives the variable and value labels.
Table readTableFile(const std::string& path, const CsvOptions& options = {},
                    CsvReport* report = nullptr, Feedback* feedback = nullptr,
                    TableMetadata* metadata = nullptr);

/// An .xlsx workbook's sheet `options.sheet` (the first sheet when empty). Numbers are read
/// as written ("39", "0.5"), cells with a date format as ISO dates ("2024-03-31", or
/// "2024-03-31 08:15:00" with a time of day), booleans as TRUE/FALSE, empty cells as ""
/// (missing under the default tokens). Rows whose every cell is empty are skipped. Throws
/// InputError naming the file, the sheet and the cell ("sheet Sheet1, cell C7: …"); a
/// password-protected workbook (an encrypted OLE file, not a zip) and a truncated one are
/// named as such.
Table readXlsx(const std::string& path, const CsvOptions& options = {},
               CsvReport* report = nullptr);
/// The cells of a sheet as records of text (no header handling, no typing), for hierarchy
/// files written in Excel. Empty rows are skipped; rows keep their trailing empty cells up to
/// the sheet's widest row.
std::vector<std::vector<std::string>> readXlsxRecords(const std::string& path,
                                                      const std::string& sheet = {});

/// A Stata (.dta), SPSS (.sav) or SAS (.sas7bdat) file through ReadStat (Miller 2023).
/// Numbers as the shortest text that reads back to them, dates (Stata %td/%tc, SPSS DATE…,
/// SAS DATE…/DATETIME… formats) as ISO text, missing values (system, user-defined, tagged)
/// as "". A value with a value label reads as its label. Throws InputError naming the file
/// and, where ReadStat says, the variable.
Table readStatFile(const std::string& path, TableFormat format, const CsvOptions& options = {},
                   CsvReport* report = nullptr, TableMetadata* metadata = nullptr);

/// A published table as an .xlsx workbook's bytes: one sheet, "Sheet1", header in row 1;
/// numeric text in an Integer or Decimal column as a number, everything else as text
/// (never a formula: text starting with = stays text).
std::string formatTableXlsx(const Table& table, const std::string& sheetName = "Sheet1");
/// A published table as a .dta or .sav file's bytes. A column whose every value is numeric
/// text is numeric, others are strings. A column that had value labels (`metadata`) is
/// numeric with its label set: published values that are labels get their codes back, other
/// published values ("[20-29]", "*") get new codes above the largest one, labelled with
/// themselves. Throws InputError naming `destination` and the variable that the format
/// cannot hold (a string longer than Stata's 2045 bytes, a name past the format's limit).
std::string formatTableStat(const Table& table, TableFormat format, const std::string& destination,
                            const TableMetadata* metadata = nullptr);
/// The bytes of `table` in the format `path`'s extension names: CSV (formatTableCsv with
/// `separator`, `neutralize`), xlsx, dta or sav. A .sas7bdat output is refused (ReadStat's
/// SAS writer makes files SAS itself may not read).
std::string formatTableFor(const std::string& path, const Table& table, char separator,
                           bool neutralize, const TableMetadata* metadata = nullptr);

}  // namespace ldv
