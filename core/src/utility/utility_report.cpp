#include "ldiv/utility/utility_report.h"

#include <algorithm>
#include <stdexcept>

#include "ldiv/data/error.h"
#include "ldiv/data/table.h"
#include "ldiv/project/workspace.h"
#include "ldiv/project/workspace_publish.h"
#include "ldiv/utility/output_on_input.h"
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

/// The classification's features: the quasi-identifiers other than the target, which would
/// give it away.
std::vector<std::string> classificationFeatures(const Workspace& workspace,
                                                const std::string& target) {
    std::vector<std::string> features;
    for (const std::string& q : workspace.qiNames())
        if (q != target) features.push_back(q);
    if (features.empty())
        throw ParameterError("classification of '" + target +
                             "' needs a quasi-identifier other than the target as a feature");
    return features;
}

/// Input and output of a node, row by row: the release's rows (with δ-presence, the research
/// subset's), the output's published rows in order and its suppressed rows with every feature
/// "*"; the target is the input's value in both.
ClassificationSides nodeSides(const Workspace& workspace, const SearchConfig& config,
                              const PublishedNode& published, const std::string& target) {
    const Dataset& data = judgedDataset(workspace, config);
    const Table& in = data.table();
    const Table& out = published.table;
    ClassificationSides sides;
    sides.features = classificationFeatures(workspace, target);
    const std::size_t t = requireIn(in, target, "input");
    std::vector<std::size_t> inColumns, outColumns;
    for (const std::string& f : sides.features) {
        inColumns.push_back(requireIn(in, f, "input"));
        outColumns.push_back(requireIn(out, f, "output"));
    }
    // A published copy of the target checks that the published rows are the input's in order.
    const std::vector<std::string> qis = workspace.qiNames();
    const std::optional<std::size_t> outTarget =
        std::ranges::find(qis, target) == qis.end() ? out.columnIndex(target) : std::nullopt;
    const std::vector<std::uint8_t> leftOut = rowsLeftOut(workspace, data);
    sides.inputFeatures.resize(sides.features.size());
    sides.outputFeatures.resize(sides.features.size());
    std::size_t p = 0;
    for (std::size_t r = 0; r < in.rowCount(); ++r) {
        if (!leftOut.empty() && leftOut[r]) continue;
        const bool suppressed = !published.rowPublished[r];
        for (std::size_t f = 0; f < sides.features.size(); ++f) {
            sides.inputFeatures[f].push_back(in.value(r, inColumns[f]));
            sides.outputFeatures[f].push_back(suppressed ? "*" : out.value(p, outColumns[f]));
        }
        sides.inputTarget.push_back(in.value(r, t));
        if (!suppressed && outTarget && out.value(p, *outTarget) != in.value(r, t))
            throw std::logic_error("utility: the published rows are not in the input's order");
        sides.suppressed.push_back(suppressed ? 1 : 0);
        if (!suppressed) ++p;
    }
    sides.outputTarget = sides.inputTarget;
    return sides;
}

/// Input and a published file: each its own rows (a published file may be shuffled, and
/// removed rows are not in it), the output's target as published.
ClassificationSides publishedSides(const Workspace& workspace, const Table& published,
                                   const std::string& target) {
    const std::vector<std::string> qis = workspace.qiNames();
    if (std::ranges::find(qis, target) != qis.end())
        throw ParameterError("--target " + target +
                             " is a quasi-identifier, generalized in the published table: with "
                             "--published the target must be a column published as it is");
    const Table& in = workspace.table();
    ClassificationSides sides;
    sides.features = classificationFeatures(workspace, target);
    for (const std::string& f : sides.features) {
        const std::size_t i = requireIn(in, f, "input");
        const std::size_t o = requireIn(published, f, "output");
        std::vector<std::string> a, b;
        for (std::size_t r = 0; r < in.rowCount(); ++r) a.push_back(in.value(r, i));
        for (std::size_t r = 0; r < published.rowCount(); ++r) b.push_back(published.value(r, o));
        sides.inputFeatures.push_back(std::move(a));
        sides.outputFeatures.push_back(std::move(b));
    }
    const std::size_t ti = requireIn(in, target, "input");
    const std::size_t to = requireIn(published, target, "output");
    for (std::size_t r = 0; r < in.rowCount(); ++r) sides.inputTarget.push_back(in.value(r, ti));
    for (std::size_t r = 0; r < published.rowCount(); ++r)
        sides.outputTarget.push_back(published.value(r, to));
    return sides;
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
    const std::vector<std::string> qis = workspace.qiNames();
    for (AttributeUtility& a : report.attributes) {
        // A QI through its hierarchy at the node's level; the other attributes are published
        // as they are, each label its own input value.
        const auto qi = std::find(qis.begin(), qis.end(), a.name);
        if (qi == qis.end())
            a.outputOnInput = outputOnInput(a.input, a.output, nullptr, std::nullopt);
        else
            a.outputOnInput = outputOnInput(a.input, a.output, workspace.hierarchy(a.name),
                                            levels[std::size_t(qi - qis.begin())]);
    }
    if (!request.target.empty())
        report.classification = classify(nodeSides(workspace, config, published, request.target),
                                         request.target, request.folds, request.seed);
    for (const MetricEntry& m : metricCatalogue())
        report.quality.push_back({std::string(m.name),
                                  metricValue(published.judgement.metrics, m.value, config.quality),
                                  m.monotone});
    return report;
}

UtilityReport publishedUtility(const Workspace& workspace, const Table& published,
                               const UtilityRequest& request) {
    const std::size_t n = workspace.table().rowCount();
    const std::size_t suppressed = n > published.rowCount() ? n - published.rowCount() : 0;
    UtilityReport report =
        analyzeUtility(workspace.table(), published, utilityAttributes(workspace, request),
                       request.pairs, suppressed);
    for (AttributeUtility& a : report.attributes)
        a.outputOnInput =
            outputOnInput(a.input, a.output, workspace.hierarchy(a.name), std::nullopt);
    if (!request.target.empty()) {
        report.classification = classify(publishedSides(workspace, published, request.target),
                                         request.target, request.folds, request.seed);
        // Not in the file, so not in the output's cross-validation.
        report.classification->suppressedRows = suppressed;
        report.classification->suppressedInOutput = false;
    }
    return report;
}

}  // namespace ldv
