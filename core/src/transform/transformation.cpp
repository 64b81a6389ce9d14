#include "ldiv/transform/transformation.h"

#include "ldiv/data/error.h"
#include "ldiv/lattice/dataset.h"
#include "ldiv/project/workspace.h"

namespace ldv {
namespace {

std::size_t qiPosition(const Dataset& data, const std::string& name) {
    for (std::size_t i = 0; i < data.qiCount(); ++i)
        if (data.table().column(data.qiColumns()[i]).name() == name) return i;
    throw ParameterError("transformation.importance: '" + name +
                         "' is not a quasi-identifier of the project");
}

}  // namespace

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
        out.classes.tableFails = l.tableFails;
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
    } else {
        throw ParameterError("transformation \"" + spec.model +
                             "\" is not one of mondrian, local, microaggregation, "
                             "cell-suppression");
    }
    return out;
}

}  // namespace ldv
