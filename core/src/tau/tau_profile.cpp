// F(k) profiles of (τ,ℓ) outputs (Tian & Zhang 2011 Fig. 12); see ldiv/tau/tau_profile.h.
#include "ldiv/tau/tau_profile.h"

#include <algorithm>
#include <map>

namespace ldv {

namespace {

// Failing share, then largest excess: smaller is closer to satisfying.
std::pair<double, double> distance(const TauProfile& p) {
    double excess = -1;
    for (std::size_t k = 0; k < p.psi.size(); ++k) excess = std::max(excess, p.maxF[k] - p.psi[k]);
    return {p.classes ? double(p.failingClasses) / double(p.classes) : 2.0, excess};
}

void keepCloser(TauProfile& best, TauProfile candidate) {
    if (best.classes == 0 || distance(candidate) < distance(best)) best = std::move(candidate);
}

}  // namespace

TauProfile profileRecoding(const TauInput& input, const LocalRecoding& out, double tau, double l) {
    const std::size_t m = input.domain();
    TauProfile p;
    p.classes = out.classes.size();
    p.maxF.assign(m, 0);
    p.exceeding.assign(m, 0);
    for (std::size_t k = 1; k <= m; ++k) p.psi.push_back(tauPsi(k, tau, l));
    for (std::size_t c = 0; c < out.classes.size(); ++c) {
        const std::vector<double> f = classFrequencies(input, out, c);
        const std::vector<double> cum = cumulativeFrequencies(f);
        bool fails = false;
        for (std::size_t k = 0; k < m; ++k) {
            p.maxF[k] = std::max(p.maxF[k], cum[k]);
            // The 1e-12 slack of tauHolds.
            if (cum[k] > p.psi[k] + 1e-12) {
                ++p.exceeding[k];
                fails = true;
            }
        }
        p.failingClasses += fails;
    }
    return p;
}

TauProfile closestOneDld(const TauInput& input, double tau, double l) {
    validateTau(tau, l, input.domain());
    std::vector<std::size_t> counts(input.domain(), 0);
    for (std::uint32_t s : input.baseSa) ++counts[s];
    const std::size_t top = *std::max_element(counts.begin(), counts.end());
    TauProfile best;
    for (std::size_t lp = 2; top > 0 && lp <= input.rowCount() / top; ++lp) {
        const LocalRecoding out = oneDimensionalDiversity(input, lp);
        if (out.empty()) continue;
        TauProfile p = profileRecoding(input, out, tau, l);
        p.l = double(lp);
        keepCloser(best, std::move(p));
    }
    return best;
}

TauProfile closestCld(const TauInput& input, const CldSearch& search, double tau, double l) {
    validateTau(tau, l, input.domain());
    const std::vector<int> heights = input.data->lattice().heights();
    const Levels topNode(heights.begin(), heights.end());
    std::map<Levels, TauProfile> judged;
    TauProfile best;
    for (double c : search.cValues())
        for (std::size_t lp = 2; lp <= input.domain(); ++lp) {
            const auto levels = search.node(c, lp);
            if (!levels || *levels == topNode) continue;
            auto it = judged.find(*levels);
            if (it == judged.end())
                it = judged
                         .emplace(*levels,
                                  profileRecoding(input, recodeNode(input, *levels), tau, l))
                         .first;
            TauProfile p = it->second;
            p.c = c;
            p.l = double(lp);
            keepCloser(best, std::move(p));
        }
    return best;
}

}  // namespace ldv
