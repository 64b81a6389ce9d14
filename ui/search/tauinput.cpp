#include "search/tauinput.h"

#include <string>
#include <vector>

#include "ldiv/error.h"
#include "search/preparedinput.h"

namespace ldv::ui {

TauInput makeTauInput(const PreparedData& data, const std::optional<Hierarchy>& taxonomy) {
    if (data.sensitiveNames.empty())
        throw ParameterError(
            "this analysis needs a sensitive attribute: mark one as sensitive in the Data "
            "perspective");
    const Column& sa = data.table->column(data.dataset->sensitiveColumns().front());
    if (!taxonomy || taxonomy->empty() || taxonomy->height() < 1)
        throw ParameterError(
            "the (τ,ℓ) analyses generalize sensitive values along a taxonomy, and the sensitive "
            "attribute '" +
            sa.name() +
            "' has no hierarchy: build or import one for it in the "
            "Hierarchies perspective (e.g. the Nursery example's 'class')");
    std::vector<std::vector<std::string>> rows;
    for (const auto& row : taxonomy->rows())
        if (!row.empty() && sa.find(row[0])) rows.push_back(row);
    return TauInput::make(*data.dataset,
                          SensitiveTaxonomy::fromHierarchyRows(sa.dictionary(), rows), 0,
                          &data.hierarchies);
}

}  // namespace ldv::ui
