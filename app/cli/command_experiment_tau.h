#pragma once
// The (τ,ℓ) experiments of Tian & Zhang 2011 §5 behind `ldiv experiment NAME`:
// excessive-protection (Figs 9–11), information (Figs 13–16, run time of Fig. 22), tau-profile
// (Fig. 12), tau-classify (Figs 17–18), count-query (Figs 19–21), eligible (Table 1). Another
// `experiment` implementation can forward these names to runTauExperiment.
#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "cli/data_options.h"

namespace ldv::cli {

struct TauExperimentOptions {
    std::string sensitiveHierarchy;
    std::vector<double> taus;  ///< empty: 0.3, 0.5, 0.7
    std::vector<double> ls;    ///< empty: 2 … min(m, 5)
    std::vector<double> cs;    ///< empty: CldSearch::defaultCValues()
    std::vector<std::string> algorithms{"sweep", "1dld", "cld"};
    std::size_t queries = 1000;
    std::uint64_t seed = 1;
    // tau-classify (Tian & Zhang 2011 §5.3.2): the predicted column (empty: the sensitive
    // attribute), trees per output, and the thresholds of a counted rule.
    std::string target;
    std::size_t trees = 10;
    double ruleAccuracy = 0.7;
    std::size_t ruleCoverage = 250;
};

bool isTauExperiment(const std::string& name);
/// Adds TauExperimentOptions' flags to a command.
void addTauExperimentOptions(CLI::App& command, TauExperimentOptions& options);
/// Prints {"rows": [flat records…]} with --json, else one line per record.
int runTauExperiment(const std::string& name, const DataOptions& data,
                     const TauExperimentOptions& options, std::ostream& out);

}  // namespace ldv::cli
