#pragma once
#include <optional>
#include <string>
#include <vector>

#include "ldiv/lattice/class_partition.h"
#include "ldiv/lattice/dataset.h"
#include "ldiv/lattice/lattice.h"

namespace CLI {
class App;
}

namespace ldv::cli {

/// Parses --node "1,2,0" or "zip=1,age=2,nationality=0" against the dataset's QI order;
/// empty text = the bottom node. Throws ParameterError on a wrong length, name or level.
Levels resolveNode(const std::string& text, const Dataset& data);

/// The release an analysis judges: the published table in the CSV file `published` (rows in
/// the data's order) when given, else the node `node` (resolveNode).
ClassPartition resolveRelease(const std::string& node, const std::string& published,
                              const Dataset& data);

/// --node and --published, the two ways to name the release resolveRelease reads; `usedBy`
/// (e.g. "homogeneity, background: ") starts their help where only some uses read them.
void addReleaseOptions(CLI::App& command, std::string& node, std::string& published,
                       const std::string& usedBy = "");

/// -c/--criterion and --suppression of a command that publishes its --node as `ldiv generalize`
/// does (risk, utility): the criteria whose failing classes are suppressed within the limit.
void addNodeRequirementOptions(CLI::App& command, std::vector<std::string>& criteria,
                               std::optional<double>& suppression);

}  // namespace ldv::cli
