#pragma once
// The metrics of a node from raw class tables, not public API: the search measures its own
// class tables with these (no EquivalenceClasses copy), and tests/core/test_metrics and
// test_search check them against measureClasses (white-box tests, see tests/CMakeLists.txt).
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "ldiv/metrics/node_metrics.h"

namespace ldv {

namespace detail {

/// The raw inputs of measureClasses, shared with the search's own class tables. `keys` are
/// class-major (width = d) codes at `levels`; `histogram` is class-major with width `m`
/// (the first SA) or empty. The first SA only when it counts the classes' rows
/// (Dataset::countsSample(0): not the population's membership of a research subset), as
/// baseEntropyTerm assumes; classes of size 0 (a RowSample's unpublished classes) are skipped.
struct ClassesView {
    std::span<const int> levels;
    std::span<const std::uint32_t> sizes;
    std::span<const std::uint32_t> keys;
    std::span<const std::uint32_t> histogram;
    std::size_t m = 0;
    /// Distance between two classes' histograms (0: m).
    std::size_t histStride = 0;
    std::span<const std::uint8_t> suppressed;
};

NodeMetrics measure(const Dataset& data, const ClassesView& view);
/// Σ_b,s c_bs log c_bs over the base groups (the constant part of KL), cached per dataset
/// by the caller.
double baseEntropyTerm(const Dataset& data);
NodeMetrics measure(const Dataset& data, const ClassesView& view, double baseTerm);
/// measureClasses (node_metrics.h) with baseEntropyTerm(data) already known.
NodeMetrics measureClasses(const Dataset& data, const EquivalenceClasses& classes,
                           std::span<const std::uint8_t> suppressed, double baseTerm);
/// Per QI attribute i and level l: Σ over the rows of the LM loss of their attribute-i cell at
/// level l (from the base groups). Without suppression LM = Σ_i table[i][l_i] / (n·d).
std::vector<std::vector<double>> lossByLevel(const Dataset& data);
/// LM of a node without suppression from lossByLevel's table.
double lossOfLevels(const Dataset& data, const std::vector<std::vector<double>>& table,
                    std::span<const int> levels);

}  // namespace detail

}  // namespace ldv
