// `ldiv experiment NAME`: one subcommand for the experiments of both papers; NAME picks the
// family (Machanavajjhala et al. 2007 §6 attacks and utility, Tian & Zhang 2011 §5 (tau, l)
// analyses).
#include <ostream>

#include "cli/command_experiment_attacks.h"
#include "cli/command_experiment_tau.h"
#include "cli/command_list.h"
#include "ldiv/data/error.h"

namespace ldv::cli {
namespace {

class ExperimentCommand : public Command {
public:
    void attach(CLI::App& app) override {
        m_command = app.add_subcommand(
            "experiment",
            "Experiments of the papers, as {\"rows\": [flat records...]} with "
            "--json (--csv: the rows as CSV).\n"
            "  Machanavajjhala et al. 2007 §6: homogeneity (rows: k, threshold, "
            "total_tables, affected_tables, avg_affected_classes,\n"
            "    avg_affected_rows; tables: k, threshold, levels, "
            "affected_classes, affected_rows), utility and kl\n"
            "    (model, parameter, min_height, min_average_class_size, "
            "min_discernibility, min_kl, base_kl, nodes),\n"
            "    timing (model, qi_size, lattice_size, ms, checked_nodes), "
            "background (per class and total\n"
            "    positive/negative disclosures before and after the --knowledge "
            "statements); see docs/experiments.md.\n"
            "  Tian & Zhang 2011 §5: excessive-protection, information "
            "(algorithm, tau, l, empty, excessive_protection,\n"
            "    information, classes, generalized_sa_rows, chosen_c, chosen_l, "
            "runs, satisfying_runs, milliseconds, cld_pass_milliseconds,\n"
            "    weakest_simple_l, weakest_cl), tau-profile (algorithm, tau, l, empty, profiled,\n"
            "    chosen_c, chosen_l, classes, failing_classes, psi, "
            "max_cumulative_frequency, classes_exceeding),\n"
            "    tau-classify (algorithm, tau, l, empty, original_accuracy, "
            "anonymous_accuracy, accuracy_ratio,\n"
            "    original_rules, preserved_rules, trees), count-query (kind=dimensions: "
            "dimensions, average_relative_error;\n"
            "    kind=sensitive-value: value, actual, estimate, "
            "relative_error), eligible (kind=summary: rows, m,\n"
            "    top_frequency, max_simple_l; kind=l: l, min_c, min_tau_*); see "
            "docs/tau-diversity.md.");
        m_command
            ->add_option(
                "NAME", m_name,
                "homogeneity, utility, kl, timing, background, excessive-protection, information, "
                "tau-profile, tau-classify, count-query or eligible")
            ->required();
        addDataOptions(*m_command, m_data);
        m_command->add_flag("--csv", m_csv,
                            "Print the rows as CSV (the Machanavajjhala et al. 2007 §6 "
                            "experiments; the Tian & Zhang 2011 ones print key=value lines)");
        // The (tau, l) options first: the attack options reuse its --c and --seed.
        addTauExperimentOptions(*m_command, m_tau);
        addAttackExperimentOptions(*m_command, m_attacks);
    }

    int execute(std::ostream& out, std::ostream&) override {
        if (isAttackExperiment(m_name))
            return runAttackExperiment(m_name, m_data, m_attacks, m_csv, out);
        if (isTauExperiment(m_name)) return runTauExperiment(m_name, m_data, m_tau, out);
        throw ParameterError(
            "unknown experiment '" + m_name +
            "': use homogeneity, utility, kl, timing, background, excessive-protection, "
            "information, tau-profile, tau-classify, count-query or eligible");
    }

private:
    std::string m_name;
    DataOptions m_data;
    bool m_csv = false;
    TauExperimentOptions m_tau;
    AttackExperimentOptions m_attacks;
};

}  // namespace

std::unique_ptr<Command> makeExperimentCommand() {
    return std::make_unique<ExperimentCommand>();
}

}  // namespace ldv::cli
