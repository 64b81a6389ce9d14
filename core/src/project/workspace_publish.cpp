// Publishing a node of a loaded project (workspace_publish.h).
#include "ldiv/project/workspace_publish.h"

#include "ldiv/data/error.h"
#include "ldiv/project/workspace.h"
#include "ldiv/project/workspace_criteria.h"

namespace ldv {

std::vector<PseudonymSpec> projectPseudonymSpecs(const ProjectConfig& config) {
    std::vector<PseudonymSpec> specs;
    for (const AttributeConfig& a : config.attributes)
        if (!a.pseudonymize.empty())
            specs.push_back(parsePseudonymSpec(a.name + "=" + a.pseudonymize));
    return specs;
}

std::vector<std::string> unroledColumns(const Workspace& ws) {
    return unroledColumns(ws.config(), ws.table().columnNames());
}

std::vector<std::string> unroledColumns(const ProjectConfig& config,
                                        const std::vector<std::string>& columns) {
    std::vector<std::string> names;
    for (const std::string& name : columns) {
        const AttributeConfig* a = config.attribute(name);
        if (!a || !a->hasRole()) names.push_back(name);
    }
    return names;
}

void requireRoles(const Workspace& ws) {
    requireRoles(ws.config(), ws.table().columnNames());
}

void requireRoles(const ProjectConfig& config, const std::vector<std::string>& columns) {
    const std::vector<std::string> names = unroledColumns(config, columns);
    if (names.empty()) return;
    std::string list;
    for (const std::string& n : names) list += (list.empty() ? "" : ",") + n;
    throw ParameterError(
        std::string(names.size() == 1 ? "column " : "columns ") + list +
        (names.size() == 1 ? " has" : " have") +
        " no role and would be published verbatim; give each a role: --qi, --sensitive, "
        "--identifying (removed) or --insensitive " +
        list + " (published as it is), or \"role\" in the project file");
}

const Dataset& judgedDataset(const Workspace& ws, const SearchConfig& config) {
    std::vector<std::string> specs;
    for (const BoundCriterion& b : config.criteria)
        if (b.criterion.kind() == CriterionKind::DeltaPresence) specs.push_back(b.criterion.spec());
    return specs.empty() ? ws.dataset() : criteriaDataset(ws, specs);
}

std::vector<std::uint8_t> rowsLeftOut(const Workspace& ws, const Dataset& data) {
    if (&data == &ws.dataset()) return {};
    // The membership attribute PresenceDataset appends: "in" rows are the release.
    const Column& column = data.table().column(data.sensitiveColumns().back());
    const auto in = column.find("in");
    std::vector<std::uint8_t> leftOut(column.size(), 1);
    for (std::size_t r = 0; r < column.size(); ++r)
        leftOut[r] = in && column.code(r) == *in ? 0 : 1;
    return leftOut;
}

PublishedNode publishNode(const Workspace& ws, const SearchConfig& config,
                          std::span<const int> levels, PublishOptions options) {
    const Dataset& data = judgedDataset(ws, config);
    if (&data != &ws.dataset()) {
        options.dropColumns.push_back(data.sensitiveColumns().back());
        options.leftOut = rowsLeftOut(ws, data);
    }
    return publishNode(data, config, levels, ws.identifyingColumns(), options);
}

std::vector<std::uint32_t> releasedClassSizes(const Workspace&, const SearchConfig&,
                                              const NodeJudgement& node) {
    // With δ-presence the judged dataset is a RowSample (dataset.h): the class sizes already
    // count the research subset's rows, and a class of size 0 is not released.
    std::vector<std::uint32_t> sizes;
    for (std::size_t c = 0; c < node.classes.count(); ++c)
        if ((node.suppressed.empty() || !node.suppressed[c]) && node.classes.sizes[c] > 0)
            sizes.push_back(node.classes.sizes[c]);
    return sizes;
}

}  // namespace ldv
