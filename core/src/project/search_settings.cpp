#include "ldiv/project/search_settings.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "ldiv/criteria/criterion_spec.h"
#include "ldiv/data/error.h"
#include "ldiv/evaluation/search_config.h"
#include "ldiv/project/workspace.h"
#include "ldiv/project/workspace_criteria.h"

namespace ldv {

namespace {

// The lattice searches are named by the core's catalogue (search_config.h); the anytime
// heuristic (heuristic_result.h) is the one choice beyond it.
constexpr std::string_view kHeuristicName = "heuristic";

SearchAlgorithm latticeAlgorithmOf(AlgorithmChoice algorithm) {
    switch (algorithm) {
        case AlgorithmChoice::Incognito:
            return SearchAlgorithm::Incognito;
        case AlgorithmChoice::Brute:
            return SearchAlgorithm::Brute;
        case AlgorithmChoice::Fast:
        case AlgorithmChoice::Heuristic:
            break;
    }
    return SearchAlgorithm::Fast;  // heuristicSearch ignores it
}

AlgorithmChoice choiceOf(SearchAlgorithm algorithm) {
    switch (algorithm) {
        case SearchAlgorithm::Incognito:
            return AlgorithmChoice::Incognito;
        case SearchAlgorithm::Brute:
            return AlgorithmChoice::Brute;
        case SearchAlgorithm::Fast:
            break;
    }
    return AlgorithmChoice::Fast;
}

std::string shortNumber(double x) {
    std::ostringstream text;
    text << x;
    return text.str();
}

}  // namespace

AlgorithmChoice parseAlgorithmChoice(std::string_view name) {
    if (name == kHeuristicName) return AlgorithmChoice::Heuristic;
    for (const SearchAlgorithmEntry& a : searchAlgorithmCatalogue())
        if (a.name == name) return choiceOf(a.value);
    throw ParameterError("unknown algorithm '" + std::string(name) +
                         "': use fast, incognito, brute or heuristic");
}

std::string_view algorithmChoiceName(AlgorithmChoice algorithm) {
    if (algorithm == AlgorithmChoice::Heuristic) return kHeuristicName;
    return searchAlgorithmName(latticeAlgorithmOf(algorithm));
}

std::vector<std::string> validate(const SearchSettings& s, std::size_t sensitiveAttributes,
                                  const SettingNames& names) {
    std::vector<std::string> problems;
    // Written so that NaN fails too.
    if (!(s.suppressionLimit >= 0 && s.suppressionLimit <= 1))
        problems.push_back(names.suppression +
                           " must be a fraction between 0 and 1 (e.g. 0.02), not " +
                           shortNumber(s.suppressionLimit));
    if (s.populationSize && !(*s.populationSize > 0))
        problems.push_back(names.populationSize + " must be a positive number of people, not " +
                           shortNumber(*s.populationSize));
    if (s.timeLimit && !(*s.timeLimit >= 0 && std::isfinite(*s.timeLimit)))
        problems.push_back(names.timeLimit + " must be a number of seconds ≥ 0, not " +
                           shortNumber(*s.timeLimit));
    if (!(s.gsFactor >= 0 && s.gsFactor <= 1))
        problems.push_back(names.gsFactor +
                           " must be between 0 and 1 (0: only generalization "
                           "counts, 1: only suppression), not " +
                           shortNumber(s.gsFactor));
    for (const auto& [column, w] : s.weights)
        if (!(w >= 0 && std::isfinite(w)))
            problems.push_back(names.weight + " of '" + column +
                               "' must be a finite number ≥ 0, not " + shortNumber(w));
    for (const std::string& text : s.criteria) {
        CriterionSpec spec;
        try {
            spec = parseCriterionSpec(text);
        } catch (const ParameterError& e) {
            problems.push_back(e.what());
            continue;
        }
        if (!spec.multiAttribute || sensitiveAttributes < 2) continue;
        // The same words as checkMultiAttributeSuppression (search.h), which guards the engine.
        if (s.suppressionLimit > 0)
            problems.push_back(
                "criterion '" + text +
                "': multi-attribute mode cannot be combined with tuple suppression (a row "
                "suppressed for one sensitive attribute's view is suppressed for all)");
        if (s.algorithm == AlgorithmChoice::Heuristic)
            problems.push_back("criterion '" + text +
                               "': the heuristic search does not handle multi-attribute "
                               "criteria; use fast");
    }
    return problems;
}

/// The settings' weights by QI position: a name that is no column, or no quasi-identifier, is
/// refused by name.
QualityOptions qualityOptions(const Dataset& data, const SearchSettings& settings,
                              const SettingNames& names) {
    SearchSettings quality;  // validate() of the metric's settings alone
    quality.gsFactor = settings.gsFactor;
    quality.weights = settings.weights;
    if (const auto problems = validate(quality, 0, names); !problems.empty())
        throw ParameterError(problems.front());
    QualityOptions q;
    q.gsFactor = settings.gsFactor;
    q.aggregate = settings.aggregate;
    if (settings.weights.empty()) return q;
    q.weights.assign(data.qiCount(), 1.0);
    for (const auto& [column, w] : settings.weights) {
        const auto index = data.table().columnIndex(column);
        if (!index) throw ParameterError(names.weight + ": unknown column '" + column + "'");
        const auto& qi = data.qiColumns();
        const auto at = std::find(qi.begin(), qi.end(), *index);
        if (at == qi.end())
            throw ParameterError(names.weight + ": column '" + column +
                                 "' is not a quasi-identifier (only they are generalized)");
        q.weights[std::size_t(at - qi.begin())] = w;
    }
    return q;
}

SearchConfig makeSearchConfig(const Workspace& workspace, const SearchSettings& settings,
                              const SettingNames& names, const Dataset* data) {
    if (!data) data = &workspace.dataset();
    const std::vector<std::string> problems =
        validate(settings, data->sensitiveColumns().size(), names);
    if (!problems.empty()) throw ParameterError(problems.front());
    SearchConfig config;
    config.criteria = bindCriteria(*data, settings.criteria,
                                   criteriaInputs(workspace, settings.populationSize.value_or(0)));
    config.suppressionLimit = settings.suppressionLimit;
    config.metric = settings.metric;
    config.quality = qualityOptions(*data, settings, names);
    config.algorithm = latticeAlgorithmOf(settings.algorithm);
    return config;
}

}  // namespace ldv
