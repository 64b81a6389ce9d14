#pragma once
// The risk–utility frontier (`ldiv frontier`): for every requirement of a grid (criteria
// parameters × suppression limits) the optimum node with its utility and re-identification
// risk (prosecutor, journalist or marketer; El Emam & Dankar 2008, risk.h), and the
// Pareto-optimal (risk, utility) points among them.
#include <optional>
#include <string>
#include <vector>

#include <string_view>
#include "ldiv/criteria/criteria_inputs.h"
#include "ldiv/risk/prosecutor_risk.h"
#include "ldiv/search/search_result.h"

namespace ldv {

/// Expands "k=2..50", "entropy-l=2..6", "recursive-cl=3,2..5" or "k=2,5,10" into specs, one per
/// value ("a..b" steps by 1, "a..b:s" by s; other parameters and ";…" / "@…" suffixes are
/// kept). Throws ParameterError for a malformed grid.
std::vector<std::string> expandCriteriaGrid(const std::string& grid);

/// The risk a frontier point is placed by (its riskValue, the Pareto axis).
enum class FrontierRisk {
    Prosecutor,  ///< highest prosecutor risk, 1 / smallest published class
    Journalist,  ///< highest journalist risk 1 / F̂ (needs the population size, risk.h)
    Marketer,    ///< expected fraction of records re-identified, classes / rows
};
/// "prosecutor", "journalist", "marketer"; ParameterError naming the allowed ones otherwise.
FrontierRisk parseFrontierRisk(const std::string& name);
std::string_view frontierRiskName(FrontierRisk risk);

struct FrontierPoint {
    std::vector<std::string> criteria;
    double suppression = 0;
    /// Empty when no node satisfies the requirement.
    std::optional<Levels> optimum;
    NodeMetrics metrics;
    double utility = 0;  ///< metricValue(metrics, metric), lower is better
    ProsecutorRisk risk;
    /// The figure of FrontierConfig::risk (prosecutor: risk.highest).
    double riskValue = 0;
    bool pareto = false;
};

struct FrontierResult {
    std::vector<FrontierPoint> points;
    /// Indices of the Pareto-optimal points: no other point has lower-or-equal riskValue and
    /// utility with one of them strictly lower.
    std::vector<std::size_t> pareto;
    /// True when the grouping shared across the grid answered every point (a single k-grid
    /// and a metric other than KL); otherwise one search ran per point on the shared dataset.
    bool sharedGrouping = false;
    double elapsedMs = 0;
};

struct FrontierConfig {
    /// Each entry is one expanded grid; the requirements are their cross product, each joined
    /// with `fixed`.
    std::vector<std::vector<std::string>> grids;
    std::vector<std::string> fixed;
    std::vector<double> suppressions{0};
    Metric metric = Metric::Discernibility;
    /// Weights, gs-factor and aggregate of the attribute-wise metrics (quality_model.h).
    QualityOptions quality;
    FrontierRisk risk = FrontierRisk::Prosecutor;
    /// N for the journalist risk (ParameterError without it, or below the rows).
    std::optional<double> populationSize;
    unsigned threads = 0;
    /// What the criteria are bound with besides the data (sensitive hierarchies, the population
    /// size of k-map): the workspace's (criteriaInputs) when run through frontier(Workspace),
    /// requirement.h, so that each point binds as `ldiv search` does. Default: none.
    CriteriaInputs inputs;
};

FrontierResult frontier(const Dataset& data, const FrontierConfig& config,
                        Feedback* feedback = nullptr);

/// The Pareto-optimal points (minimizing riskValue and utility) among those with an optimum.
std::vector<std::size_t> paretoFront(const std::vector<FrontierPoint>& points);

}  // namespace ldv
