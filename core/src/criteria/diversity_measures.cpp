// The single criteria of SPEC §2 on one class's histogram (criteria_types.h).
#include "criteria/sorted_counts.h"
#include "ldiv/criteria/criterion_types.h"
#include "ldiv/criteria/sensitive_taxonomy.h"

#include <cmath>
#include <limits>

namespace ldv {

using detail::SortedCounts;

namespace {

std::uint64_t totalOf(Histogram counts) {
    std::uint64_t n = 0;
    for (std::uint32_t c : counts) n += c;
    return n;
}

// N and r1 of simple ℓ-diversity in one pass, without sorting (it needs no other rank).
struct TotalAndLargest {
    std::uint64_t n = 0;
    std::uint32_t r1 = 0;
};

TotalAndLargest totalAndLargest(Histogram counts) {
    TotalAndLargest t;
    for (std::uint32_t c : counts) {
        t.n += c;
        t.r1 = std::max(t.r1, c);
    }
    return t;
}

bool isDontCare(std::span<const std::uint8_t> dontCare, std::size_t s) {
    return s < dontCare.size() && dontCare[s] != 0;
}

// Recursive condition r1 < c·Σ_{j≥ℓ} r_j on sorted counts; ℓ = 1 always holds.
bool recursiveHolds(const SortedCounts& sorted, double c, std::uint32_t l) {
    if (sorted.total() == 0) return false;
    if (l <= 1) return true;
    return double(sorted.values()[0]) < c * double(sorted.tailFrom(l));
}

// Rank (1-based) and count of the most frequent value not in Y. The tie order between a Y value
// and a non-Y value of equal count does not change the pd outcome (see PdRecursiveCL), so the
// first rank holding that count is used.
struct NonDontCare {
    std::size_t rank = 0;  // 0: every present value is in Y
    std::uint32_t count = 0;
};

NonDontCare mostFrequentOutsideY(Histogram counts, std::span<const std::uint8_t> dontCare,
                                 const SortedCounts& sorted) {
    NonDontCare best;
    for (std::size_t s = 0; s < counts.size(); ++s)
        if (counts[s] > best.count && !isDontCare(dontCare, s)) best.count = counts[s];
    if (best.count == 0) return best;
    const auto values = sorted.values();
    std::size_t rank = 0;
    while (values[rank] != best.count) ++rank;
    best.rank = rank + 1;
    return best;
}

bool pdHolds(const SortedCounts& sorted, NonDontCare y, double c, std::uint32_t l) {
    if (sorted.total() == 0) return false;
    if (y.rank == 0 || l <= 1) return true;
    std::uint64_t tail = 0;
    if (y.rank <= l - 1)
        tail = sorted.tailFrom(l);
    else
        tail = sorted.tailFrom(l - 1) - y.count;  // Σ_{ℓ−1..y−1} + Σ_{y+1..m}
    return double(y.count) < c * double(tail);
}

bool protectedHold(Histogram counts, std::span<const std::uint32_t> protectedCodes, double c2) {
    const double n = double(totalOf(counts));
    for (std::uint32_t s : protectedCodes)
        if (double(detail::countOf(counts, s)) < c2 / 100.0 * n) return false;
    return true;
}

// The largest ℓ′ for which pd-recursive (c,ℓ′) holds; ∞ when only don't-care values are present.
double pdMeasure(Histogram counts, std::span<const std::uint8_t> dontCare, double c) {
    const SortedCounts sorted(counts);
    if (sorted.total() == 0) return 0;
    const NonDontCare y = mostFrequentOutsideY(counts, dontCare, sorted);
    if (y.rank == 0) return std::numeric_limits<double>::infinity();
    // Both tails of Def. 4.3 shrink as ℓ grows, so the allowed ℓ are again a prefix.
    std::uint32_t best = 1;
    for (std::uint32_t candidate = 2; candidate <= sorted.distinct(); ++candidate) {
        if (!pdHolds(sorted, y, c, candidate)) break;
        best = candidate;
    }
    return double(best);
}

}  // namespace

double entropy(Histogram counts) {
    const std::uint64_t n = totalOf(counts);
    if (n == 0) return 0;
    // H = log N − Σ n(s) log n(s) / N: one log per value, no division inside the loop.
    double sum = 0;
    for (std::uint32_t c : counts)
        if (c != 0) sum += double(c) * std::log(double(c));
    const double h = std::log(double(n)) - sum / double(n);
    return h < 0 ? 0 : h;
}

double logEntropicMean(std::span<const double> values) {
    double sum = 0;
    double weighted = 0;
    for (double v : values) {
        if (v > 0) {
            sum += v;
            weighted += v * std::log(v);
        }
    }
    return sum > 0 ? weighted / sum : std::numeric_limits<double>::infinity();
}

double adjustedEntropy(Histogram counts, std::span<const std::uint8_t> dontCare) {
    // Running sums of the fixed set: Σ c and Σ c log c, so M(fixed) = weighted / sum.
    double sum = 0;
    double weighted = 0;
    std::size_t changeableCount = 0;
    for (std::size_t s = 0; s < counts.size(); ++s) {
        const std::uint32_t c = counts[s];
        if (c == 0) continue;  // log 0 = −∞ < M: a zero don't-care count is fixed and adds nothing
        if (isDontCare(dontCare, s)) {
            ++changeableCount;
        } else {
            sum += double(c);
            weighted += double(c) * std::log(double(c));
        }
    }
    if (sum + double(changeableCount) == 0) return 0;
    // Don't-care counts ascending: the loop of Algorithm 1 always takes the minimum.
    std::uint32_t local[detail::SortedCounts::InlineSize];
    std::vector<std::uint32_t> heap;
    std::uint32_t* phi = local;
    if (changeableCount > detail::SortedCounts::InlineSize) {
        heap.resize(changeableCount);
        phi = heap.data();
    }
    std::size_t r = 0;
    for (std::size_t s = 0; s < counts.size(); ++s)
        if (counts[s] != 0 && isDontCare(dontCare, s)) phi[r++] = counts[s];
    std::sort(phi, phi + r);

    std::size_t next = 0;
    auto mean = [&] { return sum > 0 ? weighted / sum : std::numeric_limits<double>::infinity(); };
    while (next < r && std::log(double(phi[next])) < mean()) {
        const double c = double(phi[next++]);
        sum += c;
        weighted += c * std::log(c);
    }
    // The r − next changeable values all become x = e^M; Ĥ = log T − Σ x log x / T.
    const double m = mean();
    const double x = std::exp(m);
    const double changed = double(r - next);
    const double total = sum + changed * x;
    const double h = std::log(total) - (weighted + changed * x * m) / total;
    return h < 0 ? 0 : h;
}

bool KAnonymity::holds(Histogram counts) const {
    const std::uint64_t n = totalOf(counts);
    return n > 0 && n >= k;
}

double KAnonymity::measure(Histogram counts) const {
    return double(totalOf(counts));
}

bool DistinctL::holds(Histogram counts) const {
    return measure(counts) >= double(l) && l > 0;
}

double DistinctL::measure(Histogram counts) const {
    std::size_t m = 0;
    for (std::uint32_t c : counts) m += c != 0;
    return double(m);
}

bool EntropyL::holds(Histogram counts) const {
    return totalOf(counts) > 0 && entropy(counts) >= std::log(l) - detail::EntropySlack;
}

double EntropyL::measure(Histogram counts) const {
    return std::exp(entropy(counts));
}

bool EntropyLDontCare::holds(Histogram counts) const {
    return totalOf(counts) > 0 &&
           adjustedEntropy(counts, dontCare) >= std::log(l) - detail::EntropySlack;
}

double EntropyLDontCare::measure(Histogram counts) const {
    return std::exp(adjustedEntropy(counts, dontCare));
}

bool RecursiveCL::holds(Histogram counts) const {
    const SortedCounts sorted(counts);
    return recursiveHolds(sorted, c, l);
}

double RecursiveCL::measure(Histogram counts) const {
    const SortedCounts sorted(counts);
    if (sorted.total() == 0) return 0;
    // The tail shrinks as ℓ grows, so the allowed ℓ form a prefix 1..ℓmax.
    std::uint32_t best = 1;
    for (std::uint32_t candidate = 2; candidate <= sorted.distinct(); ++candidate) {
        if (!recursiveHolds(sorted, c, candidate)) break;
        best = candidate;
    }
    return double(best);
}

bool PdRecursiveCL::holds(Histogram counts) const {
    const SortedCounts sorted(counts);
    return pdHolds(sorted, mostFrequentOutsideY(counts, dontCare, sorted), c, l);
}

double PdRecursiveCL::measure(Histogram counts) const {
    return pdMeasure(counts, dontCare, c);
}

bool NpdRecursiveCL::holds(Histogram counts) const {
    if (!protectedHold(counts, protectedCodes, c2)) return false;
    const SortedCounts sorted(counts);
    return pdHolds(sorted, mostFrequentOutsideY(counts, dontCare, sorted), c1, l);
}

double NpdRecursiveCL::measure(Histogram counts) const {
    if (!protectedHold(counts, protectedCodes, c2)) return 0;
    return pdMeasure(counts, dontCare, c1);
}

bool SimpleL::holds(Histogram counts) const {
    const TotalAndLargest t = totalAndLargest(counts);
    // r1/N ≤ 1/ℓ without dividing; exact for whole ℓ.
    return t.n > 0 && double(t.r1) * l <= double(t.n);
}

double SimpleL::measure(Histogram counts) const {
    const TotalAndLargest t = totalAndLargest(counts);
    return t.r1 == 0 ? 0 : double(t.n) / double(t.r1);
}

bool TauL::holds(Histogram counts) const {
    return totalOf(counts) > 0 && measure(counts) <= 1e-12;
}

double TauL::measure(Histogram counts) const {
    const SortedCounts sorted(counts);
    if (sorted.total() == 0) return std::numeric_limits<double>::infinity();
    // Beyond k = max(m, ⌈ℓ⌉) F(k) = 1 = ψ(k), so only those k can exceed ψ.
    const auto values = sorted.values();
    const std::size_t last = std::max<std::size_t>(values.size(), std::size_t(std::ceil(l)));
    const double n = double(sorted.total());
    double cumulative = 0;
    double worst = -std::numeric_limits<double>::infinity();
    for (std::size_t k = 1; k <= last; ++k) {
        if (k <= values.size()) cumulative += double(values[k - 1]);
        worst = std::max(worst, cumulative / n - tauPsi(k, tau, l));
    }
    return worst;
}

}  // namespace ldv
