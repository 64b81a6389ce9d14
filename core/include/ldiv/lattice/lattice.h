#pragma once
// The full-domain generalization lattice (SPEC §1): a node is a level vector (l1..ld) in QI
// order with 0 <= li <= h(Ai). Nodes are numbered in mixed radix (first QI most significant)
// so that a node id is a dense index for per-node arrays.
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace ldv {

using Levels = std::vector<int>;
using NodeId = std::uint64_t;

class Lattice {
public:
    Lattice() = default;
    explicit Lattice(std::vector<int> heights);

    std::size_t dimensions() const { return m_heights.size(); }
    const std::vector<int>& heights() const { return m_heights; }
    /// prod (h(Ai)+1).
    NodeId size() const { return m_size; }
    int maxHeight() const { return m_maxHeight; }

    NodeId id(std::span<const int> levels) const;
    Levels levels(NodeId id) const;
    static int height(std::span<const int> levels);
    int height(NodeId id) const;
    NodeId bottom() const { return 0; }
    NodeId top() const { return m_size - 1; }
    bool contains(std::span<const int> levels) const;

    /// Nodes that raise exactly one level by one (direct generalizations).
    std::vector<NodeId> successors(NodeId id) const;
    /// Nodes that lower exactly one level by one (direct specializations).
    std::vector<NodeId> predecessors(NodeId id) const;
    /// True when every level of a is <= the level of b (b generalizes a or equals it).
    bool generalizes(NodeId b, NodeId a) const;
    /// All nodes of the given height, in increasing id order.
    std::vector<NodeId> nodesAtHeight(int height) const;
    /// All nodes ordered by height, then id (bottom first).
    std::vector<NodeId> nodesByHeight() const;

private:
    std::vector<int> m_heights;
    std::vector<NodeId> m_stride;
    NodeId m_size = 1;
    int m_maxHeight = 0;
};

std::string formatLevels(std::span<const int> levels, char separator = ',');
/// Parses "1,2,0"; throws ParameterError on malformed input.
Levels parseLevels(const std::string& text);

}  // namespace ldv
