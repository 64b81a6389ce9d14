#pragma once
// How the engine writes a number in messages, spec strings and records: the shortest decimal
// that reads back as the same double. Below every domain that prints a figure (risk, criteria,
// release), so none of them includes another only to format a number.
#include <string>

namespace ldv {

/// Shortest decimal that reads back as the same double ("2.83", "5", "0.5").
std::string formatNumber(double value);

}  // namespace ldv
