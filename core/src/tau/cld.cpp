// CLD: Incognito-style full-domain search for recursive (c,ℓ)-diversity (Machanavajjhala et al.
// 2007 §5, Tian & Zhang 2011 §5.1.1) and its use for a (τ,ℓ) requirement (Tian & Zhang 2011 §5.2);
// see tau_baselines.h.
#include "ldiv/tau/baseline_outcome.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <map>

#include "ldiv/data/error.h"

namespace ldv {

std::vector<double> CldSearch::defaultCValues() {
    return {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 15, 20, 30, 50, 100, 1000, 10000};
}

CldSearch::CldSearch(const TauInput& input, std::vector<double> cValues, Feedback* feedback)
    : m_input(&input), m_c(std::move(cValues)) {
    const auto start = std::chrono::steady_clock::now();
    const Dataset& data = *input.data;
    const Lattice& lattice = data.lattice();
    const std::size_t nodes = std::size_t(lattice.size());
    const std::size_t cs = m_c.size();
    m_height.resize(nodes);
    m_utility.resize(nodes);
    m_maxL.assign(nodes * cs, std::numeric_limits<std::uint16_t>::max());
    const std::size_t d = data.qiCount();
    std::vector<std::uint32_t> sorted;
    std::vector<double> suffix;
    for (NodeId id = 0; id < lattice.size(); ++id) {
        if (feedback) {
            feedback->checkCancelled();
            feedback->setProgress(double(id) / double(nodes));
        }
        const Levels levels = lattice.levels(id);
        m_height[id] = Lattice::height(levels);
        const EquivalenceClasses ec = data.classes(levels);
        double info = 0;
        std::uint16_t* maxL = m_maxL.data() + id * cs;
        for (std::size_t k = 0; k < ec.count(); ++k) {
            double qi = 0;
            for (std::size_t i = 0; i < d; ++i)
                qi += 1.0 /
                      double(data.hierarchy(i).coverage(levels[i])[ec.key(k)[i]]);  // data domain
            info += (qi + 1.0) * ec.sizes[k];  // the SA is never generalized by CLD
            // r1 < c·(rℓ + … + rm) (Machanavajjhala et al. 2007 Def. 4.2); ℓ = 1 always holds.
            const auto h = ec.histogram(k, input.sensitive);
            sorted.clear();
            for (std::uint32_t v : h)
                if (v > 0) sorted.push_back(v);
            std::sort(sorted.begin(), sorted.end(), std::greater<>());
            suffix.assign(sorted.size() + 2, 0.0);
            for (std::size_t j = sorted.size(); j >= 1; --j)
                suffix[j] = suffix[j + 1] + sorted[j - 1];
            for (std::size_t ci = 0; ci < cs; ++ci) {
                std::size_t best = 1;
                for (std::size_t lp = sorted.size(); lp >= 2; --lp)
                    if (double(sorted[0]) < m_c[ci] * suffix[lp]) {
                        best = lp;
                        break;
                    }
                maxL[ci] = std::min<std::uint16_t>(maxL[ci], std::uint16_t(best));
            }
        }
        m_utility[id] = utilityMeasure(info, data.rowCount(), d + 1);
    }
    m_passMs =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

std::optional<Levels> CldSearch::node(double c, std::size_t l) const {
    const auto it = std::find(m_c.begin(), m_c.end(), c);
    if (it == m_c.end())
        throw ParameterError("CLD: c = " + std::to_string(c) + " was not searched");
    const std::size_t ci = std::size_t(it - m_c.begin());
    std::optional<NodeId> best;
    for (NodeId id = 0; id < m_height.size(); ++id) {
        if (m_maxL[id * m_c.size() + ci] < l) continue;
        if (!best || m_height[id] < m_height[*best] ||
            (m_height[id] == m_height[*best] && m_utility[id] > m_utility[*best]))
            best = id;
    }
    if (!best) return std::nullopt;
    return m_input->data->lattice().levels(*best);
}

BaselineOutcome CldSearch::best(double tau, double l) const {
    const auto start = std::chrono::steady_clock::now();
    const TauInput& input = *m_input;
    validateTau(tau, l, input.domain());
    BaselineOutcome best;
    const std::vector<int> heights = input.data->lattice().heights();
    const Levels top(heights.begin(), heights.end());
    // Many (c,ℓ′) share a node: judge every node once.
    std::map<Levels, std::pair<bool, double>> judged;
    for (double c : m_c)
        for (std::size_t lp = 2; lp <= input.domain(); ++lp) {
            const auto levels = node(c, lp);
            // The top node publishes one class with every QI suppressed: not a useful table,
            // so it counts like the "empty output" of Tian & Zhang 2011 §5.2, not as a run.
            if (!levels || *levels == top) continue;
            ++best.runs;
            auto it = judged.find(*levels);
            if (it == judged.end()) {
                const LocalRecoding out = recodeNode(input, *levels);
                const bool ok = checkTau(input, out, tau, l).holds();
                it = judged
                         .emplace(
                             *levels,
                             std::make_pair(ok, ok ? excessiveProtection(input, out, tau, l) : 0.0))
                         .first;
            }
            if (!it->second.first) continue;
            ++best.satisfyingRuns;
            const double e = it->second.second;
            if (best.empty || e < best.excessiveProtection - 1e-12) {
                best.empty = false;
                best.c = c;
                best.l = double(lp);
                best.node = *levels;
                best.excessiveProtection = e;
            }
        }
    if (!best.empty) {
        best.recoding = recodeNode(input, best.node);
        best.utility = informationUtility(input, best.recoding);
    }
    best.milliseconds =
        m_passMs +
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    return best;
}

TheoreticalRequirements theoreticalRequirements(double tau, double l, std::size_t m) {
    validateTau(tau, l, m);
    TheoreticalRequirements t;
    t.simpleL =
        l;  // Tian & Zhang 2011 Cor. 21: simple ℓ′-diversity is stronger than (τ,ℓ) iff ℓ′ ≥ ℓ
    const double low = double(m) + 1 - (double(m) - 1) / (l - 1);
    for (std::size_t lp = std::size_t(std::max(2.0, std::ceil(low - 1e-9))); lp <= m; ++lp)
        t.cl.emplace_back(weakestRecursiveC(double(lp), l, m), double(lp));
    return t;
}

}  // namespace ldv
