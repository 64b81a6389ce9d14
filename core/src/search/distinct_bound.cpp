// Failing nodes decided from one attribute's distinct values (distinct_bound.h).
#include "search/distinct_bound.h"

namespace ldv::detail {

DistinctBound::DistinctBound(const Dataset& data, std::uint64_t k, std::uint64_t limitRows) {
    const std::size_t d = data.qiCount();
    m_failsBelow.assign(d, 0);
    if (k < 2) return;
    const EquivalenceClasses& base = data.baseGroups();
    const std::uint64_t rows = data.rowCount();  // the published rows (Σ of the groups' sizes)
    // kG − n > L(k − 1) exactly when G > floor((n + L(k − 1)) / k).
    std::uint64_t slack = 0, most = 0;
    if (__builtin_mul_overflow(limitRows, k - 1, &slack) ||
        __builtin_add_overflow(rows, slack, &most))
        return;
    const std::uint64_t threshold = most / k;
    std::vector<std::uint8_t> seen;
    for (std::size_t i = 0; i < d; ++i) {
        const HierarchyMap& h = data.hierarchy(i);
        // Levels hold only values the data reaches, so levelSize bounds D_i from above: most
        // attributes are skipped without reading the base groups.
        if (h.levelSize(0) <= threshold) continue;
        for (int l = 0; l <= h.height(); ++l) {
            if (h.levelSize(l) <= threshold) break;
            // Values of published rows only (a base group of a RowSample may have none).
            const std::vector<Code>& map = h.levelMap(l);
            seen.assign(h.levelSize(l), 0);
            std::uint64_t distinct = 0;
            for (std::size_t g = 0; g < base.count(); ++g) {
                if (base.sizes[g] == 0) continue;
                std::uint8_t& s = seen[map[base.keys[g * d + i]]];
                distinct += !s;
                s = 1;
            }
            if (distinct <= threshold) break;
            m_failsBelow[i] = l + 1;
        }
    }
}

}  // namespace ldv::detail
