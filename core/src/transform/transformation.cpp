#include "ldiv/transform/transformation.h"

#include <algorithm>

#include "ldiv/data/error.h"
#include "ldiv/lattice/dataset.h"
#include "ldiv/lattice/row_order.h"
#include "ldiv/project/workspace.h"

namespace ldv {
namespace {

std::size_t qiPosition(const Dataset& data, const std::string& name) {
    for (std::size_t i = 0; i < data.qiCount(); ++i)
        if (data.table().column(data.qiColumns()[i]).name() == name) return i;
    throw ParameterError("transformation.importance: '" + name +
                         "' is not a quasi-identifier of the project");
}

std::string modelList() {
    std::string out;
    for (const std::string& m : transformationModels()) out += (out.empty() ? "" : ", ") + m;
    return "full-domain, " + out;
}

/// Why the combination of the single models `a` and `b` (in that order) is refused.
std::string whyRefused(const std::string& a, const std::string& b) {
    const auto either = [&](const char* m) { return a == m || b == m; };
    if (a == b) return "it names " + a + " twice";
    if (either("full-domain"))
        return "full-domain generalization lifts every value of a column to one level, and "
               "another model would publish values of other levels beside it (--transform local "
               "is the full-domain search iterated)";
    if (either("cell-suppression"))
        return "cell suppression's \"*\" matches every value (sdcMicro's frequencies), so its "
               "records overlap and form no classes: the other model's per-class guarantee "
               "would not hold for them, and a \"*\" has no number for MDAV nor a place in "
               "another model's hierarchy or cuts";
    if (a == "local" && b == "microaggregation")
        return "the order matters: MDAV must run first so that local recoding forms and judges "
               "the published classes over the aggregates; write microaggregation+local";
    if (either("mondrian") && either("local"))
        return "Mondrian and local recoding each form the published classes over every "
               "quasi-identifier, so one would undo the other's: Mondrian's intervals have no "
               "hierarchy for local recoding to generalize, and Mondrian cutting local "
               "recoding's classes would cut values that are already generalized";
    if (either("mondrian"))
        return "Mondrian forms its own classes over every quasi-identifier and publishes "
               "intervals: after MDAV it would publish intervals of aggregates rather than the "
               "aggregates, and before it MDAV would replace the values Mondrian's classes "
               "were cut on";
    return "it is not a combination ldiv defines";
}

}  // namespace

const std::vector<std::string>& transformationModels() {
    static const std::vector<std::string> models{"mondrian", "local", "microaggregation",
                                                 "cell-suppression", "microaggregation+local"};
    return models;
}

void checkTransformationModel(const std::string& model) {
    const auto& models = transformationModels();
    if (model == "full-domain" || std::find(models.begin(), models.end(), model) != models.end())
        return;
    const std::size_t plus = model.find('+');
    if (plus == std::string::npos)
        throw ParameterError("transformation \"" + model + "\" is not one of " + modelList());
    // "A+B" (or more parts): every part must be a model, and the combination one ldiv defines.
    std::vector<std::string> parts;
    for (std::size_t from = 0;;) {
        const std::size_t to = model.find('+', from);
        parts.push_back(model.substr(from, to == std::string::npos ? to : to - from));
        if (to == std::string::npos) break;
        from = to + 1;
    }
    const std::string offered =
        "; the one combination is microaggregation+local (MDAV on the numeric quasi-identifiers "
        "named by --aggregate, then local recoding of all of them, docs/transformations.md)";
    for (const std::string& p : parts)
        if (p != "full-domain" && (p.find('+') != std::string::npos ||
                                   std::find(models.begin(), models.end(), p) == models.end()))
            throw ParameterError("transformation \"" + model + "\": \"" + p +
                                 "\" is not a model (" + modelList() + ")" + offered);
    if (parts.size() != 2)
        throw ParameterError("transformation \"" + model +
                             "\" combines more than two models, which ldiv does not define" +
                             offered);
    throw ParameterError("transformation \"" + model +
                         "\" is refused: " + whyRefused(parts[0], parts[1]) + offered);
}

TransformationOutcome runTransformation(const Workspace& workspace, const Dataset& data,
                                        const SearchConfig& config,
                                        const TransformationSpec& spec) {
    TransformationOutcome out;
    out.model = spec.model;
    if (spec.model == "mondrian") {
        checkMondrianSupport(data, config);
        out.classes = mondrian(data, config);
    } else if (spec.model == "microaggregation") {
        if (spec.aggregates.size() != data.qiCount())
            throw ParameterError("transformation.aggregates: one per quasi-identifier");
        std::vector<Aggregate> aggregates;
        for (const std::string& a : spec.aggregates) aggregates.push_back(parseAggregate(a));
        checkMicroaggregationSupport(data, config);
        MicroaggregationResult m = microaggregate(data, config, aggregates);
        out.classes = std::move(m.classes);
        out.microaggregation = std::move(m);
    } else if (spec.model == "local") {
        checkLocalRecodingSupport(data, config);
        workspace.requireQiHierarchies();
        LocalRecodingResult l = localRecoding(data, config);
        out.classes = std::move(l.classes);
        out.suppressedRows = l.suppressedRows;
        out.local = std::move(l);
    } else if (spec.model == "cell-suppression") {
        std::vector<std::size_t> order;
        for (const std::string& name : spec.importance) order.push_back(qiPosition(data, name));
        checkCellSuppressionSupport(data, config);
        CellSuppressionResult c = suppressCells(data, config, order);
        out.classes = std::move(c.classes);
        for (const std::uint64_t n : c.suppressedCells) out.suppressedCells += n;
        out.suppressedRecords = c.suppressedRecords;
        out.minFrequency = c.minFrequency;
        out.cellSuppression = std::move(c);
    } else if (spec.model == "microaggregation+local") {
        if (spec.aggregates.size() != data.qiCount())
            throw ParameterError(
                "transformation.aggregates: one per quasi-identifier (\"\" when not "
                "microaggregated)");
        std::vector<std::optional<Aggregate>> aggregates;
        for (const std::string& a : spec.aggregates)
            aggregates.push_back(a.empty() ? std::nullopt
                                           : std::optional<Aggregate>(parseAggregate(a)));
        checkMicroaggregationLocalSupport(data, config, aggregates);
        // Only the QIs that local recoding generalizes by a hierarchy need one; an aggregated
        // QI gets its two-level hierarchy from its aggregates.
        for (const std::string& name : workspace.qiWithoutHierarchy())
            for (std::size_t i = 0; i < data.qiCount(); ++i)
                if (!aggregates[i] && data.table().column(data.qiColumns()[i]).name() == name)
                    throw ParameterError(name +
                                         " has no hierarchy: local recoding can never generalize "
                                         "it (give --hierarchy " +
                                         name + "=FILE or a builder such as suppress, " + name +
                                         "=identity to keep it as it is, or microaggregate it "
                                         "with --aggregate " +
                                         name + "=mean)");
        MicroaggregationLocalResult m = microaggregationLocal(data, config, aggregates);
        out.classes = std::move(m.local.classes);
        out.suppressedRows = m.local.suppressedRows;
        out.microaggregationLocal = std::move(m);
    } else {
        checkTransformationModel(spec.model);
        throw ParameterError("transformation \"" + spec.model +
                             "\" is not run by runTransformation: full-domain is the lattice "
                             "search (ldiv search, generalize --node)");
    }
    return out;
}

void requirePublishable(const TransformationOutcome& outcome) {
    if (!outcome.publishable())
        throw ParameterError("the whole table fails " + outcome.classes.tableFails.front() + ": " +
                             outcome.model + " can publish nothing under the requirement");
}

TransformedTable transformTable(const Workspace& workspace, const Dataset& data,
                                const SearchConfig& config, const TransformationSpec& spec) {
    TransformedTable out{runTransformation(workspace, data, config, spec), {}};
    requirePublishable(out.outcome);
    out.table = mondrianTable(data, out.outcome.classes, workspace.identifyingColumns());
    if (spec.shuffled) shuffleRows(out.table, spec.seed);
    return out;
}

}  // namespace ldv
