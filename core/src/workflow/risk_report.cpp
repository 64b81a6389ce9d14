#include "ldiv/workflow/risk_report.h"

#include <algorithm>

#include "ldiv/data/feedback.h"
#include "ldiv/lattice/published_node.h"
#include "ldiv/project/workspace.h"
#include "ldiv/project/workspace_publish.h"

namespace ldv {

namespace {

void progress(Feedback* feedback, double fraction) {
    if (!feedback) return;
    feedback->checkCancelled();
    feedback->setProgress(fraction);
}

// The QIs' columns in `table`, in QI order; the combinations are reported with the QI
// position (0..q−1) in place of the table column so both sides name them the same way.
std::vector<AttributeCombinationRisk> combinationsOf(const Table& table,
                                                     const std::vector<std::string>& qiNames,
                                                     Feedback* feedback) {
    std::vector<std::size_t> columns;
    for (const std::string& name : qiNames) columns.push_back(table.requireColumn(name));
    std::vector<AttributeCombinationRisk> out = attributeCombinationRisks(table, columns, feedback);
    for (AttributeCombinationRisk& c : out)
        for (std::size_t& column : c.columns)
            column =
                std::size_t(std::find(columns.begin(), columns.end(), column) - columns.begin());
    return out;
}

}  // namespace

RiskReport computeRiskReport(const Workspace& prepared, const SearchConfig* config,
                             const Levels* levels, const RiskOptions& options, Feedback* feedback,
                             bool suda2) {
    const Dataset& data = prepared.dataset();
    RiskReport out;
    out.qiNames = prepared.qiNames();
    const bool withCombinations =
        !out.qiNames.empty() && out.qiNames.size() <= kMaxRiskViewAttributes;
    if (out.qiNames.empty())
        out.combinationsNote = "no quasi-identifiers";
    else if (!withCombinations)
        out.combinationsNote = std::to_string(out.qiNames.size()) +
                               " quasi-identifiers: the combination table is shown for at most " +
                               std::to_string(kMaxRiskViewAttributes) +
                               " (use ldiv risk --attribute-combinations)";
    const bool withNode = config && levels;
    const std::string weight = prepared.config().surveyAttribute(SurveyRole::Weight);
    const std::string household = prepared.config().surveyAttribute(SurveyRole::Household);
    auto survey = [&](const Table& table) -> std::optional<SurveyFigures> {
        if ((weight.empty() && household.empty() && !suda2) || out.qiNames.empty() ||
            (suda2 && table.rowCount() < 2))
            return std::nullopt;
        return surveyRisk(table, out.qiNames, weight, household,
                          suda2 ? std::optional<Suda2Options>(Suda2Options{}) : std::nullopt);
    };
    const double share = withNode ? 0.5 : 1.0;

    // Before: the classes of the bottom node are those of the table as it is.
    progress(feedback, 0);
    const Levels bottom(data.qiColumns().size(), 0);
    out.before.analysis = analyzeRisk(data.classes(bottom).sizes, options);
    out.before.survey = survey(prepared.table());
    progress(feedback, 0.1 * share);
    if (withCombinations)
        out.before.combinations = combinationsOf(prepared.table(), out.qiNames, feedback);
    if (!withNode) {
        progress(feedback, 1);
        return out;
    }

    // After: the node as publishNode writes it (suppressed rows removed), so the figures are
    // those of the file a user would release.
    progress(feedback, share);
    out.levels = *levels;
    PublishedNode published = publishNode(prepared, *config, *levels);
    out.suppressedRows = published.suppressedRows;
    const NodeJudgement& node = published.judgement;
    RiskSide after;
    // With δ-presence, the research subset's rows of each class (workspace_publish.h).
    after.analysis = analyzeRisk(releasedClassSizes(prepared, *config, node), options);
    if (published.table.rowCount() > 0) after.survey = survey(published.table);
    progress(feedback, share + 0.1 * share);
    if (withCombinations && published.table.rowCount() > 0)
        after.combinations = combinationsOf(published.table, out.qiNames, feedback);
    out.after = std::move(after);
    progress(feedback, 1);
    return out;
}

std::string combinationName(const RiskReport& report, const AttributeCombinationRisk& c) {
    std::string out;
    for (std::size_t i : c.columns) {
        if (!out.empty()) out += ", ";
        out += i < report.qiNames.size() ? report.qiNames[i] : "?";
    }
    return out;
}

}  // namespace ldv
