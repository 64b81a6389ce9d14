#pragma once
// Synthetic tables for scale tests (issue 4): rows that keep each column's distribution and
// the pairwise structure of neighbouring columns of an input table.
//
// Method: each output row starts as a copy of a uniformly sampled input row (so every
// column's marginal and every pair inside a copied row are reproduced in expectation); then
// each column c except the first is, with probability `resampleProbability`, replaced by the
// value of c in a random input row that shares the current value of the neighbour column
// c−1 (a draw from the empirical P(c | c−1)). The marginal of c is unchanged by that step,
// the pair (c−1, c) keeps its empirical joint distribution, and the rows are not copies of
// input rows, so the number of distinct QI tuples grows with the row count as it would in
// a larger sample of the same population.
#include <cstdint>
#include <iosfwd>

#include "ldiv/data/feedback.h"
#include "ldiv/data/table.h"

namespace ldv {

struct SynthOptions {
    std::uint64_t rows = 0;
    std::uint64_t seed = 1;
    double resampleProbability = 0.3;
    char separator = ';';
};

/// Writes a header and options.rows rows to `out`. Polls `feedback` every 64 Ki rows. Stops at
/// the first row `out` fails to take (a full disk): the caller sees the stream's state.
void writeSyntheticRows(const Table& input, const SynthOptions& options, std::ostream& out,
                        Feedback* feedback = nullptr);

/// The bytes writeSyntheticRows is expected to write: the header and options.rows rows of the
/// input's mean row length (rows are drawn from the input's own values), to check free space
/// before starting.
std::uint64_t expectedSyntheticBytes(const Table& input, const SynthOptions& options);

}  // namespace ldv
