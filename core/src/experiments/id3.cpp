// ID3 (Quinlan 1986) on integer codes; see ldiv/experiments/id3_tree.h.
#include "ldiv/experiments/id3_tree.h"

#include <algorithm>
#include <cmath>

#include "ldiv/data/error.h"

namespace ldv {

namespace {

// Σ −p·log2 p of a class histogram over `total` rows.
double entropy(std::span<const std::size_t> counts, std::size_t total) {
    double h = 0;
    for (std::size_t c : counts)
        if (c > 0) {
            const double p = double(c) / double(total);
            h -= p * std::log2(p);
        }
    return h;
}

}  // namespace

Id3Tree Id3Tree::learn(const FeatureTable& data) {
    if (data.rowCount() == 0) throw ParameterError("ID3: no training rows");
    if (data.columns.size() != data.domains.size())
        throw ParameterError("ID3: attribute and domain counts differ");
    for (const auto& c : data.columns)
        if (c.size() != data.rowCount()) throw ParameterError("ID3: column lengths differ");
    Id3Tree tree;
    std::vector<std::uint32_t> rows(data.rowCount());
    for (std::size_t r = 0; r < rows.size(); ++r) rows[r] = std::uint32_t(r);
    std::vector<bool> used(data.columns.size(), false);
    tree.grow(data, rows, used);
    return tree;
}

std::size_t Id3Tree::grow(const FeatureTable& data, std::vector<std::uint32_t>& rows,
                          std::vector<bool>& used) {
    const std::size_t id = m_nodes.size();
    m_nodes.emplace_back();
    std::vector<std::size_t> classCount(data.classes, 0);
    for (std::uint32_t r : rows) ++classCount[data.labels[r]];
    const auto top = std::max_element(classCount.begin(), classCount.end());
    m_nodes[id].majority = std::uint32_t(top - classCount.begin());
    m_nodes[id].covered = rows.size();
    m_nodes[id].correct = *top;
    if (*top == rows.size()) return id;  // pure

    const double before = entropy(classCount, rows.size());
    int best = -1;
    double bestGain = 1e-12;  // a split must gain something (guards against rounding)
    std::vector<std::size_t> joint;
    for (std::size_t a = 0; a < data.columns.size(); ++a) {
        if (used[a]) continue;
        const std::uint32_t dom = data.domains[a];
        joint.assign(std::size_t(dom) * data.classes, 0);
        std::vector<std::size_t> valueCount(dom, 0);
        for (std::uint32_t r : rows) {
            const std::uint32_t v = data.columns[a][r];
            ++joint[std::size_t(v) * data.classes + data.labels[r]];
            ++valueCount[v];
        }
        double after = 0;
        for (std::uint32_t v = 0; v < dom; ++v)
            if (valueCount[v] > 0)
                after += double(valueCount[v]) / double(rows.size()) *
                         entropy({joint.data() + std::size_t(v) * data.classes, data.classes},
                                 valueCount[v]);
        if (before - after > bestGain) {
            bestGain = before - after;
            best = int(a);
        }
    }
    if (best < 0) return id;  // no attribute left or none helps

    const std::uint32_t dom = data.domains[std::size_t(best)];
    std::vector<std::vector<std::uint32_t>> parts(dom);
    for (std::uint32_t r : rows) parts[data.columns[std::size_t(best)][r]].push_back(r);
    rows.clear();
    rows.shrink_to_fit();
    m_nodes[id].attribute = best;
    m_nodes[id].children.assign(dom, -1);
    used[std::size_t(best)] = true;
    for (std::uint32_t v = 0; v < dom; ++v)
        if (!parts[v].empty()) {
            const std::size_t child = grow(data, parts[v], used);
            m_nodes[id].children[v] = std::int32_t(child);
        }
    used[std::size_t(best)] = false;
    return id;
}

std::uint32_t Id3Tree::predict(const FeatureTable& data, std::size_t row) const {
    std::size_t n = 0;
    while (m_nodes[n].attribute >= 0) {
        const std::uint32_t v = data.columns[std::size_t(m_nodes[n].attribute)][row];
        const auto& ch = m_nodes[n].children;
        if (v >= ch.size() || ch[v] < 0) break;
        n = std::size_t(ch[v]);
    }
    return m_nodes[n].majority;
}

double Id3Tree::accuracy(const FeatureTable& data) const {
    if (data.rowCount() == 0) return 0;
    std::size_t right = 0;
    for (std::size_t r = 0; r < data.rowCount(); ++r) right += predict(data, r) == data.labels[r];
    return double(right) / double(data.rowCount());
}

std::vector<Id3Tree::Rule> Id3Tree::rules() const {
    std::vector<Rule> out;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> path;
    // Depth-first over (node, condition depth); the path holds the conditions above.
    auto walk = [&](auto&& self, std::size_t n) -> void {
        const Node& node = m_nodes[n];
        if (node.attribute < 0) {
            Rule r;
            r.conditions = path;
            std::sort(r.conditions.begin(), r.conditions.end());
            r.label = node.majority;
            r.covered = node.covered;
            r.correct = node.correct;
            out.push_back(std::move(r));
            return;
        }
        for (std::size_t v = 0; v < node.children.size(); ++v)
            if (node.children[v] >= 0) {
                path.emplace_back(std::uint32_t(node.attribute), std::uint32_t(v));
                self(self, std::size_t(node.children[v]));
                path.pop_back();
            }
    };
    if (!m_nodes.empty()) walk(walk, 0);
    return out;
}

}  // namespace ldv
