// 1DLD (Ghinita et al., VLDB 2007, as summarized in Tian & Zhang 2011 §5.1.2) and its use for a
// (τ,ℓ) requirement (Tian & Zhang 2011 §5.2); see tau_baselines.h.
#include "ldiv/criteria/criterion.h"
#include "ldiv/tau/baseline_outcome.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <numeric>

namespace ldv {

namespace {

using Key = std::pair<std::uint64_t, std::uint64_t>;

int bitsFor(std::size_t values) {
    int b = 1;
    while ((std::size_t(1) << b) < values) ++b;
    return b;
}

// The minimal common generalization of a group, attribute by attribute (local recoding).
RecodedClass generalizeGroup(const Dataset& data, std::vector<std::uint32_t> rows) {
    RecodedClass cls;
    for (std::size_t i = 0; i < data.qiCount(); ++i) {
        const HierarchyMap& h = data.hierarchy(i);
        const auto codes = data.table().column(data.qiColumns()[i]).codes();
        for (int j = 0; j <= h.height(); ++j) {
            const Code first = h.map(codes[rows.front()], j);
            const bool common = std::all_of(rows.begin(), rows.end(), [&](std::uint32_t r) {
                return h.map(codes[r], j) == first;
            });
            if (common || j == h.height()) {
                cls.levels.push_back(j);
                cls.codes.push_back(first);
                break;
            }
        }
    }
    cls.rows = std::move(rows);
    return cls;
}

}  // namespace

Key hilbertIndex(std::vector<std::uint32_t> x, int bits) {
    // J. Skilling, "Programming the Hilbert curve" (AIP Conf. Proc. 707, 2004): AxesToTranspose.
    const std::size_t n = x.size();
    if (n == 0 || bits <= 0) return {0, 0};
    const std::uint32_t M = 1u << (bits - 1);
    for (std::uint32_t Q = M; Q > 1; Q >>= 1) {
        const std::uint32_t P = Q - 1;
        for (std::size_t i = 0; i < n; ++i) {
            if (x[i] & Q) {
                x[0] ^= P;
            } else {
                const std::uint32_t t = (x[0] ^ x[i]) & P;
                x[0] ^= t;
                x[i] ^= t;
            }
        }
    }
    for (std::size_t i = 1; i < n; ++i) x[i] ^= x[i - 1];
    std::uint32_t t = 0;
    for (std::uint32_t Q = M; Q > 1; Q >>= 1)
        if (x[n - 1] & Q) t ^= Q - 1;
    for (std::size_t i = 0; i < n; ++i) x[i] ^= t;
    // Interleave: the most significant bit of every coordinate first.
    Key key{0, 0};
    for (int b = bits - 1; b >= 0; --b)
        for (std::size_t i = 0; i < n; ++i) {
            key.first = (key.first << 1) | (key.second >> 63);
            key.second = (key.second << 1) | ((x[i] >> b) & 1u);
        }
    return key;
}

LocalRecoding oneDimensionalDiversity(const TauInput& input, std::size_t l) {
    const Dataset& data = *input.data;
    const std::size_t n = input.rowCount();
    const std::size_t m = input.domain();
    LocalRecoding out;
    std::vector<std::vector<std::uint32_t>> buckets(m);
    for (std::uint32_t r = 0; r < n; ++r) buckets[input.baseSa[r]].push_back(r);
    std::size_t r1 = 0;
    for (const auto& b : buckets) r1 = std::max(r1, b.size());
    if (l < 1 || n == 0 || r1 * l > n)
        return out;  // not eligible: no simple ℓ-diverse table exists (Tian & Zhang 2011 Table 1)

    // One-dimensional keys; coordinates are scaled down when d·bits exceeds 128.
    const std::size_t d = data.qiCount();
    int bits = 1;
    for (std::size_t i = 0; i < d; ++i) bits = std::max(bits, bitsFor(input.qiRank[i].size()));
    const int shift = d > 0 && std::size_t(bits) * d > 128 ? bits - int(128 / d) : 0;
    std::vector<Key> keys(n);
    std::vector<std::uint32_t> point(d);
    for (std::size_t r = 0; r < n; ++r) {
        for (std::size_t i = 0; i < d; ++i)
            point[i] = input.qiRank[i][data.table().column(data.qiColumns()[i]).code(r)] >> shift;
        keys[r] = hilbertIndex(point, bits - shift);
    }
    for (auto& b : buckets)
        std::sort(b.begin(), b.end(), [&](std::uint32_t a, std::uint32_t c) {
            return keys[a] != keys[c] ? keys[a] < keys[c] : a < c;
        });

    std::vector<std::size_t> front(m, 0);
    auto count = [&](std::size_t s) { return buckets[s].size() - front[s]; };
    std::size_t remaining = n;
    std::vector<std::size_t> order;
    while (remaining >= 2 * l) {
        // A bucket with count·ℓ > remaining − ℓ would break eligibility unless it gives a row.
        std::vector<std::size_t> chosen, others;
        for (std::size_t s = 0; s < m; ++s) {
            if (count(s) == 0) continue;
            (count(s) * l > remaining - l ? chosen : others).push_back(s);
        }
        if (chosen.size() > l || chosen.size() + others.size() < l) break;
        std::sort(others.begin(), others.end(), [&](std::size_t a, std::size_t b) {
            return keys[buckets[a][front[a]]] < keys[buckets[b][front[b]]];
        });
        chosen.insert(chosen.end(), others.begin(),
                      others.begin() + std::ptrdiff_t(l - chosen.size()));
        std::vector<std::uint32_t> group;
        for (std::size_t s : chosen) group.push_back(buckets[s][front[s]++]);
        out.classes.push_back(generalizeGroup(data, std::move(group)));
        remaining -= l;
    }
    if (remaining > 0) {
        std::vector<std::uint32_t> group;
        for (std::size_t s = 0; s < m; ++s)
            group.insert(group.end(), buckets[s].begin() + std::ptrdiff_t(front[s]),
                         buckets[s].end());
        out.classes.push_back(generalizeGroup(data, std::move(group)));
    }
    out.saNode = input.baseSa;
    return out;
}

BaselineOutcome bestOneDld(const TauInput& input, double tau, double l) {
    const auto start = std::chrono::steady_clock::now();
    validateTau(tau, l, input.domain());
    BaselineOutcome best;
    std::vector<std::uint32_t> counts(input.domain(), 0);
    for (std::uint32_t s : input.baseSa) ++counts[s];
    const std::uint64_t maxL = simpleEligibility(counts);
    for (std::size_t lp = 2; lp <= maxL; ++lp) {
        LocalRecoding out = oneDimensionalDiversity(input, lp);
        if (out.empty()) continue;
        ++best.runs;
        if (!checkTau(input, out, tau, l).holds()) continue;
        ++best.satisfyingRuns;
        const double e = excessiveProtection(input, out, tau, l);
        if (best.empty || e < best.excessiveProtection - 1e-12) {
            best.empty = false;
            best.l = double(lp);
            best.excessiveProtection = e;
            best.recoding = std::move(out);
        }
    }
    if (!best.empty) best.utility = informationUtility(input, best.recoding);
    best.milliseconds =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    return best;
}

}  // namespace ldv
