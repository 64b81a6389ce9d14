#pragma once
// The survey risk of a table as published (docs/risk.md "Survey risk", "SUDA2"): individual
// risk from the sampling weights (Benedetti & Franconi 1998), household risk and SUDA2 scores
// (Manning, Haglin & Keane 2008) of its quasi-identifier combinations. One home for `ldiv risk
// --weight/--household/--suda2` and the workbench's Risk perspective.
#include <optional>
#include <string>
#include <vector>

#include "ldiv/risk/individual_risk.h"
#include "ldiv/risk/suda2.h"

namespace ldv {

class Table;

struct SurveyFigures {
    std::string weight, household;
    std::optional<IndividualRisk> individual;
    std::optional<HouseholdRisk> households;
    std::optional<Suda2Result> suda;
};

/// The classes are the rows' combinations of `qiNames` in `table` (publishedRowClasses). With
/// a `weightName`, individual risk; with a `householdName`, household risk (each record's risk
/// 1/f when there are no weights, as sdcMicro's indivRisk with survey = FALSE); with `suda`,
/// SUDA2 with those options. Errors name the column, row and value (surveyWeights).
SurveyFigures surveyRisk(const Table& table, const std::vector<std::string>& qiNames,
                         const std::string& weightName, const std::string& householdName,
                         const std::optional<Suda2Options>& suda = std::nullopt);

}  // namespace ldv
