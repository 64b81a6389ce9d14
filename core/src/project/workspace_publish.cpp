// Publishing a node of a loaded project (workspace_publish.h).
#include "ldiv/project/workspace_publish.h"

#include "ldiv/criteria/criteria_inputs.h"
#include "ldiv/project/workspace.h"

namespace ldv {

std::vector<PseudonymSpec> projectPseudonymSpecs(const ProjectConfig& config) {
    std::vector<PseudonymSpec> specs;
    for (const AttributeConfig& a : config.attributes)
        if (!a.pseudonymize.empty())
            specs.push_back(parsePseudonymSpec(a.name + "=" + a.pseudonymize));
    return specs;
}

const Dataset& judgedDataset(const Workspace& ws, const SearchConfig& config) {
    std::vector<std::string> specs;
    for (const BoundCriterion& b : config.criteria)
        if (b.criterion.kind() == CriterionKind::DeltaPresence) specs.push_back(b.criterion.spec());
    return specs.empty() ? ws.dataset() : criteriaDataset(ws, specs);
}

PublishedNode publishNode(const Workspace& ws, const SearchConfig& config,
                          std::span<const int> levels, PublishOptions options) {
    const Dataset& data = judgedDataset(ws, config);
    if (&data != &ws.dataset()) {
        // The membership attribute PresenceDataset appends: "in" rows are the release.
        const std::size_t membership = data.sensitiveColumns().back();
        const Column& column = data.table().column(membership);
        const auto in = column.find("in");
        options.dropColumns.push_back(membership);
        options.leftOut.assign(column.size(), 1);
        for (std::size_t r = 0; r < column.size(); ++r)
            options.leftOut[r] = in && column.code(r) == *in ? 0 : 1;
    }
    return publishNode(data, config, levels, ws.identifyingColumns(), options);
}

std::vector<std::uint32_t> releasedClassSizes(const Workspace& ws, const SearchConfig& config,
                                              const NodeJudgement& node) {
    const Dataset& data = judgedDataset(ws, config);
    const auto released = [&](std::size_t c) {
        return node.suppressed.empty() || !node.suppressed[c];
    };
    std::vector<std::uint32_t> sizes;
    if (&data == &ws.dataset()) {
        for (std::size_t c = 0; c < node.classes.count(); ++c)
            if (released(c)) sizes.push_back(node.classes.sizes[c]);
        return sizes;
    }
    const Column& membership = data.table().column(data.sensitiveColumns().back());
    const auto in = membership.find("in");
    std::vector<std::uint32_t> subset(node.classes.count(), 0);
    const std::vector<std::uint32_t> rowClass = data.rowClasses(node.classes);
    const auto weights = data.rowWeights();
    for (std::size_t r = 0; r < rowClass.size(); ++r)
        if (in && membership.code(r) == *in)
            subset[rowClass[r]] += weights.empty() ? 1 : weights[r];
    for (std::size_t c = 0; c < subset.size(); ++c)
        if (released(c) && subset[c] > 0) sizes.push_back(subset[c]);
    return sizes;
}

}  // namespace ldv
