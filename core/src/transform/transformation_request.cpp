#include "ldiv/transform/transformation_request.h"

#include <algorithm>

#include "ldiv/data/error.h"
#include "ldiv/lattice/dataset.h"

namespace ldv {
namespace {

/// Index of the quasi-identifier named `name` (an option's value) in Dataset order.
std::size_t qiIndex(const Dataset& data, const std::string& name, const std::string& option) {
    if (const auto i = qiPositionOf(data, name)) return *i;
    throw ParameterError(option + ": '" + name + "' is not a quasi-identifier");
}

/// --aggregate COL=FUNCTION entries, per QI in Dataset order; "" where none is named.
std::vector<std::string> namedAggregates(const Dataset& data,
                                         const std::vector<std::string>& entries) {
    std::vector<std::string> out(data.qiCount());
    for (const std::string& entry : entries) {
        const std::size_t eq = entry.find('=');
        if (eq == std::string::npos)
            throw ParameterError("--aggregate '" + entry +
                                 "': expected COL=mean|median|mode|interval");
        const std::size_t i = qiIndex(data, entry.substr(0, eq), "--aggregate");
        if (!out[i].empty())
            throw ParameterError("--aggregate: '" + entry.substr(0, eq) + "' is given twice");
        out[i] = aggregateName(parseAggregate(entry.substr(eq + 1)));
    }
    return out;
}

/// --importance: every QI once, least important first.
void checkImportance(const Dataset& data, const std::vector<std::string>& names) {
    std::vector<std::size_t> order;
    for (const std::string& name : names) {
        const std::size_t i = qiIndex(data, name, "--importance");
        if (std::find(order.begin(), order.end(), i) != order.end())
            throw ParameterError("--importance: '" + name + "' is given twice");
        order.push_back(i);
    }
    for (std::size_t i = 0; i < data.qiCount(); ++i)
        if (std::find(order.begin(), order.end(), i) == order.end())
            throw ParameterError("--importance must name every quasi-identifier, and '" +
                                 data.table().column(data.qiColumns()[i]).name() + "' is missing");
}

}  // namespace

std::optional<std::size_t> qiPositionOf(const Dataset& data, std::string_view name) {
    for (std::size_t i = 0; i < data.qiCount(); ++i)
        if (data.table().column(data.qiColumns()[i]).name() == name) return i;
    return std::nullopt;
}

TransformationSpec transformationSpecFor(const Dataset& data,
                                         const TransformationRequest& request) {
    const bool microaggregates =
        request.model == "microaggregation" || request.model == "microaggregation+local";
    TransformationSpec spec;
    if (microaggregates && request.aggregates.empty() && request.projectAggregate) {
        spec = transformationSpecOf({request.model, *request.projectAggregate}, data);
        for (std::string& a : spec.aggregates)
            if (!a.empty()) a = aggregateName(parseAggregate(a));
    } else {
        spec.model = request.model;
        if (microaggregates) spec.aggregates = namedAggregates(data, request.aggregates);
        // MDAV alone aggregates every QI: the ones not named take the mean.
        if (request.model == "microaggregation")
            for (std::string& a : spec.aggregates)
                if (a.empty()) a = aggregateName(Aggregate::Mean);
    }
    if (request.model == "microaggregation+local" &&
        std::all_of(spec.aggregates.begin(), spec.aggregates.end(),
                    [](const std::string& a) { return a.empty(); }))
        throw ParameterError(
            "--transform microaggregation+local needs --aggregate COL=mean|median|mode|"
            "interval for at least one numeric quasi-identifier to microaggregate");
    if (request.model == "cell-suppression" && !request.importance.empty()) {
        checkImportance(data, request.importance);
        spec.importance = request.importance;
    }
    return spec;
}

}  // namespace ldv
