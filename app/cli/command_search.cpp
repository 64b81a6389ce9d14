// `ldiv search`: classify the whole generalization lattice against criteria (SPEC §5) and
// print the satisfying count, the minimal nodes and the optimum by a utility metric.
#include <chrono>
#include <nlohmann/json.hpp>
#include <optional>
#include <ostream>

#include "cli/cli.h"
#include "cli/command_list.h"
#include "cli/data_options.h"
#include "cli/search_heuristic_output.h"
#include "cli/search_options.h"
#include "cli/search_statistics_json.h"
#include "ldiv/data/error.h"
#include "ldiv/search/search_result.h"
#include "ldiv/workflow/search_run.h"

namespace ldv::cli {
namespace {

class SearchCommand : public Command {
public:
    void attach(CLI::App& app) override {
        m_command = app.add_subcommand(
            "search",
            "Classify every node of the generalization lattice: satisfying nodes, minimal "
            "ones and the optimum by a utility metric");
        addDataOptions(*m_command, m_options);
        addSearchOptions(*m_command, m_search);
        addStreamOption(*m_command, m_options);
        addResearchSubsetOption(*m_command, m_options);
        m_command->add_option(
            "--time-limit", m_timeLimit,
            "Seconds the heuristic may run (--algorithm heuristic; default: the project's "
            "time_limit, else until its walks stop)");
    }

    int execute(std::ostream& out, std::ostream& err) override {
        const auto t0 = std::chrono::steady_clock::now();
        m_options.loadThreads = m_search.threads;
        m_options.projectColumns = true;  // only the columns it uses are parsed
        auto ws = loadWorkspace(m_options);
        SearchOptions options = m_search;
        const SearchSettings settings = searchSettings(options, ws->config());
        const bool heuristic = settings.algorithm == AlgorithmChoice::Heuristic;
        if (heuristic) options.algorithm = "fast";
        if (m_timeLimit && !heuristic)
            throw ParameterError("--time-limit applies to --algorithm heuristic only");
        // The requirement's own parameters are checked before the hierarchies (exit 1 either way).
        // delta-presence is judged on the data with the research subset (requirement.h).
        const Requirement requirement = toRequirement(options, *ws, true);
        const Dataset& data = *requirement.data;
        const SearchConfig& config = requirement.config;
        ws->requireQiHierarchies();
        const double loadMs =
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0)
                .count();
        SearchRunOptions run;
        run.heuristic = heuristic;
        // --time-limit, else the project's "time_limit" (the workbench's setting).
        run.heuristicOptions.timeLimitSeconds = m_timeLimit ? m_timeLimit : settings.timeLimit;
        const SearchRun done = runSearch(requirement, run);
        const SearchResult& r = done.result;
        for (const std::string& w : done.heuristic ? done.heuristic->warnings : r.warnings)
            err << "warning: " << w << "\n";
        if (heuristic)
            return printHeuristicSearch(out, *ws, requirement, done,
                                        run.heuristicOptions.timeLimitSeconds, loadMs,
                                        m_options.json);

        const Lattice& lattice = data.lattice();
        nlohmann::json minimal = nlohmann::json::array();
        for (NodeId id : r.minimal) minimal.push_back(lattice.levels(id));
        nlohmann::json optimum = nullptr;
        if (r.optimum) {
            optimum = optimumJson(r.optimumMetrics);
        }
        const SearchStatistics& st = r.statistics;
        if (m_options.json) {
            // checked_nodes and elapsed_ms stay at the top level (the original contract);
            // "statistics" repeats them with the other counters (search.h: SearchStatistics).
            const nlohmann::json statistics = statisticsJson(st, *ws, loadMs);
            const nlohmann::json j{{"lattice_size", r.latticeSize},
                                   {"satisfying_count", r.satisfyingCount},
                                   {"minimal_nodes", minimal},
                                   {"optimum", optimum},
                                   {"checked_nodes", st.checkedNodes},
                                   {"elapsed_ms", st.times.elapsedMs},
                                   {"load_ms", loadMs},
                                   {"proven_optimal", true},
                                   {"statistics", statistics}};
            out << j.dump() << "\n";
            return r.optimum ? kSuccess : kRequirementNotMet;
        }
        std::string qi;
        for (std::size_t c : data.qiColumns())
            qi += (qi.empty() ? "" : ",") + data.table().column(c).name();
        out << searchAlgorithmName(config.algorithm) << " search over " << r.latticeSize
            << " nodes (" << qi << "): " << r.satisfyingCount << " satisfy, " << r.minimal.size()
            << " minimal; " << r.statistics.checkedNodes << " checked in "
            << r.statistics.times.elapsedMs << " ms\n";
        out << "statistics: " << st.checkedNodes << " nodes checked, " << st.rowsTouched
            << " rows touched, " << st.classesRead << " classes read, " << st.classesBuilt
            << " classes built, " << st.measuredNodes << " nodes measured; classify "
            << st.times.classifyMs << " ms, optimum " << st.times.optimumMs << " ms, total "
            << st.times.elapsedMs << " ms, " << st.threads
            << (st.threads == 1 ? " thread" : " threads") << "\n";
        for (NodeId id : r.minimal) out << "  minimal " << formatLevels(lattice.levels(id)) << "\n";
        if (!r.optimum) {
            out << "no optimum: no node satisfies the criteria\n";
            return kRequirementNotMet;
        }
        const NodeMetrics& m = r.optimumMetrics;
        out << "optimum by " << metricName(config.metric) << ": " << formatLevels(m.levels)
            << " (height " << m.height << ", " << m.classes << " classes, " << m.suppressedRows
            << " suppressed rows, average class size " << m.averageClassSize << ", discernibility "
            << m.discernibility << ", KL-divergence " << m.klDivergence << ", information "
            << m.information << ", loss " << m.loss << ", precision " << m.precision << ")\n";
        return 0;
    }

private:
    DataOptions m_options;
    SearchOptions m_search;
    std::optional<double> m_timeLimit;
};

}  // namespace

std::unique_ptr<Command> makeSearchCommand() {
    return std::make_unique<SearchCommand>();
}

}  // namespace ldv::cli
