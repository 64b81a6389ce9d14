#include "utility/value_order.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <optional>
#include <tuple>

#include "ldiv/utility/attribute_summary.h"

namespace ldv::detail {

std::vector<std::size_t> valueOrder(const std::vector<std::string>& labels) {
    std::vector<std::optional<ValueInterval>> intervals;
    intervals.reserve(labels.size());
    for (const std::string& l : labels) intervals.push_back(parseIntervalLabel(l));
    std::vector<std::size_t> order(labels.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    // Bounded intervals and numbers first, then "*" (the whole range), then words.
    auto rank = [&](std::size_t i) {
        const auto& v = intervals[i];
        if (!v) return 2;
        return std::isinf(v->low) && std::isinf(v->high) ? 1 : 0;
    };
    std::sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) {
        const int rx = rank(x), ry = rank(y);
        if (rx != ry) return rx < ry;
        if (rx == 0) {
            const ValueInterval& a = *intervals[x];
            const ValueInterval& b = *intervals[y];
            if (a.low != b.low || a.high != b.high)
                return std::tie(a.low, a.high) < std::tie(b.low, b.high);
        }
        return labels[x] < labels[y];
    });
    return order;
}

}  // namespace ldv::detail
