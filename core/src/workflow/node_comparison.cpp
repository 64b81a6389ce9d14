#include "ldiv/workflow/node_comparison.h"

#include <algorithm>
#include <unordered_map>

#include "ldiv/project/workspace.h"
#include "ldiv/project/workspace_publish.h"
#include "ldiv/publish/published_node.h"

namespace ldv {

NodeDiff diffNodes(const Workspace& data, const SearchConfig& config, std::span<const int> from,
                   std::span<const int> to) {
    PublishOptions masked;
    masked.maskSuppressed = true;
    // Identifying columns stay out of both; the QI columns keep their names.
    const PublishedNode a = publishNode(data, config, from, masked);
    const PublishedNode b = publishNode(data, config, to, masked);
    NodeDiff out;
    out.from.assign(from.begin(), from.end());
    out.to.assign(to.begin(), to.end());
    const std::size_t qi = data.qiNames().size();
    out.rowsChangedPerAttribute.assign(qi, 0);
    std::vector<bool> changed(a.table.rowCount(), false);
    for (std::size_t i = 0; i < qi; ++i) {
        const Column& ca = a.table.column(a.table.requireColumn(data.qiNames()[i]));
        const Column& cb = b.table.column(b.table.requireColumn(data.qiNames()[i]));
        std::unordered_map<std::uint64_t, std::size_t> counts;
        for (std::size_t r = 0; r < ca.size(); ++r) {
            if (ca.value(ca.code(r)) == cb.value(cb.code(r))) continue;
            ++counts[(std::uint64_t(ca.code(r)) << 32) | cb.code(r)];
            ++out.rowsChangedPerAttribute[i];
            changed[r] = true;
        }
        const std::size_t first = out.changes.size();
        for (const auto& [key, rows] : counts)
            out.changes.push_back(
                {i, ca.value(Code(key >> 32)), cb.value(Code(key & 0xffffffffu)), rows});
        std::sort(out.changes.begin() + std::ptrdiff_t(first), out.changes.end(),
                  [](const ValueChange& x, const ValueChange& y) {
                      return std::tie(y.rows, x.from, x.to) < std::tie(x.rows, y.from, y.to);
                  });
    }
    out.rowsChanged = std::size_t(std::count(changed.begin(), changed.end(), true));
    return out;
}

}  // namespace ldv
