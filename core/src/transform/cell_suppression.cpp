#include "ldiv/transform/cell_suppression.h"

#include <algorithm>
#include <limits>
#include <map>
#include <stdexcept>

#include "ldiv/data/error.h"
#include "ldiv/evaluation/multi_attribute_view.h"

namespace ldv {
namespace {

constexpr Code kWildcard = std::numeric_limits<Code>::max();

bool compatible(const std::vector<Code>& a, const std::vector<Code>& b) {
    for (std::size_t i = 0; i < a.size(); ++i)
        if (a[i] != b[i] && a[i] != kWildcard && b[i] != kWildcard) return false;
    return true;
}

/// The distinct published tuples with their record counts; a record's frequency is the sum
/// over the tuples compatible with its own.
class Patterns {
public:
    std::uint32_t add(const std::vector<Code>& key) {
        const auto [it, added] = m_index.emplace(key, std::uint32_t(m_keys.size()));
        if (added) {
            m_keys.push_back(key);
            m_counts.push_back(0);
        }
        ++m_counts[it->second];
        return it->second;
    }
    void remove(std::uint32_t p) { --m_counts[p]; }
    /// The frequency of `key`, counted until it reaches `enough` (then `enough` or more).
    std::uint64_t frequency(const std::vector<Code>& key, std::uint64_t enough) const {
        std::uint64_t f = 0;
        for (std::size_t p = 0; p < m_keys.size() && f < enough; ++p)
            if (m_counts[p] > 0 && compatible(key, m_keys[p])) f += m_counts[p];
        return f;
    }
    const std::vector<Code>& key(std::uint32_t p) const { return m_keys[p]; }

private:
    std::map<std::vector<Code>, std::uint32_t> m_index;
    std::vector<std::vector<Code>> m_keys;
    std::vector<std::uint64_t> m_counts;
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
    std::vector<std::vector<Code>> keys(n, std::vector<Code>(d));
    for (std::size_t r = 0; r < n; ++r)
        for (std::size_t i = 0; i < d; ++i) keys[r][i] = table.column(data.qiColumns()[i]).code(r);
    Patterns patterns;
    std::vector<std::uint32_t> pattern(n);
    for (std::size_t r = 0; r < n; ++r) pattern[r] = patterns.add(keys[r]);
    for (std::size_t r = 0; r < n; ++r) {
        for (std::size_t t = 0; t < d && patterns.frequency(keys[r], k) < k; ++t) {
            const std::size_t i = out.order[t];
            if (keys[r][i] == kWildcard) continue;
            patterns.remove(pattern[r]);
            keys[r][i] = kWildcard;
            pattern[r] = patterns.add(keys[r]);
            ++out.suppressedCells[i];
        }
    }
    out.minFrequency = n;
    for (std::size_t r = 0; r < n; ++r) {
        out.minFrequency = std::min(out.minFrequency, patterns.frequency(keys[r], n));
        if (std::all_of(keys[r].begin(), keys[r].end(), [](Code c) { return c == kWildcard; }))
            ++out.suppressedRecords;
    }
    if (out.minFrequency < k) throw std::logic_error("suppressCells: a record stays below k");
    if (out.suppressedRecords > out.recordLimit) {
        out.classes.tableFails.push_back(
            kSpec + " within the suppression limit (" + std::to_string(out.suppressedRecords) +
            " records lose every quasi-identifier, " + std::to_string(out.recordLimit) +
            " allowed)");
        return out;
    }
    std::map<std::uint32_t, std::uint32_t> classOf;
    out.classes.rowClass.resize(n);
    for (std::size_t r = 0; r < n; ++r) {
        const auto [it, added] =
            classOf.emplace(pattern[r], std::uint32_t(out.classes.sizes.size()));
        if (added) {
            out.classes.sizes.push_back(0);
            for (std::size_t i = 0; i < d; ++i)
                out.classes.labels.push_back(
                    keys[r][i] == kWildcard
                        ? std::string(kSuppressedCell)
                        : table.column(data.qiColumns()[i]).value(keys[r][i]));
        }
        ++out.classes.sizes[it->second];
        out.classes.rowClass[r] = it->second;
    }
    return out;
}

}  // namespace ldv
