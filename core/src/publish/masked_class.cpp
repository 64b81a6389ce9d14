// The masked rows' class (masked_class.h).
#include "publish/masked_class.h"

#include <variant>

namespace ldv::detail {

namespace {

bool allToken(const Dataset& data, const EquivalenceClasses& classes, std::size_t c,
              std::span<const int> levels, const std::string& token) {
    const auto key = classes.key(c);
    for (std::size_t i = 0; i < key.size(); ++i)
        if (data.hierarchy(i).levelValue(levels[i], key[i]) != token) return false;
    return true;
}

}  // namespace

std::vector<std::string> maskedClassFailures(const Dataset& data, const SearchConfig& config,
                                             std::span<const int> levels, const NodeJudgement& node,
                                             const std::string& token) {
    const EquivalenceClasses& in = node.classes;
    // Old class → merged class; the masked class is the last one.
    std::vector<std::uint32_t> to(in.count());
    EquivalenceClasses merged;
    merged.levels = in.levels;
    merged.qiCount = in.qiCount;
    merged.sensitiveDomains = in.sensitiveDomains;
    merged.histograms.resize(in.histograms.size());
    std::vector<std::size_t> maskedMembers;
    for (std::size_t c = 0; c < in.count(); ++c) {
        const bool masked = (!node.suppressed.empty() && node.suppressed[c]) ||
                            allToken(data, in, c, levels, token);
        if (masked) {
            maskedMembers.push_back(c);
            continue;
        }
        to[c] = std::uint32_t(merged.sizes.size());
        merged.sizes.push_back(in.sizes[c]);
        if (!in.weightSums.empty()) merged.weightSums.push_back(in.weightSums[c]);
        const auto key = in.key(c);
        merged.keys.insert(merged.keys.end(), key.begin(), key.end());
        for (std::size_t s = 0; s < in.histograms.size(); ++s) {
            const auto h = in.histogram(c, s);
            merged.histograms[s].insert(merged.histograms[s].end(), h.begin(), h.end());
        }
    }
    if (maskedMembers.empty()) return {};
    const std::uint32_t maskedClass = std::uint32_t(merged.sizes.size());
    merged.sizes.push_back(0);
    if (!in.weightSums.empty()) merged.weightSums.push_back(0.0);
    // Its key: the first member's (the criteria read sizes and histograms, not keys).
    const auto key = in.key(maskedMembers.front());
    merged.keys.insert(merged.keys.end(), key.begin(), key.end());
    for (std::size_t s = 0; s < in.histograms.size(); ++s)
        merged.histograms[s].resize(merged.histograms[s].size() + in.sensitiveDomains[s], 0);
    for (std::size_t c : maskedMembers) {
        to[c] = maskedClass;
        merged.sizes[maskedClass] += in.sizes[c];
        if (!in.weightSums.empty()) merged.weightSums[maskedClass] += in.weightSums[c];
        for (std::size_t s = 0; s < in.histograms.size(); ++s) {
            const auto h = in.histogram(c, s);
            std::uint32_t* out =
                merged.histograms[s].data() + std::size_t(maskedClass) * in.sensitiveDomains[s];
            for (std::size_t v = 0; v < h.size(); ++v) out[v] += h[v];
        }
    }
    merged.baseToClass.reserve(in.baseToClass.size());
    for (std::uint32_t c : in.baseToClass) merged.baseToClass.push_back(to[c]);

    std::vector<std::string> failing;
    const std::vector<CriterionResult> results = evaluateCriteria(data, merged, config.criteria);
    for (std::size_t k = 0; k < results.size(); ++k) {
        const bool nodeLevel = config.criteria[k].criterion.isNodeLevel();
        const bool fails = nodeLevel ? !results[k].holds
                                     : results[k].classFails.size() > maskedClass &&
                                           results[k].classFails[maskedClass];
        if (fails) failing.push_back(results[k].spec);
    }
    return failing;
}

}  // namespace ldv::detail
