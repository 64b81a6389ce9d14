#include "cli/search_options.h"

#include "cli/data_options.h"

#include "ldiv/data/error.h"
#include "ldiv/evaluation/search_config.h"
#include "ldiv/workflow/requirement.h"

#include <algorithm>

namespace ldv::cli {

void addMetricOptions(CLI::App& cmd, MetricOptions& o, const std::string& what) {
    std::vector<std::string> names;
    std::string help = what + ":";
    for (const MetricEntry& m : metricCatalogue()) {
        names.emplace_back(m.name);
        help += std::string(names.size() > 1 ? ", " : " ") + std::string(m.name) + " (" +
                std::string(m.label) + ")";
    }
    cmd.add_option("--metric", o.metric, help)->check(CLI::IsMember(names));
    cmd.add_option("--weight", o.weights,
                   "COL=W: weight of a quasi-identifier in entropy, granularity and sse "
                   "(default 1; repeatable)");
    cmd.add_option("--gs-factor", o.gsFactor,
                   "Generalization/suppression factor in [0,1] of entropy, ambiguity, "
                   "granularity and sse: 0 only generalization counts, 0.5 both (default), 1 "
                   "only suppression");
    cmd.add_option("--metric-aggregate", o.aggregate,
                   "How entropy, granularity and sse combine the attributes: sum (default), "
                   "max, mean or geometric")
        ->check(CLI::IsMember({"sum", "max", "mean", "geometric"}));
}

void applyMetricOptions(const MetricOptions& o, SearchSettings& s) {
    if (!o.metric.empty()) s.metric = parseMetric(o.metric);
    if (o.gsFactor) s.gsFactor = *o.gsFactor;
    if (!o.aggregate.empty()) s.aggregate = parseQualityAggregate(o.aggregate);
    for (const std::string& text : o.weights) {
        const auto eq = text.rfind('=');
        double w = 0;
        std::size_t used = 0;
        bool ok = eq != std::string::npos && eq > 0 && eq + 1 < text.size();
        if (ok) {
            try {
                w = std::stod(text.substr(eq + 1), &used);
            } catch (const std::exception&) {
                ok = false;
            }
        }
        if (!ok || used != text.size() - eq - 1)
            throw ParameterError("--weight '" + text + "': expected COL=W (e.g. age=2)");
        const std::string column = text.substr(0, eq);
        // A column named twice keeps the last weight, as a repeated option would.
        auto& weights = s.weights;
        weights.erase(std::remove_if(weights.begin(), weights.end(),
                                     [&](const auto& p) { return p.first == column; }),
                      weights.end());
        weights.emplace_back(column, w);
    }
}

void addSearchOptions(CLI::App& cmd, SearchOptions& o) {
    cmd.add_option(
        "-c,--criterion", o.criteria,
        "Criterion spec, e.g. k=5, distinct-l=3, entropy-l=6@occupation, "
        "recursive-cl=3,4, simple-l=2, tau-l=0.5,3, t-closeness=0.2[:ordered|:hierarchical], "
        "delta-disclosure=1, "
        "beta-likeness=1[:enhanced], k-map=5 (with --population-size), average-risk=0.1, "
        "sample-uniqueness=0.01, population-uniqueness=0.01:pitman|zayatz|snb|dankar (with "
        "--population-size), individual-risk=0.1, global-risk=2 (with --survey-weight) "
        "(repeatable)");
    cmd.add_option("--suppression", o.suppression,
                   "Tuple suppression limit as a fraction of rows (e.g. 0.02)");
    addMetricOptions(cmd, o, "Optimum metric");
    std::vector<std::string> algorithms;
    std::string help;
    for (const SearchAlgorithmEntry& a : searchAlgorithmCatalogue()) {
        algorithms.emplace_back(a.name);
        help += std::string(a.name) + " (" + std::string(a.label) + "), ";
    }
    algorithms.emplace_back("heuristic");
    cmd.add_option("--algorithm", o.algorithm, help + "search also: heuristic")
        ->check(CLI::IsMember(algorithms));
    cmd.add_option("--threads", o.threads, "Worker threads (default: all cores)");
    addPopulationSizeOption(cmd, o.populationSize, "k-map=K and population-uniqueness=U:MODEL");
}

SearchSettings searchSettings(const SearchOptions& o, const ProjectConfig& project) {
    SearchSettings s = project.search;
    if (!o.criteria.empty()) s.criteria = o.criteria;
    if (o.suppression) s.suppressionLimit = *o.suppression;
    applyMetricOptions(o, s);
    if (!o.algorithm.empty()) s.algorithm = parseAlgorithmChoice(o.algorithm);
    // 0 is "not given" on the command line; a negative value is validate()'s to refuse.
    if (o.populationSize != 0) s.populationSize = o.populationSize;
    return s;
}

namespace {

/// The settings a requirement is made of, with the checks every command makes first.
SearchSettings requirementSettings(const SearchOptions& o, const Workspace& workspace,
                                   bool requireCriteria) {
    SearchSettings settings = searchSettings(o, workspace.config());
    if (settings.criteria.empty() && requireCriteria)
        throw ParameterError("no criterion: give at least one --criterion (e.g. k=5)");
    // The anytime heuristic (heuristic_search.h) has no classification to hand on: only
    // `ldiv search` runs it (it asks for fast here and calls heuristicSearch itself).
    if (settings.algorithm == AlgorithmChoice::Heuristic)
        throw ParameterError(
            "--algorithm heuristic is offered by `ldiv search` only; use fast, incognito or brute");
    return settings;
}

/// A value given on the command line is blamed on the option, one from the project on its key.
SettingNames settingNames(const SearchOptions& o) {
    SettingNames names;
    names.suppression = o.suppression ? "--suppression" : "the project's suppression_limit";
    names.populationSize = "--population-size";
    names.gsFactor = o.gsFactor ? "--gs-factor" : "the project's gs_factor";
    names.weight = o.weights.empty() ? "the project's weights" : "--weight";
    return names;
}

}  // namespace

SearchConfig toSearchConfig(const SearchOptions& o, const Dataset& data, const Workspace& workspace,
                            bool requireCriteria) {
    const SearchSettings settings = requirementSettings(o, workspace, requireCriteria);
    SearchConfig config = prepareRequirementOn(workspace, data, settings, settingNames(o)).config;
    config.threads = o.threads;
    return config;
}

Requirement toRequirement(const SearchOptions& o, const Workspace& workspace,
                          bool requireCriteria) {
    const SearchSettings settings = requirementSettings(o, workspace, requireCriteria);
    Requirement r = prepareRequirement(workspace, settings, settingNames(o));
    r.config.threads = o.threads;
    return r;
}

}  // namespace ldv::cli
