#include "ldiv/risk/survey_risk.h"

#include "ldiv/data/table.h"
#include "ldiv/lattice/class_partition.h"
#include "ldiv/risk/risk_analysis.h"
#include "ldiv/risk/survey_weights.h"

namespace ldv {

SurveyFigures surveyRisk(const Table& table, const std::vector<std::string>& qiNames,
                         const std::string& weightName, const std::string& householdName,
                         const std::optional<Suda2Options>& suda) {
    SurveyFigures f;
    f.weight = weightName;
    f.household = householdName;
    const std::vector<std::uint32_t> rowClass = publishedRowClasses(table, qiNames);
    std::vector<double> risk;
    if (!weightName.empty()) {
        f.individual =
            individualRisks(rowClass, surveyWeights(table, table.requireColumn(weightName)));
        risk = f.individual->risk;
    } else if (!householdName.empty()) {
        // No weights: the sample is the population, each record's risk 1/f (sdcMicro's
        // indivRisk with survey = FALSE).
        const std::vector<std::uint32_t> classSizes = classSizesOfRows(rowClass);
        for (std::uint32_t c : rowClass) risk.push_back(1.0 / classSizes[c]);
    }
    if (!householdName.empty())
        f.households =
            householdRisks(risk, table.column(table.requireColumn(householdName)).codes());
    if (suda) {
        std::vector<std::size_t> columns;
        for (const std::string& name : qiNames) columns.push_back(table.requireColumn(name));
        f.suda = suda2(table, columns, *suda);
    }
    return f;
}

}  // namespace ldv
