#pragma once
// Classification utility of a (τ,ℓ) output (Tian & Zhang 2011 §5.3.2, Figs 17–18): ID3 trees
// learned from the original table and from the anonymized one, both tested on the original.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <random>

#include "ldiv/experiments/id3_tree.h"
#include "ldiv/tau/tau_input.h"

namespace ldv {

struct TauClassificationOptions {
    /// Table column predicted; empty = the sensitive attribute (for Nursery the class, as in
    /// the paper's rule "health = not_recom ⇒ not_recom"). A non-QI, non-SA column is taken
    /// as published unchanged. The features are the QI attributes.
    std::optional<std::size_t> target;
    /// Trees learned from the anonymized table, each after a fresh random de-generalization;
    /// the paper averages 10.
    std::size_t trees = 10;
    std::uint64_t seed = 1;
    /// A rule of the original tree counts when its accuracy and coverage (on the original
    /// table) reach these: the paper uses 70 % / 250 rows for Adult, 90 % / 100 for Nursery.
    double ruleAccuracy = 0.7;
    std::size_t ruleCoverage = 250;
};

struct TauClassification {
    double originalAccuracy = 0;    ///< ca_o: the original tree on the original table
    double anonymousAccuracy = 0;   ///< mean ca_a over the trees
    double accuracyRatio = 0;       ///< mean of ca_a / ca_o (Fig. 17's y-axis)
    std::size_t originalRules = 0;  ///< rules of the original tree meeting the thresholds
    double preservedRules =
        0;  ///< mean number of those also learned from the anonymized table (Fig. 18)
    std::size_t trees = 0;
};

/// The training data ID3 sees for the original table: QI base codes and the target's codes.
FeatureTable originalClassificationData(const TauInput& input,
                                        const TauClassificationOptions& options);

/// The anonymized table as ID3 training data: "each general value replaced by a base value
/// randomly selected from leaf values covered by the general value" (Tian & Zhang 2011
/// §5.3.2), uniformly among the base values that occur in the original table (the data
/// domain, as for um).
FeatureTable deGeneralizedClassificationData(const TauInput& input, const LocalRecoding& out,
                                             const TauClassificationOptions& options,
                                             std::mt19937_64& rng);

/// Learns the original tree and `options.trees` anonymized trees, and measures both on the
/// original table. Throws ParameterError for an empty output or zero trees.
TauClassification classifyRecoding(const TauInput& input, const LocalRecoding& out,
                                   const TauClassificationOptions& options);

}  // namespace ldv
