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

bool compatible(const Code* a, const Code* b, std::size_t d) {
    for (std::size_t i = 0; i < d; ++i)
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
            m_scan.push_back(std::uint32_t(m_keys.size()));
            m_keys.push_back(key);
            m_flat.insert(m_flat.end(), key.begin(), key.end());
            m_counts.push_back(0);
        }
        ++m_counts[it->second];
        return it->second;
    }
    void remove(std::uint32_t p) { --m_counts[p]; }
    /// Scans the tuples with the most records first from now on, so that counting up to a
    /// bound stops early (later tuples are scanned last).
    void scanLargestFirst() {
        std::stable_sort(m_scan.begin(), m_scan.end(),
                         [&](std::uint32_t a, std::uint32_t b) { return m_counts[a] > m_counts[b]; });
    }
    /// The frequency of tuple p, counted until it reaches `enough` (then `enough` or more).
    std::uint64_t frequency(std::uint32_t p, std::uint64_t enough) const {
        // The tuple's own records count: most tuples reach the bound without a scan.
        if (m_counts[p] >= enough) return m_counts[p];
        return frequency(m_keys[p], enough);
    }
    std::uint64_t frequency(const std::vector<Code>& key, std::uint64_t enough) const {
        std::uint64_t f = 0;
        const std::size_t d = key.size();
        for (std::size_t t = 0; t < m_scan.size() && f < enough; ++t) {
            const std::uint32_t p = m_scan[t];
            if (m_counts[p] > 0 && compatible(key.data(), m_flat.data() + std::size_t(p) * d, d))
                f += m_counts[p];
        }
        return f;
    }
    std::size_t size() const { return m_keys.size(); }
    std::uint64_t count(std::uint32_t p) const { return m_counts[p]; }
    const std::vector<Code>& key(std::uint32_t p) const { return m_keys[p]; }

private:
    std::map<std::vector<Code>, std::uint32_t> m_index;
    std::vector<std::vector<Code>> m_keys;
    /// The keys again, contiguous: the scans read them.
    std::vector<Code> m_flat;
    std::vector<std::uint64_t> m_counts;
    std::vector<std::uint32_t> m_scan;
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
    patterns.scanLargestFirst();
    for (std::size_t r = 0; r < n; ++r) {
        for (std::size_t t = 0; t < d && patterns.frequency(pattern[r], k) < k; ++t) {
            const std::size_t i = out.order[t];
            if (keys[r][i] == kWildcard) continue;
            patterns.remove(pattern[r]);
            keys[r][i] = kWildcard;
            pattern[r] = patterns.add(keys[r]);
            ++out.suppressedCells[i];
        }
    }
    // The smallest frequency, per published tuple: counting stops at the smallest so far,
    // which a larger count cannot lower.
    out.minFrequency = n;
    patterns.scanLargestFirst();
    for (std::uint32_t p = 0; p < patterns.size(); ++p)
        if (patterns.count(p) > 0)
            out.minFrequency =
                std::min(out.minFrequency, patterns.frequency(p, out.minFrequency));
    for (std::size_t r = 0; r < n; ++r)
        if (std::all_of(keys[r].begin(), keys[r].end(), [](Code c) { return c == kWildcard; }))
            ++out.suppressedRecords;
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
