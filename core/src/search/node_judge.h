#pragma once
// Judging one node's classes against the criteria with tuple suppression (SPEC §5), and the
// monotonicity facts the searches may use for tagging.
#include <cstdint>
#include <span>
#include <vector>

#include "lattice/class_table.h"
#include "ldiv/search/search_result.h"

namespace ldv::detail {

struct Verdict {
    bool satisfies = false;
    /// Every class meets every criterion (no row needs suppressing).
    bool clean = false;
    /// The k-anonymity part alone needs more suppression than allowed.
    bool kFails = false;
};

class NodeJudge {
public:
    NodeJudge(const Dataset& data, const std::vector<BoundCriterion>& criteria, double limit);

    /// Sensitive attributes whose histograms the classes must carry.
    const std::vector<std::size_t>& neededSensitive() const { return m_needed; }
    std::uint64_t limitRows() const { return m_limitRows; }
    std::uint64_t k() const { return m_k; }
    /// The predicate "satisfies with suppression" is monotone (satisfying ⇒ every
    /// generalization satisfies; failing ⇒ every specialization fails). Each criterion kind
    /// declares whether it is monotone without and with suppression (criterion_catalogue.h).
    /// Without suppression the set is monotone when every member is. With suppression every
    /// member must be declared monotone with suppression (a class-size condition: a coarser
    /// class of a class of size ≥ k has size ≥ k, so failing rows only shrink; a node-level
    /// risk figure judged on the classes that remain), and a node-level figure may not sit
    /// beside a k > 1 that suppresses: suppressed small classes can merge into a kept one and
    /// raise u/n.
    bool monotone() const {
        return m_allMonotone && (m_limitRows == 0 || (m_allMonotoneWithSuppression &&
                                                      (m_nodeLevel.empty() || m_k <= 1)));
    }
    /// Every criterion is declared monotone without suppression (tagging of clean nodes is
    /// sound).
    bool criteriaMonotone() const { return m_allMonotone; }

    /// `engine` tells where each carried histogram sits. `failing` (optional) receives one
    /// flag per class.
    Verdict judge(const ClassTable& classes, const RollupEngine& engine,
                  std::vector<std::uint8_t>* failing = nullptr) const;
    /// The same on the Dataset's own classes (used by the brute-force oracle).
    Verdict judge(const EquivalenceClasses& classes,
                  std::vector<std::uint8_t>* failing = nullptr) const;

private:
    struct Other {
        const Criterion* criterion;
        std::size_t sensitive;
        /// Criterion::judgesPopulation(): judged on classes without a published row too.
        bool population;
    };
    /// The verdict from the rows of the failing classes (suppressionVerdict; `failing` may
    /// be null when no node-level criterion needs it).
    Verdict finish(std::span<const std::uint32_t> sizes, std::uint64_t failingRows,
                   const std::vector<std::uint8_t>* failing, bool unrepairable,
                   std::span<const double> weights) const;
    /// `weights`: the classes' survey-weight sums (empty without survey weights).
    template <class HistAt>
    Verdict judgeImpl(std::size_t count, const std::uint32_t* sizes, HistAt histAt,
                      std::vector<std::uint8_t>* failing, std::span<const double> weights) const;

    std::vector<Other> m_others;
    /// Some criterion judgesPopulation() (then the data is a RowSample, whose classes may
    /// hold no published row).
    bool m_population = false;
    std::vector<const NodeRisk*> m_nodeLevel;
    std::vector<std::size_t> m_needed;
    std::uint64_t m_k = 0;
    std::uint64_t m_limitRows = 0;
    bool m_allMonotone = true;
    bool m_allMonotoneWithSuppression = true;
};

}  // namespace ldv::detail
