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
            {"load_ms", loadMs}};
}

}  // namespace ldv::cli
