// `ldiv generalize`: writes the publishable table of a node, judged against the requirement
// (criteria and suppression limit from the options or the project) the way the search judges
// it, so that suppressed rows are removed or masked. `--node optimum` searches first: a
// configuration saved by the workbench re-runs on a new table of the same schema.
#include <nlohmann/json.hpp>
#include <ostream>

#include "cli/command_list.h"
#include "cli/data_options.h"
#include "cli/node_option.h"
#include "cli/release_option.h"
#include "cli/search_options.h"
#include "ldiv/csv.h"
#include "ldiv/error.h"
#include "ldiv/generalize.h"
#include "ldiv/publish.h"

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
            "generalize", "Write the publishable table of a node (identifying columns removed, the rows of "
                          "failing classes suppressed when they fit the suppression limit)");
        addDataOptions(*m_command, m_options);
        addSearchOptions(*m_command, m_search);
        m_command->add_option("--node", m_node,
                              "Levels L1,L2,... in --qi order, or 'optimum' (search for it with the criteria)")
            ->required();
        m_command->add_option("--output,-o", m_output, "Output CSV file")->required();
        m_command->add_option("--output-sep", m_outputSep, "Output separator (default: the input's)");
        m_command->add_option("--suppressed", m_suppressed, "Suppressed rows: remove them, or mask their QI values with *")
            ->check(CLI::IsMember({"remove", "mask"}));
        m_command->add_option("--mapping", m_mapping,
                              "Also write the value-to-generalized-value mapping (attribute,level,value,generalized,rows) to this CSV");
        m_command->add_flag("--neutralize-formulas", m_neutralize,
                            "Prefix cells starting with = + - @ (not numbers) with ' so spreadsheets do not run them");
        addReleaseOption(*m_command, m_release);
    }

    int execute(std::ostream& out, std::ostream& err) override {
        auto ws = loadWorkspace(m_options);
        const Dataset& data = ws->dataset();
        const bool optimum = m_node == "optimum";
        const SearchConfig config = toSearchConfig(m_search, data, ws->config(), optimum);
        Levels levels;
        if (optimum) {
            const SearchResult r = search(data, config);
            for (const std::string& w : r.warnings) err << "warning: " << w << "\n";
            if (!r.optimum) throw ParameterError("no optimum: no node satisfies the criteria");
            levels = data.lattice().levels(*r.optimum);
        } else {
            levels = resolveNode(m_node, data);
        }
        PublishOptions publish;
        publish.maskSuppressed = m_suppressed == "mask";
        const PublishedNode node = publishNode(data, config, levels, ws->identifyingColumns(), publish);
        if (!node.judgement.satisfies)
            err << "warning: node " << formatLevels(levels) << " does not satisfy the criteria, even with "
                << "the suppression limit; nothing was suppressed\n";
        const char sep = m_outputSep.empty() ? ws->loadReport().separator : parseSeparator(m_outputSep);
        writeTableCsv(node.table, m_output, sep, m_neutralize);
        if (!m_mapping.empty()) writeTableCsv(valueMapping(data, levels), m_mapping, sep, m_neutralize);
        writeReleaseIfAsked(m_release, *ws, config, levels, node, publish, m_output, sep, m_neutralize,
                            err);
        if (m_options.json) {
            nlohmann::json j{{"output", m_output},
                             {"node", levels},
                             {"rows", node.table.rowCount()},
                             {"columns", node.table.columnNames()},
                             {"removed_columns", removedColumns(*ws)},
                             {"satisfies", node.judgement.satisfies},
                             {"suppressed_rows", node.suppressedRows},
                             {"suppressed", publish.maskSuppressed ? "masked" : "removed"}};
            if (!m_mapping.empty()) j["mapping"] = m_mapping;
            out << j.dump() << "\n";
        } else {
            out << "wrote " << node.table.rowCount() << " rows to " << m_output << " (node "
                << formatLevels(levels) << "; " << node.suppressedRows << " suppressed rows "
                << (publish.maskSuppressed ? "masked" : "removed") << ")\n";
            for (const std::string& name : removedColumns(*ws))
                out << "  identifying column '" << name << "' removed\n";
            if (!m_mapping.empty()) out << "  value mapping written to " << m_mapping << "\n";
        }
        return 0;
    }

private:
    DataOptions m_options;
    SearchOptions m_search;
    std::string m_node;
    std::string m_output;
    std::string m_outputSep;
    std::string m_suppressed = "remove";
    std::string m_mapping;
    bool m_neutralize = false;
    std::string m_release;
};

}  // namespace

std::unique_ptr<Command> makeGeneralizeCommand() { return std::make_unique<GeneralizeCommand>(); }

}  // namespace ldv::cli
