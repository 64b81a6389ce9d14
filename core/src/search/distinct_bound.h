#pragma once
// Failing nodes decided without grouping, from the number of classes a node must have.
//
// A node has at least as many non-empty classes G as any one attribute has distinct values at
// the node's level among the published rows (D_i(level), its classes refine that projection).
// With n published rows and classes of at least k rows kept, s classes of fewer than k rows
// (each at least one row) leave G − s classes of k or more, so k(G − s) + s <= n and
// s >= (kG − n)/(k − 1): the rows suppressed for k are at least s. When kG − n > L(k − 1)
// (L the suppression limit in rows) the k-anonymity part fails however the rows fall.
//
// Such a node and all its specializations fail (D_i only grows going down), so the searches
// tag it as failing as the suppressed-rows bound does (suppressed_rows.h). It is what makes a
// large-domain attribute cheap: every node keeping a 100,000-value zip code (18,916 distinct in
// 63,000 rows) at its base level fails k=5 at once, where each check hashed ~60,000 classes.
// Per attribute the bound holds below a level, so a query costs one comparison per attribute.
#include <atomic>
#include <cstdint>
#include <span>
#include <vector>

#include "ldiv/lattice/dataset.h"

namespace ldv::detail {

class DistinctBound {
public:
    /// `k`: the k-anonymity part (NodeJudge::k()); `limitRows`: rows that may be suppressed.
    DistinctBound(const Dataset& data, std::uint64_t k, std::uint64_t limitRows);

    /// True when some attribute has too many distinct values at its level in `levels` (one
    /// level per QI) for the k-part to hold: the node fails. Counts the nodes it decides.
    template <class Level>
    bool provesFailure(std::span<const Level> levels) const {
        for (std::size_t i = 0; i < m_failsBelow.size(); ++i)
            if (int(levels[i]) < m_failsBelow[i]) {
                m_decided.fetch_add(1, std::memory_order_relaxed);
                return true;
            }
        return false;
    }
    /// Per attribute, the levels below which the bound decides (0: never).
    const std::vector<int>& failsBelow() const { return m_failsBelow; }
    std::uint64_t decided() const { return m_decided.load(); }

private:
    std::vector<int> m_failsBelow;
    mutable std::atomic<std::uint64_t> m_decided{0};
};

}  // namespace ldv::detail
