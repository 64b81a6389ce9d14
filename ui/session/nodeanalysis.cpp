#include "session/nodeanalysis.h"

#include <algorithm>
#include <cmath>
#include <map>

#include "ldiv/data/feedback.h"
#include "ldiv/lattice/generalize.h"
#include "ldiv/project/workspace_publish.h"
#include "session/preparedinput.h"

namespace ldv::ui {

NodeDetails analyzeNode(const Workspace& prepared, const SearchConfig& config, NodeId id) {
    const Dataset& data = prepared.dataset();
    NodeDetails out;
    out.id = id;
    out.levels = data.lattice().levels(id);
    PublishOptions masked;
    masked.maskSuppressed = true;
    // With delta-presence, the research subset's rows (workspace_publish.h).
    PublishedNode published = publishNode(prepared, config, out.levels, masked);
    const NodeJudgement& node = published.judgement;
    out.satisfies = node.satisfies;
    out.metrics = node.metrics;
    out.criteria = node.criteria;
    for (std::size_t k = 0; k < config.criteria.size() && k < node.criteria.size(); ++k)
        out.published.push_back(publishedCriterion(config.criteria[k], node.criteria[k],
                                                   node.suppressed, node.classes.sizes));
    std::map<std::uint32_t, std::uint32_t> sizes;
    for (std::size_t c = 0; c < node.classes.count(); ++c)
        if (node.suppressed.empty() || !node.suppressed[c]) ++sizes[node.classes.sizes[c]];
    out.classSizes.assign(sizes.begin(), sizes.end());
    out.suppressedRowCount = published.suppressedRows;
    out.preview = std::make_shared<Table>(std::move(published.table));
    return out;
}

}  // namespace ldv::ui
