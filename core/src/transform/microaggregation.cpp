#include "ldiv/transform/microaggregation.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <map>
#include <numeric>
#include <stdexcept>

#include "data/number_text.h"
#include "ldiv/data/error.h"
#include "ldiv/evaluation/criterion_result.h"

namespace ldv {
namespace {

/// A number, or nothing when the text is not one (data/number_text.h).
bool parseNumber(const std::string& text, double& value) {
    return detail::parseFiniteNumber(text, value);
}

/// Per code of QI i's column its number; throws naming the first value that is not one.
std::vector<double> numbers(const Dataset& data, std::size_t i) {
    const Column& column = data.table().column(data.qiColumns()[i]);
    if (column.type() != ColumnType::Integer && column.type() != ColumnType::Decimal)
        throw ParameterError("microaggregation needs numeric quasi-identifiers, and '" +
                             column.name() +
                             "' is not typed integer or decimal: MDAV's distance and the mean "
                             "have no meaning for categories (generalize it with --transform "
                             "mondrian or full-domain, or leave it out of --qi)");
    std::vector<std::uint8_t> occurs(column.domainSize(), 0);
    for (std::size_t r = 0; r < data.table().rowCount(); ++r) occurs[column.code(r)] = 1;
    std::vector<double> out(column.domainSize(), 0);
    for (Code v = 0; v < column.domainSize(); ++v)
        if (occurs[v] && !parseNumber(column.value(v), out[v]))
            throw ParameterError("microaggregation needs numeric quasi-identifiers, and '" +
                                 column.name() + "' has the value '" + column.value(v) +
                                 "', which is not a number");
    return out;
}

std::string meanText(double mean) {
    char text[64];
    std::snprintf(text, sizeof text, "%.2f", mean);
    std::string s = text;
    while (s.back() == '0') s.pop_back();
    if (s.back() == '.') s.pop_back();
    if (s == "-0") s = "0";
    return s;
}

std::string aggregateLabel(const Column& column, const std::vector<double>& number,
                           const std::vector<std::uint32_t>& rows, Aggregate a) {
    std::vector<std::pair<double, Code>> values;
    for (std::uint32_t r : rows) values.emplace_back(number[column.code(r)], column.code(r));
    std::sort(values.begin(), values.end());
    switch (a) {
        case Aggregate::Mean: {
            double sum = 0;
            for (const auto& v : values) sum += v.first;
            return meanText(sum / double(values.size()));
        }
        case Aggregate::Median:
            return column.value(values[(values.size() - 1) / 2].second);
        case Aggregate::Mode: {
            std::size_t best = 0, bestCount = 0;
            for (std::size_t t = 0; t < values.size();) {
                std::size_t u = t;
                while (u < values.size() && values[u].first == values[t].first) ++u;
                if (u - t > bestCount) {
                    bestCount = u - t;
                    best = t;
                }
                t = u;
            }
            return column.value(values[best].second);
        }
        case Aggregate::Interval:
            if (values.front().first == values.back().first)
                return column.value(values.front().second);
            return "[" + column.value(values.front().second) + "-" +
                   column.value(values.back().second) + "]";
    }
    return {};
}

bool holds(const BoundCriterion& b, std::uint64_t rows, const std::vector<std::uint32_t>& hist) {
    if (b.criterion.isClassSize()) {
        const std::uint32_t size = std::uint32_t(rows);
        return b.criterion.holds(std::span<const std::uint32_t>(&size, 1));
    }
    return b.criterion.holds(hist);
}

}  // namespace

std::vector<std::vector<std::uint32_t>> mdavGroups(const std::vector<double>& values, std::size_t d,
                                                   std::size_t k) {
    const std::size_t n = d == 0 ? 0 : values.size() / d;
    std::vector<std::vector<std::uint32_t>> groups;
    if (n == 0) return groups;
    k = std::max<std::size_t>(1, std::min(k, n));
    std::vector<double> mean(d, 0), sd(d, 0);
    for (std::size_t j = 0; j < d; ++j) {
        for (std::size_t r = 0; r < n; ++r) mean[j] += values[r * d + j];
        mean[j] /= double(n);
        double var = 0;
        for (std::size_t r = 0; r < n; ++r)
            var += (values[r * d + j] - mean[j]) * (values[r * d + j] - mean[j]);
        sd[j] = std::sqrt(var / double(n));
    }
    const auto standard = [&](double x, std::size_t j) {
        return sd[j] > 0 ? (x - mean[j]) / sd[j] : 0.0;
    };
    // Records with equal values are one point with its rows (ascending); MDAV's steps are
    // taken on the points, which gives the per-record algorithm's groups exactly: equal records
    // are equally far from everything, and ties go to the lower rows.
    struct Point {
        std::vector<double> raw;
        std::vector<double> z;
        std::vector<std::uint32_t> rows;
        std::size_t next = 0;  ///< rows[next..] remain
        std::size_t left() const { return rows.size() - next; }
    };
    std::vector<Point> points;
    {
        std::map<std::vector<double>, std::size_t> index;
        std::vector<double> raw(d);
        for (std::uint32_t r = 0; r < n; ++r) {
            std::copy(values.begin() + std::ptrdiff_t(r * d),
                      values.begin() + std::ptrdiff_t(r * d + d), raw.begin());
            const auto [it, added] = index.emplace(raw, points.size());
            if (added) {
                Point p;
                p.raw = raw;
                for (std::size_t j = 0; j < d; ++j) p.z.push_back(standard(raw[j], j));
                points.push_back(std::move(p));
            }
            points[it->second].rows.push_back(r);
        }
    }
    std::vector<std::size_t> live(points.size());
    std::iota(live.begin(), live.end(), std::size_t(0));
    std::size_t rest = n;
    const auto dist2 = [&](const Point& a, const std::vector<double>& c) {
        double s = 0;
        for (std::size_t j = 0; j < d; ++j) s += (a.z[j] - c[j]) * (a.z[j] - c[j]);
        return s;
    };
    // The centroid from the raw sums (exact for integers, so independent of the order in
    // which the records are summed), then standardized.
    const auto centroid = [&] {
        std::vector<double> c(d, 0);
        for (std::size_t p : live)
            for (std::size_t j = 0; j < d; ++j) c[j] += double(points[p].left()) * points[p].raw[j];
        for (std::size_t j = 0; j < d; ++j) c[j] = standard(c[j] / double(rest), j);
        return c;
    };
    const auto farthest = [&](const std::vector<double>& c) -> const Point& {
        std::size_t best = live.front();
        double bestD = -1;
        for (std::size_t p : live) {
            const double t = dist2(points[p], c);
            if (t > bestD || (t == bestD && points[p].rows[points[p].next] <
                                                points[best].rows[points[best].next])) {
                bestD = t;
                best = p;
            }
        }
        return points[best];
    };
    std::vector<std::pair<double, std::size_t>> byDistance;
    // The k remaining records nearest c, ties to the lower rows.
    const auto takeNearest = [&](const std::vector<double>& c) {
        byDistance.clear();
        for (std::size_t p : live) byDistance.emplace_back(dist2(points[p], c), p);
        std::sort(byDistance.begin(), byDistance.end());
        std::vector<std::uint32_t> group;
        std::size_t t = 0;
        std::size_t cumulative = 0;
        while (cumulative + points[byDistance[t].second].left() < k)
            cumulative += points[byDistance[t++].second].left();
        // Points nearer than the k-th record's are taken whole; at its distance, the lowest
        // rows of all points that far (some may sort before t).
        const double boundary = byDistance[t].first;
        while (t > 0 && byDistance[t - 1].first == boundary)
            cumulative -= points[byDistance[--t].second].left();
        for (std::size_t u = 0; u < t; ++u) {
            Point& p = points[byDistance[u].second];
            group.insert(group.end(), p.rows.begin() + std::ptrdiff_t(p.next), p.rows.end());
            p.next = p.rows.size();
        }
        std::vector<std::pair<std::uint32_t, std::size_t>> tied;  // (row, point)
        for (std::size_t u = t; u < byDistance.size() && byDistance[u].first == boundary; ++u) {
            const Point& p = points[byDistance[u].second];
            for (std::size_t q = p.next; q < p.rows.size(); ++q)
                tied.emplace_back(p.rows[q], byDistance[u].second);
        }
        std::sort(tied.begin(), tied.end());
        for (std::size_t q = 0; q < k - cumulative; ++q) {
            group.push_back(tied[q].first);
            ++points[tied[q].second].next;  // a point's lowest rows go first
        }
        std::sort(group.begin(), group.end());
        rest -= group.size();
        std::erase_if(live, [&](std::size_t p) { return points[p].left() == 0; });
        groups.push_back(std::move(group));
    };
    while (rest >= 3 * k) {
        const std::vector<double> r = farthest(centroid()).z;
        const std::vector<double> s = farthest(r).z;
        takeNearest(r);
        takeNearest(s);
    }
    if (rest >= 2 * k) takeNearest(farthest(centroid()).z);
    if (rest > 0) {
        std::vector<std::uint32_t> group;
        for (std::size_t p : live)
            group.insert(group.end(), points[p].rows.begin() + std::ptrdiff_t(points[p].next),
                         points[p].rows.end());
        std::sort(group.begin(), group.end());
        groups.push_back(std::move(group));
    }
    return groups;
}

Aggregate parseAggregate(const std::string& text) {
    for (Aggregate a : {Aggregate::Mean, Aggregate::Median, Aggregate::Mode, Aggregate::Interval})
        if (text == aggregateName(a)) return a;
    throw ParameterError("unknown aggregate '" + text + "': use mean, median, mode or interval");
}

const char* aggregateName(Aggregate a) {
    switch (a) {
        case Aggregate::Mean:
            return "mean";
        case Aggregate::Median:
            return "median";
        case Aggregate::Mode:
            return "mode";
        case Aggregate::Interval:
            return "interval";
    }
    return "";
}

void checkMicroaggregationSupport(const Dataset& data, const SearchConfig& config) {
    checkMondrianSupport(data, config);
    for (std::size_t i = 0; i < data.qiCount(); ++i) numbers(data, i);
}

PartialMicroaggregation mdavAggregates(const Dataset& data, const std::vector<std::size_t>& qis,
                                       const std::vector<Aggregate>& aggregates, std::size_t k) {
    if (aggregates.size() != qis.size())
        throw std::logic_error("mdavAggregates: one aggregate per aggregated quasi-identifier");
    PartialMicroaggregation out;
    out.qis = qis;
    out.aggregates = aggregates;
    const Table& table = data.table();
    const std::size_t n = table.rowCount();
    const std::size_t d = qis.size();
    std::vector<std::vector<double>> number(d);
    std::vector<double> raw(n * d, 0);
    for (std::size_t j = 0; j < d; ++j) {
        number[j] = numbers(data, qis[j]);
        const Column& c = table.column(data.qiColumns()[qis[j]]);
        for (std::size_t r = 0; r < n; ++r) raw[r * d + j] = number[j][c.code(r)];
    }
    out.groups = mdavGroups(raw, d, k);
    out.rowGroup.assign(n, 0);
    for (std::size_t g = 0; g < out.groups.size(); ++g) {
        for (std::uint32_t r : out.groups[g]) out.rowGroup[r] = std::uint32_t(g);
        for (std::size_t j = 0; j < d; ++j)
            out.labels.push_back(aggregateLabel(table.column(data.qiColumns()[qis[j]]), number[j],
                                                out.groups[g], aggregates[j]));
    }
    return out;
}

MicroaggregationResult microaggregate(const Dataset& data, const SearchConfig& config,
                                      const std::vector<Aggregate>& aggregates) {
    checkMicroaggregationSupport(data, config);
    if (!aggregates.empty() && aggregates.size() != data.qiCount())
        throw std::logic_error("microaggregate: one aggregate per quasi-identifier");
    MicroaggregationResult out;
    MondrianResult& classes = out.classes;
    const std::size_t d = data.qiCount();
    classes.qiCount = d;
    classes.cuts.assign(d, MondrianCut::Numeric);
    const Table& table = data.table();
    const std::size_t n = table.rowCount();
    if (n == 0) return out;
    const std::size_t sensitiveCount = data.sensitiveColumns().size();
    // Per group its row count and per sensitive attribute its histogram.
    const auto histogramOf = [&](const std::vector<std::uint32_t>& rows) {
        std::vector<std::vector<std::uint32_t>> h(sensitiveCount);
        for (std::size_t s = 0; s < sensitiveCount; ++s) {
            h[s].assign(data.sensitiveDomain(s), 0);
            const Column& c = table.column(data.sensitiveColumns()[s]);
            for (std::uint32_t r : rows) ++h[s][c.code(r)];
        }
        return h;
    };
    const auto failures = [&](std::uint64_t rows,
                              const std::vector<std::vector<std::uint32_t>>& h) {
        std::vector<std::string> specs;
        for (const BoundCriterion& b : config.criteria)
            if (!holds(b, rows,
                       b.criterion.isClassSize() ? std::vector<std::uint32_t>{} : h[b.sensitive]))
                specs.push_back(b.criterion.spec());
        return specs;
    };
    {
        std::vector<std::uint32_t> all(n);
        std::iota(all.begin(), all.end(), 0u);
        classes.tableFails = failures(n, histogramOf(all));
        if (!classes.tableFails.empty()) return out;
    }
    std::size_t k = 1;
    for (const BoundCriterion& b : config.criteria)
        if (b.criterion.isClassSize())
            k = std::max<std::size_t>(k, std::get<KAnonymity>(b.criterion.variant()).k);
    // Per row its numbers (row-major) and, for merging, its standardized coordinates.
    std::vector<std::vector<double>> number(d);
    std::vector<double> raw(n * d, 0);
    for (std::size_t i = 0; i < d; ++i) {
        number[i] = numbers(data, i);
        const Column& c = table.column(data.qiColumns()[i]);
        for (std::size_t r = 0; r < n; ++r) raw[r * d + i] = number[i][c.code(r)];
    }
    std::vector<std::vector<std::uint32_t>> groups = mdavGroups(raw, d, k);
    std::vector<double> x(n * d, 0);
    for (std::size_t i = 0; i < d; ++i) {
        double mean = 0, var = 0;
        for (std::size_t r = 0; r < n; ++r) mean += raw[r * d + i];
        mean /= double(n);
        for (std::size_t r = 0; r < n; ++r)
            var += (raw[r * d + i] - mean) * (raw[r * d + i] - mean);
        const double sd = std::sqrt(var / double(n));
        if (sd > 0)
            for (std::size_t r = 0; r < n; ++r) x[r * d + i] = (raw[r * d + i] - mean) / sd;
    }
    out.mdavGroups = groups.size();
    // Merge groups failing a criterion into the nearest group until all hold (the whole table
    // holds, so this ends at the latest with one group).
    std::vector<std::vector<double>> centre(groups.size(), std::vector<double>(d, 0));
    std::vector<std::vector<std::vector<std::uint32_t>>> hist;
    for (std::size_t g = 0; g < groups.size(); ++g) {
        for (std::uint32_t r : groups[g])
            for (std::size_t j = 0; j < d; ++j) centre[g][j] += x[r * d + j];
        for (double& c : centre[g]) c /= double(groups[g].size());
        hist.push_back(histogramOf(groups[g]));
    }
    std::vector<std::uint8_t> alive(groups.size(), 1);
    for (std::size_t g = 0; g < groups.size(); ++g) {
        while (alive[g] && !failures(groups[g].size(), hist[g]).empty()) {
            std::size_t best = groups.size();
            double bestD = 0;
            for (std::size_t h = 0; h < groups.size(); ++h) {
                if (h == g || !alive[h]) continue;
                double t = 0;
                for (std::size_t j = 0; j < d; ++j) t += std::pow(centre[g][j] - centre[h][j], 2);
                if (best == groups.size() || t < bestD) {
                    best = h;
                    bestD = t;
                }
            }
            if (best == groups.size()) throw std::logic_error("microaggregate: no group to merge");
            // g absorbs best (g stays where it is, so later groups are still visited).
            const double wg = double(groups[g].size()), wb = double(groups[best].size());
            for (std::size_t j = 0; j < d; ++j)
                centre[g][j] = (centre[g][j] * wg + centre[best][j] * wb) / (wg + wb);
            for (std::size_t s = 0; s < sensitiveCount; ++s)
                for (std::size_t v = 0; v < hist[g][s].size(); ++v)
                    hist[g][s][v] += hist[best][s][v];
            groups[g].insert(groups[g].end(), groups[best].begin(), groups[best].end());
            std::sort(groups[g].begin(), groups[g].end());
            groups[best].clear();
            alive[best] = 0;
            ++out.merges;
        }
    }
    // Published classes: groups publishing the same values (two means may coincide) are one.
    std::map<std::vector<std::string>, std::uint32_t> classOf;
    classes.rowClass.assign(n, 0);
    std::vector<std::string> labels(d);
    for (std::size_t g = 0; g < groups.size(); ++g) {
        if (!alive[g]) continue;
        for (std::size_t i = 0; i < d; ++i)
            labels[i] = aggregateLabel(table.column(data.qiColumns()[i]), number[i], groups[g],
                                       aggregates.empty() ? Aggregate::Mean : aggregates[i]);
        const auto [it, added] = classOf.emplace(labels, std::uint32_t(classes.sizes.size()));
        if (added) {
            classes.sizes.push_back(0);
            classes.labels.insert(classes.labels.end(), labels.begin(), labels.end());
        }
        classes.sizes[it->second] += std::uint32_t(groups[g].size());
        for (std::uint32_t r : groups[g]) classes.rowClass[r] = it->second;
    }
    // The published classes judged as the search judges a node's (coinciding groups are
    // unions of satisfying ones, which every supported criterion allows).
    EquivalenceClasses judged;
    judged.qiCount = 0;
    judged.sizes = classes.sizes;
    for (std::size_t s = 0; s < sensitiveCount; ++s) {
        const std::size_t m = data.sensitiveDomain(s);
        judged.sensitiveDomains.push_back(std::uint32_t(m));
        std::vector<std::uint32_t> h(classes.count() * m, 0);
        const Column& c = table.column(data.sensitiveColumns()[s]);
        for (std::size_t r = 0; r < n; ++r) ++h[classes.rowClass[r] * m + c.code(r)];
        judged.histograms.push_back(std::move(h));
    }
    for (const CriterionResult& r : evaluateCriteria(data, judged, config.criteria))
        if (!r.holds) throw std::logic_error("microaggregate: a published class fails " + r.spec);
    return out;
}

}  // namespace ldv
