// What judging a node shares with the search (search_config.h): the algorithm catalogue, the
// rows a suppression limit allows, and the refusal of multi-attribute criteria with suppression.
#include "ldiv/evaluation/search_config.h"

#include <cmath>

#include "ldiv/data/error.h"
#include "ldiv/evaluation/multi_attribute_view.h"

namespace ldv {
namespace {

constexpr SearchAlgorithmEntry kAlgorithms[] = {
    {SearchAlgorithm::Fast, "fast", "Fast (binary search with tagging)"},
    {SearchAlgorithm::Incognito, "incognito", "Incognito"},
    {SearchAlgorithm::Brute, "brute", "Brute force (oracle)"},
};

}  // namespace

SearchAlgorithm parseSearchAlgorithm(std::string_view name) {
    for (const SearchAlgorithmEntry& a : kAlgorithms)
        if (a.name == name) return a.value;
    throw ParameterError("unknown algorithm '" + std::string(name) +
                         "': use fast, incognito or brute");
}

std::string_view searchAlgorithmName(SearchAlgorithm algorithm) {
    for (const SearchAlgorithmEntry& a : kAlgorithms)
        if (a.value == algorithm) return a.name;
    return {};
}

std::span<const SearchAlgorithmEntry> searchAlgorithmCatalogue() {
    return kAlgorithms;
}

std::uint64_t suppressionLimitRows(double limit, std::size_t rows) {
    // The epsilon keeps e.g. 0.02·30162 = 603.24 from rounding below.
    return std::uint64_t(std::floor(limit * double(rows) + 1e-9));
}

void checkMultiAttributeSuppression(const Dataset& data, const SearchConfig& config) {
    if (!(config.suppressionLimit > 0)) return;
    for (const BoundCriterion& b : config.criteria)
        if (isMultiAttribute(data, b))
            throw ParameterError(
                "criterion '" + b.criterion.spec() +
                "': multi-attribute mode cannot be combined with tuple suppression (a row "
                "suppressed for one sensitive attribute's view is suppressed for all)");
}

}  // namespace ldv
