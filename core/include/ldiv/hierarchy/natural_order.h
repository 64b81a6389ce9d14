#pragma once
// The order a reader expects for base values and groups: numbers numerically, interval labels
// ("<10", "10-19", "[20, 25)", ">=90") by their lower bound, dates chronologically (ISO
// yyyy-mm[-dd], dd.mm.yyyy, mm/dd/yyyy), English month names in calendar order, other text
// case-insensitively (Unicode case folding) with embedded numbers compared as numbers
// ("ward 2" < "ward 10"), and values made only of punctuation ("*", "?") last. Ordered-
// grouping labels "first..last" sort by their first member. The ordered builder's default
// order (hierarchy_spec.h) and the workbench's hierarchy editor use this one order.
#include <string>
#include <vector>

namespace ldv {

/// True when `a` (UTF-8) comes before `b` in natural order.
bool naturalLess(const std::string& a, const std::string& b);

/// Sorts in natural order (stable: values with equal keys keep their order).
void naturalSort(std::vector<std::string>& values);

}  // namespace ldv
