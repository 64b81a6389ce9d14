// TauInput::fromWorkspace: the (τ,ℓ) input of a loaded project. It lives with the project,
// not with the (τ,ℓ) algorithms, so that core/src/tau never includes the project (the project
// knows the algorithms, not the other way round; tests/core/test_layering).
#include <string>
#include <vector>

#include "ldiv/error.h"
#include "ldiv/project.h"
#include "ldiv/tau_recoding.h"

namespace ldv {

TauInput TauInput::fromWorkspace(const Workspace& ws, const std::string& taxonomyFile) {
    const Dataset& data = ws.dataset();
    if (data.sensitiveColumns().empty())
        throw ParameterError("(tau, l) algorithms need a sensitive attribute (--sensitive COL)");
    const Column& sa = data.table().column(data.sensitiveColumns().front());
    Hierarchy h;
    if (!taxonomyFile.empty()) {
        h = readHierarchy(taxonomyFile);
    } else {
        const AttributeConfig* a = ws.config().attribute(sa.name());
        if (a && a->hierarchy)
            h = *a->hierarchy;
        else if (a && !a->hierarchyFile.empty())
            h = readHierarchy(ws.resolve(a->hierarchyFile));
        else
            throw ParameterError("no taxonomy for the sensitive attribute '" + sa.name() +
                                 "': give --sensitive-hierarchy FILE (or a hierarchy file for it "
                                 "in the project)");
    }
    // Rows for values the data lacks would become leafless inner nodes: keep the data's rows.
    std::vector<std::vector<std::string>> rows;
    for (const auto& row : h.rows())
        if (!row.empty() && sa.find(row[0])) rows.push_back(row);
    return make(data, SensitiveTaxonomy::fromHierarchyRows(sa.dictionary(), rows), 0,
                &ws.hierarchies());
}

}  // namespace ldv
