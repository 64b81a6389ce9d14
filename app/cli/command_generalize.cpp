// `ldiv generalize`: writes the publishable table of a node.
#include <nlohmann/json.hpp>
#include <ostream>

#include "cli/command_list.h"
#include "cli/data_options.h"
#include "cli/node_option.h"
#include "ldiv/csv.h"
#include "ldiv/generalize.h"

namespace ldv::cli {
namespace {

class GeneralizeCommand : public Command {
public:
    void attach(CLI::App& app) override {
        m_command = app.add_subcommand(
            "generalize", "Write the publishable table of a node (identifying columns removed)");
        addDataOptions(*m_command, m_options);
        m_command->add_option("--node", m_node, "Levels L1,L2,... in --qi order")->required();
        m_command->add_option("--output,-o", m_output, "Output CSV file")->required();
        m_command->add_option("--output-sep", m_outputSep, "Output separator (default: the input's)");
    }

    int execute(std::ostream& out, std::ostream&) override {
        auto ws = loadWorkspace(m_options);
        const Dataset& data = ws->dataset();
        const Levels levels = resolveNode(m_node, data);
        const Table published = generalizeTable(data, levels, ws->identifyingColumns());
        const char sep = m_outputSep.empty() ? ws->loadReport().separator : parseSeparator(m_outputSep);
        writeTableCsv(published, m_output, sep);
        if (m_options.json) {
            out << nlohmann::json{{"output", m_output},
                                  {"node", levels},
                                  {"rows", published.rowCount()},
                                  {"columns", published.columnNames()}}
                       .dump()
                << "\n";
        } else {
            out << "wrote " << published.rowCount() << " rows to " << m_output << " (node "
                << formatLevels(levels) << ")\n";
        }
        return 0;
    }

private:
    DataOptions m_options;
    std::string m_node;
    std::string m_output;
    std::string m_outputSep;
};

}  // namespace

std::unique_ptr<Command> makeGeneralizeCommand() { return std::make_unique<GeneralizeCommand>(); }

}  // namespace ldv::cli
