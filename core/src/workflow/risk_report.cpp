#include "ldiv/workflow/risk_report.h"

#include <algorithm>
#include <optional>
#include <span>

#include "ldiv/data/feedback.h"
#include "ldiv/project/workspace.h"
#include "ldiv/project/workspace_publish.h"
#include "ldiv/publish/published_node.h"

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

namespace {

/// The report's "before" side and what both kinds of "after" share: the survey figures of a
/// table, and whether the combination table is computed.
struct ReportFrame {
    RiskReport out;
    bool withCombinations = false;
    std::string weight, household;
    bool suda2 = false;

    std::optional<SurveyFigures> survey(const Table& table) const {
        if ((weight.empty() && household.empty() && !suda2) || out.qiNames.empty() ||
            (suda2 && table.rowCount() < 2))
            return std::nullopt;
        return surveyRisk(table, out.qiNames, weight, household,
                          suda2 ? std::optional<Suda2Options>(Suda2Options{}) : std::nullopt);
    }
};

ReportFrame before(const Workspace& prepared, const RiskOptions& options, Feedback* feedback,
                   bool suda2, double share) {
    ReportFrame f;
    RiskReport& out = f.out;
    out.qiNames = prepared.qiNames();
    f.withCombinations = !out.qiNames.empty() && out.qiNames.size() <= kMaxRiskViewAttributes;
    if (out.qiNames.empty())
        out.combinationsNote = "no quasi-identifiers";
    else if (!f.withCombinations)
        out.combinationsNote = std::to_string(out.qiNames.size()) +
                               " quasi-identifiers: the combination table is shown for at most " +
                               std::to_string(kMaxRiskViewAttributes) +
                               " (use ldiv risk --attribute-combinations)";
    f.weight = prepared.config().surveyAttribute(SurveyRole::Weight);
    f.household = prepared.config().surveyAttribute(SurveyRole::Household);
    f.suda2 = suda2;
    // Before: the classes of the bottom node are those of the table as it is.
    const Dataset& data = prepared.dataset();
    progress(feedback, 0);
    const Levels bottom(data.qiColumns().size(), 0);
    out.before.analysis = analyzeRisk(data.classes(bottom).sizes, options);
    out.before.survey = f.survey(prepared.table());
    progress(feedback, 0.1 * share);
    if (f.withCombinations)
        out.before.combinations = combinationsOf(prepared.table(), out.qiNames, feedback);
    return f;
}

/// After: the published table (suppressed rows removed) and its released classes' sizes, so
/// the figures are those of the file a user would release.
void after(ReportFrame& f, const Table& published, std::span<const std::uint32_t> classSizes,
           const RiskOptions& options, Feedback* feedback) {
    RiskSide side;
    side.analysis = analyzeRisk(classSizes, options);
    if (published.rowCount() > 0) side.survey = f.survey(published);
    progress(feedback, 0.55);
    if (f.withCombinations && published.rowCount() > 0)
        side.combinations = combinationsOf(published, f.out.qiNames, feedback);
    f.out.after = std::move(side);
    progress(feedback, 1);
}

}  // namespace

RiskReport computeRiskReport(const Workspace& prepared, const SearchConfig* config,
                             const Levels* levels, const RiskOptions& options, Feedback* feedback,
                             bool suda2) {
    const bool withNode = config && levels;
    ReportFrame f = before(prepared, options, feedback, suda2, withNode ? 0.5 : 1.0);
    if (!withNode) {
        progress(feedback, 1);
        return std::move(f.out);
    }
    progress(feedback, 0.5);
    f.out.levels = *levels;
    PublishedNode published = publishNode(prepared, *config, *levels);
    f.out.suppressedRows = published.suppressedRows;
    // With δ-presence, the research subset's rows of each class (workspace_publish.h).
    after(f, published.table, releasedClassSizes(prepared, *config, published.judgement), options,
          feedback);
    return std::move(f.out);
}

RiskReport computePublishedRiskReport(const Workspace& prepared, const Table& published,
                                      std::span<const std::uint32_t> classSizes,
                                      std::size_t suppressedRows, const RiskOptions& options,
                                      Feedback* feedback, bool suda2) {
    ReportFrame f = before(prepared, options, feedback, suda2, 0.5);
    progress(feedback, 0.5);
    f.out.suppressedRows = suppressedRows;
    after(f, published, classSizes, options, feedback);
    return std::move(f.out);
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
