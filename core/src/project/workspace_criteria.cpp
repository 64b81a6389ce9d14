// The criteria's inputs and dataset of a loaded workspace (workspace_criteria.h).
#include "ldiv/project/workspace_criteria.h"

#include "ldiv/criteria/criterion_catalogue.h"
#include "ldiv/criteria/presence_dataset.h"
#include "ldiv/data/error.h"
#include "ldiv/project/workspace.h"

namespace ldv {

const Dataset& criteriaDataset(const Workspace& ws, const std::vector<std::string>& specs) {
    for (const std::string& text : specs) {
        if (!criterionCapabilities(parseCriterionSpec(text).kind).needsResearchSubset) continue;
        const PresenceDataset* presence = ws.presenceDataset();
        if (!presence) throw ParameterError(researchSubsetMissing(text));
        return presence->dataset();
    }
    return ws.dataset();
}

CriteriaInputs criteriaInputs(const Workspace& ws, double populationSize) {
    CriteriaInputs inputs;
    // An explicit N (the command line's --population-size) overrides the project's.
    inputs.populationSize =
        populationSize > 0 ? populationSize : ws.config().search.populationSize.value_or(0);
    for (std::size_t column : ws.sensitiveColumns()) {
        const Hierarchy* h = ws.hierarchy(ws.table().column(column).name());
        inputs.sensitiveHierarchies.push_back(h ? std::optional<Hierarchy>(*h) : std::nullopt);
    }
    return inputs;
}

}  // namespace ldv
