#pragma once
// The satisfying nodes of a monotone classification without a per-node array: the antichain
// of minimal satisfying nodes stands for its up-set (node x satisfies exactly when some
// minimal node m has m <= x, level by level). Membership costs time proportional to the
// antichain; the size of the up-set is counted by dynamic programming over the product of
// chains (docs/search.md, "Scaling").
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "ldiv/lattice/lattice.h"

namespace ldv {
namespace detail {
class DominanceIndex;
}

class UpSet {
public:
    UpSet();
    /// `minimal`: node ids of an antichain of the lattice with these heights (mixed radix,
    /// first QI most significant, as Lattice numbers nodes). Counts the up-set at once.
    UpSet(std::vector<int> heights, std::vector<NodeId> minimal);

    bool contains(NodeId id) const;
    bool contains(std::span<const int> levels) const;
    /// Nodes of the up-set.
    std::uint64_t count() const { return m_count; }
    /// The antichain, increasing.
    const std::vector<NodeId>& minimal() const { return m_minimal; }
    const std::vector<int>& heights() const { return m_heights; }

private:
    std::vector<int> m_heights;
    std::vector<NodeId> m_minimal;
    std::shared_ptr<const detail::DominanceIndex> m_index;
    std::uint64_t m_count = 0;
};

/// The number of nodes x of the lattice of `heights` with x >= some node of `antichain`
/// (any set of level vectors; dominated or repeated entries do not change the answer).
/// Recursion over the attributes: fixing level l of attribute j keeps the nodes whose level
/// of j is at most l, and the count of the remaining attributes only changes at those
/// levels; equal remaining sets are counted once (memoised).
std::uint64_t countUpSet(const std::vector<int>& heights,
                         const std::vector<std::vector<int>>& antichain);

}  // namespace ldv
