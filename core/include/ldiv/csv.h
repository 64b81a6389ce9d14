#pragma once
// RFC 4180 CSV reading and writing into the dictionary-encoded Table.
#include <cstddef>
#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

#include "ldiv/table.h"

namespace ldv {

class Feedback;

enum class MissingPolicy { Keep, Drop };

struct CsvOptions {
    /// 0 = detect from the first lines among , ; tab |
    char separator = 0;
    bool header = true;
    std::vector<std::string> missingTokens{"?", ""};
    MissingPolicy missing = MissingPolicy::Keep;
    /// Trim spaces around unquoted fields (Adult's raw UCI files have ", " separators).
    bool trim = true;
    /// Infer integer/decimal/date/text per column; otherwise every column is Text.
    bool inferTypes = true;
    /// A record longer than this is refused (a binary file or a missing newline would
    /// otherwise be read into memory whole).
    std::size_t maxRecordBytes = std::size_t(64) << 20;
};

struct CsvReport {
    char separator = ',';
    std::size_t rowsRead = 0;     ///< data rows in the file
    std::size_t rowsDropped = 0;  ///< rows dropped by MissingPolicy::Drop
    bool hadBom = false;
};

/// Reads a CSV file. Throws InputError naming file, line and column on malformed input:
/// unterminated quote, ragged row, invalid UTF-8, empty file, duplicate column names.
Table readCsv(const std::string& path, const CsvOptions& options = {}, CsvReport* report = nullptr,
              Feedback* feedback = nullptr);
/// Same, from text in memory; `sourceName` is used in error messages.
Table parseCsv(std::string_view text, const std::string& sourceName, const CsvOptions& options = {},
               CsvReport* report = nullptr);
/// Splits CSV text into records of fields (no header handling, no typing). Used for
/// hierarchy files and previews. Throws InputError like readCsv.
std::vector<std::vector<std::string>> parseCsvRecords(std::string_view text,
                                                      const std::string& sourceName,
                                                      char separator = 0, bool trim = true);
/// Guesses the separator from the first lines of text: the candidate that splits the most
/// lines into the same number (>1) of fields.
char detectSeparator(std::string_view text);
std::string readFileText(const std::string& path);

/// Quotes a field when it contains the separator, a quote, CR or LF.
void writeCsvField(std::ostream& out, std::string_view field, char separator);
void writeCsvRecord(std::ostream& out, const std::vector<std::string>& fields, char separator);
/// Writes `text` to `path` through a temporary file (`path`.ldiv-tmp, synced, then renamed
/// into place), so a failed write keeps the old file and leaves no temporary file. Throws
/// InputError naming `path` and the system's reason ("cannot write into its folder:
/// Permission denied", "cannot write the whole file: No space left on device", …).
void writeFileAtomically(const std::string& path, std::string_view text);

}  // namespace ldv
