// Binding criterion specs to a dataset (bindCriteria, search_config.h): the criteria's specs
// meet the dataset's sensitive attributes, distributions and research subset here, one level
// above the criteria themselves.
#include <algorithm>

#include "ldiv/criteria/criterion_catalogue.h"
#include "ldiv/criteria/sensitive_taxonomy.h"
#include "ldiv/data/error.h"
#include "ldiv/evaluation/criterion_result.h"
#include "ldiv/evaluation/search_config.h"
#include "ldiv/lattice/dataset.h"

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

/// The number of the user's sensitive attributes: all of them, or all but the last when the
/// last is the research-subset membership a PresenceDataset appends (the population's
/// attribute of its RowSample).
std::size_t userSensitiveCount(const Dataset& data) {
    const auto& sa = data.sensitiveColumns();
    if (sa.empty()) return 0;
    return data.sampled() && data.populationSensitive() == sa.size() - 1 ? sa.size() - 1
                                                                         : sa.size();
}

}  // namespace

std::vector<BoundCriterion> bindCriteria(const Dataset& data, const std::vector<std::string>& specs,
                                         const CriteriaInputs& inputs) {
    // Nergiz, Atzori & Clifton 2007 publish the research subset. With delta-presence `data` is
    // a PresenceDataset's RowSample (dataset.h): its classes count the subset's rows and the
    // user's sensitive histograms only the subset's values, so every criterion bound below is
    // judged on the rows that are published, as ARX judges the other privacy models; only
    // delta-presence reads the population, through the membership attribute.
    std::vector<BoundCriterion> out;
    const auto& sa = data.sensitiveColumns();
    // The research-subset membership (research_subset.h) is for delta-presence only: the other
    // criteria see the user's sensitive attributes.
    const std::size_t userSa = userSensitiveCount(data);
    const double sampleRows = inputs.sampleRows.value_or(double(data.rowCount()));
    for (const std::string& text : specs) {
        const CriterionSpec spec = parseCriterionSpec(text);
        // What binding needs is the kind's declaration (criterion_catalogue.h).
        const CriterionCapabilities& caps = criterionCapabilities(spec.kind);
        if (caps.needsResearchSubset) {
            if (userSa == sa.size()) throw ParameterError(researchSubsetMissing(text));
            out.push_back({Criterion::bind(spec, data.table().column(sa.back()).dictionary()),
                           sa.size() - 1});
            continue;
        }
        if (spec.multiAttribute && userSa < sa.size())
            throw ParameterError("criterion '" + text +
                                 "': a multi-attribute criterion (';multi') cannot be combined "
                                 "with delta-presence");
        if (caps.needsSurveyWeights) {
            if (!data.hasSurveyWeights())
                throw ParameterError(
                    "criterion '" + text +
                    "' needs survey weights: give the weight column with --survey-weight COL "
                    "(or \"role\": \"weight\" in the project), each record's number of "
                    "population units" +
                    (data.sampled() ? std::string(" (not supported with a research subset)")
                                    : std::string()));
        }
        if (!caps.judgedPerClass) {
            out.push_back({Criterion::bindRisk(spec, sampleRows, inputs.populationSize), 0});
            continue;
        }
        if (caps.needsPopulationSize) {
            out.push_back({Criterion::bindKMap(spec, sampleRows, inputs.populationSize), 0});
            continue;
        }
        if (!caps.needsSensitiveAttribute) {  // k-anonymity (differential privacy: refused)
            out.push_back({Criterion::bind(spec, {}), 0});
            continue;
        }
        if (userSa == 0)
            throw ParameterError("criterion '" + text +
                                 "' needs a sensitive attribute (--sensitive)");
        std::size_t index = 0;
        if (!spec.attribute.empty()) {
            const auto end = sa.begin() + std::ptrdiff_t(userSa);
            auto it = std::find_if(sa.begin(), end, [&](std::size_t c) {
                return data.table().column(c).name() == spec.attribute;
            });
            if (it == end)
                throw ParameterError("criterion '" + text + "': '" + spec.attribute +
                                     "' is not a sensitive attribute");
            index = std::size_t(it - sa.begin());
        }
        if (index >= 64) throw ParameterError("at most 64 sensitive attributes are supported");
        const Column& column = data.table().column(sa[index]);
        if (Criterion::needsTableDistribution(spec.kind)) {
            // p(s) over every row of the table (the distribution the published classes are
            // compared with, Li, Li & Venkatasubramanian 2007); weights of a grouped table
            // count as rows. Summed from the base groups, so with a research subset it is
            // the subset's: the table that is published.
            std::vector<std::uint64_t> counts(column.domainSize(), 0);
            if (index < inputs.tableDistributions.size() &&
                !inputs.tableDistributions[index].empty()) {
                counts = inputs.tableDistributions[index];
                counts.resize(column.domainSize(), 0);
            } else {
                const EquivalenceClasses& base = data.baseGroups();
                for (std::size_t g = 0; g < base.count(); ++g) {
                    const auto h = base.histogram(g, index);
                    for (std::size_t v = 0; v < h.size(); ++v) counts[v] += h[v];
                }
            }
            std::optional<SensitiveTaxonomy> taxonomy;
            if (needsSensitiveHierarchy(spec) && index < inputs.sensitiveHierarchies.size() &&
                inputs.sensitiveHierarchies[index])
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

std::vector<BoundCriterion> bindCriteria(const Dataset& data, const std::vector<std::string>& specs,
                                         double populationSize) {
    CriteriaInputs inputs;  // criteria_inputs.h
    inputs.populationSize = populationSize;
    return bindCriteria(data, specs, inputs);
}

}  // namespace ldv
