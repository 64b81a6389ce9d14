#pragma once
// The workbench's own words for a criterion that needs an input the project does not hold yet.
// The core's messages name the command line's options (--research-subset, --population-size);
// in the workbench the same inputs are fields: the research subset in the Privacy perspective,
// the population size N in the Risk perspective. The criterion editor, the feasibility check and
// the search say these words before the core is asked.
#include <QString>
#include <string>
#include <vector>

#include "ldiv/project/workspace.h"

namespace ldv::ui {

/// Why `spec` cannot be bound with the project's inputs: δ-presence without a research subset,
/// k-map or population uniqueness without a population size. "" when nothing is missing or the
/// spec does not parse (its parse error is the core's to give).
QString missingCriterionInput(const ProjectConfig& config, const std::string& spec);
/// The first missing input of any of `specs` ("" when none).
QString missingCriteriaInput(const ProjectConfig& config, const std::vector<std::string>& specs);

}  // namespace ldv::ui
