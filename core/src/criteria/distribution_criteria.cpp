// t-closeness, δ-disclosure and β-likeness on one class's histogram (criteria_distribution.h).
#include <algorithm>
#include <cmath>
#include <limits>

#include "criteria/sorted_counts.h"
#include "ldiv/criteria/distribution_criteria.h"
#include "ldiv/criteria/sensitive_taxonomy.h"

namespace ldv {

namespace {

// Comparisons allow this much rounding slack so that a class whose distribution equals the
// bound holds (e.g. EMD exactly t after summing fractions).
constexpr double Slack = 1e-12;

double totalOf(Histogram counts) {
    double n = 0;
    for (std::uint32_t c : counts) n += c;
    return n;
}

}  // namespace

std::vector<double> tableDistribution(std::span<const std::uint64_t> counts) {
    double n = 0;
    for (std::uint64_t c : counts) n += double(c);
    std::vector<double> p(counts.size(), 0);
    for (std::size_t s = 0; s < counts.size(); ++s) p[s] = n > 0 ? double(counts[s]) / n : 0;
    return p;
}

void setHierarchicalDistance(TCloseness& t, const SensitiveTaxonomy& taxonomy) {
    const std::size_t nodes = taxonomy.nodeCount();
    std::vector<int> height(nodes, 0);
    t.parent.assign(nodes, -1);
    // Heights from the leaves up: a parent is at least one above each child. Walking from
    // every leaf to the root is O(nodes·depth), done once per binding.
    for (std::size_t v = 0; v < nodes; ++v) t.parent[v] = taxonomy.parent(v);
    for (std::size_t leaf = 0; leaf < taxonomy.baseCount(); ++leaf) {
        int h = 0;
        for (int v = taxonomy.parent(leaf); v >= 0; v = taxonomy.parent(std::size_t(v))) {
            ++h;
            if (height[std::size_t(v)] >= h) break;
            height[std::size_t(v)] = h;
        }
    }
    const int top = nodes == 0 ? 0 : *std::max_element(height.begin(), height.end());
    t.relativeHeight.assign(nodes, 0);
    for (std::size_t v = 0; v < nodes; ++v)
        t.relativeHeight[v] = top > 0 ? double(height[v]) / double(top) : 0;
    t.bottomUp.resize(nodes);
    for (std::size_t v = 0; v < nodes; ++v) t.bottomUp[v] = std::uint32_t(v);
    std::stable_sort(t.bottomUp.begin(), t.bottomUp.end(),
                     [&](std::uint32_t a, std::uint32_t b) { return height[a] < height[b]; });
}

namespace {

// The hierarchical EMD (criteria_distribution.h). `pos` and `neg` have one entry per node.
double hierarchicalEmd(const TCloseness& t, Histogram counts, double n, double* pos, double* neg) {
    const std::size_t nodes = t.parent.size();
    const std::size_t m = t.p.size();
    std::fill(pos, pos + nodes, 0.0);
    std::fill(neg, neg + nodes, 0.0);
    double emd = 0;
    for (std::uint32_t v : t.bottomUp) {
        double extra;
        if (v < m) {
            extra = detail::countOf(counts, v) / n - t.p[v];
        } else {
            extra = pos[v] - neg[v];
            emd += t.relativeHeight[v] * std::min(pos[v], neg[v]);
        }
        const std::int32_t up = t.parent[v];
        if (up < 0) continue;
        if (extra > 0)
            pos[up] += extra;
        else
            neg[up] -= extra;
    }
    return emd;
}

}  // namespace

double TCloseness::measure(Histogram counts) const {
    const double n = totalOf(counts);
    if (n == 0) return std::numeric_limits<double>::infinity();
    double emd = 0;
    if (!parent.empty()) {
        const std::size_t nodes = parent.size();
        if (nodes <= 256) {
            double buffer[512];
            return hierarchicalEmd(*this, counts, n, buffer, buffer + 256);
        }
        std::vector<double> buffer(2 * nodes);
        return hierarchicalEmd(*this, counts, n, buffer.data(), buffer.data() + nodes);
    }
    if (order.empty()) {
        for (std::size_t s = 0; s < p.size(); ++s)
            emd += std::abs(detail::countOf(counts, s) / n - p[s]);
        return emd / 2;
    }
    if (order.size() < 2) return 0;
    double cumulative = 0;
    for (std::uint32_t s : order) {
        cumulative += detail::countOf(counts, s) / n - p[s];
        emd += std::abs(cumulative);
    }
    return emd / double(order.size() - 1);
}

bool TCloseness::holds(Histogram counts) const {
    return totalOf(counts) > 0 && measure(counts) <= t + Slack;
}

double DeltaDisclosure::measure(Histogram counts) const {
    const double n = totalOf(counts);
    if (n == 0) return std::numeric_limits<double>::infinity();
    double worst = 0;
    for (std::size_t s = 0; s < p.size(); ++s) {
        if (p[s] == 0) continue;
        const double q = detail::countOf(counts, s) / n;
        if (q == 0) return std::numeric_limits<double>::infinity();
        worst = std::max(worst, std::abs(std::log(q / p[s])));
    }
    return worst;
}

bool DeltaDisclosure::holds(Histogram counts) const {
    return measure(counts) < delta;
}

double BetaLikeness::measure(Histogram counts) const {
    const double n = totalOf(counts);
    if (n == 0) return std::numeric_limits<double>::infinity();
    double worst = 0;
    for (std::size_t s = 0; s < p.size(); ++s) {
        const double q = detail::countOf(counts, s) / n;
        if (p[s] == 0 || q <= p[s]) continue;
        double d = (q - p[s]) / p[s];
        if (enhanced) d /= std::min(beta, -std::log(p[s]));
        worst = std::max(worst, d);
    }
    return worst;
}

bool BetaLikeness::holds(Histogram counts) const {
    return totalOf(counts) > 0 && measure(counts) <= (enhanced ? 1.0 : beta) * (1 + Slack);
}

}  // namespace ldv
