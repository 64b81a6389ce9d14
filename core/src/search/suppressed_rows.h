#pragma once
// A lower bound on the rows a node must suppress for k-anonymity, from checked nodes above
// it, so that failing nodes are decided without grouping (predictive decisions as in Flash,
// Kohlmayer et al. 2012, applied to suppressed rows rather than to verdicts).
//
// A row in a class of fewer than k rows at node C lies, at every specialization x <= C, in a
// class no larger (x's classes refine C's) and not empty (it holds the row), so x must
// suppress that row too. Hence the rows x suppresses for k include the union, over checked
// nodes C >= x, of the rows C suppresses for k. Each satisfying C suppresses at most the limit,
// but several together may exceed it: then x fails (its k-part alone needs more suppression
// than allowed) without being grouped. Tagging cannot see this: it decides x only when a
// failing node lies above. Rows are counted once by keeping the union as base groups (a row
// lies in exactly one), weighted by their sizes.
//
// To know the base groups of a node's small classes, every class table the search builds
// carries them as (class, base group) pairs (ClassTable::smallClass/smallGroup): the base
// table lists its groups of fewer than k rows, and a rollup keeps the pairs whose output class
// is still small (a class of k rows or more only merges into larger ones, so no other base
// group can be in a small output class). Thread-safe.
#include <atomic>
#include <cstdint>
#include <shared_mutex>
#include <span>
#include <vector>

#include "lattice/class_table.h"
#include "lattice/dominance_index.h"

namespace ldv::detail {

class SuppressedRows {
public:
    /// `k`: the k-anonymity part (NodeJudge::k()); `limitRows`: rows that may be suppressed.
    /// Enabled when both are positive (k > 1).
    SuppressedRows(const std::vector<int>& heights, std::uint64_t k, std::uint64_t limitRows);

    bool enabled() const { return m_enabled; }
    /// Lists the base groups of fewer than k rows (the base table's small classes).
    void trackBase(ClassTable& base);
    /// After `out` was rolled up from `src` (`classOf`: RollupEngine::classOf()): out's pairs.
    void track(const ClassTable& src, std::span<const std::uint32_t> classOf,
               ClassTable& out) const;
    /// A checked node whose k-part holds (a failing one tags its specializations anyway),
    /// with its classes (pairs tracked): its rows suppressed for k now bound the nodes below.
    void rememberChecked(std::span<const LevelCode> levels, const ClassTable& t);
    /// True when the rows suppressed for k by remembered nodes above `levels`, counted once,
    /// exceed the limit: the node fails. Gives up (false) once it has read more than `budget`
    /// base groups, so that it never costs more than the rollup it may spare.
    bool provesFailure(std::span<const LevelCode> levels,
                       std::size_t budget = ~std::size_t(0)) const;

    std::uint64_t decided() const { return m_decided.load(); }
    std::uint64_t entriesRead() const { return m_entriesRead.load(); }

private:
    bool m_enabled;
    std::uint64_t m_k, m_limitRows;
    std::vector<std::uint32_t> m_weight;  ///< rows per base group
    mutable std::shared_mutex m_mutex;    ///< guards the remembered nodes
    DominanceIndex m_index;               ///< remembered nodes by levels
    /// By index slot: the node's suppressed base groups and their rows.
    std::vector<std::vector<std::uint32_t>> m_groups;
    std::vector<std::uint64_t> m_rows;
    std::size_t m_entries = 0;
    mutable std::atomic<std::uint64_t> m_decided{0}, m_entriesRead{0};
};

}  // namespace ldv::detail
