// Natural order of values (natural_order.h).
#include "ldiv/hierarchy/natural_order.h"

#include <unicode/uchar.h>
#include <unicode/utf8.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <cstdint>
#include <regex>
#include <string_view>
#include <utility>

namespace ldv {

namespace {

// Classes in the order they are listed when a column mixes them.
enum Class { Number, Date, Month, Text, Punctuation };

struct Key {
    Class cls = Text;
    double value = 0;  ///< number, lower bound, yyyymmdd or month 1..12
    int tie = 0;       ///< "<x" before "x-…" before ">=x"
    std::string text;  ///< the trimmed text (Text/Punctuation, and tie-break for the rest)
};

std::string_view trimmed(std::string_view s) {
    const auto space = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
    while (!s.empty() && space(s.front())) s.remove_prefix(1);
    while (!s.empty() && space(s.back())) s.remove_suffix(1);
    return s;
}

/// The code points of UTF-8 text (an invalid byte reads as U+FFFD).
std::vector<UChar32> codePoints(std::string_view s) {
    std::vector<UChar32> out;
    std::int32_t i = 0;
    const auto n = std::int32_t(s.size());
    while (i < n) {
        UChar32 c = 0;
        U8_NEXT(reinterpret_cast<const std::uint8_t*>(s.data()), i, n, c);
        out.push_back(c < 0 ? 0xFFFD : c);
    }
    return out;
}

bool hasLetterOrNumber(std::string_view s) {
    for (UChar32 c : codePoints(s))
        if (u_isalnum(c)) return true;
    return false;
}

/// The whole text as a number ("2.5", "-3", "1e3"; a leading '+' allowed), as a reader would.
bool parseNumber(std::string_view s, double& out) {
    if (!s.empty() && s.front() == '+') s.remove_prefix(1);
    if (s.empty()) return false;
    const auto [end, error] = std::from_chars(s.data(), s.data() + s.size(), out);
    return error == std::errc() && end == s.data() + s.size();
}

int monthOf(std::string_view text) {
    static const std::array<std::string_view, 12> names{
        "january", "february", "march",     "april",   "may",      "june",
        "july",    "august",   "september", "october", "november", "december"};
    std::string t(text);
    for (char& c : t) c = char(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    if (!t.empty() && t.back() == '.') t.pop_back();
    if (t.size() < 3) return 0;
    for (std::size_t m = 0; m < names.size(); ++m)
        if (t == names[m] || t == names[m].substr(0, 3) || (m == 8 && t == "sept"))
            return int(m) + 1;
    return 0;
}

Key keyOf(std::string_view raw) {
    Key k;
    const std::string_view s = trimmed(raw);
    k.text = std::string(s);
    if (s.empty() || !hasLetterOrNumber(s)) {
        k.cls = Punctuation;
        return k;
    }
    // Ordered-grouping labels read "first..last": they sort by their first member.
    if (const auto dots = s.find("..");
        dots != std::string_view::npos && dots > 0 && s.front() != '.') {
        Key first = keyOf(s.substr(0, dots));
        first.text = std::string(s);
        return first;
    }
    if (double number = 0; parseNumber(s, number)) {
        k.cls = Number;
        k.value = number;
        return k;
    }
    static const std::regex iso("^(\\d{4})[-/](\\d{1,2})(?:[-/](\\d{1,2}))?$");
    static const std::regex dotted("^(\\d{1,2})\\.(\\d{1,2})\\.(\\d{4})$");
    static const std::regex us("^(\\d{1,2})/(\\d{1,2})/(\\d{4})$");
    // Interval labels of the interval builder: "<10", ">=90", "20-24", "[20, 25)".
    static const std::regex interval(
        "^(<=?|>=?)?\\s*\\[?\\s*(-?\\d+(?:\\.\\d+)?)(?:\\s*(?:-|,)\\s*-?\\d+(?:\\.\\d+)?\\s*[)\\]]?"
        ")?$");
    const std::string text(s);
    std::smatch m;
    const auto number = [&m](int i) { return m[i].matched ? std::stoi(m[i].str()) : 0; };
    const auto date = [&k](int y, int month, int d) {
        k.cls = Date;
        k.value = y * 10000.0 + month * 100.0 + d;
        return k;
    };
    if (std::regex_match(text, m, iso)) return date(number(1), number(2), number(3));
    if (std::regex_match(text, m, dotted)) return date(number(3), number(2), number(1));
    if (std::regex_match(text, m, us)) return date(number(3), number(1), number(2));
    if (std::regex_match(text, m, interval)) {
        k.cls = Number;
        k.value = std::stod(m[2].str());
        const std::string op = m[1].str();
        k.tie = op.empty() ? 0 : op.front() == '<' ? -1 : 1;
        return k;
    }
    if (const int month = monthOf(s)) {
        k.cls = Month;
        k.value = month;
        return k;
    }
    return k;
}

bool asciiDigit(UChar32 c) {
    return c >= '0' && c <= '9';
}

// Runs of digits compare as numbers, the text between them by case-folded code point ("ward
// 2" < "Ward 10"), then the texts themselves (so that only equal texts tie).
int compareText(const std::string& a, const std::string& b) {
    const std::vector<UChar32> x = codePoints(a), y = codePoints(b);
    std::size_t i = 0, j = 0;
    while (i < x.size() && j < y.size()) {
        if (asciiDigit(x[i]) && asciiDigit(y[j])) {
            std::size_t ei = i, ej = j;
            while (ei < x.size() && asciiDigit(x[ei])) ++ei;
            while (ej < y.size() && asciiDigit(y[ej])) ++ej;
            // Without leading zeros: first by length, then digit by digit.
            std::size_t si = i, sj = j;
            while (ei - si > 1 && x[si] == '0') ++si;
            while (ej - sj > 1 && y[sj] == '0') ++sj;
            if (ei - si != ej - sj) return ei - si < ej - sj ? -1 : 1;
            for (; si < ei; ++si, ++sj)
                if (x[si] != y[sj]) return x[si] < y[sj] ? -1 : 1;
            i = ei;
            j = ej;
            continue;
        }
        const UChar32 ca = u_foldCase(x[i], U_FOLD_CASE_DEFAULT);
        const UChar32 cb = u_foldCase(y[j], U_FOLD_CASE_DEFAULT);
        if (ca != cb) return ca < cb ? -1 : 1;
        ++i;
        ++j;
    }
    if (i < x.size() || j < y.size()) return i < x.size() ? 1 : -1;
    return a.compare(b);
}

bool keyLess(const Key& a, const Key& b) {
    if (a.cls != b.cls) return a.cls < b.cls;
    if (a.cls != Text && a.cls != Punctuation) {
        if (a.value != b.value) return a.value < b.value;
        if (a.tie != b.tie) return a.tie < b.tie;
    }
    // Punctuation by code point: collations order "?" and "*" differently per locale.
    if (a.cls == Punctuation) return a.text < b.text;
    return compareText(a.text, b.text) < 0;
}

}  // namespace

bool naturalLess(const std::string& a, const std::string& b) {
    return keyLess(keyOf(a), keyOf(b));
}

void naturalSort(std::vector<std::string>& values) {
    std::vector<std::pair<Key, std::string>> keyed;
    keyed.reserve(values.size());
    for (std::string& v : values) {
        Key k = keyOf(v);
        keyed.emplace_back(std::move(k), std::move(v));
    }
    std::stable_sort(keyed.begin(), keyed.end(),
                     [](const auto& a, const auto& b) { return keyLess(a.first, b.first); });
    for (std::size_t i = 0; i < values.size(); ++i) values[i] = std::move(keyed[i].second);
}

}  // namespace ldv
