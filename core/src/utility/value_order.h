#pragma once
// The order values are listed in: numbers and bounded intervals by their bounds, then "*",
// then other labels alphabetically, so that "[20-29]" comes before "[100-109]" and "9" before
// "10".
#include <string>
#include <vector>

namespace ldv::detail {

/// Indices 0..labels.size()-1 sorted by the labels' order.
std::vector<std::size_t> valueOrder(const std::vector<std::string>& labels);

}  // namespace ldv::detail
