#include "ldiv/utility/utility_report.h"

#include <algorithm>

#include "ldiv/data/error.h"
#include "ldiv/data/table.h"
#include "ldiv/project/workspace.h"
#include "ldiv/project/workspace_publish.h"
#include "utility/value_order.h"

namespace ldv {
namespace {

/// The column's values that occur and their rows, in value order.
Distribution distributionOf(const Column& column) {
    std::vector<std::size_t> rows(column.domainSize(), 0);
    for (Code c : column.codes()) ++rows[c];
    std::vector<std::string> labels;
    std::vector<std::size_t> counts;
    for (Code c = 0; c < rows.size(); ++c)
        if (rows[c] > 0) {
            labels.push_back(column.value(c));
            counts.push_back(rows[c]);
        }
    Distribution d;
    d.reserve(labels.size());
    for (std::size_t i : detail::valueOrder(labels)) d.push_back({labels[i], counts[i]});
    return d;
}

NumericSummary inputNumbers(const Distribution& d) {
    std::vector<std::pair<double, std::size_t>> values;
    std::size_t missing = 0;
    for (const ValueCount& v : d) {
        const std::optional<ValueInterval> i = parseIntervalLabel(v.value);
        // Input values are numbers; a range or "*" in the input is not one.
        if (i && i->low == i->high)
            values.emplace_back(i->low, v.count);
        else
            missing += v.count;
    }
    return summarizeNumbers(std::move(values), missing);
}

NumericSummary outputNumbers(const Distribution& d, const NumericSummary& input) {
    std::vector<std::pair<double, std::size_t>> values;
    std::size_t missing = 0;
    for (const ValueCount& v : d) {
        if (const std::optional<double> m = labelMidpoint(v.value, input.min, input.max))
            values.emplace_back(*m, v.count);
        else
            missing += v.count;
    }
    return summarizeNumbers(std::move(values), missing);
}

std::size_t requireIn(const Table& table, const std::string& name, const char* which) {
    if (const std::optional<std::size_t> c = table.columnIndex(name)) return *c;
    std::string available;
    for (const std::string& n : table.columnNames())
        available += (available.empty() ? "" : ", ") + n;
    throw ParameterError(std::string("the ") + which + " table has no column '" + name +
                         "' (columns: " + available + ")");
}

}  // namespace

UtilityReport analyzeUtility(const Table& input, const Table& output,
                             const std::vector<std::string>& attributes,
                             const std::vector<std::pair<std::string, std::string>>& pairs,
                             std::size_t suppressedRows) {
    UtilityReport report;
    report.inputRows = input.rowCount();
    report.outputRows = output.rowCount();
    report.suppressedRows = suppressedRows;
    for (const std::string& name : attributes) {
        const Column& in = input.column(requireIn(input, name, "input"));
        const Column& out = output.column(requireIn(output, name, "output"));
        AttributeUtility a;
        a.name = name;
        a.numeric = in.type() == ColumnType::Integer || in.type() == ColumnType::Decimal;
        a.input = distributionOf(in);
        a.output = distributionOf(out);
        a.suppressedRows = suppressedRows;
        if (a.numeric) {
            a.inputNumbers = inputNumbers(a.input);
            a.outputNumbers = outputNumbers(a.output, a.inputNumbers);
            a.outputMethod =
                "interval midpoints (open ends and '*' closed by the input's minimum and "
                "maximum; labels that are no interval count as missing)";
        } else {
            a.inputCategories = summarizeCategories(a.input);
            a.outputCategories = summarizeCategories(a.output);
        }
        report.attributes.push_back(std::move(a));
    }
    for (const auto& [first, second] : pairs) {
        PairUtility p;
        p.first = first;
        p.second = second;
        p.input =
            contingency(input, requireIn(input, first, "input"), requireIn(input, second, "input"));
        p.output = contingency(output, requireIn(output, first, "output"),
                               requireIn(output, second, "output"));
        report.contingency.push_back(std::move(p));
    }
    return report;
}

std::vector<std::string> utilityAttributes(const Workspace& workspace,
                                           const UtilityRequest& request) {
    if (!request.attributes.empty()) return request.attributes;
    std::vector<std::string> names = workspace.qiNames();
    for (const std::string& s : workspace.sensitiveNames()) names.push_back(s);
    return names;
}

UtilityReport nodeUtility(const Workspace& workspace, const SearchConfig& config,
                          std::span<const int> levels, const UtilityRequest& request) {
    const PublishedNode published = publishNode(workspace, config, levels);
    UtilityReport report =
        analyzeUtility(workspace.table(), published.table, utilityAttributes(workspace, request),
                       request.pairs, published.suppressedRows);
    for (const MetricEntry& m : metricCatalogue())
        report.quality.push_back(
            {std::string(m.name),
             metricValue(published.judgement.metrics, m.metric, config.quality), m.monotone});
    return report;
}

UtilityReport publishedUtility(const Workspace& workspace, const Table& published,
                               const UtilityRequest& request) {
    const std::size_t n = workspace.table().rowCount();
    const std::size_t suppressed = n > published.rowCount() ? n - published.rowCount() : 0;
    return analyzeUtility(workspace.table(), published, utilityAttributes(workspace, request),
                          request.pairs, suppressed);
}

}  // namespace ldv
