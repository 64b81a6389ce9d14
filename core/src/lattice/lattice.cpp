#include "ldiv/lattice/lattice.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>
#include <sstream>

#include "ldiv/data/error.h"

namespace ldv {

namespace {
/// "4^32 (about 1.8e+19)": the product of (height + 1), written without overflowing.
std::string describeSize(const std::vector<int>& heights) {
    double log10Size = 0;
    bool same = true;
    for (int h : heights) {
        log10Size += std::log10(double(h) + 1);
        same = same && h == heights.front();
    }
    std::string text = "about 1e" + std::to_string(int(std::floor(log10Size)));
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "about %.2g", std::pow(10.0, log10Size));
    if (log10Size < 300) text = buffer;
    if (same && !heights.empty())
        return std::to_string(heights.front() + 1) + "^" + std::to_string(heights.size()) + " (" +
               text + ")";
    return text;
}
}  // namespace

Lattice::Lattice(std::vector<int> heights) : m_heights(std::move(heights)) {
    m_stride.assign(m_heights.size(), 1);
    m_size = 1;
    for (std::size_t i = m_heights.size(); i-- > 0;) {
        if (m_heights[i] < 0) throw ParameterError("a hierarchy height cannot be negative");
        m_stride[i] = m_size;
        // Node ids are 64-bit: a product that wraps (32 QIs of height 3 is 4^32 = 2^64,
        // which wrapped to 0 nodes) would make every search answer about another lattice.
        if (__builtin_mul_overflow(m_size, NodeId(m_heights[i]) + 1, &m_size))
            throw ParameterError("the generalization lattice has " + describeSize(m_heights) +
                                 " nodes, more than a 64-bit node number can address; use fewer "
                                 "quasi-identifiers or shorter hierarchies");
    }
    m_maxHeight = std::accumulate(m_heights.begin(), m_heights.end(), 0);
}

NodeId Lattice::id(std::span<const int> levels) const {
    NodeId id = 0;
    for (std::size_t i = 0; i < m_heights.size(); ++i) id += NodeId(levels[i]) * m_stride[i];
    return id;
}

Levels Lattice::levels(NodeId id) const {
    Levels levels(m_heights.size());
    for (std::size_t i = 0; i < m_heights.size(); ++i) {
        levels[i] = int(id / m_stride[i]);
        id %= m_stride[i];
    }
    return levels;
}

int Lattice::height(std::span<const int> levels) {
    return std::accumulate(levels.begin(), levels.end(), 0);
}

int Lattice::height(NodeId id) const {
    int h = 0;
    for (std::size_t i = 0; i < m_heights.size(); ++i) {
        h += int(id / m_stride[i]);
        id %= m_stride[i];
    }
    return h;
}

bool Lattice::contains(std::span<const int> levels) const {
    if (levels.size() != m_heights.size()) return false;
    for (std::size_t i = 0; i < levels.size(); ++i)
        if (levels[i] < 0 || levels[i] > m_heights[i]) return false;
    return true;
}

std::vector<NodeId> Lattice::successors(NodeId id) const {
    std::vector<NodeId> out;
    const Levels l = levels(id);
    for (std::size_t i = 0; i < l.size(); ++i)
        if (l[i] < m_heights[i]) out.push_back(id + m_stride[i]);
    return out;
}

std::vector<NodeId> Lattice::predecessors(NodeId id) const {
    std::vector<NodeId> out;
    const Levels l = levels(id);
    for (std::size_t i = 0; i < l.size(); ++i)
        if (l[i] > 0) out.push_back(id - m_stride[i]);
    return out;
}

bool Lattice::generalizes(NodeId b, NodeId a) const {
    const Levels lb = levels(b), la = levels(a);
    for (std::size_t i = 0; i < lb.size(); ++i)
        if (lb[i] < la[i]) return false;
    return true;
}

std::vector<NodeId> Lattice::nodesAtHeight(int h) const {
    std::vector<NodeId> out;
    for (NodeId id = 0; id < m_size; ++id)
        if (height(id) == h) out.push_back(id);
    return out;
}

std::vector<NodeId> Lattice::nodesByHeight() const {
    std::vector<NodeId> out(m_size);
    std::iota(out.begin(), out.end(), NodeId(0));
    std::vector<int> h(m_size);
    for (NodeId id = 0; id < m_size; ++id) h[id] = height(id);
    std::stable_sort(out.begin(), out.end(), [&](NodeId a, NodeId b) { return h[a] < h[b]; });
    return out;
}

std::string formatLevels(std::span<const int> levels, char separator) {
    std::string out;
    for (std::size_t i = 0; i < levels.size(); ++i) {
        if (i) out += separator;
        out += std::to_string(levels[i]);
    }
    return out;
}

Levels parseLevels(const std::string& text) {
    Levels levels;
    std::stringstream in(text);
    std::string part;
    while (std::getline(in, part, ',')) {
        // Accept both "1,2,0" and "zip=1,age=2,nationality=0" (names are checked by callers).
        const auto eq = part.find('=');
        const std::string number = eq == std::string::npos ? part : part.substr(eq + 1);
        std::size_t used = 0;
        int value = -1;
        try {
            value = std::stoi(number, &used);
        } catch (const std::exception&) {
            used = 0;
        }
        if (used != number.size() || number.empty() || value < 0)
            throw ParameterError(
                "invalid level '" + part + "' in node '" + text +
                "': expected non-negative integers separated by commas, e.g. 1,2,0");
        levels.push_back(value);
    }
    if (levels.empty()) throw ParameterError("empty node: expected levels such as 1,2,0");
    return levels;
}

}  // namespace ldv
