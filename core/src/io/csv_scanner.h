#pragma once
// The fast path of CSV reading: splits records of well-formed RFC 4180 text into views, with
// no per-byte state machine, no copy of unquoted fields and no line/column bookkeeping.
//
// It is only ever *speculative*: on anything it does not accept as plainly valid (a syntax
// error, an unterminated quote, a record longer than the limit) it answers Bail, and the
// caller reads the input again with CsvTokenizer, the reference, which reports the error
// with its file, line and column exactly as before. So the fast path needs no positions, and
// every message stays the tokenizer's.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

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

/// How scanRecords ended.
enum class ScanEnd {
    Done,        ///< every record of the buffer was handed over; the cursor is at its end
    Incomplete,  ///< the cursor is at a record that runs past the buffer (more may follow)
    Bail,        ///< the cursor is at a record that is not plainly valid (scan's Bail)
    Refused,     ///< onRecord answered false
};

class CsvScanner {
public:
    CsvScanner(char separator, bool trim, std::size_t maxRecordBytes);
    /// Scans one record starting at `p` (the start of a line). On Record and Blank `p` moves
    /// past the line end; on Incomplete and Bail it stays. `atEof`: no bytes follow `end`.
    ScanStatus scan(const char*& p, const char* end, bool atEof, std::vector<FastField>& fields);

    /// Scans the records of [p, end) in order, calling onRecord(after) for each (its fields in
    /// `fields`, `after` past its line end; blank lines are skipped), and leaves `p` where it
    /// ended. The result is the records and fields that scan, record by record, gives: lines
    /// without a quote go through splitLines, the rest through scan.
    template <class OnRecord>
    ScanEnd scanRecords(const char*& p, const char* end, bool atEof, std::vector<FastField>& fields,
                        OnRecord&& onRecord) {
        // Past the buffer's last LF: splitLines takes only complete lines. Found once per
        // call, not per try (a buffer of CR line ends has no LF to find, again and again).
        const char* stop = p;
        if (m_splits)
            if (const void* lf = ::memrchr(p, '\n', std::size_t(end - p)))
                stop = static_cast<const char*>(lf) + 1;
        while (p < end) {
            if (m_slowLeft > 0) {
                --m_slowLeft;
            } else if (p < stop) {
                const char* before = p;
                if (!splitLines(p, stop, fields, onRecord)) return ScanEnd::Refused;
                if (p == end) break;
                // Stopped at once (a line with a quote): the next lines are likely quoted
                // too, so a run of them goes record by record before splitLines tries again.
                if (p == before) m_slowLeft = kSlowRun;
            }
            const char* before = p;
            switch (scan(p, end, atEof, fields)) {
                case ScanStatus::Record:
                    if (!onRecord(static_cast<const char*>(p))) return ScanEnd::Refused;
                    break;
                case ScanStatus::Blank:
                    break;
                case ScanStatus::Incomplete:
                    p = before;
                    return ScanEnd::Incomplete;
                case ScanStatus::Bail:
                    p = before;
                    return ScanEnd::Bail;
            }
        }
        return ScanEnd::Done;
    }

private:
    static constexpr unsigned kSlowRun = 64;

    /// The records of the lines in [p, stop) (stop follows an LF) that hold no quote, split
    /// from a bitmap of their separators and line ends, 64 bytes at a time: where quotes are
    /// absent a field ends at the next separator, CR or LF, so no field needs scan's
    /// per-field work (issue 38: scanning was a quarter of loading a 10 M-row file). Stops at
    /// the start of the first line with a quote or longer than the limit, at `stop`, or when
    /// onRecord refuses (false; `p` then is past that record). A CR ends a line as in scan:
    /// CRLF is one line end, a lone CR is one too.
    template <class OnRecord>
    bool splitLines(const char*& p, const char* stop, std::vector<FastField>& fields,
                    OnRecord& onRecord) {
        const char* record = p;
        const char* field = p;
        const char* skip = nullptr;  // the LF of a CRLF, taken with its CR
        fields.clear();
        for (const char* block = p; block < stop; block += 64) {
            std::uint64_t bits = marks(block, stop);
            while (bits) {
                const char* q = block + __builtin_ctzll(bits);
                bits &= bits - 1;
                if (q == skip) continue;
                const char c = *q;
                // A quote, or a record scan would bail on: scan takes it from its start.
                if (c == '"' || std::size_t(q - record) > m_maxRecord) {
                    p = record;
                    return true;
                }
                pushField(fields, field, q);
                field = q + 1;
                if (c == m_separator) continue;
                if (c == '\r' && q[1] == '\n') {  // q + 1 < stop: stop follows an LF
                    skip = q + 1;
                    ++field;
                }
                const bool blank = fields.size() == 1 && fields[0].size == 0;
                if (!blank && !onRecord(field)) {
                    p = field;
                    return false;
                }
                fields.clear();
                record = field;
            }
        }
        p = stop;
        return true;
    }

    void pushField(std::vector<FastField>& fields, const char* from, const char* to) const {
        if (m_trim) {
            while (from < to && (*from == ' ' || *from == '\t')) ++from;
            while (to > from && (to[-1] == ' ' || to[-1] == '\t')) --to;
        }
        fields.push_back({from, std::uint32_t(to - from), false, false, 0});
    }

    /// Bit i: block[i] (before stop) is the separator, CR, LF or a quote.
    std::uint64_t marks(const char* block, const char* stop) const {
        std::uint64_t bits = 0;
#if defined(__SSE2__)
        if (stop - block >= 64) {
            const __m128i sep = _mm_set1_epi8(m_separator), lf = _mm_set1_epi8('\n'),
                          cr = _mm_set1_epi8('\r'), quote = _mm_set1_epi8('"');
            for (int k = 0; k < 4; ++k) {
                const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(block + 16 * k));
                const __m128i hit =
                    _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, sep), _mm_cmpeq_epi8(v, lf)),
                                 _mm_or_si128(_mm_cmpeq_epi8(v, cr), _mm_cmpeq_epi8(v, quote)));
                bits |= std::uint64_t(unsigned(_mm_movemask_epi8(hit))) << (16 * k);
            }
            return bits;
        }
#endif
        const auto n = int(std::min<std::ptrdiff_t>(stop - block, 64));
        for (int i = 0; i < n; ++i) {
            const char c = block[i];
            if (c == m_separator || c == '\n' || c == '\r' || c == '"')
                bits |= std::uint64_t(1) << i;
        }
        return bits;
    }

    char m_separator;
    bool m_trim;
    std::size_t m_maxRecord;
    bool m_splits;            // splitLines applies: the separator is none of quote, CR, LF
    unsigned m_slowLeft = 0;  // records scan takes before splitLines is tried again
    bool m_stop[256] = {};    // separator, CR, LF: the bytes that end an unquoted field
    std::string m_scratch;    // quoted fields with doubled quotes, unescaped
};

}  // namespace ldv::detail
