// The privacy-diagnosis paper Lemma 2 and Algorithm 3 on sorted class sizes (SPEC §6 definition).
#include <algorithm>
#include <cmath>

#include "ldiv/diagnosis/suppressed_anonymity.h"

namespace ldv {

std::size_t suppressionBudget(double delta, std::size_t rows) {
    const double x = delta * static_cast<double>(rows);
    const double nearest = std::round(x);
    // δ = m/n must give m, not m+1, although m/n·n may come out as m + 1 ulp.
    if (std::fabs(x - nearest) <= 1e-9 * std::max(1.0, x)) return static_cast<std::size_t>(nearest);
    return static_cast<std::size_t>(std::ceil(x));
}

SuppressedAnonymity anonymityWithSuppression(std::span<const std::uint32_t> sizes,
                                             std::size_t budget) {
    SuppressedAnonymity r;
    if (sizes.empty()) return r;
    // Unlike Algorithm 3's "while partialSum < δ|r|", which can overshoot the threshold by one
    // class, remove a class only when the total stays within the budget; keep the last class.
    std::size_t j = 0, removed = 0;
    while (j + 1 < sizes.size() && removed + sizes[j] <= budget) removed += sizes[j++];
    r.k = sizes[j];
    for (std::size_t i = 0; i < j && sizes[i] < r.k; ++i) {
        r.suppressedRows += sizes[i];
        ++r.suppressedClasses;
    }
    return r;
}

std::size_t rowsInClassesBelow(std::span<const std::uint32_t> sizes, std::size_t k) {
    std::size_t rows = 0;
    for (std::uint32_t s : sizes) {
        if (s >= k) break;
        rows += s;
    }
    return rows;
}

std::size_t rowsInClassesBetween(std::span<const std::uint32_t> sizes, std::size_t from,
                                 std::size_t to) {
    std::size_t rows = 0;
    for (std::uint32_t s : sizes) {
        if (s > to) break;
        if (s >= from) rows += s;
    }
    return rows;
}

std::vector<TradeoffPoint> suppressionTradeoff(std::span<const std::uint32_t> sizes) {
    std::vector<TradeoffPoint> points;
    std::size_t below = 0;
    for (std::size_t i = 0; i < sizes.size(); ++i) {
        if (i == 0 || sizes[i] != sizes[i - 1]) points.push_back({sizes[i], below});
        below += sizes[i];
    }
    return points;
}

SizeHistogram sizeHistogram(std::span<const std::uint32_t> sizes) {
    SizeHistogram h;
    for (std::uint32_t s : sizes) {
        if (h.empty() || h.back().first != s) h.push_back({s, 0});
        ++h.back().second;
    }
    return h;
}

}  // namespace ldv
