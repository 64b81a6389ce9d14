#pragma once
// What binding criteria to a dataset needs beyond the dataset itself: the hierarchies of the
// sensitive attributes (t-closeness=T:hierarchical, Li, Li & Venkatasubramanian 2007) and the
// population size (k-map=K). The CLI and the workbench build it from a loaded workspace with
// criteriaInputs(), so both bind the same way.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ldiv/evaluation/search_config.h"
#include "ldiv/hierarchy/hierarchy.h"

namespace ldv {

class Workspace;

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

/// bindCriteria (search.h) with the inputs above. A `:hierarchical` t-closeness criterion
/// on a sensitive attribute without a hierarchy is a ParameterError that says how to give one.
/// delta-presence binds to the membership attribute of a PresenceDataset's dataset
/// (presence_dataset.h), which the other criteria never see; on other data it is a
/// ParameterError asking for the research subset. The criteria beside it are judged on that
/// dataset's classes, which count the research subset's rows only (RowSample, dataset.h).
std::vector<BoundCriterion> bindCriteria(const Dataset& data, const std::vector<std::string>& specs,
                                         const CriteriaInputs& inputs);

/// The hierarchies the workspace's project configures for its sensitive attributes (stored,
/// a file or a builder spec), and the population size: `populationSize` when above 0 (an
/// explicit --population-size), else the project's population_size. Throws InputError for an
/// unreadable file.
CriteriaInputs criteriaInputs(const Workspace& workspace, double populationSize = 0);

/// True when a delta-presence criterion is among `specs` (ParameterError for a bad spec).
bool hasDeltaPresence(const std::vector<std::string>& specs);
/// The dataset to bind and judge `specs` on: the workspace's, or with a delta-presence
/// criterion among them, Workspace::presenceDataset()'s, which also carries the research
/// subset (same lattice, same column indices). ParameterError when the project has no
/// research subset. bindCriteria on any other dataset refuses delta-presence the same way.
const Dataset& criteriaDataset(const Workspace& workspace, const std::vector<std::string>& specs);

}  // namespace ldv
