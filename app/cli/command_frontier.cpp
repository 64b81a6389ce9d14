// `ldiv frontier`: the optimum, its re-identification risk (prosecutor, journalist or
// marketer) and utility for every requirement of a grid of criteria parameters × suppression
// limits, and the Pareto-optimal points
// (core: ldiv/search/frontier_result.h). Exit 3 when no requirement of the grid can be met.
#include <nlohmann/json.hpp>
#include <ostream>

#include "cli/cli.h"
#include "cli/command_list.h"
#include "cli/data_options.h"
#include "cli/search_options.h"
#include "ldiv/data/error.h"
#include "ldiv/workflow/requirement.h"

namespace ldv::cli {
namespace {

class FrontierCommand : public Command {
public:
    void attach(CLI::App& app) override {
        m_command = app.add_subcommand(
            "frontier",
            "Risk-utility frontier: the optimum of every requirement of a criteria grid × "
            "suppression limits, with its re-identification risk and utility, and the Pareto set");
        addDataOptions(*m_command, m_options);
        addResearchSubsetOption(*m_command, m_options);
        m_command
            ->add_option(
                "--criteria-grid", m_grids,
                "Criterion with one parameter ranging, e.g. k=2..50, entropy-l=2..6, "
                "recursive-cl=3,2..5, entropy-l=2..4:0.5, k=2,5,10 (repeatable: cross product)")
            ->required();
        m_command->add_option("-c,--criterion", m_fixed,
                              "A criterion every requirement also holds (repeatable)");
        m_command
            ->add_option("--suppression", m_suppressions,
                         "Suppression limits as fractions, e.g. 0,0.01,0.02,0.05")
            ->delimiter(',');
        addMetricOptions(*m_command, m_metric, "Utility metric");
        m_command
            ->add_option("--risk", m_risk,
                         "Risk model of the risk axis: prosecutor (highest 1/f), journalist "
                         "(highest 1/F, needs --population-size) or marketer (classes/rows)")
            ->check(CLI::IsMember({"prosecutor", "journalist", "marketer"}));
        addPopulationSizeOption(*m_command, m_population, "--risk journalist");
        m_command->add_option("--threads", m_threads, "Worker threads (default: all cores)");
    }

    int execute(std::ostream& out, std::ostream&) override {
        m_options.loadThreads = m_threads;
        // Each requirement's optimum, metrics and risk are functions of the base groups: a
        // database table is grouped by the database, no row is fetched.
        m_options.groupsSuffice = true;
        m_options.projectColumns = true;  // only the columns it uses are parsed
        auto ws = loadWorkspace(m_options);
        FrontierConfig config;
        for (const std::string& g : m_grids) config.grids.push_back(expandCriteriaGrid(g));
        config.fixed = m_fixed;
        if (!m_suppressions.empty()) config.suppressions = m_suppressions;
        SearchSettings settings = ws->config().search;
        applyMetricOptions(m_metric, settings);
        config.metric = settings.metric;
        // Weights by column name become QI positions as every search binds them.
        SettingNames names;
        names.gsFactor = "--gs-factor";
        names.weight = "--weight";
        config.quality = qualityOptions(ws->dataset(), settings, names);
        config.threads = m_threads;
        config.risk = parseFrontierRisk(m_risk);
        // The project's population_size unless --population-size overrides it (as risk, search
        // and audit read it).
        config.populationSize = m_population ? m_population : ws->config().search.populationSize;
        // On the dataset `ldiv search` judges the requirements on (with delta-presence, the
        // population with the research subset: requirement.h).
        const FrontierResult r = frontier(*ws, config);
        const bool any = !r.pareto.empty();
        if (m_options.json) {
            nlohmann::json points = nlohmann::json::array();
            for (const FrontierPoint& p : r.points) {
                nlohmann::json jp{
                    {"criteria", p.criteria}, {"suppression", p.suppression}, {"pareto", p.pareto}};
                if (p.optimum) {
                    jp["optimum"] = *p.optimum;
                    jp["utility"] = p.utility;
                    jp["risk"] = {{"highest", p.risk.highest}, {"average", p.risk.average}};
                    // The figure of --risk, on which the Pareto set is computed.
                    jp["risk_value"] = p.riskValue;
                    jp["suppressed_rows"] = p.metrics.suppressedRows;
                    jp["classes"] = p.metrics.classes;
                } else {
                    jp["optimum"] = nullptr;
                }
                points.push_back(jp);
            }
            out << nlohmann::json{{"metric", metricName(config.metric)},
                                  {"risk_model", m_risk},
                                  {"points", points},
                                  {"pareto", r.pareto},
                                  {"shared_grouping", r.sharedGrouping},
                                  {"elapsed_ms", r.elapsedMs}}
                       .dump()
                << "\n";
            return any ? kSuccess : kRequirementNotMet;
        }
        out << r.points.size() << " requirements, " << r.pareto.size() << " Pareto-optimal (risk = "
            << (config.risk == FrontierRisk::Marketer ? "average " : "highest ") << m_risk
            << " risk, utility = " << metricName(config.metric) << "), " << r.elapsedMs << " ms\n";
        for (const FrontierPoint& p : r.points) {
            out << (p.pareto ? "* " : "  ");
            for (std::size_t i = 0; i < p.criteria.size(); ++i)
                out << (i ? " + " : "") << p.criteria[i];
            out << ", suppression " << p.suppression << ": ";
            if (!p.optimum) {
                out << "no node satisfies\n";
                continue;
            }
            out << "node " << formatLevels(*p.optimum) << ", risk " << p.riskValue
                << " (prosecutor highest " << p.risk.highest << ", average " << p.risk.average
                << "), " << metricName(config.metric) << " " << p.utility << "\n";
        }
        return any ? kSuccess : kRequirementNotMet;
    }

private:
    DataOptions m_options;
    std::vector<std::string> m_grids;
    std::vector<std::string> m_fixed;
    std::vector<double> m_suppressions;
    MetricOptions m_metric;
    std::string m_risk = "prosecutor";
    std::optional<double> m_population;
    unsigned m_threads = 0;
};

}  // namespace

std::unique_ptr<Command> makeFrontierCommand() {
    return std::make_unique<FrontierCommand>();
}

}  // namespace ldv::cli
