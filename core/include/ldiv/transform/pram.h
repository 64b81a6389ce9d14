#pragma once
// PRAM, the post-randomization method (Kooiman, Willenborg & Gouweleeuw 1997; Gouweleeuw,
// Kooiman, Willenborg & de Wolf 1998): each value of a categorical attribute is replaced by
// a value drawn from its row of a transition matrix. Invariant PRAM chooses the matrix so that
// the attribute's marginal π is its stationary distribution (π R = π), and the expected
// frequencies of the published values equal the original ones. docs/transformations.md.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "ldiv/data/table.h"

namespace ldv {

class RandomSource;

/// The diagonal of the base matrix by default (sdcMicro's default minimum diagonal, 0.8).
inline constexpr double kDefaultPramDiagonal = 0.8;

/// A row-stochastic matrix over a column's dictionary: row i is the distribution of the
/// published value given the original value i.
struct PramMatrix {
    std::vector<std::string> values;  ///< the categories, in the column's dictionary order
    std::vector<double> cells;        ///< row-major, values.size()²
    double at(std::size_t from, std::size_t to) const { return cells[from * values.size() + to]; }
};

/// The invariant matrix R = P Q of Gouweleeuw et al. (1998): P has p on the diagonal and
/// (1 − p) / (K − 1) elsewhere, Q is P reversed against the marginal,
/// q_kj = p_jk π_j / Σ_l p_lk π_l, so that π R = π. Categories with no rows keep themselves
/// (a row of the identity). `counts[i]` is the frequency of value i. ParameterError unless
/// 0 < p ≤ 1.
PramMatrix invariantPramMatrix(std::span<const std::uint64_t> counts,
                               std::vector<std::string> values, double p = kDefaultPramDiagonal);

/// π R for the marginal π = counts / Σ counts: equal to π for an invariant matrix.
std::vector<double> pramStationaryCheck(const PramMatrix& matrix,
                                        std::span<const std::uint64_t> counts);

/// Replaces every code of `codes` by a draw from its row of the matrix.
std::vector<std::uint32_t> pramCodes(std::span<const std::uint32_t> codes, const PramMatrix& matrix,
                                     RandomSource& rng);

/// Applies invariant PRAM to column `column` of `table` in place (the frequencies are those of
/// this table) and returns the matrix used.
PramMatrix pramColumn(Table& table, std::size_t column, double p, RandomSource& rng);

/// The matrix as CSV for inspection: a header "from" + the values, one row per original value.
std::string formatPramMatrixCsv(const PramMatrix& matrix, char separator = ',');

}  // namespace ldv
