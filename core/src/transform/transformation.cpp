#include "ldiv/transform/transformation.h"

#include <algorithm>

#include "ldiv/data/error.h"
#include "ldiv/lattice/dataset.h"
#include "ldiv/lattice/row_order.h"
#include "ldiv/project/workspace.h"
#include "ldiv/transform/transformation_request.h"

namespace ldv {
namespace {

std::size_t qiPosition(const Dataset& data, const std::string& name) {
    if (const auto i = qiPositionOf(data, name)) return *i;
    throw ParameterError("transformation.importance: '" + name +
                         "' is not a quasi-identifier of the project");
}

}  // namespace

TransformationSpec transformationSpecOf(const TransformationChoice& choice, const Dataset& data) {
    TransformationSpec spec;
    spec.model = choice.model;
    if (spec.model == "microaggregation") spec.aggregates.assign(data.qiCount(), choice.aggregate);
    if (spec.model == "microaggregation+local")
        for (std::size_t i = 0; i < data.qiCount(); ++i) {
            const ColumnType t = data.table().column(data.qiColumns()[i]).type();
            spec.aggregates.push_back(
                t == ColumnType::Integer || t == ColumnType::Decimal ? choice.aggregate : "");
        }
    return spec;
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
    out.table = transformationTable(workspace, data, out.outcome, spec);
    return out;
}

Table transformationTable(const Workspace& workspace, const Dataset& data,
                          const TransformationOutcome& outcome, const TransformationSpec& spec,
                          const GeneralizeOptions& options) {
    Table table = mondrianTable(data, outcome.classes, workspace.identifyingColumns(), options);
    if (spec.shuffled) shuffleRows(table, spec.seed);
    return table;
}

}  // namespace ldv
