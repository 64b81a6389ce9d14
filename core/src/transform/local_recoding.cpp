#include "ldiv/transform/local_recoding.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <memory>
#include <stdexcept>

#include "ldiv/data/error.h"
#include "ldiv/evaluation/criterion_result.h"
#include "ldiv/evaluation/multi_attribute_view.h"
#include "ldiv/publish/published_node.h"
#include "ldiv/search/search_result.h"

namespace ldv {
namespace {

/// Some rows of the input as a table of their own: its QI columns with their hierarchies, and
/// its sensitive columns with the input's dictionaries in the input's order, so that every
/// bound criterion of the input applies unchanged (t-closeness keeps the input's
/// distribution).
struct SubTable {
    std::vector<std::uint32_t> rows;  ///< input rows, ascending
    std::unique_ptr<Table> table;
    std::unique_ptr<Dataset> data;
};

SubTable subTable(const Dataset& in, std::vector<std::uint32_t> rows) {
    SubTable out;
    out.rows = std::move(rows);
    std::vector<Column> columns;
    std::vector<std::size_t> qi, sensitive;
    std::vector<HierarchyMap> hierarchies;
    const auto copy = [&](std::size_t c) {
        const Column& src = in.table().column(c);
        Column col(src.name());
        for (Code v = 0; v < src.domainSize(); ++v) col.intern(src.value(v));
        col.reserve(out.rows.size());
        for (std::uint32_t r : out.rows) col.appendCode(src.code(r));
        col.setType(src.type());
        columns.push_back(std::move(col));
        return columns.size() - 1;
    };
    // A QI column holds only the values that occur among the rows, with the hierarchy cut
    // down to them: the search bounds a node by the distinct values of its levels, and a
    // dictionary with values no row has would make those bounds wrong.
    for (std::size_t i = 0; i < in.qiCount(); ++i) {
        const Column& src = in.table().column(in.qiColumns()[i]);
        const HierarchyMap& h = in.hierarchy(i);
        Column col(src.name());
        std::vector<std::vector<std::string>> hierarchyRows;
        std::vector<Code> translate(src.domainSize(), kNoClass);
        col.reserve(out.rows.size());
        for (std::uint32_t r : out.rows) {
            const Code v = src.code(r);
            if (translate[v] == kNoClass) {
                translate[v] = col.intern(src.value(v));
                std::vector<std::string> path;
                for (int l = 0; l <= h.height(); ++l) path.push_back(h.levelValue(l, h.map(v, l)));
                hierarchyRows.push_back(std::move(path));
            }
            col.appendCode(translate[v]);
        }
        col.setType(src.type());
        columns.push_back(std::move(col));
        qi.push_back(columns.size() - 1);
        hierarchies.emplace_back(Hierarchy(hierarchyRows), columns.back());
    }
    for (std::size_t c : in.sensitiveColumns()) sensitive.push_back(copy(c));
    out.table = std::make_unique<Table>(std::move(columns));
    out.data = std::make_unique<Dataset>(*out.table, qi, std::move(hierarchies), sensitive);
    return out;
}

/// Whether the rows of `sub` could be released on their own with no suppression: the top node
/// satisfies every criterion (then the search at limit 0 finds a node, since it is one).
bool releasableAlone(const SubTable& sub, const SearchConfig& config) {
    SearchConfig strict = config;
    strict.suppressionLimit = 0;
    const Lattice& lattice = sub.data->lattice();
    return judgeNode(*sub.data, strict, lattice.levels(lattice.top())).satisfies;
}

struct Chosen {
    Levels levels;
    NodeJudgement node;
};

/// The search's optimum on `sub` with `limit`, judged with membership; nothing when no node
/// satisfies.
std::optional<Chosen> optimum(const SubTable& sub, const SearchConfig& config, double limit) {
    SearchConfig c = config;
    c.suppressionLimit = limit;
    const SearchResult r = search(*sub.data, c);
    if (!r.optimum) return std::nullopt;
    Chosen out;
    out.levels = sub.data->lattice().levels(*r.optimum);
    out.node = judgeNode(*sub.data, c, out.levels, true);
    return out;
}

/// Non-uniform entropy of the release (LocalRecodingResult::entropy).
double releaseEntropy(const Dataset& data, const LocalRecodingResult& result) {
    const std::size_t d = data.qiCount();
    const std::size_t n = data.table().rowCount();
    double total = 0;
    for (std::size_t i = 0; i < d; ++i) {
        const HierarchyMap& h = data.hierarchy(i);
        const Column& column = data.table().column(data.qiColumns()[i]);
        // Input rows per value at every level.
        std::vector<std::vector<double>> count(std::size_t(h.height()) + 1);
        for (int l = 0; l <= h.height(); ++l) count[std::size_t(l)].assign(h.levelSize(l), 0.0);
        for (std::size_t r = 0; r < n; ++r)
            for (int l = 0; l <= h.height(); ++l)
                count[std::size_t(l)][h.map(column.code(r), l)] += 1;
        for (std::size_t r = 0; r < n; ++r) {
            const Code x = column.code(r);
            const double own = std::log2(count[0][x]);
            const std::uint32_t it = result.rowIteration[r];
            if (it == kNoClass) {
                total += std::log2(double(n)) - own;
                continue;
            }
            const int l = result.iterations[it].levels[i];
            total += std::log2(count[std::size_t(l)][h.map(x, l)]) - own;
        }
    }
    return total;
}

}  // namespace

void checkLocalRecodingSupport(const Dataset& data, const SearchConfig& config) {
    if (data.grouped())
        throw ParameterError(
            "local recoding publishes every row, and this table was read as grouped rows "
            "(--stream): read it whole");
    if (data.sampled())
        throw ParameterError(
            "local recoding does not support delta-presence (a research subset) yet: use the "
            "full-domain transformation");
    for (const BoundCriterion& b : config.criteria) {
        if (b.criterion.isNodeLevel())
            throw ParameterError("criterion '" + b.criterion.spec() +
                                 "' is judged on all classes together, not per class: local "
                                 "recoding does not support it yet");
        if (b.criterion.judgesPopulation())
            throw ParameterError("criterion '" + b.criterion.spec() +
                                 "': local recoding does not support delta-presence yet");
        if (isMultiAttribute(data, b))
            throw ParameterError(
                "criterion '" + b.criterion.spec() +
                "': local recoding does not support multi-attribute l-diversity yet");
        if (!b.criterion.isMonotone())
            throw ParameterError("criterion '" + b.criterion.spec() +
                                 "' is not monotone: classes of different iterations that "
                                 "publish the same values would be judged as one");
    }
}

LocalRecodingResult localRecoding(const Dataset& data, const SearchConfig& config,
                                  const LocalRecodingOptions& options) {
    checkLocalRecodingSupport(data, config);
    const std::size_t n = data.table().rowCount();
    const std::size_t d = data.qiCount();
    LocalRecodingResult out;
    out.suppressionAllowed = suppressionLimitRows(config.suppressionLimit, n);
    out.rowIteration.assign(n, kNoClass);
    MondrianResult& classes = out.classes;
    classes.qiCount = d;
    classes.cuts.assign(d, MondrianCut::Hierarchy);
    classes.rowClass.assign(n, kNoClass);
    const double limit = std::max(options.iterationLimit, config.suppressionLimit);

    std::map<std::vector<std::string>, std::uint32_t> classOf;
    std::vector<std::string> labels(d);
    // Releases the rows of `chosen`'s satisfying classes at its levels.
    const auto release = [&](const SubTable& sub, const Chosen& chosen, bool strict) {
        const std::uint32_t it = std::uint32_t(out.iterations.size());
        LocalIteration iteration;
        iteration.levels = chosen.levels;
        iteration.inputRows = sub.rows.size();
        iteration.withoutSuppression = strict;
        const EquivalenceClasses& cls = chosen.node.classes;
        std::vector<std::uint32_t> classIndex(cls.count(), kNoClass);
        for (std::size_t c = 0; c < cls.count(); ++c) {
            if (!chosen.node.suppressed.empty() && chosen.node.suppressed[c]) continue;
            for (std::size_t i = 0; i < d; ++i)
                labels[i] = sub.data->hierarchy(i).levelValue(chosen.levels[i], cls.key(c)[i]);
            const auto [pos, added] = classOf.emplace(labels, std::uint32_t(classes.sizes.size()));
            if (added) {
                classes.sizes.push_back(0);
                classes.labels.insert(classes.labels.end(), labels.begin(), labels.end());
            }
            classIndex[c] = pos->second;
        }
        const std::vector<std::uint32_t> rowClass = sub.data->rowClasses(cls);
        for (std::size_t r = 0; r < sub.rows.size(); ++r) {
            const std::uint32_t k = classIndex[rowClass[r]];
            if (k == kNoClass) continue;
            classes.rowClass[sub.rows[r]] = k;
            ++classes.sizes[k];
            out.rowIteration[sub.rows[r]] = it;
            ++iteration.releasedRows;
        }
        out.iterations.push_back(std::move(iteration));
    };

    std::vector<std::uint32_t> all(n);
    for (std::uint32_t r = 0; r < n; ++r) all[r] = r;
    SubTable current = subTable(data, std::move(all));
    // Whether `current` can be released with no suppression (its top node satisfies): once
    // true, it stays true, since a remainder that is not is never searched on its own then.
    bool currentReleasable = n == 0 || releasableAlone(current, config);
    std::vector<std::uint32_t> suppressed;  // input rows left suppressed at the end
    while (!current.rows.empty()) {
        std::optional<Chosen> chosen = optimum(current, config, limit);
        std::vector<std::uint32_t> left;
        if (chosen) {
            for (std::uint32_t r : suppressedRows(*current.data, chosen->node))
                left.push_back(current.rows[r]);
        }
        const bool progress = chosen && left.size() < current.rows.size();
        std::optional<SubTable> next;
        bool nextReleasable = false;
        if (progress && left.size() > out.suppressionAllowed) {
            next = subTable(data, left);
            nextReleasable = releasableAlone(*next, config);
            // Rows that no node can release on their own would stay suppressed for good:
            // release this iteration's rows without suppression instead, while that is possible.
            if (!nextReleasable && currentReleasable) next.reset();
        }
        if (progress && (next || left.size() <= out.suppressionAllowed)) {
            release(current, *chosen, false);
            if (!next) {  // the rows left are within the limit: they stay suppressed
                suppressed = std::move(left);
                break;
            }
            current = std::move(*next);
            currentReleasable = nextReleasable;
            continue;
        }
        // No progress at the limit, or a remainder no node could release: everything now.
        if (!currentReleasable) {
            if (progress) {
                // The rows left can never be released; release what can be and stop.
                release(current, *chosen, false);
                suppressed = std::move(left);
            } else {
                suppressed = current.rows;
            }
            break;
        }
        std::optional<Chosen> strict = optimum(current, config, 0);
        if (!strict) throw std::logic_error("local recoding: a releasable table has no optimum");
        release(current, *strict, true);
        break;
    }
    out.suppressedRows = suppressed.size();
    if (out.suppressedRows > out.suppressionAllowed)
        out.tableFails.push_back(std::to_string(out.suppressedRows) +
                                 " rows could not be released in any class (the suppression "
                                 "limit allows " +
                                 std::to_string(out.suppressionAllowed) + ")");
    // The classes carry it as every model's do (MondrianResult::tableFails), so that whoever
    // publishes them sees that nothing may be published.
    out.classes.tableFails = out.tableFails;

    // The published classes judged as the search judges a node's (merged classes are unions of
    // satisfying ones, which every supported criterion allows): this says so on the classes
    // themselves.
    EquivalenceClasses judged;
    judged.qiCount = 0;
    judged.sizes = classes.sizes;
    for (std::size_t s = 0; s < data.sensitiveColumns().size(); ++s) {
        const std::size_t m = data.sensitiveDomain(s);
        const Column& column = data.table().column(data.sensitiveColumns()[s]);
        judged.sensitiveDomains.push_back(std::uint32_t(m));
        std::vector<std::uint32_t> hist(classes.count() * m, 0);
        for (std::size_t r = 0; r < n; ++r)
            if (classes.rowClass[r] != kNoClass) ++hist[classes.rowClass[r] * m + column.code(r)];
        judged.histograms.push_back(std::move(hist));
    }
    for (const CriterionResult& r : evaluateCriteria(data, judged, config.criteria))
        if (!r.holds) throw std::logic_error("local recoding: a published class fails " + r.spec);

    for (std::uint32_t s : classes.sizes) out.discernibility += double(s) * double(s);
    out.discernibility += double(n) * double(out.suppressedRows);
    out.entropy = releaseEntropy(data, out);
    return out;
}

}  // namespace ldv
