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

/// Per-dataset tables of the attribute-wise quality models (quality_model.h), computed once from
/// the base groups: per QI attribute i and level l the cost summed over all input rows, and the
/// per-value figures a suppressed row's cost needs.
struct QualityTables {
    double n = 0;
    /// [i][l]: Σ over the input rows of the cell cost at level l (entropy in bits, granularity
    /// and sse unnormalized).
    std::vector<std::vector<double>> entropy, granularity, sse;
    /// [i][l][g]: log2 of the input rows that g covers (entropy).
    std::vector<std::vector<std::vector<double>>> log2Count;
    /// [i][l][g]: the smallest and largest numeric leaf g covers (sse; empty: not numeric).
    std::vector<std::vector<std::vector<double>>> low, high;
    /// [i][b]: the numeric value of base code b (empty: not numeric).
    std::vector<std::vector<double>> value;
    /// [i]: Σ over the input rows of the sse at the top (the normalization), and the
    /// attribute's data-domain size.
    std::vector<double> sseNorm, domain;
    /// [i]: the smallest and largest numeric data value (sse's fully generalized interval).
    std::vector<double> minValue, maxValue;

    /// Cell costs of a row with base code x whose cell is g at level l.
    double entropyCost(std::size_t i, int l, Code x, Code g) const;
    double granularityCost(std::size_t i, std::uint32_t coverage) const;
    double sseCost(std::size_t i, int l, Code x, Code g) const;
    double entropyTop(std::size_t i, Code x) const;
    double sseTop(std::size_t i, Code x) const;
};

QualityTables qualityTables(const Dataset& data);

/// The attribute-wise parts of a node without suppression: functions of the levels alone.
void levelQuality(const QualityTables& tables, std::span<const int> levels, NodeMetrics& out);

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
    /// The dataset's quality tables (null: measure() computes them when withQuality).
    const QualityTables* qualityTables = nullptr;
    /// Whether the attribute-wise models are measured (with suppressed classes, a pass over
    /// the base groups); the search turns it off when its metric is none of them.
    bool withQuality = true;
    /// Whether suppressed rows' original values are looked up (a pass over the base groups),
    /// which sse and entropy's split between its parts need. Without it entropy's generalized
    /// part counts every row at the node and its suppressed part only what suppressing adds:
    /// each attribute's sum is exact when the gs-factor weighs both parts alike (0.5), and the
    /// search ranks with it there; sse is then left without its suppressed rows.
    bool suppressedPass = true;
};

/// Replaces the generalized parts of the suppressed rows by their fully generalized cost.
void suppressedQuality(const Dataset& data, const QualityTables& tables, const ClassesView& view,
                       NodeMetrics& out);

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
