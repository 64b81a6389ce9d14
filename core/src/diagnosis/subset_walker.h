#pragma once
// Level-wise a-priori enumeration of attribute sets (the privacy-diagnosis paper Algorithm 2) as a
// depth-first walk. Sets are visited in increasing mask order, so every subset of a set comes
// before it; a set is a candidate only when each of its immediate subsets was accepted — exactly
// the candidates of Algorithm 2's lines 11–13, so the number of calls matches the privacy-diagnosis
// paper's Figs 1–3. Depth-first (child = parent ∪ {a} with a below the parent's lowest attribute)
// keeps one partition per depth, and each candidate's classes are refined from its parent's cached
// partition in one pass over the rows (SPEC: roll up from a finer/coarser node).
#include <bit>
#include <cstdint>
#include <unordered_set>
#include <vector>

#include "diagnosis/partition.h"
#include "ldiv/data/feedback.h"

namespace ldv::detail {

class SubsetWalker {
public:
    SubsetWalker(const DiagnosisData& data, Feedback* feedback)
        : m_data(data), m_feedback(feedback) {}

    /// Calls `accept(mask, partition)` for every candidate; it returns whether the set is
    /// accepted (passes), i.e. whether its supersets may be candidates. Lemma 1 makes
    /// "fails" upward closed, so a rejected set's supersets are never visited.
    template <class Accept>
    void run(Accept&& accept) {
        m_accepted.clear();
        m_stack.assign(m_data.attributeCount() + 1, Partition{});
        m_stack[0] = wholeTable(m_data.rowCount());
        walk(0, 0, m_data.attributeCount(), accept);
    }

    /// Whether `mask` was accepted (the empty set always is).
    bool accepted(std::uint64_t mask) const { return mask == 0 || m_accepted.count(mask) > 0; }

private:
    template <class Accept>
    void walk(std::uint64_t parent, std::size_t depth, std::size_t limit, Accept& accept) {
        for (std::size_t a = 0; a < limit; ++a) {
            const std::uint64_t set = parent | (std::uint64_t(1) << a);
            if (!allSubsetsAccepted(set, a)) continue;
            if (m_feedback && (++m_ticks & 63) == 0) m_feedback->checkCancelled();
            m_data.refine(m_stack[depth], a, m_stack[depth + 1]);
            if (!accept(set, static_cast<const Partition&>(m_stack[depth + 1]))) continue;
            m_accepted.insert(set);
            if (a > 0) walk(set, depth + 1, a, accept);
        }
    }
    // The parent (set minus `added`) was accepted, or we would not be here.
    bool allSubsetsAccepted(std::uint64_t set, std::size_t added) const {
        for (std::uint64_t rest = set & ~(std::uint64_t(1) << added); rest; rest &= rest - 1) {
            const std::uint64_t sub = set & ~(rest & -rest);
            if (!accepted(sub)) return false;
        }
        return true;
    }

    const DiagnosisData& m_data;
    Feedback* m_feedback;
    std::vector<Partition> m_stack;
    std::unordered_set<std::uint64_t> m_accepted;
    std::uint64_t m_ticks = 0;
};

}  // namespace ldv::detail
