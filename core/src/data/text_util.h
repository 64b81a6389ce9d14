#pragma once
// Small text helpers shared by the parsers (criterion specs, background statements,
// hierarchy builders) and by messages.
#include <sstream>
#include <string>
#include <string_view>

namespace ldv::detail {

/// Drops leading and trailing spaces and tabs.
inline std::string_view trimBlanks(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    return s;
}

/// A number as iostream prints it by default ("5", "2.5", "1e+06"): short, for messages
/// and labels.
inline std::string shortNumber(double v) {
    std::ostringstream out;
    out << v;
    return out.str();
}

}  // namespace ldv::detail
