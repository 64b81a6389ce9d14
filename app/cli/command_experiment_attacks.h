#pragma once
// The ℓ-diversity experiments of Machanavajjhala et al. 2007 §6 behind `ldiv experiment NAME` (the
// `experiment` command itself is shared with the (τ,ℓ) experiments of command_experiment_tau.h):
//   homogeneity  Figs 9–12   rows: k, threshold, total_tables, affected_tables,
//                            avg_affected_classes, avg_affected_rows; tables: per minimal node
//   utility      Figs 15–18  rows: model, parameter, min_height, min_average_class_size, …
//   kl           Figs 19–20  rows: model, parameter, kl (+ a model=base row)
//   timing       Figs 13–14  rows: qi_size, model, parameter, search_ms, …
//   background   Machanavajjhala et al. 2007 §1.1    rows: per class, before/after background
//   knowledge
// Output: {"rows": [flat records…], …} with --json, the rows as CSV with `csv`, else a table.
// docs/experiments.md lists every field.
#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "cli/data_options.h"

namespace ldv::cli {

struct AttackExperimentOptions {
    std::vector<std::uint32_t> ks;    ///< homogeneity; empty: 2,5,10,15,20,30,50
    std::vector<double> thresholds;   ///< homogeneity; empty: 1,0.95
    std::vector<double> params;       ///< k = ℓ; empty: 2,4,6,8,10 (timing: 6)
    std::vector<std::string> models;  ///< empty: all three (timing: k-anonymity, entropy-l)
    double c = 3;                     ///< recursive (c,ℓ)
    double sample = 1;                ///< Bernoulli row sample for utility / kl
    std::uint64_t seed = 1;
    double suppression = 0;  ///< tuple suppression limit (fraction of rows)
    std::string algorithm;   ///< search algorithm; empty: fast (timing: incognito)
    unsigned threads = 0;
    std::size_t fromQi = 3;    ///< timing: first QI size
    unsigned repetitions = 1;  ///< timing: best of n
    bool detail = false;       ///< homogeneity: affected classes and rows per table
    // Single-table analyses (homogeneity, background).
    std::string node;                    ///< levels in --qi order
    std::string published;               ///< a published table, rows in DATA's order
    std::vector<std::string> knowledge;  ///< background statements
    std::string prior = "marginal";
    double delta = 0.05;
    double epsilon = 0.05;
};

/// homogeneity, utility, kl, timing, background.
bool isAttackExperiment(const std::string& name);
/// Adds the options' flags. Flags another experiment already added to `command` (--c and
/// --seed of the (τ,ℓ) experiments) are shared: their values are copied here as well, so
/// call this after addTauExperimentOptions.
void addAttackExperimentOptions(CLI::App& command, AttackExperimentOptions& options);
/// Runs one experiment; returns the exit code (0). Throws ParameterError / InputError like
/// the other commands.
int runAttackExperiment(const std::string& name, const DataOptions& data,
                        const AttackExperimentOptions& options, bool csv, std::ostream& out);

}  // namespace ldv::cli
