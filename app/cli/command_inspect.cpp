// `ldiv inspect DATA`: columns, inferred types, distinct and missing counts.
#include <nlohmann/json.hpp>
#include <ostream>

#include "cli/command_list.h"
#include "cli/data_options.h"

namespace ldv::cli {
namespace {

class InspectCommand : public Command {
public:
    void attach(CLI::App& app) override {
        m_command =
            app.add_subcommand("inspect", "Columns, inferred types, distinct and missing counts");
        addDataOptions(*m_command, m_options, false);
    }

    int execute(std::ostream& out, std::ostream&) override {
        auto ws = loadWorkspace(m_options);
        const Table& t = ws->table();
        const CsvReport& rep = ws->loadReport();
        nlohmann::json j;
        j["file"] = ws->config().dataPath;
        j["rows"] = t.rowCount();
        j["rows_read"] = rep.rowsRead;
        j["rows_dropped"] = rep.rowsDropped;
        j["separator"] = std::string(1, rep.separator);
        j["columns"] = nlohmann::json::array();
        for (const Column& c : t.columns())
            j["columns"].push_back({{"name", c.name()},
                                    {"type", std::string(toString(c.type()))},
                                    {"distinct", c.domainSize()},
                                    {"missing", c.missingCount()}});
        if (m_options.json) {
            out << j.dump() << "\n";
            return 0;
        }
        out << ws->config().dataPath << ": " << t.rowCount() << " rows";
        if (rep.rowsDropped) out << " (" << rep.rowsDropped << " rows with missing values dropped)";
        out << ", " << t.columnCount() << " columns, separator '"
            << (rep.separator == '\t' ? std::string("tab") : std::string(1, rep.separator))
            << "'\n";
        for (const Column& c : t.columns())
            out << "  " << c.name() << "  " << toString(c.type()) << "  distinct " << c.domainSize()
                << "  missing " << c.missingCount() << "\n";
        return 0;
    }

private:
    DataOptions m_options;
};

}  // namespace

std::unique_ptr<Command> makeInspectCommand() {
    return std::make_unique<InspectCommand>();
}

}  // namespace ldv::cli
