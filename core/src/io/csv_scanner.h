#pragma once
// The fast path of CSV reading: splits records of well-formed RFC 4180 text into views, with
// no per-byte state machine, no copy of unquoted fields and no line/column bookkeeping.
//
// It is only ever *speculative*: on anything it does not accept as plainly valid (a syntax
// error, an unterminated quote, a record longer than the limit) it answers Bail, and the
// caller reads the input again with CsvTokenizer, the reference, which reports the error
// with its file, line and column exactly as before. So the fast path needs no positions, and
// every message stays the tokenizer's.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace ldv::detail {

struct FastField {
    const char* data;
    std::uint32_t size;
    bool quoted;
    bool inScratch;      // data is an offset into the scanner's scratch until the record ends
    std::size_t offset;  // offset into the scratch when inScratch
    std::string_view view() const { return {data, size}; }
};

enum class ScanStatus {
    Record,      ///< `fields` holds a record; the cursor is past its line end
    Blank,       ///< a line with nothing on it (not a record, as in CsvTokenizer)
    Incomplete,  ///< the record runs past the end of the buffer and more input may follow
    Bail,        ///< not plainly valid: let CsvTokenizer read it and report the error
};

class CsvScanner {
public:
    CsvScanner(char separator, bool trim, std::size_t maxRecordBytes);
    /// Scans one record starting at `p` (the start of a line). On Record and Blank `p` moves
    /// past the line end; on Incomplete and Bail it stays. `atEof`: no bytes follow `end`.
    ScanStatus scan(const char*& p, const char* end, bool atEof, std::vector<FastField>& fields);

private:
    char m_separator;
    bool m_trim;
    std::size_t m_maxRecord;
    bool m_stop[256] = {};  // separator, CR, LF: the bytes that end an unquoted field
    std::string m_scratch;  // quoted fields with doubled quotes, unescaped
};

}  // namespace ldv::detail
