#include "ldiv/transform/microaggregation_local.h"

#include <algorithm>
#include <map>
#include <memory>
#include <stdexcept>
#include <utility>

#include "ldiv/data/error.h"
#include "ldiv/hierarchy/hierarchy.h"

namespace ldv {
namespace {

/// MDAV's k: the largest k of the class-size criteria, 0 without one.
std::size_t classSizeK(const SearchConfig& config) {
    std::size_t k = 0;
    for (const BoundCriterion& b : config.criteria)
        if (b.criterion.isClassSize())
            k = std::max<std::size_t>(k, std::get<KAnonymity>(b.criterion.variant()).k);
    return k;
}

/// The microaggregated quasi-identifiers (Dataset positions) and their aggregates, in order.
std::pair<std::vector<std::size_t>, std::vector<Aggregate>> aggregatedQis(
    const Dataset& data, const std::vector<std::optional<Aggregate>>& aggregates) {
    std::pair<std::vector<std::size_t>, std::vector<Aggregate>> out;
    for (std::size_t i = 0; i < data.qiCount(); ++i)
        if (aggregates[i]) {
            out.first.push_back(i);
            out.second.push_back(*aggregates[i]);
        }
    return out;
}

}  // namespace

void checkMicroaggregationLocalSupport(const Dataset& data, const SearchConfig& config,
                                       const std::vector<std::optional<Aggregate>>& aggregates) {
    if (aggregates.size() != data.qiCount())
        throw std::logic_error("microaggregation+local: one aggregate entry per quasi-identifier");
    // The second step decides what is published: the criteria are those it supports.
    checkLocalRecodingSupport(data, config);
    bool any = false;
    for (std::size_t i = 0; i < data.qiCount(); ++i) {
        if (!aggregates[i]) continue;
        any = true;
        const Column& column = data.table().column(data.qiColumns()[i]);
        if (column.type() != ColumnType::Integer && column.type() != ColumnType::Decimal)
            throw ParameterError(
                "microaggregation+local: '" + column.name() +
                "' is not typed integer or decimal, and MDAV's distance and the mean have no "
                "meaning for categories: leave it out of --aggregate (local recoding then "
                "generalizes it with its hierarchy)");
    }
    if (!any)
        throw ParameterError(
            "microaggregation+local needs at least one numeric quasi-identifier to "
            "microaggregate: name it with --aggregate COL=mean|median|mode|interval");
    if (classSizeK(config) == 0)
        throw ParameterError(
            "microaggregation+local needs a k-anonymity criterion (k=K): MDAV forms groups of at "
            "least k rows, and without one there is no k to form them with");
    const auto [qis, kinds] = aggregatedQis(data, aggregates);
    // Every value a number (mdavAggregates names the first that is not): checked on one row
    // group so that the check costs no MDAV run.
    (void)mdavAggregates(data, qis, kinds, data.table().rowCount() + 1);
}

AggregatedTable aggregatedTable(const Dataset& in, const PartialMicroaggregation& m) {
    const Table& src = in.table();
    const std::size_t n = src.rowCount();
    std::vector<Column> columns;
    std::vector<std::size_t> qi, sensitive;
    std::vector<HierarchyMap> hierarchies;
    for (std::size_t i = 0; i < in.qiCount(); ++i) {
        const Column& from = src.column(in.qiColumns()[i]);
        Column col(from.name());
        col.reserve(n);
        std::vector<std::vector<std::string>> hierarchyRows;
        const auto j = std::find(m.qis.begin(), m.qis.end(), i);
        if (j != m.qis.end()) {
            // The aggregates as the values, each with "*" above it: the only generalization of
            // an aggregate that keeps the published classes judged over every QI.
            const std::size_t at = std::size_t(j - m.qis.begin());
            std::map<std::string, Code> codes;
            for (std::size_t r = 0; r < n; ++r) {
                const std::string& label = m.label(m.rowGroup[r], at);
                auto [it, added] = codes.emplace(label, 0);
                if (added) {
                    it->second = col.intern(label);
                    hierarchyRows.push_back({label, kMondrianRoot});
                }
                col.appendCode(it->second);
            }
            // Means, medians and modes are numbers; intervals are text.
            col.setType(m.aggregates[at] == Aggregate::Interval ? ColumnType::Text
                                                                : ColumnType::Decimal);
        } else {
            // As local recoding's own sub-tables: only the values that occur, with the
            // hierarchy cut down to them (the search bounds nodes by their distinct values).
            const HierarchyMap& h = in.hierarchy(i);
            std::vector<Code> translate(from.domainSize(), kNoClass);
            for (std::size_t r = 0; r < n; ++r) {
                const Code v = from.code(r);
                if (translate[v] == kNoClass) {
                    translate[v] = col.intern(from.value(v));
                    std::vector<std::string> path;
                    for (int l = 0; l <= h.height(); ++l)
                        path.push_back(h.levelValue(l, h.map(v, l)));
                    hierarchyRows.push_back(std::move(path));
                }
                col.appendCode(translate[v]);
            }
            col.setType(from.type());
        }
        columns.push_back(std::move(col));
        qi.push_back(columns.size() - 1);
        hierarchies.emplace_back(Hierarchy(hierarchyRows), columns.back());
    }
    // The sensitive columns with the input's dictionaries in its order: the bound criteria
    // (t-closeness's distribution, the histograms' sizes) apply unchanged.
    for (std::size_t c : in.sensitiveColumns()) {
        const Column& from = src.column(c);
        Column col(from.name());
        for (Code v = 0; v < from.domainSize(); ++v) col.intern(from.value(v));
        col.reserve(n);
        for (std::size_t r = 0; r < n; ++r) col.appendCode(from.code(r));
        col.setType(from.type());
        columns.push_back(std::move(col));
        sensitive.push_back(columns.size() - 1);
    }
    AggregatedTable out;
    out.table = std::make_unique<Table>(std::move(columns));
    out.data = std::make_unique<Dataset>(*out.table, qi, std::move(hierarchies), sensitive);
    return out;
}

MicroaggregationLocalResult microaggregationLocal(
    const Dataset& data, const SearchConfig& config,
    const std::vector<std::optional<Aggregate>>& aggregates) {
    checkMicroaggregationLocalSupport(data, config, aggregates);
    MicroaggregationLocalResult out;
    out.k = classSizeK(config);
    const auto [qis, kinds] = aggregatedQis(data, aggregates);
    // Step 1: MDAV on the named numeric QIs only. Its groups are not classes: no criterion is
    // judged on them, since the other QIs still split or join them.
    out.microaggregation = mdavAggregates(data, qis, kinds, out.k);
    // Step 2: local recoding over every QI of the aggregated table. It judges each published
    // class against every criterion (and verifies them with evaluateCriteria), which is the
    // whole guarantee of the combination.
    const AggregatedTable step = aggregatedTable(data, out.microaggregation);
    out.local = localRecoding(*step.data, config);
    for (std::size_t i : qis) out.local.classes.cuts[i] = MondrianCut::Numeric;
    return out;
}

}  // namespace ldv
