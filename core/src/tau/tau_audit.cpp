// (τ,ℓ) audits of generalized sensitive values (tau_audit.h).
#include "ldiv/tau/tau_audit.h"

#include "ldiv/criteria/sensitive_taxonomy.h"
#include "ldiv/data/error.h"

namespace ldv {

CriterionResult evaluateTauWithHierarchy(const Dataset& data, const EquivalenceClasses& classes,
                                         const BoundCriterion& b, const Hierarchy& hierarchy) {
    const CriterionSpec& spec = b.criterion.definition();
    if (spec.kind != CriterionKind::TauL || spec.parameters.size() < 2)
        throw ParameterError("criterion '" + b.criterion.spec() + "' is not a (tau, l) criterion");
    const double tau = spec.parameters[0], l = spec.parameters[1];
    const Column& column = data.table().column(data.sensitiveColumns()[b.sensitive]);
    std::vector<std::string> base;
    for (const auto& row : hierarchy.rows())
        if (!row.empty()) base.push_back(row[0]);
    const SensitiveTaxonomy taxonomy = SensitiveTaxonomy::fromHierarchyRows(base, hierarchy.rows());
    std::vector<std::size_t> nodeOf(column.domainSize());
    for (std::size_t v = 0; v < column.domainSize(); ++v) {
        const auto node = taxonomy.find(column.value(Code(v)));
        if (!node)
            throw ParameterError("criterion '" + b.criterion.spec() + "': value '" +
                                 column.value(Code(v)) + "' of the sensitive attribute '" +
                                 column.name() + "' is not in its hierarchy");
        nodeOf[v] = *node;
    }
    const std::vector<double> weights(taxonomy.baseCount(), 1.0);

    CriterionResult r;
    r.spec = b.criterion.spec();
    r.description = b.criterion.describe() + ", generalized values induce their base values";
    r.threshold = b.criterion.threshold();
    r.higherIsBetter = false;
    r.classMeasures.resize(classes.count());
    r.classFails.assign(classes.count(), false);
    std::vector<std::uint32_t> nodeCounts(taxonomy.nodeCount());
    std::vector<double> frequencies;
    for (std::size_t c = 0; c < classes.count(); ++c) {
        std::fill(nodeCounts.begin(), nodeCounts.end(), 0);
        const auto h = classes.histogram(c, b.sensitive);
        for (std::size_t v = 0; v < h.size(); ++v) nodeCounts[nodeOf[v]] += h[v];
        taxonomy.inducedFrequencies(nodeCounts, weights, frequencies);
        const double measure = tauMargin(frequencies, tau, l);
        r.classMeasures[c] = measure;
        if (!tauHolds(frequencies, tau, l)) {
            r.classFails[c] = true;
            r.holds = false;
            ++r.failingClasses;
            r.failingRows += classes.sizes[c];
        }
        if (c == 0 || measure > r.worstMeasure) {
            r.worstClass = c;
            r.worstMeasure = measure;
        }
    }
    return r;
}

}  // namespace ldv
