// Count queries (Tian & Zhang 2011 §5.3.3) and eligible ranges (Tian & Zhang 2011 Table 1); see
// tau_analysis.h.
#include "ldiv/tau/tau_analysis.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <random>

namespace ldv {

namespace {

bool isAncestorOrSelf(const SensitiveTaxonomy& t, std::size_t ancestor, std::size_t node) {
    for (int v = int(node); v != -1; v = t.parent(std::size_t(v)))
        if (std::size_t(v) == ancestor) return true;
    return false;
}

// The factor c of one SA cell: t covers b → |leaves(b)|/|leaves(t)|; b covers t → 1; else 0.
double saFactor(const SensitiveTaxonomy& t, std::size_t b, std::size_t published) {
    if (isAncestorOrSelf(t, published, b))
        return double(t.leaves(b).size()) / double(t.leaves(published).size());
    return isAncestorOrSelf(t, b, published) ? 1.0 : 0.0;
}

}  // namespace

CountQueryWorkload::CountQueryWorkload(const TauInput& input, std::size_t perDimension,
                                       std::uint64_t seed)
    : m_input(&input) {
    const Dataset& data = *input.data;
    const std::size_t d = data.qiCount();
    const std::size_t n = input.rowCount();
    std::mt19937_64 rng(seed);
    std::vector<std::uint16_t> attrs(d);
    std::iota(attrs.begin(), attrs.end(), std::uint16_t(0));
    m_byS.resize(d + 1);
    for (std::size_t s = 1; s <= d + 1; ++s) {
        for (std::size_t q = 0; q < perDimension && n > 0; ++q) {
            Query query;
            std::shuffle(attrs.begin(), attrs.end(), rng);
            query.attrs.assign(attrs.begin(), attrs.begin() + std::ptrdiff_t(s - 1));
            const std::size_t row = std::uniform_int_distribution<std::size_t>(0, n - 1)(rng);
            for (std::uint16_t i : query.attrs) {
                const int h = data.hierarchy(i).height();
                query.levels.push_back(h == 0 ? 0
                                              : std::uniform_int_distribution<int>(0, h - 1)(rng));
                query.base.push_back(data.table().column(data.qiColumns()[i]).code(row));
            }
            // The SA value: an ancestor of the row's SA below the root.
            std::vector<std::size_t> chain;
            for (int v = int(input.baseSa[row]); v != -1; v = input.taxonomy.parent(std::size_t(v)))
                chain.push_back(std::size_t(v));
            const std::size_t depth = chain.size() > 1 ? chain.size() - 1 : 1;
            query.saNode =
                std::uint32_t(chain[std::uniform_int_distribution<std::size_t>(0, depth - 1)(rng)]);
            for (std::size_t r = 0; r < n; ++r) {
                bool match = isAncestorOrSelf(input.taxonomy, query.saNode, input.baseSa[r]);
                for (std::size_t k = 0; match && k < query.attrs.size(); ++k) {
                    const HierarchyMap& h = data.hierarchy(query.attrs[k]);
                    const Code x = data.table().column(data.qiColumns()[query.attrs[k]]).code(r);
                    match = h.map(x, query.levels[k]) == h.map(query.base[k], query.levels[k]);
                }
                query.actual += match;
            }
            m_byS[s - 1].push_back(std::move(query));
        }
    }
}

std::vector<double> CountQueryWorkload::averageErrors(const LocalRecoding& out) const {
    const TauInput& input = *m_input;
    const Dataset& data = *input.data;
    std::vector<double> errors(m_byS.size(), 0.0);
    if (out.empty()) return errors;
    // A class's rows differ only in their SA node: count them per node once.
    std::vector<std::vector<std::pair<std::uint32_t, double>>> saCounts(out.classes.size());
    std::vector<Code> rep(out.classes.size() * data.qiCount());
    for (std::size_t c = 0; c < out.classes.size(); ++c) {
        std::vector<double> counts(input.taxonomy.nodeCount(), 0);
        for (std::uint32_t r : out.classes[c].rows) ++counts[out.saNode[r]];
        for (std::size_t v = 0; v < counts.size(); ++v)
            if (counts[v] > 0) saCounts[c].emplace_back(std::uint32_t(v), counts[v]);
        for (std::size_t i = 0; i < data.qiCount(); ++i)
            rep[c * data.qiCount() + i] =
                data.table().column(data.qiColumns()[i]).code(out.classes[c].rows.front());
    }
    for (std::size_t s = 0; s < m_byS.size(); ++s) {
        double sum = 0;
        for (const Query& q : m_byS[s]) {
            double estimate = 0;
            for (std::size_t c = 0; c < out.classes.size(); ++c) {
                const RecodedClass& cls = out.classes[c];
                double factor = 1;
                for (std::size_t k = 0; k < q.attrs.size() && factor > 0; ++k) {
                    const std::size_t i = q.attrs[k];
                    const HierarchyMap& h = data.hierarchy(i);
                    const int lt = cls.levels[i], lb = q.levels[k];
                    const int top = std::max(lt, lb);
                    if (h.map(rep[c * data.qiCount() + i], top) != h.map(q.base[k], top)) {
                        factor = 0;
                    } else if (lt > lb) {
                        factor *= double(h.fullCoverage(lb)[h.map(q.base[k], lb)]) /
                                  double(h.fullCoverage(lt)[cls.codes[i]]);
                    }
                }
                if (factor == 0) continue;
                for (const auto& [node, count] : saCounts[c])
                    estimate += count * factor * saFactor(input.taxonomy, q.saNode, node);
            }
            sum += std::abs(q.actual - estimate) / q.actual;
        }
        errors[s] = m_byS[s].empty() ? 0.0 : sum / double(m_byS[s].size());
    }
    return errors;
}

std::vector<SensitiveCountError> sensitiveCountErrors(const TauInput& input,
                                                      const LocalRecoding& out) {
    const std::size_t m = input.domain();
    std::vector<SensitiveCountError> result;
    std::vector<std::uint64_t> actual(m, 0);
    for (std::uint32_t s : input.baseSa) ++actual[s];
    std::vector<double> estimate(m, 0);
    for (std::uint32_t v : out.saNode)
        for (std::uint32_t a : input.taxonomy.leaves(v))
            estimate[a] += 1.0 / double(input.taxonomy.leaves(v).size());
    for (std::size_t s = 0; s < m; ++s)
        if (actual[s] > 0)
            result.push_back({input.saColumn().value(Code(s)), actual[s], estimate[s],
                              std::abs(double(actual[s]) - estimate[s]) / double(actual[s])});
    std::stable_sort(result.begin(), result.end(),
                     [](const auto& a, const auto& b) { return a.actual > b.actual; });
    return result;
}

EligibleRange eligibleRange(const TauInput& input) {
    EligibleRange e;
    e.rows = input.rowCount();
    std::vector<std::uint32_t> counts(input.domain(), 0);
    for (std::uint32_t s : input.baseSa) ++counts[s];
    std::vector<double> r;
    for (std::uint32_t c : counts)
        if (c > 0) r.push_back(c);
    std::sort(r.begin(), r.end(), std::greater<>());
    e.m = r.size();
    if (r.empty()) return e;
    const double n = double(e.rows);
    e.topFrequency = r[0] / n;
    e.maxSimpleL = std::uint64_t(std::floor(n / r[0] + 1e-12));
    for (std::size_t l = 2; l <= e.m; ++l) {
        double tail = 0;
        for (std::size_t j = l; j <= e.m; ++j) tail += r[j - 1];
        // The smallest real c with r1 < c·tail is just above r1/tail; as an integer (Tian & Zhang
        // 2011 Def. 1):
        e.minC.push_back(tail > 0 ? std::floor(r[0] / tail) + 1
                                  : std::numeric_limits<double>::infinity());
        double tau = 1.0 / double(l);
        double F = 0;
        for (std::size_t k = 1; k < l; ++k) {
            F += r[k - 1] / n;
            const double x = double(k - 1) / double(l - 1);
            tau = std::max(tau, (F - x) / (1 - x));
        }
        e.minTau.push_back(tau);
    }
    return e;
}

}  // namespace ldv
