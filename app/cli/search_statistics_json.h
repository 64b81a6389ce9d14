#pragma once
// The "optimum" and "statistics" objects of `ldiv search --json`, one definition for the
// exact and the heuristic search (search.h: NodeMetrics, SearchStatistics; rows, base_groups
// and sql_ms from the workspace's source, load_ms from the command).
#include <nlohmann/json.hpp>

#include "ldiv/project/workspace.h"
#include "ldiv/search/search_result.h"

namespace ldv::cli {

inline nlohmann::json optimumJson(const NodeMetrics& m) {
    return {{"levels", m.levels},
            {"height", m.height},
            {"classes", m.classes},
            {"suppressed_rows", m.suppressedRows},
            {"average_class_size", m.averageClassSize},
            {"discernibility", m.discernibility},
            {"kl_divergence", m.klDivergence}};
}

/// Per worker thread of the classification (SearchStatistics::threadsDetail).
inline nlohmann::json threadsDetailJson(const std::vector<ThreadCounters>& threads) {
    nlohmann::json out = nlohmann::json::array();
    for (const ThreadCounters& t : threads)
        out.push_back({{"busy_ms", t.busyMs},
                       {"idle_ms", t.idleMs},
                       {"lock_waits", t.lockWaits},
                       {"lock_wait_ms", t.lockWaitMs},
                       {"lock_acquisitions", t.lockAcquisitions},
                       {"nodes_checked", t.nodesChecked}});
    return out;
}

inline nlohmann::json statisticsJson(const SearchStatistics& st, const Workspace& ws,
                                     double loadMs) {
    const Dataset& data = ws.dataset();
    return {{"checked_nodes", st.checkedNodes},
            {"rows_touched", st.rowsTouched},
            {"classes_read", st.classesRead},
            {"classes_built", st.classesBuilt},
            {"bound_decided", st.boundDecided},
            {"bound_entries_read", st.boundEntriesRead},
            {"distinct_decided", st.distinctDecided},
            {"measured_nodes", st.measuredNodes},
            {"classify_ms", st.times.classifyMs},
            {"optimum_ms", st.times.optimumMs},
            {"elapsed_ms", st.times.elapsedMs},
            {"threads", st.threads},
            {"rows", data.rowCount()},
            {"base_groups", data.baseGroupCount()},
            {"sql_ms", ws.sourceReport().queryMs},
            {"load_ms", loadMs},
            {"threads_detail", threadsDetailJson(st.threadsDetail)},
            {"critical_path",
             {{"checks", st.criticalPath.checks},
              {"chain_ms", st.criticalPath.ms},
              {"total_checks", st.checkedNodes},
              {"work_ms", st.criticalPath.workMs}}}};
}

}  // namespace ldv::cli
