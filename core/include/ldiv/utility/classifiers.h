#pragma once
// The classifiers of `ldiv utility --target` (docs/utility.md, "Classification"): each trains
// on some rows of a table of categorical features and predicts the class of others.
//
// - logistic regression: LIBLINEAR (Fan et al. 2008), L2-regularized, primal trust-region
//   Newton solver (L2R_LR), C = 1, tolerance 1e-4, bias feature 1, one-vs-rest over the
//   classes; the features one-hot encoded. scikit-learn's LogisticRegression(solver=
//   'liblinear', C=1.0) solves the same problem.
// - naive Bayes: categorical, Laplace smoothing α = 1, class priors from the training rows
//   (scikit-learn's CategoricalNB(alpha=1) with every feature's categories counted).
// - decision tree: CART (Breiman et al. 1984) with Gini impurity on the one-hot indicators
//   (binary splits "feature = value" against the rest), depth at most kTreeDepth. A random
//   forest is randomized, so two implementations agree only in expectation; a tree with
//   fixed tie-breaking is reproducible and can be checked against scikit-learn's
//   DecisionTreeClassifier(max_depth=kTreeDepth).
//
// Ties between classes go to the lower class code (scikit-learn's argmax), so class codes
// should follow the classes' sorted order.
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "ldiv/data/feature_table.h"

namespace ldv {

inline constexpr int kTreeDepth = 8;

/// Each trains on `train` and returns the predicted class of every row of `test`, in order.
std::vector<std::uint32_t> predictLogistic(const FeatureTable& data,
                                           std::span<const std::uint32_t> train,
                                           std::span<const std::uint32_t> test);
/// Predicts argmax_c log P(c) + Σ_a log P(x_a | c), P(c) = N_c / N and
/// P(x_a = v | c) = (N_{c,a=v} + 1) / (N_c + domains[a]) over the training rows.
std::vector<std::uint32_t> predictNaiveBayes(const FeatureTable& data,
                                             std::span<const std::uint32_t> train,
                                             std::span<const std::uint32_t> test);
/// A node splits on the indicator "a = v" of largest Gini decrease (ties: the lower a, then
/// the lower v) while its depth is below `maxDepth`, its rows are of more than one class and
/// some split decreases the impurity; a leaf predicts its majority class (ties: the lower).
std::vector<std::uint32_t> predictTree(const FeatureTable& data,
                                       std::span<const std::uint32_t> train,
                                       std::span<const std::uint32_t> test,
                                       int maxDepth = kTreeDepth);
/// The training rows' most frequent class (ties: the lower) for every test row.
std::vector<std::uint32_t> predictMajority(const FeatureTable& data,
                                           std::span<const std::uint32_t> train,
                                           std::span<const std::uint32_t> test);

}  // namespace ldv
