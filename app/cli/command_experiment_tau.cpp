// `ldiv experiment excessive-protection|information|tau-profile|tau-classify|count-query|
// eligible`: the (τ,ℓ) experiments of Tian & Zhang 2011 §5 for SWEEP, 1DLD and CLD over a grid
// of requirements.
#include "cli/command_experiment_tau.h"

#include <algorithm>
#include <cmath>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <ostream>
#include <sstream>

#include "cli/command_list.h"
#include "ldiv/data/error.h"
#include "ldiv/project/tau_input.h"
#include "ldiv/tau/baseline_outcome.h"
#include "ldiv/tau/sweep_result.h"
#include "ldiv/tau/tau_analysis.h"
#include "ldiv/tau/tau_classification.h"
#include "ldiv/tau/tau_profile.h"
#include "ldiv/tau/tau_runner.h"

namespace ldv::cli {

namespace {

const std::vector<std::string> kNames{"excessive-protection", "information", "tau-profile",
                                      "tau-classify",         "count-query", "eligible"};

using Json = nlohmann::json;

Json number(double v) {
    return std::isfinite(v) ? Json(v) : Json(nullptr);
}

std::vector<std::pair<double, double>> grid(const TauExperimentOptions& o, std::size_t m) {
    std::vector<double> ls = o.ls, taus = o.taus;
    if (ls.empty())
        for (std::size_t l = 2; l <= std::min<std::size_t>(m, 5); ++l) ls.push_back(double(l));
    if (taus.empty()) taus = {0.3, 0.5, 0.7};
    std::vector<std::pair<double, double>> g;
    // Like Tian & Zhang 2011's plots, the grid keeps only valid requirements (1/ℓ ≤ τ < 1, 2 ≤ ℓ ≤
    // m).
    for (double l : ls)
        for (double tau : taus)
            if (validTau(tau, l, m)) g.emplace_back(tau, l);
    if (g.empty() && !ls.empty() && !taus.empty()) validateTau(taus.front(), ls.front(), m);
    return g;
}

/// The algorithms of --algorithms on one input, each (τ,ℓ) run once and not kept.
class Runner {
public:
    Runner(const TauInput& input, const TauExperimentOptions& o) : m_runner(input, o.seed, o.cs) {
        for (const std::string& a : o.algorithms) m_algorithms.push_back(parseTauAlgorithm(a));
    }
    std::vector<TauRun> run(double tau, double l) {
        std::vector<TauRun> runs;
        for (TauAlgorithm a : m_algorithms) runs.push_back(m_runner.compute(a, tau, l));
        return runs;
    }
    const CldSearch& cld() { return m_runner.cld(); }

private:
    TauRunner m_runner;
    std::vector<TauAlgorithm> m_algorithms;
};

std::string weakestCl(double tau, double l, std::size_t m) {
    std::ostringstream s;
    for (const auto& [c, lp] : theoreticalRequirements(tau, l, m).cl)
        s << (s.tellp() > 0 ? ";" : "") << "c=" << c << "@l=" << lp;
    return s.str();
}

Json measureRows(const TauInput& input, const TauExperimentOptions& o) {
    Json rows = Json::array();
    Runner runner(input, o);
    for (const auto& [tau, l] : grid(o, input.domain()))
        for (const TauRun& r : runner.run(tau, l))
            rows.push_back(
                {{"algorithm", tauAlgorithmName(r.algorithm)},
                 {"tau", tau},
                 {"l", l},
                 {"empty", r.empty},
                 {"excessive_protection", r.empty ? Json(nullptr) : number(r.e)},
                 {"information", r.empty ? Json(nullptr) : Json(r.um)},
                 {"classes", r.recoding.classes.size()},
                 {"generalized_sa_rows", generalizedSaRows(input, r.recoding)},
                 {"chosen_c", r.c},
                 {"chosen_l", r.l},
                 {"runs", r.runs},
                 {"satisfying_runs", r.satisfying},
                 {"milliseconds", r.ms},
                 // CLD's milliseconds include its one lattice pass (shared by the grid); this is
                 // that part.
                 {"cld_pass_milliseconds", r.algorithm == TauAlgorithm::Cld
                                               ? Json(runner.cld().passMilliseconds())
                                               : Json(nullptr)},
                 {"weakest_simple_l", theoreticalRequirements(tau, l, input.domain()).simpleL},
                 {"weakest_cl", weakestCl(tau, l, input.domain())}});
    return rows;
}

Json countQueryRows(const TauInput& input, const TauExperimentOptions& o) {
    Json rows = Json::array();
    Runner runner(input, o);
    const CountQueryWorkload workload(input, o.queries, o.seed);
    for (const auto& [tau, l] : grid(o, input.domain()))
        for (const TauRun& r : runner.run(tau, l)) {
            if (r.empty) {
                rows.push_back({{"kind", "dimensions"},
                                {"algorithm", tauAlgorithmName(r.algorithm)},
                                {"tau", tau},
                                {"l", l},
                                {"empty", true},
                                {"dimensions", nullptr},
                                {"average_relative_error", nullptr}});
                continue;
            }
            const std::vector<double> errors = workload.averageErrors(r.recoding);
            double all = 0;
            for (std::size_t s = 0; s < errors.size(); ++s) {
                all += errors[s] / double(errors.size());
                rows.push_back({{"kind", "dimensions"},
                                {"algorithm", tauAlgorithmName(r.algorithm)},
                                {"tau", tau},
                                {"l", l},
                                {"empty", false},
                                {"dimensions", s + 1},
                                {"average_relative_error", errors[s]}});
            }
            rows.push_back({{"kind", "all-dimensions"},
                            {"algorithm", tauAlgorithmName(r.algorithm)},
                            {"tau", tau},
                            {"l", l},
                            {"empty", false},
                            {"dimensions", nullptr},
                            {"average_relative_error", all}});
            for (const SensitiveCountError& s : sensitiveCountErrors(input, r.recoding))
                rows.push_back({{"kind", "sensitive-value"},
                                {"algorithm", tauAlgorithmName(r.algorithm)},
                                {"tau", tau},
                                {"l", l},
                                {"value", s.value},
                                {"actual", s.actual},
                                {"estimate", s.estimate},
                                {"relative_error", s.relativeError}});
        }
    return rows;
}

Json toJson(const std::vector<double>& v) {
    Json a = Json::array();
    for (double x : v) a.push_back(number(x));
    return a;
}

// Fig. 12: per algorithm, the F(k) profile of its output, or for 1DLD and CLD when none of
// their runs satisfies (τ,ℓ), of the run closest to satisfying it.
Json profileRows(const TauInput& input, const TauExperimentOptions& o) {
    Json rows = Json::array();
    Runner runner(input, o);
    for (const auto& [tau, l] : grid(o, input.domain()))
        for (const TauRun& r : runner.run(tau, l)) {
            TauProfile p;
            if (!r.empty) {
                p = profileRecoding(input, r.recoding, tau, l);
                p.c = r.c;
                p.l = r.l;
            } else if (r.algorithm == TauAlgorithm::OneDld) {
                p = closestOneDld(input, tau, l);
            } else {
                p = closestCld(input, runner.cld(), tau, l);
            }
            rows.push_back({{"algorithm", tauAlgorithmName(r.algorithm)},
                            {"tau", tau},
                            {"l", l},
                            {"empty", r.empty},
                            {"profiled", p.classes > 0},
                            {"chosen_c", p.c},
                            {"chosen_l", p.l},
                            {"classes", p.classes},
                            {"failing_classes", p.failingClasses},
                            {"psi", toJson(p.psi)},
                            {"max_cumulative_frequency", toJson(p.maxF)},
                            {"classes_exceeding", p.exceeding}});
        }
    return rows;
}

// Figs 17–18: ID3 trees from the original and from each output, tested on the original.
Json classifyRows(const TauInput& input, const TauExperimentOptions& o) {
    TauClassificationOptions co;
    if (!o.target.empty()) co.target = input.data->table().requireColumn(o.target);
    co.trees = o.trees;
    co.seed = o.seed;
    co.ruleAccuracy = o.ruleAccuracy;
    co.ruleCoverage = o.ruleCoverage;
    if (co.trees == 0) throw ParameterError("--trees must be at least 1");
    if (!(co.ruleAccuracy >= 0 && co.ruleAccuracy <= 1))
        throw ParameterError("--rule-accuracy must lie in [0, 1]");
    Json rows = Json::array();
    Runner runner(input, o);
    for (const auto& [tau, l] : grid(o, input.domain()))
        for (const TauRun& r : runner.run(tau, l)) {
            Json row{{"algorithm", tauAlgorithmName(r.algorithm)},
                     {"tau", tau},
                     {"l", l},
                     {"empty", r.empty}};
            if (r.empty) {
                for (const char* k : {"original_accuracy", "anonymous_accuracy", "accuracy_ratio",
                                      "original_rules", "preserved_rules"})
                    row[k] = nullptr;
            } else {
                const TauClassification c = classifyRecoding(input, r.recoding, co);
                row["original_accuracy"] = c.originalAccuracy;
                row["anonymous_accuracy"] = c.anonymousAccuracy;
                row["accuracy_ratio"] = c.accuracyRatio;
                row["original_rules"] = c.originalRules;
                row["preserved_rules"] = c.preservedRules;
            }
            row["trees"] = co.trees;
            rows.push_back(std::move(row));
        }
    return rows;
}

Json eligibleRows(const TauInput& input) {
    const EligibleRange e = eligibleRange(input);
    Json rows = Json::array();
    rows.push_back({{"kind", "summary"},
                    {"attribute", input.saColumn().name()},
                    {"rows", e.rows},
                    {"m", e.m},
                    {"top_frequency", e.topFrequency},
                    {"max_simple_l", e.maxSimpleL}});
    for (std::size_t i = 0; i < e.minC.size(); ++i)
        rows.push_back({{"kind", "l"},
                        {"l", i + 2},
                        {"min_c", number(e.minC[i])},
                        {"min_tau_without_sa_generalization", e.minTau[i]},
                        {"min_tau_with_sa_generalization", 1.0 / double(i + 2)}});
    return rows;
}

}  // namespace

bool isTauExperiment(const std::string& name) {
    return std::find(kNames.begin(), kNames.end(), name) != kNames.end();
}

void addTauExperimentOptions(CLI::App& cmd, TauExperimentOptions& o) {
    cmd.add_option("--sensitive-hierarchy", o.sensitiveHierarchy,
                   "Taxonomy CSV of the sensitive attribute (default: the project's)");
    cmd.add_option("--tau", o.taus, "tau values T,T,... (default 0.3,0.5,0.7)")->delimiter(',');
    cmd.add_option("--l", o.ls, "l values L,L,... (default 2..min(m,5))")->delimiter(',');
    cmd.add_option("--c", o.cs, "c values CLD tries (default 1..10,15,20,30,50,100,1000,10000)")
        ->delimiter(',');
    cmd.add_option("--algorithms", o.algorithms, "sweep,1dld,cld (default all)")->delimiter(',');
    cmd.add_option("--queries", o.queries, "Count queries per number of dimensions (default 1000)");
    cmd.add_option("--seed", o.seed,
                   "Seed of SWEEP's row order, the query workload and tau-classify's draws");
    cmd.add_option("--target", o.target,
                   "tau-classify: column the trees predict (default: the sensitive attribute)");
    cmd.add_option("--trees", o.trees, "tau-classify: trees per output (default 10)");
    cmd.add_option("--rule-accuracy", o.ruleAccuracy,
                   "tau-classify: least accuracy of a counted rule (default 0.7)");
    cmd.add_option("--rule-coverage", o.ruleCoverage,
                   "tau-classify: least rows a counted rule covers (default 250)");
}

int runTauExperiment(const std::string& name, const DataOptions& data,
                     const TauExperimentOptions& options, std::ostream& out) {
    if (!isTauExperiment(name))
        throw ParameterError("unknown experiment '" + name +
                             "': use excessive-protection, information, tau-profile, "
                             "tau-classify, count-query or eligible");
    auto ws = loadWorkspace(data);
    if (name != "eligible") ws->requireQiHierarchies();
    const TauInput input = tauInputOf(*ws, options.sensitiveHierarchy);
    Json rows;
    if (name == "eligible")
        rows = eligibleRows(input);
    else if (name == "count-query")
        rows = countQueryRows(input, options);
    else if (name == "tau-profile")
        rows = profileRows(input, options);
    else if (name == "tau-classify")
        rows = classifyRows(input, options);
    else
        rows = measureRows(input, options);
    if (data.json) {
        out << Json{{"rows", rows}}.dump() << "\n";
        return 0;
    }
    for (const Json& row : rows) {
        bool first = true;
        for (const auto& [key, value] : row.items()) {
            out << (first ? "" : "  ") << key << "="
                << (value.is_string() ? value.get<std::string>() : value.dump());
            first = false;
        }
        out << "\n";
    }
    return 0;
}

}  // namespace ldv::cli
