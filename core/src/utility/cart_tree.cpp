// A CART decision tree on one-hot indicators with Gini impurity (classifiers.h). Written out:
// the Debian packages with one (mlpack, OpenCV's ml module) bring a linear algebra stack or an
// image library for a hundred lines of counting.
#include <cstdint>
#include <vector>

#include "ldiv/utility/classifiers.h"

namespace ldv {
namespace {

struct TreeNode {
    int attribute = -1;  ///< −1: leaf
    std::uint32_t value = 0;
    std::uint32_t majority = 0;
    std::size_t equal = 0, other = 0;  ///< children: rows with attribute = value, the rest
};

class TreeBuilder {
public:
    TreeBuilder(const FeatureTable& data, int maxDepth) : m_data(data), m_maxDepth(maxDepth) {}

    std::size_t grow(std::vector<std::uint32_t> rows, int depth) {
        const std::size_t classes = m_data.classes;
        std::vector<double> total(classes, 0);
        for (std::uint32_t r : rows) ++total[m_data.labels[r]];
        TreeNode node;
        for (std::uint32_t c = 1; c < classes; ++c)
            if (total[c] > total[node.majority]) node.majority = c;
        const std::size_t index = m_nodes.size();
        m_nodes.push_back(node);
        const double n = double(rows.size());
        if (depth >= m_maxDepth || total[node.majority] == n) return index;
        // Gini decrease is maximal where Σ_c L_c²/|L| + Σ_c R_c²/|R| is (the parent's
        // impurity is fixed); the split must beat the parent's Σ_c N_c²/N.
        double best = 0;
        for (std::uint32_t c = 0; c < classes; ++c) best += total[c] * total[c];
        best /= n;
        best *= 1 + 1e-12;  // a decrease within rounding is none
        int bestAttribute = -1;
        std::uint32_t bestValue = 0;
        std::vector<double> joint;
        for (std::size_t a = 0; a < m_data.columns.size(); ++a) {
            const std::uint32_t domain = m_data.domains[a];
            joint.assign(std::size_t(domain) * classes, 0);
            for (std::uint32_t r : rows) ++joint[m_data.columns[a][r] * classes + m_data.labels[r]];
            for (std::uint32_t v = 0; v < domain; ++v) {
                const double* in = &joint[std::size_t(v) * classes];
                double nIn = 0, sIn = 0, sOut = 0;
                for (std::size_t c = 0; c < classes; ++c) nIn += in[c];
                if (nIn == 0 || nIn == n) continue;
                for (std::size_t c = 0; c < classes; ++c) {
                    sIn += in[c] * in[c];
                    sOut += (total[c] - in[c]) * (total[c] - in[c]);
                }
                const double proxy = sIn / nIn + sOut / (n - nIn);
                if (proxy > best) {
                    best = proxy;
                    bestAttribute = int(a);
                    bestValue = v;
                }
            }
        }
        if (bestAttribute < 0) return index;
        std::vector<std::uint32_t> equal, other;
        for (std::uint32_t r : rows)
            (m_data.columns[std::size_t(bestAttribute)][r] == bestValue ? equal : other)
                .push_back(r);
        rows = {};
        const std::size_t e = grow(std::move(equal), depth + 1);
        const std::size_t o = grow(std::move(other), depth + 1);
        m_nodes[index].attribute = bestAttribute;
        m_nodes[index].value = bestValue;
        m_nodes[index].equal = e;
        m_nodes[index].other = o;
        return index;
    }

    std::uint32_t predict(std::uint32_t row) const {
        std::size_t i = 0;
        while (m_nodes[i].attribute >= 0) {
            const TreeNode& n = m_nodes[i];
            i = m_data.columns[std::size_t(n.attribute)][row] == n.value ? n.equal : n.other;
        }
        return m_nodes[i].majority;
    }

private:
    const FeatureTable& m_data;
    int m_maxDepth;
    std::vector<TreeNode> m_nodes;
};

}  // namespace

std::vector<std::uint32_t> predictTree(const FeatureTable& data,
                                       std::span<const std::uint32_t> train,
                                       std::span<const std::uint32_t> test, int maxDepth) {
    TreeBuilder tree(data, maxDepth);
    tree.grow(std::vector<std::uint32_t>(train.begin(), train.end()), 0);
    std::vector<std::uint32_t> predicted;
    predicted.reserve(test.size());
    for (std::uint32_t r : test) predicted.push_back(tree.predict(r));
    return predicted;
}

}  // namespace ldv
