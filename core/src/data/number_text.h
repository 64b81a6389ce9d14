#pragma once
// The one reading of "is this dictionary string a number" for the engine's numeric paths
// (Mondrian's median cuts, MDAV, the SSE quality model): the whole text, an optional leading
// '+', and a finite value. Words, intervals and "*" are not numbers.
#include <charconv>
#include <cmath>
#include <string_view>
#include <system_error>

namespace ldv::detail {

inline bool parseFiniteNumber(std::string_view text, double& value) {
    const char* begin = text.data();
    const char* end = begin + text.size();
    if (begin != end && *begin == '+') ++begin;
    const auto [ptr, ec] = std::from_chars(begin, end, value);
    return ec == std::errc() && ptr == end && std::isfinite(value);
}

}  // namespace ldv::detail
