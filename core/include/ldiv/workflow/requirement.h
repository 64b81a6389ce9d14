#pragma once
// A requirement ready to judge: the first step of every command that judges criteria (`ldiv
// search`, `generalize`, `explain`, `risk`, `audit`, `frontier`), so that each judges on the
// same dataset as the search. With a δ-presence criterion (Nergiz, Atzori & Clifton 2007) that
// is the population with the research subset marked (criteriaDataset, workspace_criteria.h): the
// other criteria and the suppression limit count the subset's rows, δ-presence the
// population's. Remembering that at every call site is what this header replaces.
#include <span>
#include <string>
#include <vector>

#include "ldiv/evaluation/search_config.h"
#include "ldiv/project/search_settings.h"
#include "ldiv/publish/published_node.h"
#include "ldiv/search/frontier_result.h"

namespace ldv {

class Dataset;
class Feedback;
class Workspace;

struct Requirement {
    /// The dataset the criteria are bound to and judged on, owned by the workspace: its own, or
    /// with δ-presence its population with the research subset (Workspace::presenceDataset).
    const Dataset* data = nullptr;
    /// makeSearchConfig (search_settings.h) of the settings on *data: validated once, criteria
    /// bound with the workspace's sensitive hierarchies and population size.
    SearchConfig config;
};

/// The dataset of `settings.criteria` (ParameterError for δ-presence without a research
/// subset), then makeSearchConfig on it (validate()'s first message as a ParameterError).
Requirement prepareRequirement(const Workspace& workspace, const SearchSettings& settings,
                               const SettingNames& names = {});

/// The settings bound to another dataset over the workspace's attributes (e.g. a published
/// table's, or a data set loaded apart from the workspace), validated as prepareRequirement
/// validates them.
Requirement prepareRequirementOn(const Workspace& workspace, const Dataset& data,
                                 const SearchSettings& settings, const SettingNames& names = {});

/// judgeNode (published_node.h) of `levels` on the requirement's dataset: the search's own
/// verdict, suppression included.
NodeJudgement judgeRequirement(const Requirement& requirement, std::span<const int> levels,
                               bool withMembership = false);
/// The same for a configuration prepareRequirement made on `workspace` and kept apart from
/// its dataset (e.g. in a search's outcome): judged on judgedDataset(workspace, config), the
/// dataset it was bound to.
NodeJudgement judgeRequirement(const Workspace& workspace, const SearchConfig& config,
                               std::span<const int> levels, bool withMembership = false);

/// Binds criterion specs as prepareRequirement binds a requirement's (with δ-presence on the
/// population with the research subset, the workspace's sensitive hierarchies, and
/// `populationSize` when > 0, else the project's): throws their error, e.g. for an editor
/// checking one criterion before it is added.
std::vector<BoundCriterion> bindRequirementCriteria(const Workspace& workspace,
                                                    const std::vector<std::string>& specs,
                                                    double populationSize = 0);

/// frontier (frontier_result.h) on the dataset of every spec of the grids and the fixed
/// criteria, binding them with the workspace's criteriaInputs (sensitive hierarchies, the
/// population size: config.populationSize, else the project's): with δ-presence, k-map or
/// t-closeness=T:hierarchical among them, each point is searched and its risk measured as
/// `ldiv search` and `ldiv risk` judge that requirement.
FrontierResult frontier(const Workspace& workspace, const FrontierConfig& config,
                        Feedback* feedback = nullptr);

}  // namespace ldv
