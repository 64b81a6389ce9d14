#include "io/csv_tokenizer.h"

#include "ldiv/data/error.h"

namespace ldv::detail {

std::size_t invalidUtf8Offset(std::string_view text) {
    const auto* s = reinterpret_cast<const unsigned char*>(text.data());
    const std::size_t n = text.size();
    std::size_t i = 0;
    while (i < n) {
        const unsigned char c = s[i];
        if (c < 0x80) {
            ++i;
            continue;
        }
        std::size_t len;
        std::uint32_t cp;
        if ((c & 0xE0) == 0xC0) {
            len = 2;
            cp = c & 0x1F;
        } else if ((c & 0xF0) == 0xE0) {
            len = 3;
            cp = c & 0x0F;
        } else if ((c & 0xF8) == 0xF0) {
            len = 4;
            cp = c & 0x07;
        } else
            return i;
        if (i + len > n) return i;
        for (std::size_t k = 1; k < len; ++k) {
            if ((s[i + k] & 0xC0) != 0x80) return i;
            cp = (cp << 6) | (s[i + k] & 0x3F);
        }
        // Reject overlong forms, surrogates and values beyond U+10FFFF.
        if ((len == 2 && cp < 0x80) || (len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000) ||
            (cp >= 0xD800 && cp <= 0xDFFF) || cp > 0x10FFFF)
            return i;
        i += len;
    }
    return std::string_view::npos;
}

namespace {

// After a closing quote only a separator, the end of the line or (trimmed) blanks may stand.
// Out of line and cold: the tokenizer's loop keeps only the call.
[[noreturn]] [[gnu::cold]] [[gnu::noinline]] void throwAfterClosingQuote(const std::string& source,
                                                                         std::size_t line,
                                                                         std::size_t column,
                                                                         char c) {
    throw InputError(source, line, column,
                     std::string("expected a separator or the end of the line after the closing "
                                 "quote, found '") +
                         c + "'");
}

}  // namespace

CsvTokenizer::CsvTokenizer(std::string sourceName, char separator, bool trim, RecordHandler handler,
                           std::size_t maxRecordBytes)
    : m_source(std::move(sourceName)),
      m_separator(separator),
      m_trim(trim && separator != ' ' && separator != '\t'),
      m_maxRecord(maxRecordBytes),
      m_handler(std::move(handler)) {
    for (const unsigned char c : {'\n', '\r'}) m_stopUnquoted[c] = m_stopQuoted[c] = true;
    m_stopUnquoted[static_cast<unsigned char>(separator)] = true;
    m_stopQuoted[static_cast<unsigned char>('"')] = true;
}

void CsvTokenizer::endField() {
    std::size_t end = m_buffer.size();
    const bool quoted = m_state == State::AfterQuoted || m_state == State::QuoteInQuoted;
    if (!quoted && m_trim) end -= std::min(m_trailingSpaces, end - m_fieldBegin);
    m_buffer.resize(end);
    m_spans.push_back({m_fieldBegin, end, m_fieldLine, m_fieldColumn, quoted});
    m_fieldBegin = m_buffer.size();
    m_trailingSpaces = 0;
    m_state = State::FieldStart;
}

void CsvTokenizer::checkUtf8(std::size_t fieldIndex) const {
    const Span& s = m_spans[fieldIndex];
    const std::string_view text(m_buffer.data() + s.begin, s.end - s.begin);
    if (plainAscii(text)) return;
    const std::size_t bad = invalidUtf8Offset(text);
    if (bad != std::string_view::npos)
        throw InputError(m_source, s.line, s.column + bad + (s.quoted ? 1 : 0),
                         "invalid UTF-8 byte sequence in field " + std::to_string(fieldIndex + 1) +
                             " (save the file as UTF-8)");
    // Valid UTF-8, but not text a table should hold: a NUL byte would pass into the output
    // (and cut C strings), a byte-order mark at a field's start is an invisible character
    // that makes a second class (a second BOM, or files concatenated).
    const std::size_t nul = text.find('\0');
    if (nul != std::string_view::npos)
        throw InputError(
            m_source, s.line, s.column + nul + (s.quoted ? 1 : 0),
            "NUL byte in field " + std::to_string(fieldIndex + 1) + ": is this a text file?");
    if (text.substr(0, 3) == "\xEF\xBB\xBF")
        throw InputError(m_source, s.line, s.column + (s.quoted ? 1 : 0),
                         "byte-order mark (U+FEFF) at the start of field " +
                             std::to_string(fieldIndex + 1) +
                             ": remove it (a second BOM, or files joined together?)");
}

void CsvTokenizer::endRecord() {
    endField();
    // A line with nothing on it is not a record (trailing newline, blank lines).
    if (!m_recordHasContent && m_spans.size() == 1 && m_spans[0].begin == m_spans[0].end &&
        !m_spans[0].quoted) {
        m_spans.clear();
        m_buffer.clear();
        m_fieldBegin = 0;
        return;
    }
    m_fields.clear();
    for (std::size_t i = 0; i < m_spans.size(); ++i) {
        const Span& s = m_spans[i];
        checkUtf8(i);
        m_fields.push_back({std::string_view(m_buffer.data() + s.begin, s.end - s.begin), s.line,
                            s.column, s.quoted});
    }
    m_handler(m_fields);
    m_spans.clear();
    m_buffer.clear();
    m_fieldBegin = 0;
    m_recordHasContent = false;
}

void CsvTokenizer::checkRecordSize() const {
    if (m_buffer.size() > m_maxRecord)
        throw InputError(m_source, m_spans.empty() ? m_fieldLine : m_spans.front().line, 1,
                         "a record longer than " + std::to_string(m_maxRecord >> 20) +
                             " MiB: is this a CSV file, and are its quotes balanced?");
}

void CsvTokenizer::feed(std::string_view chunk) {
    if (m_firstChunk) {
        m_firstChunk = false;
        if (chunk.substr(0, 3) == "\xEF\xBB\xBF") chunk.remove_prefix(3);  // UTF-8 BOM
    }
    const char* p = chunk.data();
    const char* const end = p + chunk.size();
    while (p < end) {
        // Fast paths: inside an unquoted or a quoted field, copy the run of ordinary bytes up
        // to the next byte that can change the state in one step. Loading is dominated by this
        // loop, and most bytes are ordinary (the state machine below handles the rest).
        if (m_state == State::Unquoted || m_state == State::Quoted) {
            const bool* stop = m_state == State::Unquoted ? m_stopUnquoted : m_stopQuoted;
            const char* q = p;
            while (q < end && !stop[static_cast<unsigned char>(*q)]) ++q;
            if (q != p) {
                const std::size_t run = std::size_t(q - p);
                m_buffer.append(p, run);
                if (m_state == State::Unquoted) {
                    std::size_t blanks = 0;
                    while (blanks < run && (q[-1 - std::ptrdiff_t(blanks)] == ' ' ||
                                            q[-1 - std::ptrdiff_t(blanks)] == '\t'))
                        ++blanks;
                    m_trailingSpaces = blanks == run ? m_trailingSpaces + run : blanks;
                }
                m_column += run;
                m_lastWasCr = false;
                p = q;
                if (m_buffer.size() > m_maxRecord) checkRecordSize();
                if (p == end) break;
            }
        }
        const char c = *p++;
        // Cheap test per byte; the message is built only when it fails.
        if (m_buffer.size() > m_maxRecord) checkRecordSize();
        if (m_pendingCr) {
            m_pendingCr = false;
            if (c == '\n') continue;  // CRLF already ended the record
        }
        const bool newline = c == '\n' || c == '\r';
        const bool inQuotes = m_state == State::Quoted;
        switch (m_state) {
            case State::FieldStart:
                m_fieldLine = m_line;
                m_fieldColumn = m_column;
                if (c == '"') {
                    m_state = State::Quoted;
                    m_quoteLine = m_line;
                    m_quoteColumn = m_column;
                    m_recordHasContent = true;
                } else if (c == m_separator) {
                    m_recordHasContent = true;
                    endField();
                } else if (newline) {
                    endRecord();
                } else if (m_trim && (c == ' ' || c == '\t')) {
                    // leading blanks before a field (or before its opening quote) are dropped
                } else {
                    m_buffer.push_back(c);
                    m_state = State::Unquoted;
                    m_recordHasContent = true;
                }
                break;
            case State::Unquoted:
                if (c == m_separator) {
                    endField();
                } else if (newline) {
                    endRecord();
                } else {
                    m_buffer.push_back(c);
                    m_trailingSpaces = (c == ' ' || c == '\t') ? m_trailingSpaces + 1 : 0;
                }
                break;
            case State::Quoted:
                if (c == '"')
                    m_state = State::QuoteInQuoted;
                else
                    m_buffer.push_back(c);
                break;
            case State::QuoteInQuoted:
                if (c == '"') {  // doubled quote
                    m_buffer.push_back('"');
                    m_state = State::Quoted;
                } else if (c == m_separator) {
                    endField();
                } else if (newline) {
                    endRecord();
                } else if (m_trim && (c == ' ' || c == '\t')) {
                    m_state = State::AfterQuoted;
                } else {
                    throwAfterClosingQuote(m_source, m_line, m_column, c);
                }
                break;
            case State::AfterQuoted:
                if (c == m_separator)
                    endField();
                else if (newline)
                    endRecord();
                else if (!(c == ' ' || c == '\t'))
                    throwAfterClosingQuote(m_source, m_line, m_column, c);
                break;
        }
        if (c == '\n') {
            if (!m_lastWasCr) ++m_line;  // CRLF inside quotes counts as one line break
            m_column = 1;
            m_lastWasCr = false;
        } else if (c == '\r') {
            ++m_line;
            m_column = 1;
            m_lastWasCr = true;
            if (!inQuotes) m_pendingCr = true;  // the record ended; skip the LF of a CRLF
        } else {
            ++m_column;
            m_lastWasCr = false;
        }
    }
}

void CsvTokenizer::finish() {
    if (m_state == State::Quoted)
        throw InputError(m_source, m_quoteLine, m_quoteColumn,
                         "unterminated quote: the field that starts here has no closing '\"'");
    if (m_recordHasContent || !m_buffer.empty() || !m_spans.empty()) endRecord();
}

}  // namespace ldv::detail
