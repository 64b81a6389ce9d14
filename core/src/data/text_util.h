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

/// At most `max` bytes of untrusted text for a message, cut on a UTF-8 character boundary
/// and marked with "…": a message about a file that is not what it should be (a password
/// file named as data) must not echo its content.
inline std::string clip(std::string_view text, std::size_t max = 32) {
    if (text.size() <= max) return std::string(text);
    std::size_t end = max;
    while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) --end;
    return std::string(text.substr(0, end)) + "…";
}

}  // namespace ldv::detail
