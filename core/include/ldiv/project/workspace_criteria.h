#pragma once
// A loaded workspace's side of binding criteria: the inputs its project configures
// (sensitive hierarchies, population size) and the dataset the criteria are judged on (with
// delta-presence, the one that carries the research subset). Above the criteria and their
// binding (ldiv/evaluation/search_config.h), which never see a Workspace.
#include <string>
#include <vector>

#include "ldiv/criteria/criteria_inputs.h"

namespace ldv {

class Dataset;
class Workspace;

/// The hierarchies the workspace's project configures for its sensitive attributes (stored,
/// a file or a builder spec), and the population size: `populationSize` when above 0 (an
/// explicit --population-size), else the project's population_size. Throws InputError for an
/// unreadable file.
CriteriaInputs criteriaInputs(const Workspace& workspace, double populationSize = 0);

/// The dataset to bind and judge `specs` on: the workspace's, or with a delta-presence
/// criterion among them, Workspace::presenceDataset()'s, which also carries the research
/// subset (same lattice, same column indices). ParameterError when the project has no
/// research subset. bindCriteria on any other dataset refuses delta-presence the same way.
const Dataset& criteriaDataset(const Workspace& workspace, const std::vector<std::string>& specs);

}  // namespace ldv
