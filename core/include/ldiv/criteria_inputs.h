#pragma once
// What binding criteria to a dataset needs beyond the dataset itself: the hierarchies of the
// sensitive attributes (t-closeness=T:hierarchical, Li, Li & Venkatasubramanian 2007) and the
// population size (k-map=K). The CLI and the workbench build it from a loaded workspace with
// criteriaInputs(), so both bind the same way.
#include <optional>
#include <string>
#include <vector>

#include "ldiv/hierarchy.h"
#include "ldiv/search_config.h"

namespace ldv {

class Workspace;

struct CriteriaInputs {
    /// N, the population the rows are a sample of (0 = not given).
    double populationSize = 0;
    /// Per sensitive attribute (index into Dataset::sensitiveColumns()): its hierarchy, when
    /// one is configured. Shorter than the list = no hierarchy for the rest.
    std::vector<std::optional<Hierarchy>> sensitiveHierarchies;
};

/// bindCriteria (search.h) with the inputs above. A `:hierarchical` t-closeness criterion
/// on a sensitive attribute without a hierarchy is a ParameterError that says how to give one.
std::vector<BoundCriterion> bindCriteria(const Dataset& data, const std::vector<std::string>& specs,
                                         const CriteriaInputs& inputs);

/// The hierarchies the workspace's project configures for its sensitive attributes (stored,
/// a file or a builder spec), and `populationSize`. Throws InputError for an unreadable file.
CriteriaInputs criteriaInputs(const Workspace& workspace, double populationSize = 0);

}  // namespace ldv
