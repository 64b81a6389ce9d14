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

std::vector<std::string> removedColumns(const Workspace& ws) {
    std::vector<std::string> names;
    for (std::size_t c : ws.identifyingColumns()) names.push_back(ws.table().column(c).name());
    return names;
}

class GeneralizeCommand : public Command {
public:
    void attach(CLI::App& app) override {
        m_command = app.add_subcommand(
            "generalize", "Write the publishable table of a node (identifying columns removed)");
        addDataOptions(*m_command, m_options);
        m_command->add_option("--node", m_node, "Levels L1,L2,... in --qi order")->required();
        m_command->add_option("--output,-o", m_output, "Output CSV file")->required();
        m_command->add_option("--output-sep", m_outputSep, "Output separator (default: the input's)");
        m_command->add_flag("--neutralize-formulas", m_neutralize,
                            "Prefix cells starting with = + - @ (not numbers) with ' so spreadsheets do not run them");
    }

    int execute(std::ostream& out, std::ostream&) override {
        auto ws = loadWorkspace(m_options);
        const Dataset& data = ws->dataset();
        const Levels levels = resolveNode(m_node, data);
        const Table published = generalizeTable(data, levels, ws->identifyingColumns());
        const char sep = m_outputSep.empty() ? ws->loadReport().separator : parseSeparator(m_outputSep);
        writeTableCsv(published, m_output, sep, m_neutralize);
        if (m_options.json) {
            out << nlohmann::json{{"output", m_output},
                                  {"node", levels},
                                  {"rows", published.rowCount()},
                                  {"columns", published.columnNames()},
                                  {"removed_columns", removedColumns(*ws)}}
                       .dump()
                << "\n";
        } else {
            out << "wrote " << published.rowCount() << " rows to " << m_output << " (node "
                << formatLevels(levels) << ")\n";
            for (const std::string& name : removedColumns(*ws))
                out << "  identifying column '" << name << "' removed\n";
        }
        return 0;
    }

private:
    DataOptions m_options;
    std::string m_node;
    std::string m_output;
    std::string m_outputSep;
    bool m_neutralize = false;
};

}  // namespace

std::unique_ptr<Command> makeGeneralizeCommand() { return std::make_unique<GeneralizeCommand>(); }

}  // namespace ldv::cli
