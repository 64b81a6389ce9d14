// `ldiv beliefs`: the Bayes-optimal adversary's beliefs about every individual of a node or
// of a published table, with background knowledge (Machanavajjhala et al. 2007 §3, SPEC §4).
#include <nlohmann/json.hpp>
#include <ostream>

#include "cli/command_list.h"
#include "cli/data_options.h"
#include "cli/node_option.h"
#include "ldiv/attacks/belief_analysis.h"
#include "ldiv/data/error.h"
#include "ldiv/experiments/background_attack.h"

namespace ldv::cli {
namespace {

class BeliefsCommand : public Command {
public:
    void attach(CLI::App& app) override {
        m_command = app.add_subcommand(
            "beliefs",
            "Bayes-optimal beliefs per individual: positive/negative disclosures and "
            "(rho1,rho2)-breaches, with background knowledge");
        addDataOptions(*m_command, m_options);
        addReleaseOptions(*m_command, m_node, m_published);
        m_command->add_option("--knowledge", m_knowledge,
                              "Background knowledge (repeatable), e.g. \"nationality=Japanese => "
                              "condition=Heart Disease : 0.01\"");
        m_command->add_option(
            "--prior", m_prior,
            "The adversary's joint distribution f(q,s): marginal (default; f(s|q) = f(s), so "
            "beliefs are class frequencies), base (the table's own f(s|q) per QI tuple) or "
            "FILE, a CSV with the QI columns, the sensitive column and one weight column "
            "(f(q,s) or counts)");
        m_command->add_option("--delta", m_options2.delta,
                              "Positive disclosure when belief > 1 - delta (default 0.05)");
        m_command->add_option("--epsilon", m_options2.epsilon,
                              "Negative disclosure when belief < epsilon (default 0.05)");
        m_command->add_option("--rho1", m_options2.rho1, "(rho1,rho2)-breach check: rho1");
        m_command->add_option("--rho2", m_options2.rho2, "(rho1,rho2)-breach check: rho2");
    }

    int execute(std::ostream& out, std::ostream&) override {
        auto ws = loadWorkspace(m_options);
        const Dataset& data = ws->dataset();
        if (ws->sensitiveColumns().size() != 1)
            throw ParameterError("beliefs needs exactly one sensitive attribute (--sensitive COL)");
        for (const std::string& k : m_knowledge)
            m_options2.statements.push_back(parseBackgroundStatement(k));
        resolvePriorOption(m_prior, ws->table(), ws->sensitiveColumns()[0], ws->qiColumns(),
                           m_options2.prior, m_options2.joint);
        const ClassPartition release = resolveRelease(m_node, m_published, data);
        const BeliefAnalysis a = analyzeBeliefs(data, release, m_options2);
        const Column& sa = ws->table().column(ws->sensitiveColumns()[0]);
        nlohmann::json j{{"classes", a.classCount},
                         {"rows", a.individuals.size()},
                         {"positive_disclosures", a.positiveDisclosures},
                         {"negative_disclosures", a.negativeDisclosures},
                         {"breaches", a.breaches}};
        if (m_published.empty()) j["node"] = release.levels;
        j["individuals"] = nlohmann::json::array();
        for (const IndividualBelief& i : a.individuals)
            j["individuals"].push_back({{"row", i.row + 1},
                                        {"class", i.cls},
                                        {"value", sa.value(i.trueValue)},
                                        {"prior", i.prior},
                                        {"belief", i.belief},
                                        {"knowledge", i.knowledgeApplies},
                                        {"positive", i.positive},
                                        {"negative_values", i.negativeValues},
                                        {"breach", i.breach}});
        if (m_options.json) {
            out << j.dump() << "\n";
            return 0;
        }
        out << a.individuals.size() << " individuals in " << a.classCount
            << " classes: " << a.positiveDisclosures << " positive disclosures (belief > "
            << 1 - m_options2.delta << "), " << a.negativeDisclosures
            << " with negative disclosures (belief < " << m_options2.epsilon << ")";
        if (m_options2.rho1 > 0) out << ", " << a.breaches << " (rho1,rho2)-breaches";
        out << "\n";
        for (const IndividualBelief& i : a.individuals)
            if (i.positive || i.knowledgeApplies)
                out << "  row " << i.row + 1 << " (" << sa.value(i.trueValue) << "): belief "
                    << i.belief << (i.positive ? "  POSITIVE DISCLOSURE" : "")
                    << (i.knowledgeApplies ? "  [knowledge]" : "") << "\n";
        return 0;
    }

private:
    DataOptions m_options;
    BeliefOptions m_options2;
    std::string m_node, m_published, m_prior = "marginal";
    std::vector<std::string> m_knowledge;
};

}  // namespace

std::unique_ptr<Command> makeBeliefsCommand() {
    return std::make_unique<BeliefsCommand>();
}

}  // namespace ldv::cli
