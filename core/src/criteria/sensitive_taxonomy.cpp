// The sensitive taxonomy and induced frequencies of (τ,ℓ)-diversity (criteria_tau.h, Tian & Zhang
// 2011 §2).
#include "ldiv/criteria/sensitive_taxonomy.h"
#include "ldiv/data/error.h"

#include <algorithm>
#include <map>

namespace ldv {

namespace {

std::size_t indexOfLabel(std::map<std::string, std::size_t>& ids, std::vector<std::string>& labels,
                         const std::string& label) {
    const auto [it, inserted] = ids.try_emplace(label, labels.size());
    if (inserted) labels.push_back(label);
    return it->second;
}

}  // namespace

SensitiveTaxonomy SensitiveTaxonomy::fromEdges(
    const std::vector<std::string>& baseValues,
    const std::vector<std::pair<std::string, std::string>>& parentChild) {
    SensitiveTaxonomy t;
    t.m_baseCount = baseValues.size();
    std::map<std::string, std::size_t> ids;
    for (const std::string& value : baseValues) indexOfLabel(ids, t.m_labels, value);
    if (ids.size() != baseValues.size())
        throw ParameterError("sensitive taxonomy: the base values contain a duplicate");
    for (const auto& [parent, child] : parentChild) {
        indexOfLabel(ids, t.m_labels, parent);
        indexOfLabel(ids, t.m_labels, child);
    }
    t.m_parent.assign(t.m_labels.size(), -1);
    for (const auto& [parent, child] : parentChild) {
        const std::size_t p = ids[parent];
        const std::size_t c = ids[child];
        if (p < t.m_baseCount)
            throw ParameterError("sensitive taxonomy: base value '" + parent +
                                 "' cannot have children (base values are the leaves)");
        if (t.m_parent[c] != -1 && t.m_parent[c] != int(p))
            throw ParameterError("sensitive taxonomy: '" + child + "' has two parents, '" +
                                 t.m_labels[std::size_t(t.m_parent[c])] + "' and '" + parent + "'");
        t.m_parent[c] = int(p);
    }
    t.finish();
    return t;
}

SensitiveTaxonomy SensitiveTaxonomy::fromHierarchyRows(
    const std::vector<std::string>& baseValues, const std::vector<std::vector<std::string>>& rows) {
    // An inner node is a (level, label) pair. A label repeated on the next level (a branch
    // that stops early) becomes a single-child chain, which changes no leaf set.
    std::vector<std::pair<std::string, std::string>> edges;
    std::map<std::string, std::size_t> rowOf;
    const char sep = '\x1f';
    std::map<std::string, std::string> display;
    for (std::size_t r = 0; r < rows.size(); ++r) {
        const auto& row = rows[r];
        if (row.empty()) continue;
        if (!rowOf.emplace(row[0], r).second)
            throw ParameterError("sensitive taxonomy: base value '" + row[0] + "' has two rows");
        std::string child = row[0];
        for (std::size_t level = 1; level < row.size(); ++level) {
            std::string parent = std::to_string(level) + sep + row[level];
            display[parent] = row[level];
            edges.emplace_back(parent, child);
            child = parent;
        }
    }
    for (const std::string& value : baseValues)
        if (!rowOf.count(value))
            throw ParameterError("sensitive taxonomy: base value '" + value +
                                 "' has no row in the hierarchy");
    std::sort(edges.begin(), edges.end());
    edges.erase(std::unique(edges.begin(), edges.end()), edges.end());
    SensitiveTaxonomy t = fromEdges(baseValues, edges);
    for (std::string& label : t.m_labels)
        if (const auto it = display.find(label); it != display.end()) label = it->second;
    return t;
}

void SensitiveTaxonomy::finish() {
    const std::size_t n = m_parent.size();
    std::size_t roots = 0;
    for (std::size_t v = 0; v < n; ++v) roots += m_parent[v] == -1;
    if (n > 1 && roots != 1) {
        std::string list;
        for (std::size_t v = 0; v < n; ++v)
            if (m_parent[v] == -1) list += (list.empty() ? "'" : ", '") + m_labels[v] + "'";
        throw ParameterError("sensitive taxonomy: expected one root, found " +
                             std::to_string(roots) + ": " + list);
    }
    m_leaves.assign(n, {});
    for (std::size_t leaf = 0; leaf < m_baseCount; ++leaf) {
        std::size_t steps = 0;
        for (int v = int(leaf); v != -1; v = m_parent[std::size_t(v)]) {
            if (++steps > n)
                throw ParameterError("sensitive taxonomy: cycle through '" + m_labels[leaf] + "'");
            m_leaves[std::size_t(v)].push_back(std::uint32_t(leaf));
        }
    }
    for (std::size_t v = m_baseCount; v < n; ++v)
        if (m_leaves[v].empty())
            throw ParameterError("sensitive taxonomy: inner node '" + m_labels[v] +
                                 "' has no base value under it");
}

std::optional<std::size_t> SensitiveTaxonomy::find(const std::string& label) const {
    // Base values come first, inner nodes in creation order (lower levels first for rows).
    for (std::size_t v = 0; v < m_labels.size(); ++v)
        if (m_labels[v] == label) return v;
    return std::nullopt;
}

std::vector<double> SensitiveTaxonomy::defaultWeights(
    std::span<const std::uint32_t> tableBaseCounts) {
    std::vector<double> w(tableBaseCounts.size());
    for (std::size_t i = 0; i < w.size(); ++i) w[i] = tableBaseCounts[i] > 0 ? 1.0 : 0.0;
    return w;
}

void SensitiveTaxonomy::inducedFrequencies(std::span<const std::uint32_t> nodeCounts,
                                           std::span<const double> weights,
                                           std::vector<double>& out) const {
    out.assign(m_baseCount, 0.0);
    double total = 0;
    const auto weight = [&](std::uint32_t a) { return a < weights.size() ? weights[a] : 0.0; };
    for (std::size_t v = 0; v < nodeCounts.size() && v < m_leaves.size(); ++v) {
        const double n = nodeCounts[v];
        if (n == 0) continue;
        total += n;
        const auto& leaves = m_leaves[v];
        double sum = 0;
        for (std::uint32_t a : leaves) sum += weight(a);
        for (std::uint32_t a : leaves)
            out[a] += sum > 0 ? n * weight(a) / sum : n / double(leaves.size());
    }
    if (total > 0)
        for (double& f : out) f /= total;
}

}  // namespace ldv
