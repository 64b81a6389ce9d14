// Judging a node's classes against the criteria with suppression (node_judge.h).
#include "search/node_judge.h"

#include "evaluation/suppression_verdict.h"
#include "ldiv/criteria/criterion_catalogue.h"

#include <algorithm>
#include <cmath>

namespace ldv::detail {

NodeJudge::NodeJudge(const Dataset& data, const std::vector<BoundCriterion>& criteria,
                     double limit) {
    m_limitRows = suppressionLimitRows(limit, data.rowCount());
    for (const BoundCriterion& b : criteria) {
        m_allMonotone = m_allMonotone && b.criterion.isMonotone();
        m_allMonotoneWithSuppression =
            m_allMonotoneWithSuppression &&
            criterionCapabilities(b.criterion.kind()).monotoneWithSuppression;
        if (b.criterion.isNodeLevel()) {
            m_nodeLevel.push_back(&std::get<NodeRisk>(b.criterion.variant()));
            continue;
        }
        if (b.criterion.isClassSize()) {
            m_k = std::max<std::uint64_t>(m_k, std::get<KAnonymity>(b.criterion.variant()).k);
            continue;
        }
        m_others.push_back({&b.criterion, b.sensitive, b.criterion.judgesPopulation()});
        m_population = m_population || b.criterion.judgesPopulation();
        if (std::find(m_needed.begin(), m_needed.end(), b.sensitive) == m_needed.end())
            m_needed.push_back(b.sensitive);
    }
}

template <class HistAt>
Verdict NodeJudge::judgeImpl(std::size_t count, const std::uint32_t* sizes, HistAt histAt,
                             std::vector<std::uint8_t>* failing,
                             std::span<const double> weights) const {
    // Risk criteria need the full set of failing classes (they are judged on the rest).
    std::vector<std::uint8_t> local;
    if (!failing && !m_nodeLevel.empty()) failing = &local;
    if (failing) failing->assign(count, 0);
    // A class of size 0 has no published row (a research subset, RowSample in dataset.h): it
    // is not published, so it fails no criterion on the published rows; only δ-presence
    // (judgesPopulation) judges it, and a failure there cannot be suppressed (unrepairable).
    std::uint64_t kRows = 0;
    if (m_k > 1)
        for (std::size_t c = 0; c < count; ++c)
            if (sizes[c] < m_k && sizes[c] != 0) {
                kRows += sizes[c];
                if (failing) (*failing)[c] = 1;
            }
    std::uint64_t rows = kRows;
    bool unrepairable = false;
    // Without a failing-class list, stop as soon as the verdict is known.
    if (!m_others.empty() && (failing || rows <= m_limitRows)) {
        for (std::size_t c = 0; c < count; ++c) {
            const std::uint32_t size = sizes[c];
            if (m_k > 1 && size < m_k && size != 0) continue;
            if (size == 0 && !m_population) continue;
            for (const Other& o : m_others) {
                if (size == 0 && !o.population) continue;
                if (!o.criterion->holds(histAt(c, o.sensitive))) {
                    rows += size;
                    unrepairable = unrepairable || size == 0;
                    if (failing) (*failing)[c] = 1;
                    break;
                }
            }
            if (!failing && (rows > m_limitRows || unrepairable)) break;
        }
    }
    Verdict v = finish({sizes, count}, rows, failing, unrepairable, weights);
    v.kFails = kRows > m_limitRows;
    return v;
}

Verdict NodeJudge::finish(std::span<const std::uint32_t> sizes, std::uint64_t failingRows,
                          const std::vector<std::uint8_t>* failing, bool unrepairable,
                          std::span<const double> weights) const {
    const SuppressionVerdict s = suppressionVerdict(
        sizes, failingRows, m_limitRows, m_nodeLevel,
        failing ? std::span<const std::uint8_t>(*failing) : std::span<const std::uint8_t>(),
        unrepairable, weights);
    Verdict v;
    v.satisfies = s.satisfies;
    v.clean = s.clean;
    return v;
}

Verdict NodeJudge::judge(const ClassTable& t, const RollupEngine& engine,
                         std::vector<std::uint8_t>* failing) const {
    // Position of each needed attribute in the engine's carried list.
    std::size_t offsets[64] = {};
    std::size_t domains[64] = {};
    for (std::size_t j = 0; j < engine.carried().size() && j < 64; ++j) {
        const std::size_t sa = engine.carried()[j];
        if (sa < 64) {
            offsets[sa] = engine.histOffset(j);
            domains[sa] = engine.histDomain(j);
        }
    }
    const std::size_t width = engine.histWidth();
    const std::uint32_t* hist = t.hist.data();
    return judgeImpl(
        t.count(), t.sizes.data(),
        [&](std::size_t c, std::size_t sa) {
            return Histogram(hist + c * width + offsets[sa], domains[sa]);
        },
        failing, t.weights);
}

Verdict NodeJudge::judge(const EquivalenceClasses& classes,
                         std::vector<std::uint8_t>* failing) const {
    return judgeImpl(
        classes.count(), classes.sizes.data(),
        [&](std::size_t c, std::size_t sa) { return classes.histogram(c, sa); }, failing,
        classes.weightSums);
}

}  // namespace ldv::detail
