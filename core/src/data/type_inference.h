#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "ldiv/data/table.h"

namespace ldv::detail {

bool looksInteger(std::string_view text);
bool looksDecimal(std::string_view text);
/// ISO (2024-03-31, 2024/03/31), European (31.03.2024) or US (03/31/2024) dates.
bool looksDate(std::string_view text);
/// The narrowest type that every non-missing dictionary value fits (checked per distinct
/// value, not per row).
ColumnType inferColumnType(const Column& column, const std::vector<std::string>& missingTokens);

}  // namespace ldv::detail
