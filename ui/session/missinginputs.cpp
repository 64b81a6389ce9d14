#include "session/missinginputs.h"

#include <QObject>

#include "ldiv/criteria/criterion_catalogue.h"
#include "ldiv/criteria/criterion_spec.h"
#include "ldiv/data/error.h"

namespace ldv::ui {

QString missingCriterionInput(const ProjectConfig& config, const std::string& spec) {
    CriterionSpec parsed;
    try {
        parsed = parseCriterionSpec(spec);
    } catch (const ParameterError&) {
        return {};
    }
    const QString text = QString::fromStdString(spec);
    // What the kind needs is its declaration (criterion_catalogue.h).
    const CriterionCapabilities& caps = criterionCapabilities(parsed.kind);
    if (caps.needsResearchSubset && config.researchSubset.empty())
        return QObject::tr(
                   "criterion '%1' needs the research subset, the rows that are published: "
                   "set 'Research subset' in the Privacy perspective to COL=VALUE or choose "
                   "a CSV file of its rows (the loaded table is the population)")
            .arg(text);
    if (caps.needsPopulationSize && !config.search.populationSize)
        return QObject::tr(
                   "criterion '%1' needs the population size: enter 'Population size N' in "
                   "the Risk perspective (the number of people the data is a sample of)")
            .arg(text);
    if (caps.needsSurveyWeights && config.surveyAttribute(SurveyRole::Weight).empty())
        return QObject::tr(
                   "criterion '%1' needs survey weights: give a column the role 'weight' "
                   "(the number of population units each record stands for)")
            .arg(text);
    return {};
}

QString missingCriteriaInput(const ProjectConfig& config, const std::vector<std::string>& specs) {
    for (const std::string& spec : specs)
        if (QString m = missingCriterionInput(config, spec); !m.isEmpty()) return m;
    return {};
}

}  // namespace ldv::ui
