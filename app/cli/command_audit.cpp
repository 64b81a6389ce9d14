// `ldiv audit`: the equivalence classes of a node (or of a published table as it stands).
#include <nlohmann/json.hpp>
#include <ostream>

#include "cli/command_list.h"
#include "cli/data_options.h"
#include "cli/node_option.h"
#include "ldiv/audit.h"

namespace ldv::cli {
namespace {

class AuditCommand : public Command {
public:
    void attach(CLI::App& app) override {
        m_command = app.add_subcommand(
            "audit", "Class sizes, k, and per sensitive attribute distinct and entropy minima and "
                     "homogeneous classes, for a node or for the table as it stands");
        addDataOptions(*m_command, m_options);
        m_command->add_option("--node", m_node, "Levels L1,L2,... in --qi order (default: the table as it is)");
    }

    int execute(std::ostream& out, std::ostream&) override {
        auto ws = loadWorkspace(m_options);
        const Dataset& data = ws->dataset();
        const Levels levels = resolveNode(m_node, data);
        const EquivalenceClasses classes = data.classes(levels);
        const AuditSummary s = summarize(data, classes);
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
        if (m_options.json) {
            out << j.dump() << "\n";
            return 0;
        }
        out << "node " << formatLevels(levels) << ": " << s.rows << " rows in " << s.classes
            << " classes; k = " << s.minClassSize << " (class sizes min " << s.minClassSize
            << ", average " << s.averageClassSize << ", max " << s.maxClassSize << ")\n";
        for (const SensitiveSummary& sa : s.sensitive)
            out << "  " << sa.attribute << ": distinct " << sa.minDistinct << ", exp(entropy) "
                << sa.minExpEntropy << ", homogeneous classes " << sa.homogeneousClasses << " ("
                << sa.homogeneousRows << " rows)\n";
        return 0;
    }

private:
    DataOptions m_options;
    std::string m_node;
};

}  // namespace

std::unique_ptr<Command> makeAuditCommand() { return std::make_unique<AuditCommand>(); }

}  // namespace ldv::cli
