#include "data/type_inference.h"

#include <algorithm>
#include <cctype>

namespace ldv::detail {
namespace {
bool allDigits(std::string_view s) {
    return !s.empty() &&
           std::all_of(s.begin(), s.end(), [](unsigned char c) { return std::isdigit(c); });
}
int toInt(std::string_view s) {
    int v = 0;
    for (char c : s) v = v * 10 + (c - '0');
    return v;
}
bool validDate(int y, int m, int d) {
    static const int days[] = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    return y >= 1 && m >= 1 && m <= 12 && d >= 1 && d <= days[m - 1];
}
}  // namespace

bool looksInteger(std::string_view text) {
    if (!text.empty() && (text.front() == '-' || text.front() == '+')) text.remove_prefix(1);
    return allDigits(text) && text.size() <= 18;
}

bool looksDecimal(std::string_view text) {
    if (!text.empty() && (text.front() == '-' || text.front() == '+')) text.remove_prefix(1);
    const auto dot = text.find('.');
    if (dot == std::string_view::npos) return allDigits(text);
    const auto whole = text.substr(0, dot), frac = text.substr(dot + 1);
    return (allDigits(whole) || whole.empty()) && allDigits(frac);
}

bool looksDate(std::string_view t) {
    if (t.size() != 10) return false;
    auto part = [&](std::size_t pos, std::size_t len) { return t.substr(pos, len); };
    if ((t[4] == '-' || t[4] == '/') && t[7] == t[4] && allDigits(part(0, 4)) &&
        allDigits(part(5, 2)) && allDigits(part(8, 2)))
        return validDate(toInt(part(0, 4)), toInt(part(5, 2)), toInt(part(8, 2)));
    if (t[2] == '.' && t[5] == '.' && allDigits(part(0, 2)) && allDigits(part(3, 2)) &&
        allDigits(part(6, 4)))
        return validDate(toInt(part(6, 4)), toInt(part(3, 2)), toInt(part(0, 2)));
    if (t[2] == '/' && t[5] == '/' && allDigits(part(0, 2)) && allDigits(part(3, 2)) &&
        allDigits(part(6, 4)))
        return validDate(toInt(part(6, 4)), toInt(part(0, 2)), toInt(part(3, 2)));
    return false;
}

ColumnType inferColumnType(const Column& column, const std::vector<std::string>& missingTokens) {
    bool integer = true, decimal = true, date = true, any = false;
    for (const std::string& v : column.dictionary()) {
        if (std::find(missingTokens.begin(), missingTokens.end(), v) != missingTokens.end())
            continue;
        any = true;
        integer = integer && looksInteger(v);
        decimal = decimal && looksDecimal(v);
        date = date && looksDate(v);
        if (!integer && !decimal && !date) return ColumnType::Text;
    }
    if (!any) return ColumnType::Text;
    if (integer) return ColumnType::Integer;
    if (decimal) return ColumnType::Decimal;
    return date ? ColumnType::Date : ColumnType::Text;
}

}  // namespace ldv::detail
