#pragma once
// Survey weights and households as columns of a table (docs/risk.md "Survey risk"). A sample
// record's weight w_i is the number of population units it stands for (the inverse of its
// inclusion probability), so the weights of a class sum to F̂_k, its estimated population size.
#include <cstddef>
#include <vector>

#include "ldiv/data/table.h"

namespace ldv {

/// The weights of `column`, one per row: every value must be a finite number > 0. Throws
/// ParameterError naming the column, the 1-based row and the value at fault.
std::vector<double> surveyWeights(const Table& table, std::size_t column);

}  // namespace ldv
