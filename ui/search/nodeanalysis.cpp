#include "search/nodeanalysis.h"

#include <algorithm>
#include <cmath>
#include <map>

#include "ldiv/feedback.h"
#include "ldiv/generalize.h"
#include "search/preparedinput.h"

namespace ldv::ui {

NodeJudgement judgeNode(const Dataset& data, const SearchConfig& config, std::span<const int> levels,
                        bool withMembership) {
    NodeJudgement out;
    out.classes = data.classes(levels, withMembership);
    out.criteria = evaluateCriteria(data, out.classes, config.criteria);
    const std::vector<bool> failing = failingClasses(out.criteria, out.classes.count());
    std::uint64_t failingRows = 0;
    for (std::size_t c = 0; c < failing.size(); ++c)
        if (failing[c]) failingRows += out.classes.sizes[c];
    const auto limit = std::uint64_t(std::floor(config.suppressionLimit * double(data.rowCount()) + 1e-9));
    out.satisfies = failingRows <= limit;
    if (out.satisfies && failingRows > 0) {
        out.suppressed.resize(out.classes.count());
        for (std::size_t c = 0; c < failing.size(); ++c) out.suppressed[c] = failing[c] ? 1 : 0;
    }
    out.metrics = measureClasses(data, out.classes, out.suppressed);
    return out;
}

std::vector<std::uint32_t> suppressedRows(const Dataset& data, const NodeJudgement& node) {
    std::vector<std::uint32_t> rows;
    if (node.suppressed.empty()) return rows;
    const std::vector<std::uint32_t> rowClass = data.rowClasses(node.classes);
    for (std::size_t r = 0; r < rowClass.size(); ++r)
        if (node.suppressed[rowClass[r]]) rows.push_back(std::uint32_t(r));
    return rows;
}

NodeDetails analyzeNode(const PreparedData& prepared, const SearchConfig& config, NodeId id) {
    const Dataset& data = *prepared.dataset;
    NodeDetails out;
    out.id = id;
    out.levels = data.lattice().levels(id);
    NodeJudgement node = judgeNode(data, config, out.levels, true);
    out.satisfies = node.satisfies;
    out.metrics = node.metrics;
    out.criteria = std::move(node.criteria);
    std::map<std::uint32_t, std::uint32_t> sizes;
    for (std::size_t c = 0; c < node.classes.count(); ++c)
        if (node.suppressed.empty() || !node.suppressed[c]) ++sizes[node.classes.sizes[c]];
    out.classSizes.assign(sizes.begin(), sizes.end());
    GeneralizeOptions options;
    options.suppressedRows = suppressedRows(data, node);
    options.maskSuppressed = true;
    out.suppressedRowCount = options.suppressedRows.size();
    out.preview = std::make_shared<Table>(generalizeTable(data, out.levels, prepared.identifying, options));
    return out;
}

}  // namespace ldv::ui
