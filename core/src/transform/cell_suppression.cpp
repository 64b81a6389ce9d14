#include "ldiv/transform/cell_suppression.h"

#include <algorithm>
#include <limits>
#include <map>
#include <stdexcept>
#include <string>
#include <unordered_map>

#include "ldiv/data/error.h"

namespace ldv {
namespace {

constexpr Code kWildcard = std::numeric_limits<Code>::max();

/// Record frequencies when every record's suppressed cells are a prefix of one order (they
/// are: cells are suppressed in the importance order). With t the prefix length of record r
/// and u that of s, r and s match when they agree on the order's positions from max(t, u)
/// on. So r's frequency is the records with prefix ≤ t that agree with r from t on, plus,
/// for every u > t, the records with prefix exactly u that agree with r from u on: d + 1
/// hash look-ups, whatever the number of distinct tuples.
class PrefixCounts {
public:
    explicit PrefixCounts(std::size_t d) : m_d(d), m_exact(d + 1), m_upTo(d + 1) {}

    /// `ordered`: a record's codes in the suppression order; t: its suppressed prefix.
    void add(const std::vector<Code>& ordered, std::size_t t) {
        ++m_exact[t][tail(ordered, t)];
        for (std::size_t u = t; u <= m_d; ++u) ++m_upTo[u][tail(ordered, u)];
    }
    /// The record's prefix grows from t to t + 1.
    void grow(const std::vector<Code>& ordered, std::size_t t) {
        const std::string key = tail(ordered, t);
        --m_exact[t][key];
        --m_upTo[t][key];
        ++m_exact[t + 1][tail(ordered, t + 1)];
    }
    std::uint64_t frequency(const std::vector<Code>& ordered, std::size_t t) const {
        std::uint64_t f = lookUp(m_upTo[t], tail(ordered, t));
        for (std::size_t u = t + 1; u <= m_d; ++u) f += lookUp(m_exact[u], tail(ordered, u));
        return f;
    }

private:
    using Counts = std::unordered_map<std::string, std::uint64_t>;
    /// The codes from position u on, as bytes (a hash key).
    static std::string tail(const std::vector<Code>& ordered, std::size_t u) {
        return std::string(reinterpret_cast<const char*>(ordered.data() + u),
                           (ordered.size() - u) * sizeof(Code));
    }
    static std::uint64_t lookUp(const Counts& counts, const std::string& key) {
        const auto it = counts.find(key);
        return it == counts.end() ? 0 : it->second;
    }
    std::size_t m_d;
    std::vector<Counts> m_exact;
    std::vector<Counts> m_upTo;
};

}  // namespace

void checkCellSuppressionSupport(const Dataset& data, const SearchConfig& config) {
    if (data.grouped())
        throw ParameterError(
            "cell-suppression publishes every row, and this table was read as grouped rows "
            "(--stream): read it whole");
    if (data.sampled())
        throw ParameterError(
            "cell-suppression does not support delta-presence (a research subset): use the "
            "full-domain transformation");
    bool k = false;
    for (const BoundCriterion& b : config.criteria) {
        if (b.criterion.kind() != CriterionKind::KAnonymity)
            throw ParameterError(
                "criterion '" + b.criterion.spec() +
                "': cell-suppression guarantees k-anonymity only; a suppressed cell matches "
                "every value, so the records do not form classes on which it could be judged "
                "(use --transform mondrian or microaggregation)");
        k = true;
    }
    if (!k)
        throw ParameterError("cell-suppression needs a k-anonymity criterion (--criterion k=K)");
}

std::vector<std::size_t> defaultSuppressionOrder(const Dataset& data) {
    std::vector<std::size_t> distinct(data.qiCount());
    for (std::size_t i = 0; i < data.qiCount(); ++i) {
        const Column& c = data.table().column(data.qiColumns()[i]);
        std::vector<std::uint8_t> seen(c.domainSize(), 0);
        for (std::size_t r = 0; r < data.table().rowCount(); ++r) seen[c.code(r)] = 1;
        distinct[i] = std::size_t(std::count(seen.begin(), seen.end(), 1));
    }
    std::vector<std::size_t> order(data.qiCount());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return distinct[a] > distinct[b]; });
    return order;
}

CellSuppressionResult suppressCells(const Dataset& data, const SearchConfig& config,
                                    const std::vector<std::size_t>& order) {
    checkCellSuppressionSupport(data, config);
    CellSuppressionResult out;
    const std::size_t d = data.qiCount();
    out.order = order.empty() ? defaultSuppressionOrder(data) : order;
    {
        std::vector<std::size_t> sorted = out.order;
        std::sort(sorted.begin(), sorted.end());
        for (std::size_t t = 0; t < sorted.size(); ++t)
            if (sorted[t] != t || sorted.size() != d)
                throw std::logic_error("suppressCells: the order must list every QI once");
    }
    out.classes.qiCount = d;
    out.classes.cuts.assign(d, MondrianCut::Hierarchy);
    out.suppressedCells.assign(d, 0);
    const Table& table = data.table();
    const std::size_t n = table.rowCount();
    out.recordLimit = suppressionLimitRows(config.suppressionLimit, n);
    std::uint64_t k = 1;
    std::string kSpec;
    for (const BoundCriterion& b : config.criteria) {
        const std::uint64_t kb = std::get<KAnonymity>(b.criterion.variant()).k;
        if (kb >= k) {
            k = kb;
            kSpec = b.criterion.spec();
        }
    }
    if (n < k) {
        out.classes.tableFails.push_back(kSpec);
        return out;
    }
    // Codes in the suppression order; the first prefix[r] of record r are suppressed.
    std::vector<std::vector<Code>> ordered(n, std::vector<Code>(d));
    for (std::size_t r = 0; r < n; ++r)
        for (std::size_t t = 0; t < d; ++t)
            ordered[r][t] = table.column(data.qiColumns()[out.order[t]]).code(r);
    std::vector<std::size_t> prefix(n, 0);
    PrefixCounts counts(d);
    for (std::size_t r = 0; r < n; ++r) counts.add(ordered[r], 0);
    for (std::size_t r = 0; r < n; ++r) {
        while (prefix[r] < d && counts.frequency(ordered[r], prefix[r]) < k) {
            counts.grow(ordered[r], prefix[r]);
            ++out.suppressedCells[out.order[prefix[r]]];
            ++prefix[r];
        }
    }
    out.minFrequency = n;
    for (std::size_t r = 0; r < n; ++r) {
        out.minFrequency = std::min(out.minFrequency, counts.frequency(ordered[r], prefix[r]));
        if (prefix[r] == d) ++out.suppressedRecords;
    }
    if (out.minFrequency < k) throw std::logic_error("suppressCells: a record stays below k");
    if (out.suppressedRecords > out.recordLimit) {
        out.classes.tableFails.push_back(kSpec + " within the suppression limit (" +
                                         std::to_string(out.suppressedRecords) +
                                         " records lose every quasi-identifier, " +
                                         std::to_string(out.recordLimit) + " allowed)");
        return out;
    }
    // The distinct published tuples are the classes mondrianTable writes.
    std::map<std::vector<Code>, std::uint32_t> classOf;
    out.classes.rowClass.resize(n);
    std::vector<Code> key(d);
    for (std::size_t r = 0; r < n; ++r) {
        for (std::size_t t = 0; t < d; ++t)
            key[out.order[t]] = t < prefix[r] ? kWildcard : ordered[r][t];
        const auto [it, added] = classOf.emplace(key, std::uint32_t(out.classes.sizes.size()));
        if (added) {
            out.classes.sizes.push_back(0);
            for (std::size_t i = 0; i < d; ++i)
                out.classes.labels.push_back(key[i] == kWildcard
                                                 ? std::string(kSuppressedCell)
                                                 : table.column(data.qiColumns()[i]).value(key[i]));
        }
        ++out.classes.sizes[it->second];
        out.classes.rowClass[r] = it->second;
    }
    return out;
}

}  // namespace ldv
