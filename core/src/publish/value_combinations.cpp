#include "ldiv/publish/value_combinations.h"

#include <set>

#include "ldiv/lattice/dataset.h"

namespace ldv {
namespace {

bool suppressedRow(const Dataset& data, const NodeJudgement& judged, std::size_t row) {
    return !judged.suppressed.empty() &&
           judged.suppressed[judged.classes.baseToClass[data.baseGroupOfRow(row)]];
}

}  // namespace

std::vector<ValueCombination> valueCombinations(const Dataset& data, std::span<const int> levels,
                                                const NodeJudgement& judged) {
    std::vector<ValueCombination> out;
    std::set<std::vector<std::string>> seen;
    for (std::size_t r = 0; r < data.table().rowCount(); ++r) {
        ValueCombination c;
        for (std::size_t i = 0; i < data.qiCount(); ++i) {
            const Column& column = data.table().column(data.qiColumns()[i]);
            const HierarchyMap& h = data.hierarchy(i);
            const Code v = column.code(r);
            c.values.push_back(column.value(v));
            c.generalized.push_back(h.levelValue(levels[i], h.map(v, levels[i])));
        }
        if (!seen.insert(c.values).second) continue;
        c.suppressed = suppressedRow(data, judged, r);
        out.push_back(std::move(c));
    }
    return out;
}

std::vector<std::uint8_t> publishedRows(const Dataset& data, const NodeJudgement& judged) {
    std::vector<std::uint8_t> published(data.table().rowCount(), 1);
    for (std::size_t r = 0; r < published.size(); ++r)
        published[r] = suppressedRow(data, judged, r) ? 0 : 1;
    return published;
}

}  // namespace ldv
