#pragma once
// What binding criteria to a dataset needs beyond the dataset itself: the hierarchies of the
// sensitive attributes (t-closeness=T:hierarchical, Li, Li & Venkatasubramanian 2007) and the
// population size (k-map=K). Binding itself (bindCriteria) sits one level up, in
// ldiv/evaluation/search_config.h; the CLI and the workbench build the inputs from a loaded
// workspace with criteriaInputs() (ldiv/project/workspace_criteria.h), so both bind the same way.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ldiv/hierarchy/hierarchy.h"

namespace ldv {

struct CriteriaInputs {
    /// N, the population the rows are a sample of (0 = not given).
    double populationSize = 0;
    /// Per sensitive attribute (index into Dataset::sensitiveColumns()): its hierarchy, when
    /// one is configured. Shorter than the list = no hierarchy for the rest.
    std::vector<std::optional<Hierarchy>> sensitiveHierarchies;
    /// Per sensitive attribute: the counts per dictionary code of the table that t-closeness,
    /// delta-disclosure and beta-likeness compare a class with, when that table is not `data`
    /// itself. `ldiv verify` judges a published file against the table before suppression,
    /// as the search did (docs/releases.md). Empty (or shorter): computed from `data`.
    std::vector<std::vector<std::uint64_t>> tableDistributions;
    /// The sample size k-map and the risk criteria are bound with, when it is not
    /// data.rowCount(): verify binds the published rows with the rows before suppression.
    std::optional<double> sampleRows;
};

/// True when a delta-presence criterion is among `specs` (ParameterError for a bad spec).
bool hasDeltaPresence(const std::vector<std::string>& specs);
/// "criterion 'TEXT' needs the research subset…": the one refusal of delta-presence without
/// a research subset, whether binding (bindCriteria) or choosing the dataset
/// (criteriaDataset) finds it missing.
std::string researchSubsetMissing(const std::string& criterion);

}  // namespace ldv
