#pragma once
// The requirement options that `ldiv search` and `ldiv generalize` share: --criterion,
// --suppression, --metric, --algorithm, --threads. Command-line values win; a --project
// file supplies the rest, so a configuration saved by the workbench re-runs headless.
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "ldiv/project.h"
#include "ldiv/search.h"

namespace ldv::cli {

struct SearchOptions {
    std::vector<std::string> criteria;
    std::optional<double> suppression;  ///< unset: the project's suppression_limit
    std::string metric;
    std::string algorithm;
    unsigned threads = 0;
    /// N for k-map=K (0: not given).
    double populationSize = 0;
};

void addSearchOptions(CLI::App& command, SearchOptions& options);
/// --metric with the core's metric catalogue as choices; `what` starts the help text.
CLI::Option* addMetricOption(CLI::App& command, std::string& metric, const std::string& what);
/// Binds the criteria to `data` (ParameterError when there is none and `requireCriteria`),
/// with the workspace's project for defaults and its sensitive hierarchies (criteria_inputs.h).
SearchConfig toSearchConfig(const SearchOptions& options, const Dataset& data,
                            const Workspace& workspace, bool requireCriteria);

}  // namespace ldv::cli
