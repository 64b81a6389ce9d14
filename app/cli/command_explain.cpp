// `ldiv explain`: why a node (or a published table) fails its requirement, and the cheapest
// fixes, each computed by judging it (core: ldiv/publish/explanation.h). Exit 3 when the node
// fails.
#include <nlohmann/json.hpp>
#include <ostream>

#include "cli/cli.h"
#include "cli/command_list.h"
#include "cli/data_options.h"
#include "cli/node_option.h"
#include "cli/search_options.h"
#include "ldiv/data/error.h"
#include "ldiv/publish/explanation.h"
#include "ldiv/release/published_table.h"

namespace ldv::cli {
namespace {

nlohmann::json metricsJson(const NodeMetrics& m) {
    return {{"height", m.height},
            {"classes", m.classes},
            {"suppressed_rows", m.suppressedRows},
            {"average_class_size", m.averageClassSize},
            {"discernibility", m.discernibility},
            {"kl_divergence", m.klDivergence},
            {"information", m.information},
            {"loss", m.loss}};
}

nlohmann::json explanationJson(const Explanation& e, Metric metric) {
    nlohmann::json criteria = nlohmann::json::array();
    for (const CriterionExplanation& c : e.criteria) {
        nlohmann::json classes = nlohmann::json::array();
        for (const FailingClass& f : c.failingClasses) {
            nlohmann::json jf{{"class", f.index},
                              {"qi_values", f.qiValues},
                              {"size", f.size},
                              {"measure", f.measure},
                              {"distance", f.distance},
                              {"rows", f.rows},
                              {"rows_listed", f.rows.size()}};
            if (!f.dominatingValue.empty())
                jf["dominating"] = {{"value", f.dominatingValue},
                                    {"count", f.dominatingCount},
                                    {"share", f.dominatingShare}};
            if (f.entropyMissing != 0) jf["entropy_missing"] = f.entropyMissing;
            classes.push_back(jf);
        }
        criteria.push_back(
            {{"spec", c.verdict.spec},
             {"description", c.verdict.description},
             {"holds", c.verdict.holds},
             {"failing_class_count", c.verdict.failingClasses},
             {"failing_rows", c.verdict.failingRows},
             {"failing_classes", classes},
             {"strongest",
              c.strongestSpec.empty() ? nlohmann::json(nullptr) : nlohmann::json(c.strongestSpec)},
             {"strongest_parameter", c.strongestSpec.empty()
                                         ? nlohmann::json(nullptr)
                                         : nlohmann::json(c.strongestParameter)}});
    }
    nlohmann::json raises = nlohmann::json::array();
    for (const RaiseFix& r : e.raises)
        raises.push_back({{"attribute", r.name},
                          {"node", r.levels},
                          {"satisfies", r.satisfies},
                          {"utility", r.utility},
                          {"metrics", metricsJson(r.metrics)}});
    return {{"node", e.metrics.levels},
            {"rows", e.rows},
            {"classes", e.classes},
            {"satisfies", e.satisfies},
            {"suppressed_rows", e.metrics.suppressedRows},
            {"metric", metricName(metric)},
            {"utility", e.utility},
            {"criteria", criteria},
            {"fixes",
             {{"raise", raises},
              {"suppress",
               {{"rows", e.suppress.rows},
                {"limit_rows", e.suppress.limitRows},
                {"within_limit", e.suppress.withinLimit},
                {"required_limit", e.suppress.requiredLimit},
                {"utility", e.suppress.utility}}}}}};
}

void printText(std::ostream& out, const Explanation& e, Metric metric) {
    out << "node " << formatLevels(e.metrics.levels) << ": " << e.rows << " rows in " << e.classes
        << " classes; " << (e.satisfies ? "satisfies" : "FAILS") << " the requirement ("
        << e.metrics.suppressedRows << " rows suppressed; " << metricName(metric) << " "
        << e.utility << ")\n";
    for (const CriterionExplanation& c : e.criteria) {
        out << "  " << c.verdict.spec << " (" << c.verdict.description
            << "): " << (c.verdict.holds ? "holds" : "fails");
        if (!c.verdict.holds)
            out << " in " << c.verdict.failingClasses << " classes (" << c.verdict.failingRows
                << " rows)";
        out << "\n";
        for (const FailingClass& f : c.failingClasses) {
            out << "    class " << f.index << " [";
            for (std::size_t i = 0; i < f.qiValues.size(); ++i)
                out << (i ? ", " : "") << f.qiValues[i];
            out << "] " << f.size << " rows, measure " << f.measure << ", short by " << f.distance;
            if (!f.dominatingValue.empty())
                out << "; '" << f.dominatingValue << "' dominates (" << f.dominatingCount << " of "
                    << f.size << ")";
            out << "\n";
        }
        if (c.failingClasses.size() < c.verdict.failingClasses)
            out << "    … " << c.verdict.failingClasses - c.failingClasses.size()
                << " more classes (see --json)\n";
        out << "    strongest that holds here: "
            << (c.strongestSpec.empty() ? "none" : c.strongestSpec) << "\n";
    }
    out << "fixes (by " << metricName(metric) << "):\n";
    for (const RaiseFix& r : e.raises)
        out << "  raise " << r.name << " -> node " << formatLevels(r.levels) << ": "
            << (r.satisfies ? "satisfies" : "fails") << ", " << metricName(metric) << " "
            << r.utility << "\n";
    out << "  suppress " << e.suppress.rows
        << " rows: " << (e.suppress.withinLimit ? "within" : "beyond") << " the limit of "
        << e.suppress.limitRows << " rows (needs --suppression " << e.suppress.requiredLimit
        << "), " << metricName(metric) << " " << e.suppress.utility << "\n";
}

class ExplainCommand : public Command {
public:
    void attach(CLI::App& app) override {
        m_command = app.add_subcommand(
            "explain",
            "Why a node or a published table fails its criteria, which classes and rows, and "
            "the cheapest computed fixes (exit 3 when it fails)");
        addDataOptions(*m_command, m_options);
        addSearchOptions(*m_command, m_search);
        addResearchSubsetOption(*m_command, m_options);
        auto* node = m_command->add_option("--node", m_node, "Levels L1,L2,... in --qi order");
        auto* published = m_command->add_option(
            "--published", m_published,
            "A published CSV judged as it stands (its QI columns are the classes)");
        node->excludes(published);
        m_command->add_option("--max-classes", m_options2.classCap,
                              "Failing classes listed per criterion");
        m_command->add_option("--max-rows", m_options2.rowCap, "Row indices listed per class");
    }

    int execute(std::ostream& out, std::ostream& err) override {
        if (m_node.empty() && m_published.empty())
            throw ParameterError("give --node L1,L2,... or --published FILE");
        m_options.loadThreads = m_search.threads;
        // Every figure is a function of the base groups, so a database table is grouped by the
        // database; only the row indices of the failing classes listed need the rows, which
        // are then fetched for them (docs/database.md, "Which commands need rows").
        m_options.groupsSuffice = true;
        m_options.projectColumns = true;  // only the columns it uses are parsed
        auto ws = loadWorkspace(m_options);
        Judged judged = explainOn(*ws);
        if (judged.data->grouped() && listsRows(judged.explanation)) {
            m_options.groupsSuffice = false;
            ws = loadWorkspace(m_options);
            judged = explainOn(*ws);
        }
        for (const std::string& w : feasibilityWarnings(*judged.data, judged.config.criteria))
            err << "warning: " << w << "\n";
        const Explanation& e = judged.explanation;
        if (m_options.json) {
            nlohmann::json j = explanationJson(e, judged.config.metric);
            if (judged.published) j["published"] = m_published;
            out << j.dump() << "\n";
        } else {
            printText(out, e, judged.config.metric);
        }
        return e.satisfies ? kSuccess : kRequirementNotMet;
    }

private:
    struct Judged {
        std::unique_ptr<PublishedTable> published;
        const Dataset* data = nullptr;
        SearchConfig config;
        Explanation explanation;
    };

    Judged explainOn(const Workspace& ws) {
        Judged out;
        Requirement requirement;
        if (!m_published.empty()) {
            // Judged as it stands; delta-presence, which needs the population, is refused there.
            const Dataset& source = ws.dataset();
            std::vector<std::string> qi, sensitive;
            for (std::size_t c : source.qiColumns()) qi.push_back(source.table().column(c).name());
            for (std::size_t c : source.sensitiveColumns())
                sensitive.push_back(source.table().column(c).name());
            out.published = std::make_unique<PublishedTable>(m_published, qi, sensitive);
            requirement.data = &out.published->dataset();
            requirement.config = toSearchConfig(m_search, *requirement.data, ws, true);
        } else {
            // The node of the loaded data, judged on the dataset `ldiv search` judges it on
            // (with delta-presence, the population with the research subset).
            requirement = toRequirement(m_search, ws, true);
        }
        out.data = requirement.data;
        out.config = requirement.config;
        const Levels levels =
            out.published ? Levels(out.data->qiCount(), 0) : resolveNode(m_node, *out.data);
        out.explanation = explainNode(*out.data, out.config, levels, m_options2);
        return out;
    }

    /// Whether the output lists row indices: a failing class is listed and --max-rows > 0.
    bool listsRows(const Explanation& e) const {
        if (m_options2.rowCap == 0) return false;
        for (const CriterionExplanation& c : e.criteria)
            if (!c.failingClasses.empty()) return true;
        return false;
    }

    DataOptions m_options;
    SearchOptions m_search;
    ExplainOptions m_options2;
    std::string m_node;
    std::string m_published;
};

}  // namespace

std::unique_ptr<Command> makeExplainCommand() {
    return std::make_unique<ExplainCommand>();
}

}  // namespace ldv::cli
