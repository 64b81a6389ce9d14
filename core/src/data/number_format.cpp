// Shortest round-trip decimals (number_format.h).
#include "ldiv/data/number_format.h"

#include <charconv>
#include <system_error>

namespace ldv {

std::string formatNumber(double value) {
    char buffer[64];
    const auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, value);
    return ec == std::errc() ? std::string(buffer, end) : std::string("nan");
}

}  // namespace ldv
