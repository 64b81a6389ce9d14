#pragma once
// The per-class criteria written from their definitions (Machanavajjhala et al. 2007, Defs.
// 4.1–4.2), not from the engine: the transformation tests judge every published class with it.
#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <vector>

namespace ldv::test {

/// k-anonymity (|E| ≥ k), distinct ℓ-diversity (at least ℓ sensitive values), entropy
/// ℓ-diversity (−Σ p log p ≥ log ℓ) and recursive (c,ℓ)-diversity (r1 < c·(r_ℓ + … + r_m) with
/// r the counts in decreasing order) of one class with these sensitive values; a parameter of 0
/// leaves its criterion out.
inline bool classMeetsDefinitions(const std::vector<std::string>& sensitive, int k, int distinctL,
                                  double entropyL, int recursiveC, int recursiveL) {
    if (int(sensitive.size()) < k) return false;
    std::map<std::string, int> counts;
    for (const std::string& s : sensitive) ++counts[s];
    if (distinctL > 0 && int(counts.size()) < distinctL) return false;
    if (entropyL > 0) {
        double h = 0;
        for (const auto& [v, n] : counts) {
            const double p = double(n) / double(sensitive.size());
            h -= p * std::log(p);
        }
        if (h < std::log(entropyL) - 1e-9) return false;
    }
    if (recursiveC > 0) {
        std::vector<int> r;
        for (const auto& [v, n] : counts) r.push_back(n);
        std::sort(r.rbegin(), r.rend());
        int tail = 0;
        for (std::size_t j = std::size_t(recursiveL) - 1; j < r.size(); ++j) tail += r[j];
        if (!(r[0] < recursiveC * tail)) return false;
    }
    return true;
}

}  // namespace ldv::test
