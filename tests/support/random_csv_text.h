#pragma once
// Random CSV text for the readers' agreement tests (test_csv_parallel, test_csv_projection):
// quotes, quoted newlines, doubled quotes, quotes inside unquoted fields, CRLF, lone CR, blank
// lines, byte order marks, missing tokens, non-ASCII and NFD spellings and, when not
// `wellFormed`, bad bytes, ragged rows, a name twice and an unterminated quote.
#include <cstddef>
#include <random>
#include <string>
#include <vector>

namespace ldv::test {

/// A header c0..c(n-1) and records of values drawn from a few pieces (rows repeat), many of
/// them quoted with newlines inside; sometimes malformed.
inline std::string randomCsv(std::mt19937& rng, char sep, std::size_t columns, std::size_t records,
                             bool wellFormed) {
    static const std::vector<std::string> pieces = {
        "a",           "b",  "?",    " ",       "\"",          ",",
        ";",           "\t", "\r\n", "\n",      "caf\xC3\xA9", "Jose\xCC\x81",
        "Jos\xC3\xA9", "12", "3.5",  "  pad  ", "x\ny",        "2024-01-31"};
    static const std::vector<std::string> bad = {"\xE9", std::string(1, '\0'), "\xEF\xBB\xBF"};
    auto pick = [&](std::size_t n) { return std::size_t(rng() % n); };
    const char* ends[] = {"\n", "\r\n", "\r", "\n", "\r\n"};
    std::string text = pick(5) == 0 ? "\xEF\xBB\xBF" : "";
    if (pick(10) == 0) text += "\n";  // a blank line before the header
    for (std::size_t c = 0; c < columns; ++c) {
        if (c) text += sep;
        const bool quoted = pick(4) == 0;
        if (quoted) text += '"';
        text.append("c").append(std::to_string(c));
        if (quoted && pick(8) == 0) text += "\nline";  // a header name over two lines
        if (quoted) text += '"';
    }
    if (!wellFormed && pick(30) == 0) text += std::string(1, sep) + "c0";  // a name twice
    text += ends[pick(5)];
    for (std::size_t r = 0; r < records; ++r) {
        std::size_t width = columns;
        if (!wellFormed && pick(40) == 0) width += pick(2) ? 1 : std::size_t(-1);
        for (std::size_t c = 0; c < width; ++c) {
            std::string value;
            const std::size_t parts = pick(3);
            for (std::size_t i = 0; i < parts; ++i) value += pieces[pick(pieces.size())];
            if (!wellFormed && pick(60) == 0) value += bad[pick(bad.size())];
            const bool needsQuotes =
                value.find_first_of(std::string("\"\r\n") + sep) != std::string::npos;
            if (needsQuotes || pick(6) == 0) {
                std::string quoted = "\"";
                for (char ch : value)
                    quoted += ch == '"' ? std::string("\"\"") : std::string(1, ch);
                quoted += '"';
                if (pick(6) == 0) quoted = " " + quoted + "  ";
                if (!wellFormed && pick(40) == 0) quoted += "x";
                value = quoted;
            } else if (pick(150) == 0) {
                value += "5'10\"";  // a quote inside an unquoted field is data: parity breaks
            }
            if (c) text += sep;
            text += value;
        }
        text += ends[pick(5)];
        if (pick(12) == 0) text += ends[pick(5)];  // a blank line
    }
    if (!wellFormed && pick(20) == 0) text += "\"unterminated";
    if (pick(3) == 0 && !text.empty() && text.back() == '\n') text.pop_back();
    return text;
}

}  // namespace ldv::test
