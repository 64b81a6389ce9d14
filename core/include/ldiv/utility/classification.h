#pragma once
// Classification accuracy of `ldiv utility --target` (docs/utility.md): how well a model
// trained on the output predicts the target, against one trained on the input, with k-fold
// cross-validation on the same seeded folds (ARX's classification utility, Prasser et al.
// 2014; the models are in classifiers.h).
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ldiv/utility/classifiers.h"

namespace ldv {

/// The fold of each of n rows: the rows 0..n−1 are permuted by a Fisher–Yates shuffle driven
/// by std::mt19937_64(seed) (step i = n, n−1, …, 2 swaps positions i−1 and rng() % i, as
/// shuffleRows of row_order.h), and the row at position p goes to fold ⌊p·k / n⌋. Both are
/// fully specified, so another program reproduces the folds. ParameterError unless
/// 2 ≤ k ≤ n.
std::vector<std::uint32_t> foldAssignment(std::size_t n, std::uint32_t k, std::uint64_t seed);

enum class ClassifierKind { Logistic, NaiveBayes, Tree, Majority };
const char* classifierName(ClassifierKind kind);

/// Cross-validated predictions: for each fold, trained on the other folds' rows and predicting
/// that fold's. Returns the prediction per row.
std::vector<std::uint32_t> crossValidate(const FeatureTable& data, ClassifierKind kind,
                                         const std::vector<std::uint32_t>& folds, std::uint32_t k);

struct ModelAccuracy {
    std::string model;
    double inputAccuracy = 0, outputAccuracy = 0;
    /// (output − baseline) / (input − baseline); nullopt when input = baseline.
    std::optional<double> relativeAccuracy;
    /// Output accuracy on the suppressed rows alone (nullopt when none are in the output).
    std::optional<double> suppressedAccuracy;
};

struct ClassificationReport {
    std::string target;
    std::uint32_t folds = 0;
    std::uint64_t seed = 0;
    std::vector<std::string> features;
    std::vector<std::string> classes;
    std::size_t inputRows = 0, outputRows = 0;
    /// Output rows of suppressed classes: their features are all "*" (what the release tells an
    /// analyst about them) and their target is kept.
    std::size_t suppressedRows = 0;
    /// False when the suppressed rows are not among the output's rows (a published file
    /// without them).
    bool suppressedInOutput = true;
    /// The majority-class baseline, cross-validated on the input's rows.
    double baseline = 0;
    std::vector<ModelAccuracy> models;
};

/// Per side, the label of each feature and the target per row; `suppressed` per output row
/// (empty: none).
struct ClassificationSides {
    std::vector<std::string> features;
    std::vector<std::vector<std::string>> inputFeatures, outputFeatures;  // [feature][row]
    std::vector<std::string> inputTarget, outputTarget;
    std::vector<std::uint8_t> suppressed;
};

/// Encodes each side (codes in sorted label order; classes of both sides together, sorted)
/// and cross-validates every model on `folds` seeded folds of each side's rows.
ClassificationReport classify(const ClassificationSides& sides, const std::string& target,
                              std::uint32_t folds, std::uint64_t seed);

}  // namespace ldv
