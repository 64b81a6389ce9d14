#pragma once
// A risk assessment (the workbench's Risk perspective and its report), computed on a worker
// thread from the core's risk analysis (ldiv/risk/risk_analysis.h, docs/risk.md): the original
// table ("before") and, for a lattice node, the table that node publishes ("after": generalized,
// suppressed classes left out, as the search judged it). Both sides carry the distinction and
// separation of every combination of the quasi-identifiers (Motwani & Xu 2007), in the same order,
// so the view can pair them up.
#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "ldiv/risk/attribute_combination_risk.h"
#include "ldiv/risk/risk_analysis.h"
#include "ldiv/risk/survey_risk.h"
#include "ldiv/search/search_result.h"

namespace ldv {
class Feedback;
}

namespace ldv {
class Table;
class Workspace;
}  // namespace ldv

namespace ldv {

struct RiskSide {
    RiskAnalysis analysis;
    /// Same order on both sides (by size, then by QI position); empty when not computed.
    std::vector<AttributeCombinationRisk> combinations;
    /// With a weight or household role in the project: individual (Benedetti & Franconi
    /// 1998) and household risk of this side's classes (survey_risk.h); SUDA2 when asked.
    std::optional<SurveyFigures> survey;
};

struct RiskReport {
    std::vector<std::string> qiNames;
    RiskSide before;
    std::optional<RiskSide> after;  ///< with a node only
    Levels levels;                  ///< the node of `after`
    std::size_t suppressedRows = 0;
    /// Why the attribute combinations were not computed ("" when they were).
    std::string combinationsNote;
};

/// At most this many quasi-identifiers get the combination table (2^16 − 1 rows per side);
/// more would hold millions of rows for a view nobody can read.
inline constexpr std::size_t kMaxRiskViewAttributes = 16;

/// Risk of the prepared data's table, and of `levels` published under `config` when both are
/// given. Throws ParameterError (e.g. a population size below the number of rows) or
/// Cancelled; reports progress on `feedback`.
/// With `suda2`, each side's survey figures include SUDA2's special uniques (Manning, Haglin &
/// Keane 2008; survey_risk.h), also without a weight or household role.
RiskReport computeRiskReport(const Workspace& data, const SearchConfig* config,
                             const Levels* levels, const RiskOptions& options, Feedback* feedback,
                             bool suda2 = false);

/// The same with "after" a published table that is no node (a transformation's, issue #34):
/// `classSizes` its classes' sizes, `suppressedRows` the rows left out of it. `levels` stays
/// empty.
RiskReport computePublishedRiskReport(const Workspace& prepared, const Table& published,
                                      std::span<const std::uint32_t> classSizes,
                                      std::size_t suppressedRows, const RiskOptions& options,
                                      Feedback* feedback, bool suda2 = false);

/// The combination's attribute names joined with ", " (QI names by column position).
std::string combinationName(const RiskReport& report, const AttributeCombinationRisk& c);

}  // namespace ldv
