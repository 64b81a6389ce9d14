#pragma once
// Publishing a node of a loaded project, the one path of `ldiv generalize` and the workbench's
// export. With a δ-presence criterion (Nergiz, Atzori & Clifton 2007) the loaded table is the
// population and only the research subset (presence_dataset.h) is released: the node is judged
// as the search judged it (δ-presence on the population's classes, every other criterion and
// the suppression on the subset's rows), and the rows outside the subset and the subset's
// membership attribute are left out of the published table.
#include <span>
#include <vector>

#include "ldiv/crypto/pseudonyms.h"
#include "ldiv/evaluation/search_config.h"
#include "ldiv/lattice/dataset.h"
#include "ldiv/publish/published_node.h"

namespace ldv {

class Workspace;
struct ProjectConfig;

/// The project's pseudonymization roles (AttributeConfig::pseudonymize), one spec per attribute
/// that has one, in the order of the attributes. ParameterError for a method that does not
/// parse (parsePseudonymSpec's message).
std::vector<PseudonymSpec> projectPseudonymSpecs(const ProjectConfig& config);

/// The columns of the loaded table that have no role (AttributeConfig::hasRole), in table
/// order: publishing them verbatim would publish what nobody asked for (an e-mail column
/// left undeclared), so requireRoles refuses them until each is given a role, "insensitive"
/// included. The workbench lists them to propose a role.
std::vector<std::string> unroledColumns(const Workspace& workspace);
/// ParameterError naming every column of unroledColumns (none: returns).
void requireRoles(const Workspace& workspace);
/// The same for `columns` under `config`: a table loaded as groups holds only its QI and
/// sensitive columns, so a publication inside the database checks the source's own columns.
std::vector<std::string> unroledColumns(const ProjectConfig& config,
                                        const std::vector<std::string>& columns);
void requireRoles(const ProjectConfig& config, const std::vector<std::string>& columns);

/// The dataset `config`'s criteria were bound to: Workspace::presenceDataset()'s with a
/// δ-presence criterion among them (criteriaDataset, workspace_criteria.h), else the workspace's.
/// ParameterError when δ-presence is asked for and the project has no research subset.
const Dataset& judgedDataset(const Workspace& workspace, const SearchConfig& config);

/// Per row of `data` (judgedDataset's): 1 when the row is not part of the release (with
/// δ-presence, the population's rows outside the research subset); empty when every row is.
std::vector<std::uint8_t> rowsLeftOut(const Workspace& workspace, const Dataset& data);

/// publishNode (published_node.h) on judgedDataset, leaving out the identifying columns (or
/// publishing options.pseudonyms in their place) and, with δ-presence, the rows outside the
/// research subset and its membership column. suppressedRows counts published rows only.
PublishedNode publishNode(const Workspace& workspace, const SearchConfig& config,
                          std::span<const int> levels, PublishOptions options = {});

/// The sizes of the released classes of `node` (judged on judgedDataset), for their
/// re-identification risk: suppressed classes left out; with δ-presence each class counts its
/// research-subset rows only (the population's other rows are not released), and classes
/// without one are left out.
std::vector<std::uint32_t> releasedClassSizes(const Workspace& workspace,
                                              const SearchConfig& config,
                                              const NodeJudgement& node);

}  // namespace ldv
