// Multi-attribute ℓ-diversity as a view of the data (Machanavajjhala et al. 2007 Def. 4.6).
#include "ldiv/evaluation/multi_attribute_view.h"

#include "ldiv/data/error.h"

namespace ldv {

Dataset multiAttributeView(const Dataset& data, std::size_t target) {
    std::vector<std::size_t> qi = data.qiColumns();
    std::vector<HierarchyMap> maps;
    for (std::size_t i = 0; i < data.qiCount(); ++i) maps.push_back(data.hierarchy(i));
    for (std::size_t s = 0; s < data.sensitiveColumns().size(); ++s) {
        if (s == target) continue;
        qi.push_back(data.sensitiveColumns()[s]);
        maps.emplace_back(data.table().column(data.sensitiveColumns()[s]));
    }
    return Dataset(data.table(), std::move(qi), std::move(maps), {data.sensitiveColumns()[target]},
                   {data.rowWeights().begin(), data.rowWeights().end()});
}

bool isMultiAttribute(const Dataset& data, const BoundCriterion& b) {
    return b.criterion.multiAttribute() && data.sensitiveColumns().size() > 1;
}

std::vector<std::uint8_t> multiAttributeFailures(const Dataset& data,
                                                 const EquivalenceClasses& classes,
                                                 const BoundCriterion& b) {
    if (classes.baseToClass.empty())
        throw ParameterError("multi-attribute criteria need classes computed with membership");
    const Dataset view = multiAttributeView(data, b.sensitive);
    Levels levels = classes.levels;
    levels.resize(view.qiCount(), 0);
    const EquivalenceClasses sub = view.classes(levels, true);
    // The view's rows are data's rows, so a row names both its class and its sub-class.
    const std::vector<std::uint32_t> rowClass = data.rowClasses(classes);
    const std::vector<std::uint32_t> rowSub = view.rowClasses(sub);
    std::vector<std::uint32_t> parent(sub.count(), 0);
    for (std::size_t r = 0; r < rowClass.size(); ++r) parent[rowSub[r]] = rowClass[r];
    std::vector<std::uint8_t> fails(classes.count(), 0);
    for (std::size_t v = 0; v < sub.count(); ++v)
        if (!b.criterion.holds(sub.histogram(v, 0))) fails[parent[v]] = 1;
    return fails;
}

}  // namespace ldv
