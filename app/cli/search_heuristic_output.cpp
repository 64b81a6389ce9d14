#include "cli/search_heuristic_output.h"

#include <nlohmann/json.hpp>

#include "cli/search_statistics_json.h"
#include "ldiv/search/heuristic_result.h"

namespace ldv::cli {

int printHeuristicSearch(std::ostream& out, const Workspace& ws, const Requirement& requirement,
                         const SearchRun& run, std::optional<double> timeLimitSeconds,
                         double loadMs, bool json) {
    const Dataset& data = *requirement.data;  // the criteria were bound to it
    const SearchConfig& config = requirement.config;
    const HeuristicResult& r = *run.heuristic;
    const Lattice& lattice = data.lattice();
    const SearchStatistics& st = r.statistics;
    const NodeMetrics& m = r.bestMetrics;
    if (json) {
        // The exact search's keys, with what the heuristic cannot know set to null (it does not
        // classify the lattice) unless the exact search finished within the limit.
        nlohmann::json optimum = nullptr;
        if (r.best) {
            optimum = optimumJson(m);
            optimum["loss"] = m.loss;
            optimum["information"] = m.information;
        }
        nlohmann::json satisfying = nullptr, minimal = nullptr;
        if (run.exact) {
            satisfying = run.result.satisfyingCount;
            minimal = nlohmann::json::array();
            for (NodeId id : run.result.minimal) minimal.push_back(lattice.levels(id));
        }
        const nlohmann::json statistics = statisticsJson(st, ws, loadMs);
        const nlohmann::json j{{"algorithm", "heuristic"},
                               {"lattice_size", r.latticeSize},
                               {"satisfying_count", satisfying},
                               {"minimal_nodes", minimal},
                               {"optimum", optimum},
                               {"proven_optimal", r.provenOptimal},
                               {"optimality", r.note},
                               {"timed_out", r.timedOut},
                               {"time_limit_s", timeLimitSeconds ? nlohmann::json(*timeLimitSeconds)
                                                                 : nlohmann::json()},
                               {"climbs", r.climbs},
                               {"checked_nodes", st.checkedNodes},
                               {"elapsed_ms", st.times.elapsedMs},
                               {"load_ms", loadMs},
                               {"statistics", statistics}};
        out << j.dump() << "\n";
        return 0;
    }
    std::string qi;
    for (std::size_t c : data.qiColumns())
        qi += (qi.empty() ? "" : ",") + data.table().column(c).name();
    out << "heuristic search over " << r.latticeSize << " nodes (" << qi << "): " << st.checkedNodes
        << " checked in " << st.times.elapsedMs << " ms (loading " << loadMs << " ms), " << r.climbs
        << " climbs" << (r.timedOut ? ", time limit reached" : "") << "\n";
    if (run.exact)
        out << "exact: " << run.result.satisfying.size() << " satisfy, "
            << run.result.minimal.size() << " minimal\n";
    out << (r.provenOptimal ? "proven optimal: " : "not proven optimal: ") << r.note << "\n";
    if (!r.best) {
        out << "no node found\n";
        return 0;
    }
    out << "best by " << metricName(config.metric) << ": " << formatLevels(m.levels) << " (height "
        << m.height << ", " << m.classes << " classes, " << m.suppressedRows
        << " suppressed rows, average class size " << m.averageClassSize << ", discernibility "
        << m.discernibility << ", KL-divergence " << m.klDivergence << ", information "
        << m.information << ", loss " << m.loss << ", precision " << m.precision << ")\n";
    return 0;
}

}  // namespace ldv::cli
