// `ldiv audit`: the equivalence classes of a node (or of a published table as it stands).
#include <algorithm>
#include <nlohmann/json.hpp>
#include <optional>
#include <ostream>

#include "cli/cli.h"
#include "cli/command_list.h"
#include "cli/data_options.h"
#include "cli/node_option.h"
#include "ldiv/evaluation/criterion_result.h"
#include "ldiv/hierarchy/hierarchy_builders.h"
#include "ldiv/project/workspace.h"
#include "ldiv/publish/audit_summary.h"
#include "ldiv/tau/tau_audit.h"
#include "ldiv/workflow/requirement.h"

namespace ldv::cli {
namespace {

class AuditCommand : public Command {
public:
    void attach(CLI::App& app) override {
        m_command = app.add_subcommand(
            "audit",
            "Class sizes, k, and per sensitive attribute distinct and entropy minima and "
            "homogeneous classes, for a node or for the table as it stands");
        addDataOptions(*m_command, m_options);
        addStreamOption(*m_command, m_options);
        addResearchSubsetOption(*m_command, m_options);
        m_command->add_option("--node", m_node,
                              "Levels L1,L2,... in --qi order (default: the table as it is)");
        m_command->add_option(
            "-c,--criterion", m_criteria,
            "Privacy criterion (repeatable): k=5, distinct-l=3, entropy-l=2.5, recursive-cl=C,L, "
            "simple-l=L, tau-l=TAU,L, pd-recursive-cl=C,L;dontcare=v1|v2, "
            "npd-recursive-cl=C1,C2,L;dontcare=..;protected=.., "
            "t-closeness=T[:ordered|:hierarchical], "
            "delta-disclosure=D, "
            "beta-likeness=B[:enhanced], k-map=K (with --population-size), average-risk=R, "
            "sample-uniqueness=U, population-uniqueness=U:MODEL (with --population-size), "
            "delta-presence=DMIN,DMAX (with --research-subset), "
            "individual-risk=R, global-risk=R (with --survey-weight), "
            "suffix @ATTRIBUTE, "
            ";multi "
            "(see docs/criteria.md)");
        addPopulationSizeOption(*m_command, m_populationSize,
                                "k-map=K and population-uniqueness=U:MODEL");
        m_command->add_flag("--class-measures", m_classMeasures,
                            "With --json: list every class's measure per criterion");
    }

    int execute(std::ostream& out, std::ostream&) override {
        m_options.projectColumns = true;  // only the columns it uses are parsed
        auto ws = loadWorkspace(m_options);
        // The criteria as the search binds them (requirement.h), without suppression: the
        // classes are audited as they stand. delta-presence is judged on the data with the
        // research subset, whose last sensitive attribute is the membership: left out of the
        // summary.
        SearchSettings settings;
        settings.criteria = m_criteria;
        settings.populationSize = m_populationSize != 0 ? std::optional<double>(m_populationSize)
                                                        : ws->config().search.populationSize;
        SettingNames names;
        names.populationSize = "--population-size";
        const Requirement requirement = prepareRequirement(*ws, settings, names);
        const Dataset& data = *requirement.data;
        const bool presence = &data != &ws->dataset();
        const Levels levels = resolveNode(m_node, data);
        const std::vector<BoundCriterion>& criteria = requirement.config.criteria;
        const EquivalenceClasses classes = data.classes(levels, true);
        AuditSummary s = summarize(data, classes);
        if (presence && !s.sensitive.empty()) s.sensitive.pop_back();
        auto results = evaluateCriteria(data, classes, criteria);
        // A hierarchy of a sensitive attribute: (τ,ℓ) criteria read generalized values through
        // it (Tian & Zhang 2011); the other criteria compare values as labels, which we say.
        std::vector<std::string> warnings;
        std::vector<BoundCriterion> flat;  // criteria judged on labels, for the whole-table bounds
        std::vector<bool> viaHierarchy(criteria.size(), false);
        for (std::size_t s = 0; s < data.sensitiveColumns().size() - (presence ? 1 : 0); ++s) {
            const Hierarchy* hierarchy =
                ws->hierarchy(ws->table().column(data.sensitiveColumns()[s]).name());
            if (!hierarchy) continue;
            bool others = false, tau = false;
            for (std::size_t i = 0; i < criteria.size(); ++i) {
                if (criteria[i].sensitive != s ||
                    criteria[i].criterion.kind() == CriterionKind::KAnonymity)
                    continue;
                if (criteria[i].criterion.kind() == CriterionKind::TauL) {
                    results[i] = evaluateTauWithHierarchy(data, classes, criteria[i], *hierarchy);
                    viaHierarchy[i] = tau = true;
                } else if (criteria[i].criterion.kind() == CriterionKind::TCloseness &&
                           criteria[i].criterion.definition().variant == "hierarchical") {
                    tau = true;  // bound with the hierarchy's ground distance
                } else {
                    others = true;
                }
            }
            if (others || !tau)
                warnings.push_back(
                    "the hierarchy of the sensitive attribute '" +
                    data.table().column(data.sensitiveColumns()[s]).name() +
                    "' is used by tau-l and t-closeness=T:hierarchical criteria only; the other "
                    "criteria count its values as they stand");
        }
        for (std::size_t i = 0; i < criteria.size(); ++i)
            if (!viaHierarchy[i]) flat.push_back(criteria[i]);
        const auto bounds = feasibilityWarnings(data, flat);
        warnings.insert(warnings.begin(), bounds.begin(), bounds.end());
        nlohmann::json j{{"rows", s.rows},
                         {"node", levels},
                         {"classes", s.classes},
                         {"k", s.minClassSize},
                         {"min_class_size", s.minClassSize},
                         {"average_class_size", s.averageClassSize},
                         {"max_class_size", s.maxClassSize}};
        j["qi"] = nlohmann::json::array();
        for (std::size_t c : data.qiColumns()) j["qi"].push_back(data.table().column(c).name());
        j["sensitive"] = nlohmann::json::array();
        for (const SensitiveSummary& sa : s.sensitive)
            j["sensitive"].push_back({{"attribute", sa.attribute},
                                      {"min_distinct", sa.minDistinct},
                                      {"min_exp_entropy", sa.minExpEntropy},
                                      {"homogeneous_classes", sa.homogeneousClasses},
                                      {"homogeneous_rows", sa.homogeneousRows}});
        j["criteria"] = nlohmann::json::array();
        for (const CriterionResult& r : results) {
            nlohmann::json jc{{"spec", r.spec},
                              {"description", r.description},
                              {"holds", r.holds},
                              {"failing_classes", r.failingClasses},
                              {"failing_rows", r.failingRows},
                              {"threshold", r.threshold},
                              {"worst_class", r.worstClass},
                              {"worst_measure", r.worstMeasure}};
            if (m_classMeasures) jc["class_measures"] = r.classMeasures;
            j["criteria"].push_back(jc);
        }
        j["warnings"] = warnings;
        // The contract: a criterion that does not hold is exit 3, as for generalize and verify.
        const bool fails = std::any_of(results.begin(), results.end(),
                                       [](const CriterionResult& r) { return !r.holds; });
        const int status = fails ? kRequirementNotMet : 0;
        if (m_options.json) {
            out << j.dump() << "\n";
            return status;
        }
        for (const std::string& w : warnings) out << "warning: " << w << "\n";
        out << "node " << formatLevels(levels) << ": " << s.rows << " rows in " << s.classes
            << " classes; k = " << s.minClassSize << " (class sizes min " << s.minClassSize
            << ", average " << s.averageClassSize << ", max " << s.maxClassSize << ")\n";
        for (const SensitiveSummary& sa : s.sensitive)
            out << "  " << sa.attribute << ": distinct " << sa.minDistinct << ", exp(entropy) "
                << sa.minExpEntropy << ", homogeneous classes " << sa.homogeneousClasses << " ("
                << sa.homogeneousRows << " rows)\n";
        for (const CriterionResult& r : results) {
            out << "  " << r.spec << " (" << r.description
                << "): " << (r.holds ? "holds" : "FAILS");
            if (!r.holds)
                out << " in " << r.failingClasses << " classes (" << r.failingRows << " rows)";
            out << "; worst class " << r.worstClass + 1 << " measure " << r.worstMeasure
                << " (threshold " << r.threshold << ")\n";
        }
        return status;
    }

private:
    DataOptions m_options;
    std::string m_node;
    std::vector<std::string> m_criteria;
    bool m_classMeasures = false;
    double m_populationSize = 0;
};

}  // namespace

std::unique_ptr<Command> makeAuditCommand() {
    return std::make_unique<AuditCommand>();
}

}  // namespace ldv::cli
