#include "cli/search_options.h"

#include "ldiv/criteria_inputs.h"
#include "ldiv/error.h"

namespace ldv::cli {

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
    cmd.add_option("--metric", o.metric,
                   "Optimum metric: height, aecs, dm (discernibility), kl (KL-divergence), "
                   "info (1 − um), loss (loss metric LM)")
        ->check(CLI::IsMember({"height", "aecs", "dm", "kl", "info", "loss"}));
    cmd.add_option("--algorithm", o.algorithm, "fast, incognito or brute (search also: heuristic)")
        ->check(CLI::IsMember({"fast", "incognito", "brute", "heuristic"}));
    cmd.add_option("--threads", o.threads, "Worker threads (default: all cores)");
    cmd.add_option("--population-size", o.populationSize,
                   "N, the number of people the data is a sample of (needed by k-map=K and "
                   "population-uniqueness=U:MODEL)");
}

SearchSettings searchSettings(const SearchOptions& o, const ProjectConfig& project) {
    SearchSettings s = project.search;
    if (!o.criteria.empty()) s.criteria = o.criteria;
    if (o.suppression) s.suppressionLimit = *o.suppression;
    if (!o.metric.empty()) s.metric = parseMetric(o.metric);
    if (!o.algorithm.empty()) s.algorithm = parseAlgorithmChoice(o.algorithm);
    // 0 is "not given" on the command line; a negative value is validate()'s to refuse.
    if (o.populationSize != 0) s.populationSize = o.populationSize;
    return s;
}

SearchConfig toSearchConfig(const SearchOptions& o, const Dataset& data, const Workspace& workspace,
                            bool requireCriteria) {
    SearchSettings settings = searchSettings(o, workspace.config());
    if (settings.criteria.empty() && requireCriteria)
        throw ParameterError("no criterion: give at least one --criterion (e.g. k=5)");
    // The anytime heuristic (heuristic_search.h) has no classification to hand on: only
    // `ldiv search` runs it (it asks for fast here and calls heuristicSearch itself).
    if (settings.algorithm == AlgorithmChoice::Heuristic)
        throw ParameterError(
            "--algorithm heuristic is offered by `ldiv search` only; use fast, incognito or brute");
    // A value given on the command line is blamed on the option, one from the project on its key.
    SettingNames names;
    names.suppression = o.suppression ? "--suppression" : "the project's suppression_limit";
    names.populationSize = "--population-size";
    SearchConfig config = makeSearchConfig(workspace, settings, names, &data);
    config.threads = o.threads;
    return config;
}

}  // namespace ldv::cli
