#pragma once
// Two-way contingency tables and their association, Cramér's V (Cramér 1946),
// bias-uncorrected: V = √(χ² / (n · (min(r, c) − 1))), χ² = Σᵢⱼ (Oᵢⱼ − Eᵢⱼ)² / Eᵢⱼ with
// Eᵢⱼ = rowᵢ · colⱼ / n over the r rows and c columns that hold rows; V = 0 when min(r, c) = 1.
#include <cstddef>
#include <string>
#include <vector>

namespace ldv {

class Table;

struct ContingencyTable {
    /// The values of the first attribute (rows) and of the second (columns), in label order.
    std::vector<std::string> rowValues, columnValues;
    /// counts[i][j]: rows with the i-th value of the first and the j-th of the second.
    std::vector<std::vector<std::size_t>> counts;
    double cramersV = 0;
};

/// Cramér's V of a table of counts (rows and columns without any count are left out).
double cramersV(const std::vector<std::vector<std::size_t>>& counts);

/// The two-way table of columns `first` and `second` of `table`, with its Cramér's V.
ContingencyTable contingency(const Table& table, std::size_t first, std::size_t second);

}  // namespace ldv
