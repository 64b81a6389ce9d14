#pragma once
// Summary statistics of one attribute's values (docs/utility.md): for a numeric attribute the
// count, missing values, minimum, maximum, mean, median and standard deviation; for a
// categorical one the distinct values, the mode and the Shannon entropy (Shannon 1948).
// Generalized labels ("[20-29]", "20-29", "<=40", "2*", "*") are read as intervals and
// summarized on their midpoints; docs/utility.md states the method.
#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace ldv {

/// One value of a distribution and its number of rows.
struct ValueCount {
    std::string value;
    std::size_t count = 0;
    bool operator==(const ValueCount&) const = default;
};
/// A distribution: every value that occurs with its rows, in label order (numbers by value).
using Distribution = std::vector<ValueCount>;

/// A closed interval [low, high]; an open end is −∞ or +∞ ("<=40", ">40", "*").
struct ValueInterval {
    double low = 0;
    double high = 0;
};

/// The number a label stands for, as an interval: a plain number (x → [x, x]); a range
/// "a-b", "[a-b]", "[a, b[", "(a;b]" → [a, b]; "<=x", "<x" → [−∞, x]; ">=x", ">x" → [x, +∞];
/// digits followed by n stars ("2*", "130**": a prefix) → [p·10ⁿ, (p+1)·10ⁿ − 1]; "*" →
/// [−∞, +∞]. nullopt for anything else (a word, a missing-value token).
std::optional<ValueInterval> parseIntervalLabel(std::string_view label);

/// The midpoint of `label`'s interval with open ends closed by [lowest, highest] (the input's
/// range); nullopt when the label is no interval, or an end is open and the range unknown.
std::optional<double> labelMidpoint(std::string_view label, std::optional<double> lowest,
                                    std::optional<double> highest);

/// count = rows with a number; missing = rows without one. mean = Σx/count; median: the middle
/// value, or the mean of the two middle values; sd = √(Σ(x − mean)²/(count − 1)), the sample
/// standard deviation. min/max/mean/median are empty when count = 0, sd when count < 2.
struct NumericSummary {
    std::size_t count = 0;
    std::size_t missing = 0;
    std::optional<double> min, max, mean, median, sd;
};

/// A numeric summary of weighted values (value, rows), in any order; `missing` rows had none.
NumericSummary summarizeNumbers(std::vector<std::pair<double, std::size_t>> values,
                                std::size_t missing);

/// distinct = values with at least one row; mode = the most frequent (ties: the first in the
/// distribution's order) and its rows; entropy H = −Σ pᵢ log₂ pᵢ in bits, pᵢ = rowsᵢ / n.
struct CategoricalSummary {
    std::size_t distinct = 0;
    std::string mode;
    std::size_t modeCount = 0;
    double entropy = 0;
};

CategoricalSummary summarizeCategories(const Distribution& distribution);

/// Shannon entropy in bits of counts (zeros ignored; 0 for no rows).
double entropyBits(std::span<const std::size_t> counts);

}  // namespace ldv
