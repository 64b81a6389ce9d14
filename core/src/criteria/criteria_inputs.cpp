// Binding criterion specs to a dataset (criteria_inputs.h, search.h).
#include "ldiv/criteria_inputs.h"

#include <algorithm>

#include "ldiv/criteria_tau.h"
#include "ldiv/error.h"
#include "ldiv/evaluation.h"
#include "ldiv/hierarchy_builders.h"
#include "ldiv/project.h"

namespace ldv {

namespace {

// The taxonomy of a sensitive column from its hierarchy's rows; rows of values the data
// lacks are dropped (they would be leafless inner nodes and carry no mass).
SensitiveTaxonomy taxonomyOf(const Column& column, const Hierarchy& hierarchy) {
    std::vector<std::vector<std::string>> rows;
    for (const auto& row : hierarchy.rows())
        if (!row.empty() && column.find(row[0])) rows.push_back(row);
    try {
        return SensitiveTaxonomy::fromHierarchyRows(column.dictionary(), rows);
    } catch (const ParameterError& e) {
        throw ParameterError("the hierarchy of the sensitive attribute '" + column.name() +
                             "': " + e.what());
    }
}

}  // namespace

std::vector<BoundCriterion> bindCriteria(const Dataset& data, const std::vector<std::string>& specs,
                                         const CriteriaInputs& inputs) {
    std::vector<BoundCriterion> out;
    const auto& sa = data.sensitiveColumns();
    for (const std::string& text : specs) {
        const CriterionSpec spec = parseCriterionSpec(text);
        if (spec.kind == CriterionKind::KAnonymity) {
            out.push_back({Criterion::bind(spec, {}), 0});
            continue;
        }
        if (Criterion::isNodeLevel(spec.kind)) {
            out.push_back(
                {Criterion::bindRisk(spec, double(data.rowCount()), inputs.populationSize), 0});
            continue;
        }
        if (spec.kind == CriterionKind::KMap) {
            out.push_back(
                {Criterion::bindKMap(spec, double(data.rowCount()), inputs.populationSize), 0});
            continue;
        }
        if (sa.empty())
            throw ParameterError("criterion '" + text +
                                 "' needs a sensitive attribute (--sensitive)");
        std::size_t index = 0;
        if (!spec.attribute.empty()) {
            auto it = std::find_if(sa.begin(), sa.end(), [&](std::size_t c) {
                return data.table().column(c).name() == spec.attribute;
            });
            if (it == sa.end())
                throw ParameterError("criterion '" + text + "': '" + spec.attribute +
                                     "' is not a sensitive attribute");
            index = std::size_t(it - sa.begin());
        }
        if (index >= 64) throw ParameterError("at most 64 sensitive attributes are supported");
        const Column& column = data.table().column(sa[index]);
        if (Criterion::needsTableDistribution(spec.kind)) {
            // p(s) over every row of the table (the distribution the published classes are
            // compared with, Li, Li & Venkatasubramanian 2007); weights of a grouped table
            // count as rows.
            std::vector<std::uint64_t> counts(column.domainSize(), 0);
            const auto weights = data.rowWeights();
            const auto codes = column.codes();
            for (std::size_t r = 0; r < codes.size(); ++r)
                counts[codes[r]] += weights.empty() ? 1 : weights[r];
            std::optional<SensitiveTaxonomy> taxonomy;
            if (spec.kind == CriterionKind::TCloseness && spec.variant == "hierarchical" &&
                index < inputs.sensitiveHierarchies.size() && inputs.sensitiveHierarchies[index])
                taxonomy = taxonomyOf(column, *inputs.sensitiveHierarchies[index]);
            out.push_back({Criterion::bind(spec, column.dictionary(), counts,
                                           taxonomy ? &*taxonomy : nullptr),
                           index});
            continue;
        }
        out.push_back({Criterion::bind(spec, column.dictionary()), index});
    }
    // Binding is where an impossible ℓ is caught, so no caller can forget the check.
    checkCriteriaDomains(data, out);
    return out;
}

CriteriaInputs criteriaInputs(const Workspace& ws, double populationSize) {
    CriteriaInputs inputs;
    inputs.populationSize = populationSize;
    for (std::size_t column : ws.sensitiveColumns()) {
        const Hierarchy* h = ws.hierarchy(ws.table().column(column).name());
        inputs.sensitiveHierarchies.push_back(h ? std::optional<Hierarchy>(*h) : std::nullopt);
    }
    return inputs;
}

}  // namespace ldv
