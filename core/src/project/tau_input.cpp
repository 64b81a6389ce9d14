// tauInputOf (ldiv/project/tau_input.h): the (τ,ℓ) input of a loaded project. It lives with the
// project, not with the (τ,ℓ) algorithms, so that core/src/tau never includes the project (the
// project knows the algorithms, not the other way round; tests/core/test_layering).
#include <string>
#include <vector>

#include "ldiv/data/error.h"
#include "ldiv/project/tau_input.h"
#include "ldiv/project/workspace.h"
#include "ldiv/tau/tau_input.h"

namespace ldv {

TauInput tauInputOf(const Workspace& ws, const std::string& taxonomyFile) {
    const Dataset& data = ws.dataset();
    if (data.sensitiveColumns().empty())
        throw ParameterError(
            "the (tau, l) algorithms need a sensitive attribute (--sensitive COL, or mark one "
            "as sensitive)");
    const Column& sa = data.table().column(data.sensitiveColumns().front());
    Hierarchy file;
    const Hierarchy* h = nullptr;
    if (!taxonomyFile.empty()) {
        file = readHierarchy(taxonomyFile);
        h = &file;
    } else {
        h = ws.hierarchy(sa.name());
    }
    if (!h || h->empty() || h->height() < 1)
        throw ParameterError(
            "no taxonomy for the sensitive attribute '" + sa.name() +
            "': it has no hierarchy, and the (tau, l) algorithms generalize sensitive values "
            "along one; give "
            "--sensitive-hierarchy FILE or a hierarchy for it in the project (the workbench's "
            "Hierarchies perspective builds or imports one)");
    // Rows for values the data lacks would become leafless inner nodes: keep the data's rows.
    std::vector<std::vector<std::string>> rows;
    for (const auto& row : h->rows())
        if (!row.empty() && sa.find(row[0])) rows.push_back(row);
    return TauInput::make(data, SensitiveTaxonomy::fromHierarchyRows(sa.dictionary(), rows), 0,
                          &ws.hierarchies());
}

}  // namespace ldv
