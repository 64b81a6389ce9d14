#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <sstream>
#include <unordered_map>
#include <unordered_set>
#include "data/text_util.h"

#include "data/type_inference.h"
#include "ldiv/data/error.h"
#include "ldiv/hierarchy/hierarchy_builders.h"
#include "ldiv/io/csv_table_reader.h"

namespace ldv {
namespace {

std::string intervalLabel(double lo, double hi, bool integer) {
    if (integer) return detail::shortNumber(lo) + "-" + detail::shortNumber(hi - 1);
    return "[" + detail::shortNumber(lo) + ", " + detail::shortNumber(hi) + ")";
}

double parseNumber(const std::string& v) {
    if (!detail::looksDecimal(v))
        throw ParameterError("value '" + v +
                             "' is not a number: an interval hierarchy needs numeric values");
    return std::stod(v);
}

}  // namespace

Hierarchy buildIntervals(const std::vector<std::string>& values, const IntervalOptions& o) {
    if (o.widths.empty())
        throw ParameterError("an interval hierarchy needs at least one width, e.g. 5,10,20");
    for (std::size_t j = 0; j < o.widths.size(); ++j) {
        if (!(o.widths[j] > 0)) throw ParameterError("interval widths must be positive");
        if (j > 0) {
            const double ratio = o.widths[j] / o.widths[j - 1];
            if (std::abs(ratio - std::round(ratio)) > 1e-9 || ratio < 1)
                throw ParameterError("interval width " + detail::shortNumber(o.widths[j]) +
                                     " is not a multiple of " +
                                     detail::shortNumber(o.widths[j - 1]) +
                                     ": the levels would not nest");
        }
    }
    if (o.bottom && o.top && *o.bottom >= *o.top)
        throw ParameterError("bottom coding bound must be below the top coding bound");
    std::vector<std::vector<std::string>> rows;
    for (const std::string& v : values) {
        const double x = parseNumber(v);
        std::vector<std::string> row{v};
        for (double w : o.widths) {
            if (o.bottom && x < *o.bottom)
                row.push_back("<" + detail::shortNumber(*o.bottom));
            else if (o.top && x >= *o.top)
                row.push_back(">=" + detail::shortNumber(*o.top));
            else {
                // A bin that straddles a coding bound is cut at it: with top coding at 90,
                // 85 lies in "80-89", not "80-99" (which would overlap ">=90").
                double lo = o.origin + std::floor((x - o.origin) / w) * w;
                double hi = lo + w;
                if (o.bottom) lo = std::max(lo, *o.bottom);
                if (o.top) hi = std::min(hi, *o.top);
                if (o.integerLabels) lo = std::ceil(lo), hi = std::ceil(hi);
                row.push_back(intervalLabel(lo, hi, o.integerLabels));
            }
        }
        row.push_back(o.topValue);
        rows.push_back(std::move(row));
    }
    return Hierarchy(std::move(rows), "intervals");
}

namespace {
/// Byte offsets where the code points of UTF-8 text start (continuation bytes are 10xxxxxx):
/// masking counts characters, not bytes, so it never splits one (José → Jos*, not Jos\xC3*).
std::vector<std::size_t> codePointStarts(const std::string& v) {
    std::vector<std::size_t> starts;
    for (std::size_t i = 0; i < v.size(); ++i)
        if ((static_cast<unsigned char>(v[i]) & 0xC0) != 0x80) starts.push_back(i);
    return starts;
}
}  // namespace

Hierarchy buildMasking(const std::vector<std::string>& values, std::vector<int> steps, char mask) {
    std::size_t longest = 0;
    for (const std::string& v : values) longest = std::max(longest, codePointStarts(v).size());
    if (steps.empty()) steps.assign(longest, 1);
    for (int s : steps)
        if (s <= 0) throw ParameterError("masking steps must be positive numbers of characters");
    std::vector<std::vector<std::string>> rows;
    for (const std::string& v : values) {
        std::vector<std::string> row{v};
        const std::vector<std::size_t> starts = codePointStarts(v);
        std::size_t masked = 0;
        for (int s : steps) {
            masked = std::min(masked + std::size_t(s), longest);
            // Align on the right so values of different lengths mask the same positions.
            const std::size_t kept = starts.size() - std::min(masked, starts.size());
            std::string m = v.substr(0, kept < starts.size() ? starts[kept] : v.size());
            m.append(starts.size() - kept, mask);
            row.push_back(m);
        }
        rows.push_back(std::move(row));
    }
    // The last masked level may still differ between lengths; make sure there is one top.
    Hierarchy h(std::move(rows), "masking");
    bool single = true;
    for (const auto& r : h.rows()) single = single && r.back() == h.rows().front().back();
    if (!single)
        for (auto& r : h.rows()) r.push_back(std::string(1, mask));
    return h;
}

Hierarchy buildSuppression(const std::vector<std::string>& values, const std::string& top) {
    std::vector<std::vector<std::string>> rows;
    for (const std::string& v : values) rows.push_back({v, top});
    return Hierarchy(std::move(rows), "suppression");
}

Hierarchy buildDates(const std::vector<std::string>& values, const std::string& top) {
    std::vector<std::vector<std::string>> rows;
    for (const std::string& v : values) {
        if (!detail::looksDate(v))
            throw ParameterError("value '" + v +
                                 "' is not a date (expected YYYY-MM-DD, DD.MM.YYYY or MM/DD/YYYY)");
        std::string y, m;
        if (v[4] == '-' || v[4] == '/') {
            y = v.substr(0, 4);
            m = v.substr(5, 2);
        } else if (v[2] == '.') {
            y = v.substr(6, 4);
            m = v.substr(3, 2);
        } else {
            y = v.substr(6, 4);
            m = v.substr(0, 2);
        }
        rows.push_back({v, y + "-" + m, y, top});
    }
    return Hierarchy(std::move(rows), "dates");
}

Hierarchy buildOrderedGrouping(const std::vector<std::string>& ordered,
                               const std::vector<std::size_t>& groupSizes, const std::string& top) {
    for (std::size_t g : groupSizes)
        if (g < 1) throw ParameterError("group sizes must be at least 1");
    std::vector<std::vector<std::string>> rows;
    for (const std::string& v : ordered) rows.push_back({v});
    std::size_t span = 1;
    for (std::size_t g : groupSizes) {
        span *= g;  // values per group at this level
        for (std::size_t start = 0; start < ordered.size(); start += span) {
            const std::size_t end = std::min(start + span, ordered.size());
            const std::string label =
                end - start == 1 ? ordered[start] : ordered[start] + ".." + ordered[end - 1];
            for (std::size_t i = start; i < end; ++i) rows[i].push_back(label);
        }
    }
    for (auto& r : rows) r.push_back(top);
    return Hierarchy(std::move(rows), "ordered grouping");
}

Hierarchy buildTaxonomy(const std::vector<std::pair<std::string, std::string>>& parentChild,
                        const std::vector<std::string>& values) {
    std::unordered_map<std::string, std::string> parent;
    std::set<std::string> nodes;
    for (const auto& [p, c] : parentChild) {
        auto [it, fresh] = parent.emplace(c, p);
        if (!fresh && it->second != p)
            throw ParameterError("taxonomy: '" + c + "' has two parents, '" + it->second +
                                 "' and '" + p + "'");
        nodes.insert(p);
        nodes.insert(c);
    }
    std::set<std::string> roots;
    for (const std::string& n : nodes)
        if (!parent.count(n)) roots.insert(n);
    if (roots.size() != 1 && !nodes.empty()) {
        std::string list;
        for (const auto& r : roots) list += (list.empty() ? "" : ", ") + r;
        throw ParameterError("taxonomy must have exactly one root; found " +
                             (roots.empty() ? std::string("none (there is a cycle)") : list));
    }
    // A cycle apart from the root's tree is an error of the file whatever the values: look
    // for one from every node (in sorted order, so a file gives the same message for any
    // column) before asking whether the edges cover the values. Linear: a node whose chain
    // is known to reach the root is not walked again.
    std::unordered_set<std::string> reachesRoot;
    for (const std::string& n : nodes) {
        std::vector<std::string> chain;
        std::unordered_set<std::string> seen;
        std::string cur = n;
        while (!reachesRoot.count(cur)) {
            if (!seen.insert(cur).second)
                throw ParameterError("taxonomy: cycle through '" + cur + "'");
            chain.push_back(cur);
            const auto up = parent.find(cur);
            if (up == parent.end()) break;
            cur = up->second;
        }
        reachesRoot.insert(chain.begin(), chain.end());
    }
    std::vector<std::vector<std::string>> paths;
    std::size_t depth = 0;
    for (const std::string& v : values) {
        if (!nodes.count(v))
            throw ParameterError("taxonomy: value '" + v + "' appears in no parent → child edge");
        std::vector<std::string> path{v};
        std::set<std::string> seen{v};
        std::string cur = v;
        while (parent.count(cur)) {
            cur = parent.at(cur);
            if (!seen.insert(cur).second)
                throw ParameterError("taxonomy: cycle through '" + cur + "'");
            path.push_back(cur);
        }
        depth = std::max(depth, path.size());
        paths.push_back(std::move(path));
    }
    for (auto& p : paths)
        while (p.size() < depth) p.insert(p.begin(), p.front());  // pad shallow leaves
    return Hierarchy(std::move(paths), "taxonomy");
}

}  // namespace ldv
