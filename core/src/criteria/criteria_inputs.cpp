// What binding criteria needs beyond the dataset (criteria_inputs.h).
#include "ldiv/criteria/criteria_inputs.h"

#include "ldiv/criteria/criterion_catalogue.h"

namespace ldv {

bool hasDeltaPresence(const std::vector<std::string>& specs) {
    for (const std::string& text : specs)
        if (criterionCapabilities(parseCriterionSpec(text).kind).needsResearchSubset) return true;
    return false;
}

std::string researchSubsetMissing(const std::string& criterion) {
    return "criterion '" + criterion +
           "' needs the research subset, the rows that are published: give --research-subset "
           "COL=VALUE or --research-subset FILE.csv (the loaded table is the population)";
}

}  // namespace ldv
