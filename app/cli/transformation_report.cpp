#include "cli/transformation_report.h"

#include "ldiv/evaluation/search_config.h"
#include "ldiv/lattice/dataset.h"
#include "ldiv/metrics/node_metrics.h"

namespace ldv::cli {
namespace {

std::string qiName(const Dataset& data, std::size_t i) {
    return data.table().column(data.qiColumns()[i]).name();
}

/// Local recoding's keys, alone or after MDAV.
nlohmann::json localJson(const LocalRecodingResult& l, const SearchConfig& config) {
    nlohmann::json iterations = nlohmann::json::array();
    for (const LocalIteration& it : l.iterations)
        iterations.push_back({{"node", it.levels},
                              {"input_rows", it.inputRows},
                              {"released_rows", it.releasedRows},
                              {"without_suppression", it.withoutSuppression}});
    return {{"iterations", iterations},
            {"discernibility", l.discernibility},
            {"entropy", l.entropy},
            {"suppression_allowed", l.suppressionAllowed},
            {"metric", metricName(config.metric)},
            {"gs_factor", config.quality.gsFactor}};
}

/// The aggregate of each microaggregated QI, by name.
nlohmann::json aggregatesJson(const Dataset& data, const TransformationSpec& spec) {
    nlohmann::json names = nlohmann::json::object();
    for (std::size_t i = 0; i < data.qiCount() && i < spec.aggregates.size(); ++i)
        if (!spec.aggregates[i].empty()) names[qiName(data, i)] = spec.aggregates[i];
    return names;
}

}  // namespace

TransformationReport transformationReport(const Dataset& data, const TransformationOutcome& outcome,
                                          const TransformationSpec& spec,
                                          const SearchConfig& config) {
    TransformationReport r;
    if (const auto& m = outcome.microaggregation) {
        r.json = {{"aggregates", aggregatesJson(data, spec)},
                  {"mdav_groups", m->mdavGroups},
                  {"merges", m->merges}};
        r.summary = "; " + std::to_string(m->mdavGroups) + " MDAV groups, " +
                    std::to_string(m->merges) + " merged";
    } else if (const auto& ml = outcome.microaggregationLocal) {
        r.json = localJson(ml->local, config);
        r.json["aggregates"] = aggregatesJson(data, spec);
        r.json["mdav_groups"] = ml->microaggregation.groups.size();
        r.json["mdav_k"] = ml->k;
        r.summary = "; " + std::to_string(ml->microaggregation.groups.size()) + " MDAV groups, " +
                    std::to_string(ml->local.iterations.size()) + " local recoding iterations";
    } else if (const auto& l = outcome.local) {
        r.json = localJson(*l, config);
        r.summary = "; " + std::to_string(l->iterations.size()) + " iterations";
    } else if (const auto& c = outcome.cellSuppression) {
        nlohmann::json cells = nlohmann::json::object();
        nlohmann::json names = nlohmann::json::array();
        for (std::size_t i : c->order) names.push_back(qiName(data, i));
        for (std::size_t i = 0; i < data.qiCount(); ++i)
            cells[qiName(data, i)] = c->suppressedCells[i];
        r.json = {{"suppressed_cells", cells},
                  {"suppressed_cells_total", outcome.suppressedCells},
                  {"suppressed_records", c->suppressedRecords},
                  {"record_limit", c->recordLimit},
                  {"min_frequency", c->minFrequency},
                  {"importance", names}};
        r.summary = "; " + std::to_string(outcome.suppressedCells) + " cells suppressed, " +
                    std::to_string(c->suppressedRecords) + " records entirely";
    }
    return r;
}

}  // namespace ldv::cli
