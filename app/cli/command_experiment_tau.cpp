// `ldiv experiment excessive-protection|information|count-query|eligible`: the (τ,ℓ)
// experiments of 002 §5 for SWEEP, 1DLD and CLD over a grid of requirements.
#include "cli/command_experiment_tau.h"

#include <algorithm>
#include <cmath>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <ostream>
#include <sstream>

#include "cli/command_list.h"
#include "ldiv/error.h"
#include "ldiv/sweep.h"
#include "ldiv/tau_analysis.h"
#include "ldiv/tau_baselines.h"

namespace ldv::cli {

namespace {

const std::vector<std::string> kNames{"excessive-protection", "information", "count-query",
                                      "eligible"};

using Json = nlohmann::json;

// One algorithm's output for one (τ,ℓ), with the measures every experiment reports.
struct Run {
    std::string algorithm;
    bool empty = true;
    LocalRecoding recoding;
    double e = 0, um = 0, ms = 0, c = 0, l = 0;
    std::size_t runs = 0, satisfying = 0;
};

Json number(double v) {
    return std::isfinite(v) ? Json(v) : Json(nullptr);
}

std::vector<std::pair<double, double>> grid(const TauExperimentOptions& o, std::size_t m) {
    std::vector<double> ls = o.ls, taus = o.taus;
    if (ls.empty())
        for (std::size_t l = 2; l <= std::min<std::size_t>(m, 5); ++l) ls.push_back(double(l));
    if (taus.empty()) taus = {0.3, 0.5, 0.7};
    std::vector<std::pair<double, double>> g;
    // Like 002's plots, the grid keeps only valid requirements (1/ℓ ≤ τ < 1, 2 ≤ ℓ ≤ m).
    for (double l : ls)
        for (double tau : taus)
            if (l >= 2 && l <= double(m) && tau >= 1.0 / l - 1e-12 && tau < 1)
                g.emplace_back(tau, l);
    if (g.empty() && !ls.empty() && !taus.empty()) validateTau(taus.front(), ls.front(), m);
    return g;
}

class Runner {
public:
    Runner(const TauInput& input, const TauExperimentOptions& o) : m_input(input), m_o(o) {
        for (const std::string& a : o.algorithms)
            if (a != "sweep" && a != "1dld" && a != "cld")
                throw ParameterError("unknown algorithm '" + a + "': use sweep, 1dld, cld");
    }
    std::vector<Run> run(double tau, double l) {
        std::vector<Run> runs;
        for (const std::string& a : m_o.algorithms) {
            Run r;
            r.algorithm = a;
            if (a == "sweep") {
                SweepOptions so;
                so.tau = tau;
                so.l = l;
                so.seed = m_o.seed;
                SweepResult s = sweep(m_input, so);
                r.ms = s.statistics.milliseconds;
                r.recoding = std::move(s.recoding);
                r.empty = false;
                r.runs = r.satisfying = 1;
                r.l = l;
                r.e = excessiveProtection(m_input, r.recoding, tau, l);
                r.um = informationUtility(m_input, r.recoding);
            } else {
                BaselineOutcome b;
                if (a == "1dld")
                    b = bestOneDld(m_input, tau, l);
                else {
                    if (!m_cld)
                        m_cld = std::make_unique<CldSearch>(
                            m_input, m_o.cs.empty() ? CldSearch::defaultCValues() : m_o.cs);
                    b = m_cld->best(tau, l);
                }
                r.empty = b.empty;
                r.recoding = std::move(b.recoding);
                r.e = b.excessiveProtection;
                r.um = b.utility;
                r.ms = b.milliseconds;
                r.c = b.c;
                r.l = b.l;
                r.runs = b.runs;
                r.satisfying = b.satisfyingRuns;
            }
            runs.push_back(std::move(r));
        }
        return runs;
    }

private:
    const TauInput& m_input;
    const TauExperimentOptions& m_o;
    std::unique_ptr<CldSearch> m_cld;
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
        for (const Run& r : runner.run(tau, l))
            rows.push_back(
                {{"algorithm", r.algorithm},
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
                 {"weakest_simple_l", theoreticalRequirements(tau, l, input.domain()).simpleL},
                 {"weakest_cl", weakestCl(tau, l, input.domain())}});
    return rows;
}

Json countQueryRows(const TauInput& input, const TauExperimentOptions& o) {
    Json rows = Json::array();
    Runner runner(input, o);
    const CountQueryWorkload workload(input, o.queries, o.seed);
    for (const auto& [tau, l] : grid(o, input.domain()))
        for (const Run& r : runner.run(tau, l)) {
            if (r.empty) {
                rows.push_back({{"kind", "dimensions"},
                                {"algorithm", r.algorithm},
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
                                {"algorithm", r.algorithm},
                                {"tau", tau},
                                {"l", l},
                                {"empty", false},
                                {"dimensions", s + 1},
                                {"average_relative_error", errors[s]}});
            }
            rows.push_back({{"kind", "all-dimensions"},
                            {"algorithm", r.algorithm},
                            {"tau", tau},
                            {"l", l},
                            {"empty", false},
                            {"dimensions", nullptr},
                            {"average_relative_error", all}});
            for (const SensitiveCountError& s : sensitiveCountErrors(input, r.recoding))
                rows.push_back({{"kind", "sensitive-value"},
                                {"algorithm", r.algorithm},
                                {"tau", tau},
                                {"l", l},
                                {"value", s.value},
                                {"actual", s.actual},
                                {"estimate", s.estimate},
                                {"relative_error", s.relativeError}});
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
    cmd.add_option("--seed", o.seed, "Seed of SWEEP's row order and of the query workload");
}

int runTauExperiment(const std::string& name, const DataOptions& data,
                     const TauExperimentOptions& options, std::ostream& out) {
    if (!isTauExperiment(name))
        throw ParameterError("unknown experiment '" + name +
                             "': use excessive-protection, information, count-query or eligible");
    auto ws = loadWorkspace(data);
    if (name != "eligible") ws->requireQiHierarchies();
    const TauInput input = TauInput::fromWorkspace(*ws, options.sensitiveHierarchy);
    Json rows;
    if (name == "eligible")
        rows = eligibleRows(input);
    else if (name == "count-query")
        rows = countQueryRows(input, options);
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
