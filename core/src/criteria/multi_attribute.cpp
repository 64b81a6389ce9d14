// Multi-attribute ℓ-diversity, Machanavajjhala et al. 2007 Def. 4.6 (criteria_multi.h).
#include "ldiv/criteria/joint_histogram.h"

#include <algorithm>
#include <numeric>

namespace ldv {

void JointHistogram::add(const std::vector<std::uint32_t>& combination, std::uint32_t count) {
    if (attributeCount == 0) attributeCount = combination.size();
    for (std::size_t r = 0; r < size(); ++r) {
        if (std::equal(combination.begin(), combination.end(),
                       codes.begin() + std::ptrdiff_t(r * attributeCount))) {
            counts[r] += count;
            return;
        }
    }
    codes.insert(codes.end(), combination.begin(), combination.end());
    counts.push_back(count);
}

std::vector<std::uint32_t> marginalHistogram(const JointHistogram& joint, std::size_t target) {
    std::vector<std::uint32_t> histogram;
    for (std::size_t r = 0; r < joint.size(); ++r) {
        const std::uint32_t code = joint.code(r, target);
        if (code >= histogram.size()) histogram.resize(code + 1, 0);
        histogram[code] += joint.counts[r];
    }
    return histogram;
}

bool holdsForClass(const Criterion& criterion, const JointHistogram& joint, std::size_t target) {
    if (!criterion.multiAttribute() || joint.attributeCount <= 1)
        return criterion.holds(marginalHistogram(joint, target));
    // Order combinations by the other attributes' codes; each run of equal keys is one class of
    // the view "QI + other SAs", whose target histogram must satisfy the criterion.
    const auto sameKey = [&](std::size_t a, std::size_t b) {
        for (std::size_t i = 0; i < joint.attributeCount; ++i)
            if (i != target && joint.code(a, i) != joint.code(b, i)) return false;
        return true;
    };
    const auto keyLess = [&](std::size_t a, std::size_t b) {
        for (std::size_t i = 0; i < joint.attributeCount; ++i)
            if (i != target && joint.code(a, i) != joint.code(b, i))
                return joint.code(a, i) < joint.code(b, i);
        return false;
    };
    std::vector<std::size_t> order(joint.size());
    std::iota(order.begin(), order.end(), std::size_t(0));
    std::sort(order.begin(), order.end(), keyLess);
    std::vector<std::uint32_t> histogram;
    for (std::size_t begin = 0; begin < order.size();) {
        std::size_t end = begin;
        histogram.clear();
        while (end < order.size() && sameKey(order[begin], order[end])) {
            const std::uint32_t code = joint.code(order[end], target);
            if (code >= histogram.size()) histogram.resize(code + 1, 0);
            histogram[code] += joint.counts[order[end]];
            ++end;
        }
        if (!criterion.holds(histogram)) return false;
        begin = end;
    }
    return true;
}

}  // namespace ldv
