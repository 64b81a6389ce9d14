#include "cli/search_options.h"

#include <sstream>

#include "ldiv/criteria_inputs.h"
#include "ldiv/error.h"

namespace ldv::cli {

CLI::Option* addMetricOption(CLI::App& cmd, std::string& metric, const std::string& what) {
    std::vector<std::string> names;
    std::string help = what + ":";
    for (const MetricEntry& m : metricCatalogue()) {
        names.emplace_back(m.name);
        help += std::string(names.size() > 1 ? ", " : " ") + std::string(m.name) + " (" +
                std::string(m.label) + ")";
    }
    return cmd.add_option("--metric", metric, help)->check(CLI::IsMember(names));
}

void addSearchOptions(CLI::App& cmd, SearchOptions& o) {
    cmd.add_option(
        "-c,--criterion", o.criteria,
        "Criterion spec, e.g. k=5, distinct-l=3, entropy-l=6@occupation, "
        "recursive-cl=3,4, simple-l=2, tau-l=0.5,3, t-closeness=0.2[:ordered|:hierarchical], "
        "delta-disclosure=1, "
        "beta-likeness=1[:enhanced], k-map=5 (with --population-size), average-risk=0.1, "
        "sample-uniqueness=0.01, population-uniqueness=0.01:pitman|zayatz|snb|dankar (with "
        "--population-size) (repeatable)");
    cmd.add_option("--suppression", o.suppression,
                   "Tuple suppression limit as a fraction of rows (e.g. 0.02)");
    addMetricOption(cmd, o.metric, "Optimum metric");
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
    cmd.add_option("--population-size", o.populationSize,
                   "N, the number of people the data is a sample of (needed by k-map=K and "
                   "population-uniqueness=U:MODEL)");
}

SearchConfig toSearchConfig(const SearchOptions& o, const Dataset& data, const Workspace& workspace,
                            bool requireCriteria) {
    const ProjectConfig& project = workspace.config();
    SearchConfig config;
    const std::vector<std::string> specs = !o.criteria.empty() ? o.criteria : project.criteria;
    if (specs.empty() && requireCriteria)
        throw ParameterError("no criterion: give at least one --criterion (e.g. k=5)");
    if (o.populationSize < 0)
        throw ParameterError("--population-size must be a positive number of people");
    config.criteria = bindCriteria(data, specs, criteriaInputs(workspace, o.populationSize));
    // The option is unset only when absent (std::optional): a negative or NaN value given on
    // the command line is refused, not replaced by the project's. A bad project value is
    // blamed on the project's key.
    auto inRange = [](double x) { return x >= 0 && x <= 1; };  // false for NaN
    auto shortNumber = [](double x) {
        std::ostringstream text;
        text << x;
        return text.str();
    };
    if (o.suppression) {
        if (!inRange(*o.suppression))
            throw ParameterError(
                "--suppression must be a fraction between 0 and 1 (e.g. 0.02), not " +
                shortNumber(*o.suppression));
        config.suppressionLimit = *o.suppression;
    } else {
        if (!inRange(project.suppressionLimit))
            throw ParameterError(
                "the project's suppression_limit must be a fraction between 0 and 1 (e.g. 0.02), "
                "not " +
                shortNumber(project.suppressionLimit));
        config.suppressionLimit = project.suppressionLimit;
    }
    config.metric = parseMetric(!o.metric.empty() ? o.metric : project.metric);
    const std::string algorithm = !o.algorithm.empty() ? o.algorithm : project.algorithm;
    // The anytime heuristic (heuristic_search.h) has no classification to hand on: only
    // `ldiv search` runs it (it passes "fast" here and calls heuristicSearch itself).
    if (algorithm == "heuristic")
        throw ParameterError(
            "--algorithm heuristic is offered by `ldiv search` only; use fast, incognito or brute");
    config.algorithm = parseSearchAlgorithm(algorithm);
    config.threads = o.threads;
    return config;
}

}  // namespace ldv::cli
