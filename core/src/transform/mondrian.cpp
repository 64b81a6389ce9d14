#include "ldiv/transform/mondrian.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <map>
#include <stdexcept>

#include "data/number_text.h"
#include "ldiv/data/error.h"
#include "ldiv/evaluation/criterion_result.h"
#include "ldiv/evaluation/multi_attribute_view.h"

namespace ldv {
namespace {

/// A number, or nothing when the text is not one (data/number_text.h).
bool parseNumber(const std::string& text, double& value) {
    return detail::parseFiniteNumber(text, value);
}

struct Attribute {
    MondrianCut cut = MondrianCut::Hierarchy;
    const HierarchyMap* hierarchy = nullptr;
    /// Numeric: per code its number and its rank among the distinct numbers.
    std::vector<double> number;
    std::vector<std::uint32_t> rank;
    double range = 0;          ///< numeric: the table's max − min
    std::size_t distinct = 0;  ///< hierarchy: the table's distinct values
};

/// One distinct cut key of a partition (a numeric rank or a child in the hierarchy) with its
/// rows, in key order.
struct KeyRun {
    std::uint32_t key = 0;
    std::uint64_t rows = 0;
};

class Partitioner {
public:
    Partitioner(const Dataset& data, const SearchConfig& config)
        : m_data(data), m_config(config), m_base(data.baseGroups()) {
        for (std::size_t s = 0; s < data.sensitiveColumns().size(); ++s)
            m_domains.push_back(data.sensitiveDomain(s));
        for (const BoundCriterion& b : config.criteria)
            if (b.criterion.isClassSize())
                m_minRows = std::max<std::uint64_t>(
                    m_minRows, std::uint64_t(std::get<KAnonymity>(b.criterion.variant()).k));
        for (std::size_t i = 0; i < data.qiCount(); ++i) m_attributes.push_back(describe(i));
        m_stamp.resize(data.qiCount());
        for (std::size_t i = 0; i < data.qiCount(); ++i)
            m_stamp[i].assign(data.table().column(data.qiColumns()[i]).domainSize(), 0);
    }

    const std::vector<Attribute>& attributes() const { return m_attributes; }

    /// Specs of the criteria the rows `groups` fail as one class.
    std::vector<std::string> failures(std::span<const std::uint32_t> groups) const {
        std::vector<std::vector<std::uint32_t>> hist;
        const std::uint64_t rows = histogram(groups, hist);
        std::vector<std::string> out;
        for (const BoundCriterion& b : m_config.criteria)
            if (!holds(b, rows, hist)) out.push_back(b.criterion.spec());
        return out;
    }

    /// Cuts groups[begin, end): returns the first index of the right side, or `end` when no
    /// cut is allowed. Reorders the range so that the left side comes first.
    std::size_t split(std::vector<std::uint32_t>& groups, std::size_t begin, std::size_t end) {
        const std::span<std::uint32_t> part(groups.data() + begin, end - begin);
        std::vector<std::pair<double, std::size_t>> order;
        for (std::size_t i = 0; i < m_attributes.size(); ++i) {
            const double w = width(i, part);
            if (w > 0) order.emplace_back(-w, i);
        }
        std::sort(order.begin(), order.end());  // widest first, then QI order
        for (const auto& [w, i] : order) {
            const std::size_t mid = trySplit(i, part);
            if (mid != part.size()) return begin + mid;
        }
        return end;
    }

    /// The lowest level at which every group of `part` has the same value of QI i (height + 1
    /// when none: the virtual root).
    int commonLevel(std::size_t i, std::span<const std::uint32_t> part) const {
        const HierarchyMap& h = *m_attributes[i].hierarchy;
        for (int level = 0; level <= h.height(); ++level) {
            const Code first = h.map(m_base.key(part[0])[i], level);
            bool same = true;
            for (std::uint32_t g : part)
                if (h.map(m_base.key(g)[i], level) != first) {
                    same = false;
                    break;
                }
            if (same) return level;
        }
        return h.height() + 1;
    }

private:
    Attribute describe(std::size_t i) const {
        Attribute a;
        a.hierarchy = &m_data.hierarchy(i);
        const Column& column = m_data.table().column(m_data.qiColumns()[i]);
        std::vector<std::uint8_t> occurs(column.domainSize(), 0);
        for (std::size_t g = 0; g < m_base.count(); ++g) occurs[m_base.key(g)[i]] = 1;
        a.distinct = std::size_t(std::count(occurs.begin(), occurs.end(), 1));
        if (column.type() != ColumnType::Integer && column.type() != ColumnType::Decimal) return a;
        a.number.resize(column.domainSize());
        for (Code v = 0; v < column.domainSize(); ++v)
            if (!parseNumber(column.value(v), a.number[v])) {
                if (occurs[v]) return a;  // e.g. a kept missing token: not a number
                a.number[v] = 0;
            }
        std::vector<double> sorted;
        for (Code v = 0; v < column.domainSize(); ++v)
            if (occurs[v]) sorted.push_back(a.number[v]);
        std::sort(sorted.begin(), sorted.end());
        sorted.erase(std::unique(sorted.begin(), sorted.end()), sorted.end());
        a.rank.resize(column.domainSize());
        for (Code v = 0; v < column.domainSize(); ++v)
            a.rank[v] = std::uint32_t(std::lower_bound(sorted.begin(), sorted.end(), a.number[v]) -
                                      sorted.begin());
        a.range = sorted.empty() ? 0 : sorted.back() - sorted.front();
        a.cut = MondrianCut::Numeric;
        return a;
    }

    /// Normalized range of QI i on the partition, 0 when it has one value.
    double width(std::size_t i, std::span<const std::uint32_t> part) {
        const Attribute& a = m_attributes[i];
        if (a.cut == MondrianCut::Numeric) {
            double lo = a.number[m_base.key(part[0])[i]];
            double hi = lo;
            for (std::uint32_t g : part) {
                const double x = a.number[m_base.key(g)[i]];
                lo = std::min(lo, x);
                hi = std::max(hi, x);
            }
            return a.range > 0 ? (hi - lo) / a.range : 0;
        }
        std::vector<std::uint32_t>& stamp = m_stamp[i];
        ++m_epoch;
        std::size_t distinct = 0;
        for (std::uint32_t g : part) {
            const Code v = m_base.key(g)[i];
            if (stamp[v] != m_epoch) {
                stamp[v] = m_epoch;
                ++distinct;
            }
        }
        return a.distinct > 1 ? double(distinct - 1) / double(a.distinct - 1) : 0;
    }

    std::uint32_t cutKey(std::size_t i, std::uint32_t group, int childLevel) const {
        const Attribute& a = m_attributes[i];
        const Code v = m_base.key(group)[i];
        return a.cut == MondrianCut::Numeric ? a.rank[v] : a.hierarchy->map(v, childLevel);
    }

    /// Tries the cuts of QI i on `part`, the median first, then by balance; returns the size
    /// of the left side, or part.size() when none is allowed.
    std::size_t trySplit(std::size_t i, std::span<std::uint32_t> part) {
        // The children of the common ancestor are one level below it.
        const int childLevel =
            m_attributes[i].cut == MondrianCut::Numeric ? 0 : commonLevel(i, part) - 1;
        std::vector<std::pair<std::uint32_t, std::uint32_t>> keyed;  // (key, group)
        keyed.reserve(part.size());
        for (std::uint32_t g : part) keyed.emplace_back(cutKey(i, g, childLevel), g);
        std::sort(keyed.begin(), keyed.end());
        std::vector<KeyRun> runs;
        std::vector<std::size_t> runStart;
        for (std::size_t p = 0; p < keyed.size(); ++p) {
            if (runs.empty() || runs.back().key != keyed[p].first) {
                runs.push_back({keyed[p].first, 0});
                runStart.push_back(p);
            }
            runs.back().rows += m_base.sizes[keyed[p].second];
        }
        if (runs.size() < 2) return part.size();
        std::vector<std::uint64_t> prefix(runs.size());
        std::uint64_t total = 0;
        for (std::size_t t = 0; t < runs.size(); ++t) prefix[t] = total += runs[t].rows;
        // LeFevre et al.'s median: the left side holds the values up to the median row's.
        std::size_t median = 0;
        while (2 * prefix[median] < total) ++median;
        median = std::min(median, runs.size() - 2);
        std::vector<std::size_t> candidates;
        for (std::size_t t = 0; t + 1 < runs.size(); ++t)
            if (t != median) candidates.push_back(t);
        const auto imbalance = [&](std::size_t t) {
            const std::uint64_t l = 2 * prefix[t];
            return l > total ? l - total : total - l;
        };
        std::stable_sort(candidates.begin(), candidates.end(),
                         [&](std::size_t a, std::size_t b) { return imbalance(a) < imbalance(b); });
        candidates.insert(candidates.begin(), median);
        std::vector<std::vector<std::uint32_t>> left;
        std::vector<std::vector<std::uint32_t>> right;
        std::vector<std::vector<std::uint32_t>> all;
        histogram(part, all);
        for (std::size_t t : candidates) {
            const std::uint64_t leftRows = prefix[t];
            if (std::min(leftRows, total - leftRows) < m_minRows) continue;
            std::vector<std::uint32_t> lg;
            lg.reserve(runStart[t + 1]);
            for (std::size_t p = 0; p < runStart[t + 1]; ++p) lg.push_back(keyed[p].second);
            histogram(lg, left);
            right = all;
            for (std::size_t s = 0; s < right.size(); ++s)
                for (std::size_t v = 0; v < right[s].size(); ++v) right[s][v] -= left[s][v];
            if (!holdsAll(leftRows, left) || !holdsAll(total - leftRows, right)) continue;
            for (std::size_t p = 0; p < keyed.size(); ++p) part[p] = keyed[p].second;
            return runStart[t + 1];
        }
        return part.size();
    }

    std::uint64_t histogram(std::span<const std::uint32_t> groups,
                            std::vector<std::vector<std::uint32_t>>& hist) const {
        hist.resize(m_domains.size());
        for (std::size_t s = 0; s < m_domains.size(); ++s) hist[s].assign(m_domains[s], 0);
        std::uint64_t rows = 0;
        for (std::uint32_t g : groups) {
            rows += m_base.sizes[g];
            for (std::size_t s = 0; s < m_domains.size(); ++s) {
                const auto h = m_base.histogram(g, s);
                for (std::size_t v = 0; v < h.size(); ++v) hist[s][v] += h[v];
            }
        }
        return rows;
    }

    /// One class's verdict, as evaluateCriteria judges it: k on the size, the others on the
    /// class's histogram of their sensitive attribute.
    static bool holds(const BoundCriterion& b, std::uint64_t rows,
                      const std::vector<std::vector<std::uint32_t>>& hist) {
        if (b.criterion.isClassSize()) {
            const std::uint32_t size = std::uint32_t(rows);
            return b.criterion.holds(std::span<const std::uint32_t>(&size, 1));
        }
        return b.criterion.holds(hist[b.sensitive]);
    }

    bool holdsAll(std::uint64_t rows, const std::vector<std::vector<std::uint32_t>>& hist) const {
        for (const BoundCriterion& b : m_config.criteria)
            if (!holds(b, rows, hist)) return false;
        return true;
    }

    const Dataset& m_data;
    const SearchConfig& m_config;
    const EquivalenceClasses& m_base;
    std::vector<std::size_t> m_domains;
    std::uint64_t m_minRows = 0;
    std::vector<Attribute> m_attributes;
    std::vector<std::vector<std::uint32_t>> m_stamp;
    std::uint32_t m_epoch = 0;
};

std::string numericLabel(const Column& column, const Attribute& a,
                         std::span<const std::uint32_t> part, const EquivalenceClasses& base,
                         std::size_t i) {
    Code lo = base.key(part[0])[i];
    Code hi = lo;
    for (std::uint32_t g : part) {
        const Code v = base.key(g)[i];
        if (a.number[v] < a.number[lo]) lo = v;
        if (a.number[v] > a.number[hi]) hi = v;
    }
    if (a.rank[lo] == a.rank[hi]) return column.value(lo);
    return "[" + column.value(lo) + "-" + column.value(hi) + "]";
}

}  // namespace

std::uint64_t MondrianResult::discernibility() const {
    std::uint64_t dm = 0;
    for (std::uint32_t s : sizes) dm += std::uint64_t(s) * s;
    return dm;
}

std::uint32_t MondrianResult::minClassSize() const {
    return sizes.empty() ? 0 : *std::min_element(sizes.begin(), sizes.end());
}

void checkMondrianSupport(const Dataset& data, const SearchConfig& config) {
    if (data.grouped())
        throw ParameterError(
            "mondrian publishes every row, and this table was read as grouped rows (--stream): "
            "read it whole");
    if (data.sampled())
        throw ParameterError(
            "mondrian does not support delta-presence (a research subset) yet: use the "
            "full-domain transformation");
    for (const BoundCriterion& b : config.criteria) {
        if (b.criterion.isNodeLevel())
            throw ParameterError("criterion '" + b.criterion.spec() +
                                 "' is judged on all classes together, not per class: mondrian "
                                 "does not support it yet");
        if (b.criterion.judgesPopulation())
            throw ParameterError("criterion '" + b.criterion.spec() +
                                 "': mondrian does not support delta-presence yet");
        // Merged partitions are unions of satisfying ones: sound only for a criterion declared
        // monotone (criterion_catalogue.h).
        if (!b.criterion.isMonotone())
            throw ParameterError("criterion '" + b.criterion.spec() +
                                 "' is not monotone: mondrian does not support it");
        if (isMultiAttribute(data, b))
            throw ParameterError("criterion '" + b.criterion.spec() +
                                 "': mondrian does not support multi-attribute l-diversity yet");
    }
}

MondrianResult mondrian(const Dataset& data, const SearchConfig& config) {
    checkMondrianSupport(data, config);
    MondrianResult out;
    out.qiCount = data.qiCount();
    Partitioner partitioner(data, config);
    for (const Attribute& a : partitioner.attributes()) out.cuts.push_back(a.cut);
    const EquivalenceClasses& base = data.baseGroups();
    std::vector<std::uint32_t> groups(base.count());
    for (std::uint32_t g = 0; g < groups.size(); ++g) groups[g] = g;
    if (groups.empty()) return out;
    out.tableFails = partitioner.failures(groups);
    if (!out.tableFails.empty()) return out;
    // Depth first, left side first: the classes come out in the order of the cuts.
    std::vector<std::pair<std::size_t, std::size_t>> stack{{0, groups.size()}};
    std::vector<std::pair<std::size_t, std::size_t>> finals;
    while (!stack.empty()) {
        const auto [begin, end] = stack.back();
        stack.pop_back();
        const std::size_t mid = partitioner.split(groups, begin, end);
        if (mid == end) {
            finals.emplace_back(begin, end);
            continue;
        }
        stack.emplace_back(mid, end);
        stack.emplace_back(begin, mid);
    }
    // Two partitions may publish the same values (both sides of a hierarchy cut keep the
    // parent when each has several of its children): in the table they are one class, so
    // they are merged here, and the sizes and metrics are the published table's.
    std::vector<std::uint32_t> groupClass(base.count());
    std::map<std::vector<std::string>, std::uint32_t> classOf;
    std::vector<std::string> labels(out.qiCount);
    for (const auto& [begin, end] : finals) {
        const std::span<const std::uint32_t> part(groups.data() + begin, end - begin);
        for (std::size_t i = 0; i < out.qiCount; ++i) {
            const Attribute& a = partitioner.attributes()[i];
            const Column& column = data.table().column(data.qiColumns()[i]);
            if (a.cut == MondrianCut::Numeric) {
                labels[i] = numericLabel(column, a, part, base, i);
                continue;
            }
            const int level = partitioner.commonLevel(i, part);
            const HierarchyMap& h = *a.hierarchy;
            labels[i] = level > h.height()
                            ? std::string(kMondrianRoot)
                            : h.levelValue(level, h.map(base.key(part[0])[i], level));
        }
        const auto [it, added] = classOf.emplace(labels, std::uint32_t(out.sizes.size()));
        if (added) {
            out.sizes.push_back(0);
            out.labels.insert(out.labels.end(), labels.begin(), labels.end());
        }
        for (std::uint32_t g : part) {
            groupClass[g] = it->second;
            out.sizes[it->second] += base.sizes[g];
        }
    }
    // The published classes judged as the search judges a node's: merged partitions are
    // unions of satisfying ones, which every supported criterion allows (checked monotone above);
    // this says so on the classes themselves.
    EquivalenceClasses classes;
    classes.qiCount = 0;
    classes.sizes = out.sizes;
    for (std::size_t s = 0; s < data.sensitiveColumns().size(); ++s) {
        const std::size_t m = data.sensitiveDomain(s);
        classes.sensitiveDomains.push_back(m);
        std::vector<std::uint32_t> hist(out.count() * m, 0);
        for (std::size_t g = 0; g < base.count(); ++g) {
            const auto h = base.histogram(g, s);
            for (std::size_t v = 0; v < m; ++v) hist[groupClass[g] * m + v] += h[v];
        }
        classes.histograms.push_back(std::move(hist));
    }
    for (const CriterionResult& r : evaluateCriteria(data, classes, config.criteria))
        if (!r.holds) throw std::logic_error("mondrian: a published class fails " + r.spec);
    out.rowClass.resize(data.table().rowCount());
    for (std::size_t r = 0; r < out.rowClass.size(); ++r)
        out.rowClass[r] = groupClass[data.baseGroupOfRow(r)];
    return out;
}

Table mondrianTable(const Dataset& data, const MondrianResult& result,
                    const std::vector<std::size_t>& identifying, const GeneralizeOptions& options) {
    if (!options.suppressedRows.empty() || options.maskSuppressed || !options.leftOut.empty())
        throw std::logic_error("mondrianTable: Mondrian suppresses and leaves out no rows");
    const Table& in = data.table();
    const auto published = [&](std::size_t r) { return result.rowClass[r] != kNoClass; };
    std::vector<Column> out;
    for (std::size_t c = 0; c < in.columnCount(); ++c) {
        const auto dropped = [&](const std::vector<std::size_t>& list) {
            return std::find(list.begin(), list.end(), c) != list.end();
        };
        if (dropped(identifying)) {
            const auto p = std::find_if(options.pseudonyms.begin(), options.pseudonyms.end(),
                                        [c](const auto& entry) { return entry.first == c; });
            if (p == options.pseudonyms.end()) continue;
            Column col(p->second.name());
            for (std::size_t r = 0; r < in.rowCount(); ++r)
                if (published(r)) col.appendCode(col.intern(p->second.value(p->second.code(r))));
            out.push_back(std::move(col));
            continue;
        }
        if (dropped(options.dropColumns)) continue;
        const Column& src = in.column(c);
        Column col(src.name());
        col.reserve(in.rowCount());
        const auto qi = std::find(data.qiColumns().begin(), data.qiColumns().end(), c);
        if (qi == data.qiColumns().end()) {
            std::vector<Code> translate(src.domainSize());
            for (Code v = 0; v < src.domainSize(); ++v) translate[v] = col.intern(src.value(v));
            for (std::size_t r = 0; r < in.rowCount(); ++r)
                if (published(r)) col.appendCode(translate[src.code(r)]);
            col.setType(src.type());
        } else {
            const std::size_t i = std::size_t(qi - data.qiColumns().begin());
            std::vector<Code> translate(result.count());
            for (std::size_t k = 0; k < result.count(); ++k)
                translate[k] = col.intern(result.label(k, i));
            for (std::size_t r = 0; r < in.rowCount(); ++r)
                if (published(r)) col.appendCode(translate[result.rowClass[r]]);
        }
        out.push_back(std::move(col));
    }
    return Table(std::move(out));
}

}  // namespace ldv
