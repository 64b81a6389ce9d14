// A requirement ready to judge (requirement.h).
#include "ldiv/workflow/requirement.h"

#include "ldiv/evaluation/search_config.h"
#include "ldiv/project/workspace.h"
#include "ldiv/project/workspace_criteria.h"
#include "ldiv/project/workspace_publish.h"

namespace ldv {

Requirement prepareRequirement(const Workspace& workspace, const SearchSettings& settings,
                               const SettingNames& names) {
    Requirement r;
    r.data = &criteriaDataset(workspace, settings.criteria);
    r.config = makeSearchConfig(workspace, settings, names, r.data);
    return r;
}

Requirement prepareRequirementOn(const Workspace& workspace, const Dataset& data,
                                 const SearchSettings& settings, const SettingNames& names) {
    Requirement r;
    r.data = &data;
    r.config = makeSearchConfig(workspace, settings, names, &data);
    return r;
}

NodeJudgement judgeRequirement(const Requirement& requirement, std::span<const int> levels,
                               bool withMembership) {
    return judgeNode(*requirement.data, requirement.config, levels, withMembership);
}

NodeJudgement judgeRequirement(const Workspace& workspace, const SearchConfig& config,
                               std::span<const int> levels, bool withMembership) {
    return judgeNode(judgedDataset(workspace, config), config, levels, withMembership);
}

std::vector<BoundCriterion> bindRequirementCriteria(const Workspace& workspace,
                                                    const std::vector<std::string>& specs,
                                                    double populationSize) {
    return bindCriteria(criteriaDataset(workspace, specs), specs,
                        criteriaInputs(workspace, populationSize));
}

FrontierResult frontier(const Workspace& workspace, const FrontierConfig& config,
                        Feedback* feedback) {
    std::vector<std::string> specs = config.fixed;
    for (const auto& grid : config.grids) specs.insert(specs.end(), grid.begin(), grid.end());
    FrontierConfig bound = config;
    bound.inputs = criteriaInputs(workspace, config.populationSize.value_or(0));
    return frontier(criteriaDataset(workspace, specs), bound, feedback);
}

}  // namespace ldv
