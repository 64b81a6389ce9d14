#include "io/csv_scanner.h"

#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace ldv::detail {
namespace {

inline bool isBlank(char c) {
    return c == ' ' || c == '\t';
}

/// The first byte at or after `q` that ends an unquoted field (the separator, CR or LF), or
/// `end`. Sixteen bytes at a time where SSE2 is there (every x86-64): a field of a few bytes
/// then costs one compare instead of a loop iteration per byte.
inline const char* fieldEnd(const char* q, const char* end, char separator, const bool* stop) {
#if defined(__SSE2__)
    const __m128i sep = _mm_set1_epi8(separator), lf = _mm_set1_epi8('\n'),
                  cr = _mm_set1_epi8('\r');
    while (end - q >= 16) {
        const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(q));
        const __m128i hit = _mm_or_si128(
            _mm_cmpeq_epi8(v, sep), _mm_or_si128(_mm_cmpeq_epi8(v, lf), _mm_cmpeq_epi8(v, cr)));
        const auto mask = unsigned(_mm_movemask_epi8(hit));
        if (mask) return q + __builtin_ctz(mask);
        q += 16;
    }
#else
    (void)separator;
#endif
    while (q < end && !stop[static_cast<unsigned char>(*q)]) ++q;
    return q;
}

}  // namespace

CsvScanner::CsvScanner(char separator, bool trim, std::size_t maxRecordBytes)
    : m_separator(separator),
      // As CsvTokenizer: blanks are data when they are the separator.
      m_trim(trim && separator != ' ' && separator != '\t'),
      m_maxRecord(maxRecordBytes),
      m_splits(separator != '"' && separator != '\r' && separator != '\n') {
    m_stop[static_cast<unsigned char>(separator)] = true;
    m_stop[static_cast<unsigned char>('\n')] = true;
    m_stop[static_cast<unsigned char>('\r')] = true;
}

ScanStatus CsvScanner::scan(const char*& p, const char* end, bool atEof,
                            std::vector<FastField>& fields) {
    fields.clear();
    m_scratch.clear();
    const char* q = p;
    const char* const start = p;
    for (;;) {
        // A field starts at q. Leading blanks go when trimming (also before an opening quote).
        if (m_trim)
            while (q < end && isBlank(*q)) ++q;
        if (std::size_t(q - start) > m_maxRecord) return ScanStatus::Bail;
        if (q < end && *q == '"') {
            const char* text = ++q;
            bool escaped = false;
            std::size_t offset = 0;
            const char* textEnd;
            for (;;) {
                const auto* quote =
                    static_cast<const char*>(std::memchr(q, '"', std::size_t(end - q)));
                if (!quote) {
                    // Unterminated here: an error at the end of the input, else read on.
                    if (!atEof && std::size_t(end - start) <= m_maxRecord)
                        return ScanStatus::Incomplete;
                    return ScanStatus::Bail;
                }
                if (quote + 1 == end && !atEof) return ScanStatus::Incomplete;
                if (quote + 1 < end && quote[1] == '"') {  // a doubled quote stands for one
                    if (!escaped) {
                        escaped = true;
                        offset = m_scratch.size();
                    }
                    m_scratch.append(q, std::size_t(quote + 1 - q));
                    q = quote + 2;
                    continue;
                }
                if (escaped) m_scratch.append(q, std::size_t(quote - q));
                textEnd = quote;
                q = quote + 1;
                break;
            }
            if (std::size_t(q - start) > m_maxRecord) return ScanStatus::Bail;
            if (escaped)
                fields.push_back(
                    {nullptr, std::uint32_t(m_scratch.size() - offset), true, true, offset});
            else
                fields.push_back({text, std::uint32_t(textEnd - text), true, false, 0});
            if (m_trim)
                while (q < end && isBlank(*q)) ++q;
            if (q == end) {
                if (!atEof) return ScanStatus::Incomplete;
                break;
            }
            if (*q == m_separator) {
                ++q;
                continue;
            }
            if (*q == '\n' || *q == '\r') break;
            return ScanStatus::Bail;  // text after the closing quote
        }
        // Unquoted (possibly empty): up to the separator or the line end; a quote here is data.
        const char* text = q;
        q = fieldEnd(q, end, m_separator, m_stop);
        if (q == end && !atEof) return ScanStatus::Incomplete;
        const char* textEnd = q;
        if (m_trim)
            while (textEnd > text && isBlank(textEnd[-1])) --textEnd;
        if (std::size_t(q - start) > m_maxRecord) return ScanStatus::Bail;
        fields.push_back({text, std::uint32_t(textEnd - text), false, false, 0});
        if (q < end && *q == m_separator) {
            ++q;
            continue;
        }
        break;  // at a line end, or at the end of the input
    }
    // q is at CR, LF or the end. A CRLF is one line end; a lone CR or LF is one too.
    if (q < end) {
        if (*q == '\r' && q + 1 < end && q[1] == '\n')
            q += 2;
        else
            ++q;
    }
    p = q;
    for (FastField& f : fields)
        if (f.inScratch) f.data = m_scratch.data() + f.offset;
    // A line with nothing on it is not a record (CsvTokenizer::endRecord).
    if (fields.size() == 1 && fields[0].size == 0 && !fields[0].quoted) return ScanStatus::Blank;
    return ScanStatus::Record;
}

}  // namespace ldv::detail
