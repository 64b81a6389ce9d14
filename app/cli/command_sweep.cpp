// `ldiv sweep`: (τ,ℓ)-diversity by Sequential Sweep (Tian & Zhang 2011 §4), local recoding of QI
// and SA.
#include <algorithm>
#include <nlohmann/json.hpp>
#include <ostream>

#include "cli/command_list.h"
#include "cli/data_options.h"
#include "cli/output_guard.h"
#include "cli/pseudonym_options.h"
#include "cli/release_option.h"
#include "ldiv/data/error.h"
#include "ldiv/io/csv_table_reader.h"
#include "ldiv/project/tau_input.h"
#include "ldiv/project/workspace_publish.h"
#include "ldiv/tau/sweep_result.h"

namespace ldv::cli {
namespace {

class SweepCommand : public Command {
public:
    void attach(CLI::App& app) override {
        m_command = app.add_subcommand(
            "sweep",
            "(tau, l)-diversity by Sequential Sweep (Tian & Zhang 2011): generalizes QI "
            "values per class (local recoding) and sensitive values where needed");
        addDataOptions(*m_command, m_options);
        m_command->add_option("--sensitive-hierarchy", m_taxonomy,
                              "Taxonomy CSV of the sensitive attribute (default: the project's)");
        m_command->add_option("--tau", m_tau, "tau in [1/l, 1)")->required();
        m_command->add_option("--l", m_l, "l in [2, m], m = number of sensitive values")
            ->required();
        m_command
            ->add_option("--importance", m_importance,
                         "QI by importance COL,COL,... (default: the --qi order)")
            ->delimiter(',');
        m_command->add_option("--seed", m_seed, "Seed of the row order (ties)");
        m_command->add_option("-o,--output", m_output, "Output CSV file (optional)");
        m_command->add_option("--output-sep", m_outputSep,
                              "Output separator (default: the input's)");
        addNeutralizeOptions(*m_command, m_neutralize);
        addReleaseOption(*m_command, m_release);
        addPseudonymOptions(*m_command, m_pseudonyms);
    }

    int execute(std::ostream& out, std::ostream& err) override {
        checkReleaseOptions(m_release);
        if (!m_release.path.empty() && m_output.empty())
            throw ParameterError("--release needs --output: a release record certifies a file");
        auto ws = loadWorkspace(m_options);
        refuseOverwritingInputs({{"--output", m_output},
                                 {"--release", m_release.path},
                                 {"--pseudonym-map", m_pseudonyms.map}},
                                m_options, *ws,
                                {{"the sensitive hierarchy", m_taxonomy},
                                 {"the --secret-file", m_pseudonyms.secretFile}});
        if (m_output.empty() && (!m_pseudonyms.columns.empty() || !m_pseudonyms.map.empty()))
            throw ParameterError("--pseudonymize and --pseudonym-map need --output");
        const char sep = parseOutputSeparator(m_outputSep, ws->loadReport().separator);
        // A published table holds only columns given a role (workspace_publish.h), exit 1.
        if (!m_output.empty()) requireRoles(*ws);
        ws->requireQiHierarchies();
        const TauInput input = tauInputOf(*ws, m_taxonomy);
        SweepOptions options;
        options.tau = m_tau;
        options.l = m_l;
        options.seed = m_seed;
        const Dataset& data = ws->dataset();
        for (const std::string& name : m_importance) {
            const std::size_t col = data.table().requireColumn(name);
            const auto it = std::find(data.qiColumns().begin(), data.qiColumns().end(), col);
            if (it == data.qiColumns().end())
                throw ParameterError("--importance: '" + name + "' is not a quasi-identifier");
            options.importance.push_back(std::size_t(it - data.qiColumns().begin()));
        }
        const SweepResult result = sweep(input, options);
        const TauCheck check = checkTau(input, result.recoding, m_tau, m_l);
        const double e = excessiveProtection(input, result.recoding, m_tau, m_l);
        const double um = informationUtility(input, result.recoding);
        const std::size_t saRows = generalizedSaRows(input, result.recoding);
        if (!m_output.empty()) {
            const Pseudonyms pseudonyms = preparePseudonyms(m_pseudonyms, *ws);
            const Table recoded =
                recodedTable(input, result.recoding, ws->identifyingColumns(), pseudonyms.columns);
            const std::string table = formatTableCsv(recoded, sep, m_neutralize.enabled());
            if (m_pseudonyms.map.empty())
                writeFileAtomically(m_output, table);
            else
                writeFilesAtomically({{m_output, table},
                                      {m_pseudonyms.map,
                                       formatTableCsv(publishedMapping(pseudonyms.mapping, recoded),
                                                      sep, m_neutralize.enabled())}},
                                     {m_pseudonyms.map});  // the map leads back: 0600
            writeSweepReleaseIfAsked(m_release, *ws, input, m_tau, m_l, m_output, err);
        }
        const SweepStatistics& s = result.statistics;
        if (m_options.json) {
            out << nlohmann::json{{"tau", m_tau},
                                  {"l", m_l},
                                  {"rows", input.rowCount()},
                                  {"classes", result.recoding.classes.size()},
                                  {"holds", check.holds()},
                                  {"excessive_protection", e},
                                  {"information", um},
                                  {"generalized_sa_rows", saRows},
                                  {"sa_steps", s.saSteps},
                                  {"sa_steps_initial", s.saStepsInitial},
                                  {"swept_rows", s.sweptRows},
                                  {"row_moves", s.rowMoves},
                                  {"items", s.items},
                                  {"milliseconds", s.milliseconds},
                                  {"output", m_output}}
                       .dump()
                << "\n";
            return 0;
        }
        out << "SWEEP (" << m_tau << ", " << m_l << ")-diversity: " << input.rowCount()
            << " rows in " << result.recoding.classes.size() << " classes, " << saRows
            << " sensitive values generalized; "
            << (check.holds() ? "every class satisfies it" : "FAILS: " + check.problem)
            << "\n  excessive protection e(P) = " << e << ", information um = " << um << ", "
            << s.milliseconds << " ms\n";
        if (!m_output.empty()) out << "  wrote " << m_output << "\n";
        return 0;
    }

private:
    DataOptions m_options;
    std::string m_taxonomy;
    double m_tau = 0;
    double m_l = 0;
    std::vector<std::string> m_importance;
    std::uint64_t m_seed = 1;
    std::string m_output;
    std::string m_outputSep;
    NeutralizeOptions m_neutralize;
    ReleaseOptions m_release;
    PseudonymOptions m_pseudonyms;
};

}  // namespace

std::unique_ptr<Command> makeSweepCommand() {
    return std::make_unique<SweepCommand>();
}

}  // namespace ldv::cli
