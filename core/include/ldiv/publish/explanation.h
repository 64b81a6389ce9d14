#pragma once
// Why a node (or a published table) fails its requirement and the cheapest computed fixes
// (`ldiv explain`). Every figure here comes from evaluating the node or the fix with the same
// judge the search uses (publish.h: judgeClasses), never from an estimate: applying a fix gives
// the verdict and utility reported for it.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ldiv/publish/published_node.h"

namespace ldv {

/// One equivalence class that violates a criterion.
struct FailingClass {
    std::size_t index = 0;
    /// Generalized QI values, in QI order.
    std::vector<std::string> qiValues;
    std::size_t size = 0;
    /// Criterion::measure of the class and its distance to the threshold in the measure's unit:
    /// k: rows missing; distinct-l: values missing; entropy-l: ℓ − e^H; recursive: ℓ − ℓ′;
    /// simple-l: ℓ − N/r1; tau-l: max_k F(k) − ψ(k) (> 0).
    double measure = 0;
    double distance = 0;
    /// Entropy-ℓ only: log ℓ − H, the entropy (nats) the class lacks.
    double entropyMissing = 0;
    /// ℓ-criteria: the most frequent sensitive value of the class, its rows and share.
    std::string dominatingValue;
    std::size_t dominatingCount = 0;
    double dominatingShare = 0;
    /// Rows of the class (0-based indices into the data), at most ExplainOptions::rowCap;
    /// empty on a grouped dataset (Dataset::grouped), which holds no rows.
    std::vector<std::uint32_t> rows;
};

struct CriterionExplanation {
    /// The criterion's verdict on the node, as evaluateCriteria gives it.
    CriterionVerdict verdict;
    /// The failing classes, worst first (ties: the larger class, then by generalized values),
    /// at most ExplainOptions::classCap (of verdict.failingClasses).
    std::vector<FailingClass> failingClasses;
    /// Fix (c): the strongest parameter for which this criterion alone holds on the node with
    /// the suppression limit (largest k or ℓ, smallest τ), as a spec; empty when none does.
    std::string strongestSpec;
    double strongestParameter = 0;
};

/// Fix (a): raise one attribute by one level.
struct RaiseFix {
    std::size_t attribute = 0;  ///< QI index
    std::string name;
    Levels levels;
    bool satisfies = false;
    double utility = 0;  ///< metricValue(metrics, config.metric), lower is better
    NodeMetrics metrics;
};

/// Fix (b): suppress the rows of every failing class.
struct SuppressFix {
    std::size_t rows = 0;
    std::size_t limitRows = 0;  ///< ⌊limit·n⌋
    bool withinLimit = false;
    /// The smallest suppression limit (fraction) that allows it: rows / n.
    double requiredLimit = 0;
    /// The node's metrics and utility with those rows suppressed.
    NodeMetrics metrics;
    double utility = 0;
};

struct Explanation {
    std::size_t rows = 0;
    /// All classes of the node, the suppressed ones included (metrics.classes: the published).
    std::size_t classes = 0;
    bool satisfies = false;
    /// The node's levels, suppressed rows and utility figures, as the judge measured them.
    NodeMetrics metrics;
    double utility = 0;
    std::vector<CriterionExplanation> criteria;
    /// Ranked: satisfying nodes first, then by utility (betterOptimum).
    std::vector<RaiseFix> raises;
    SuppressFix suppress;
};

struct ExplainOptions {
    std::size_t classCap = 100;
    std::size_t rowCap = 50;
};

/// Explains `levels` against `config` (criteria, suppression limit, metric).
Explanation explainNode(const Dataset& data, const SearchConfig& config,
                        std::span<const int> levels, const ExplainOptions& options = {});

/// The spec of `criterion` with its main parameter replaced (k, ℓ, or τ for tau-l).
std::string withParameter(const Criterion& criterion, double parameter);

}  // namespace ldv
