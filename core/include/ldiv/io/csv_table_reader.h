#pragma once
// RFC 4180 CSV reading and writing into the dictionary-encoded Table.
#include <cstddef>
#include <iosfwd>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ldiv/data/table.h"

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
    /// Data read from a pipe (stdin, a FIFO) stops with an error past this many bytes, so an
    /// endless producer (`yes |`) cannot fill the memory.
    std::size_t maxPipeBytes = std::size_t(1) << 30;
    /// A table with more columns is refused: each column costs about a kilobyte before its
    /// first value (a 10 MB file of 1,000,000 one-byte columns took 1.1 GB), and no table of
    /// microdata comes near a spreadsheet's 16,384 (a wrong separator does).
    std::size_t maxColumns = 16384;
    /// An .xlsx workbook's sheet to read (table_formats.h); "" = the first. CSV files ignore it.
    std::string sheet;
    /// Threads that read a CSV file in parallel chunks (readCsv, parseCsv, readCsvGroups);
    /// 0 = every core. 1 reads it on one thread, as before. The table is the same whatever
    /// the count (io/csv_parallel.h).
    unsigned threads = 0;
    /// The spacing of the parallel reader's chunk boundaries in bytes; 0 = the reader's choice
    /// (a few chunks per thread). Not 0: the chunked reader is used whatever the size and the
    /// thread count, so tests can force boundaries into every byte position.
    std::size_t chunkBytes = 0;
    /// A column projection: when not empty, only the columns of these names (header names,
    /// or columnN without a header; names not in the file are ignored) are read into the
    /// Table, in file order. The others are still split, so record boundaries, field counts,
    /// UTF-8 and their errors are exactly those of a whole load, and their missing tokens
    /// still drop a row under MissingPolicy::Drop; but their cells are neither interned nor
    /// typed. The Table names them as skipped (Table::isSkipped, requireColumn). Not saved
    /// in a project file: each command sets it to the columns it uses.
    std::vector<std::string> columns;
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
/// CSV text fed in chunks as it arrives (a database's `COPY … TO STDOUT`): each record goes
/// straight into the Table, so the text is never held whole and the transient memory is one
/// chunk. The same header, missing-value and arity rules as readCsv; `separator` must be given.
class CsvTableReader {
public:
    CsvTableReader(std::string sourceName, char separator, const CsvOptions& options);
    ~CsvTableReader();
    CsvTableReader(const CsvTableReader&) = delete;
    CsvTableReader& operator=(const CsvTableReader&) = delete;
    /// Throws InputError naming the source, line and column.
    void feed(std::string_view chunk);
    Table finish(CsvReport* report = nullptr);
    /// Data rows seen so far (dropped ones included).
    std::size_t rowsRead() const;

private:
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};
/// Splits CSV text into records of fields (no header handling, no typing). Used for
/// hierarchy files and previews. Throws InputError like readCsv.
std::vector<std::vector<std::string>> parseCsvRecords(std::string_view text,
                                                      const std::string& sourceName,
                                                      char separator = 0, bool trim = true);
/// Guesses the separator from the first lines of text: the candidate that splits the most
/// lines into the same number (>1) of fields.
char detectSeparator(std::string_view text);
/// The whole text of a hierarchy, taxonomy or project file. Refuses what is not a regular
/// file (a folder, a FIFO, a device such as /dev/zero) and files past `maxBytes`, naming the
/// file and the limit.
inline constexpr std::size_t kMaxTextFileBytes = std::size_t(256) << 20;
std::string readFileText(const std::string& path, std::size_t maxBytes = kMaxTextFileBytes);

/// A field as written to CSV: quoted when it contains the separator, a quote, CR or LF, or
/// starts or ends with a space (the reader trims unquoted fields), with quotes doubled
/// (RFC 4180). The one quoting rule of every CSV ldiv writes.
std::string csvField(std::string_view field, char separator = ',');
void writeCsvField(std::ostream& out, std::string_view field, char separator);
void writeCsvRecord(std::ostream& out, const std::vector<std::string>& fields, char separator);
/// Writes `text` to `path` through a temporary file (`path`.XXXXXX.ldiv-tmp, a name unique
/// to this writer, synced, then renamed into place), so a failed write keeps the old file and
/// leaves no temporary file, and writers racing on one path each install a complete file
/// (the last rename wins). Throws InputError naming `path` and the system's reason ("cannot
/// write into its folder: Permission denied", "cannot write the whole file: No space left on
/// device", …). `ownerOnly`: the file is created 0600 (a pseudonym map: the key back to the
/// people), whatever the umask.
void writeFileAtomically(const std::string& path, std::string_view text, bool ownerOnly = false);
/// Several files as one transaction (a table and its value mapping): all are written to
/// temporary files first, then renamed; when a rename fails, the files already replaced get
/// their old content back (or are removed when they did not exist) and InputError names the
/// file that failed. The files named in `ownerOnly` are created 0600.
void writeFilesAtomically(const std::vector<std::pair<std::string, std::string_view>>& files,
                          const std::vector<std::string>& ownerOnly = {});

/// Writes a table as CSV through a temporary file (the old file survives a failed write).
/// With `neutralizeFormulas`, cells that a spreadsheet would run as a formula (starting with
/// = + - @, tab or CR, and not a plain number) get a leading apostrophe (OWASP CSV injection).
void writeTableCsv(const Table& table, const std::string& path, char separator = ',',
                   bool neutralizeFormulas = false);
std::string formatTableCsv(const Table& table, char separator = ',',
                           bool neutralizeFormulas = false);
/// The cell as written with formula neutralisation.
std::string neutralizeFormula(const std::string& cell);

}  // namespace ldv
