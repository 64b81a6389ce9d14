#pragma once
// Incremental RFC 4180 tokenizer: fed chunks of bytes, it emits records of fields with the
// line and column where each record and field starts, so the callers can report errors
// precisely. Shared by the table reader, the hierarchy reader and previews.
#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace ldv::detail {

struct CsvField {
    std::string_view text;
    std::size_t line;    ///< 1-based line where the field starts
    std::size_t column;  ///< 1-based byte column where the field starts
    bool quoted;
};

class CsvTokenizer {
public:
    using RecordHandler = std::function<void(const std::vector<CsvField>& fields)>;

    CsvTokenizer(std::string sourceName, char separator, bool trim, RecordHandler handler,
                 std::size_t maxRecordBytes = std::size_t(64) << 20);
    /// Feeds the next chunk; throws InputError on a syntax error.
    void feed(std::string_view chunk);
    /// Ends the input; throws InputError on an unterminated quote.
    void finish();
    std::size_t line() const { return m_line; }

private:
    enum class State { FieldStart, Unquoted, Quoted, QuoteInQuoted, AfterQuoted };
    void endField();
    void endRecord();
    void checkUtf8(std::size_t fieldIndex) const;
    void checkRecordSize() const;

    std::string m_source;
    char m_separator;
    bool m_trim;
    std::size_t m_maxRecord;
    RecordHandler m_handler;
    State m_state = State::FieldStart;
    std::string m_buffer;  // the current record's field bytes, concatenated
    struct Span {
        std::size_t begin, end, line, column;
        bool quoted;
    };
    std::vector<Span> m_spans;
    std::vector<CsvField> m_fields;
    std::size_t m_fieldBegin = 0;
    std::size_t m_fieldLine = 1, m_fieldColumn = 1;
    std::size_t m_line = 1, m_column = 1;
    std::size_t m_quoteLine = 0, m_quoteColumn = 0;
    std::size_t m_trailingSpaces = 0;
    bool m_pendingCr = false;
    bool m_lastWasCr = false;
    bool m_recordHasContent = false;
    bool m_firstChunk = true;
    // Bytes that end a run of ordinary bytes in an unquoted field (separator, CR, LF) and in
    // a quoted one (quote, CR, LF); see feed().
    bool m_stopUnquoted[256] = {};
    bool m_stopQuoted[256] = {};
};

/// Validates UTF-8; returns the byte offset of the first invalid sequence or npos.
std::size_t invalidUtf8Offset(std::string_view text);

/// True when every byte is ASCII and none is NUL: then the text is acceptable as it stands (a
/// byte order mark is not ASCII either), and no field in it needs its own check. Most fields
/// and chunks are: one branch-free pass, vectorised by the compiler, settles them.
inline bool plainAscii(std::string_view text) {
    unsigned char unusual = 0;
    for (const char ch : text) {
        const auto b = static_cast<unsigned char>(ch);
        unusual |= static_cast<unsigned char>((b >= 0x80) | (b == 0));
    }
    return !unusual;
}

}  // namespace ldv::detail
