#pragma once
// The requirement options that `ldiv search` and `ldiv generalize` share: --criterion,
// --suppression, --metric, --algorithm, --threads. Command-line values win; a --project
// file supplies the rest, so a configuration saved by the workbench re-runs headless.
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "ldiv/project/search_settings.h"
#include "ldiv/project/workspace.h"
#include "ldiv/search/search_result.h"
#include "ldiv/workflow/requirement.h"

namespace ldv::cli {

/// --metric and the knobs of the attribute-wise metrics: --weight COL=W (repeatable),
/// --gs-factor F, --aggregate sum|max|mean|geometric. Unset ones keep the project's.
struct MetricOptions {
    std::string metric;
    std::vector<std::string> weights;
    std::optional<double> gsFactor;
    std::string aggregate;
};

struct SearchOptions : MetricOptions {
    std::vector<std::string> criteria;
    std::optional<double> suppression;  ///< unset: the project's suppression_limit
    std::string algorithm;
    unsigned threads = 0;
    /// N for k-map=K (0: not given).
    double populationSize = 0;
};

void addSearchOptions(CLI::App& command, SearchOptions& options);
/// The project's search settings with the options given on the command line laid over them.
SearchSettings searchSettings(const SearchOptions& options, const ProjectConfig& project);
/// --metric with the core's metric catalogue as choices (`what` starts the help text), and
/// --weight, --gs-factor and --aggregate.
void addMetricOptions(CLI::App& command, MetricOptions& options, const std::string& what);
/// The project's metric settings with those given on the command line laid over them (a
/// malformed --weight is a ParameterError naming it).
void applyMetricOptions(const MetricOptions& options, SearchSettings& settings);
/// ldv::makeSearchConfig of those settings for the workspace (ParameterError when there is no
/// criterion and `requireCriteria`, or for the heuristic, which `ldiv search` runs itself).
/// `data`: the workspace's dataset, or a published table's over its attributes.
SearchConfig toSearchConfig(const SearchOptions& options, const Dataset& data,
                            const Workspace& workspace, bool requireCriteria);
/// The same settings as a requirement (ldiv/workflow/requirement.h): the dataset the criteria
/// are judged on (with delta-presence, the population with the research subset) and its
/// SearchConfig. Every command that judges a node of the loaded data starts here, so each
/// judges as `ldiv search` does.
Requirement toRequirement(const SearchOptions& options, const Workspace& workspace,
                          bool requireCriteria);

}  // namespace ldv::cli
