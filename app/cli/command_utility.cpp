// `ldiv utility`: what publishing a node (or a published table) cost each attribute, input
// against output: distributions, summary statistics and two-way tables with Cramér's V
// (core: ldiv/utility/utility_report.h, docs/utility.md).
#include <chrono>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <optional>
#include <ostream>

#include "cli/command_list.h"
#include "cli/data_options.h"
#include "cli/node_option.h"
#include "ldiv/criteria/criterion_spec.h"
#include "ldiv/data/error.h"
#include "ldiv/io/csv_table_reader.h"
#include "ldiv/lattice/lattice.h"
#include "ldiv/utility/utility_report.h"
#include "ldiv/workflow/requirement.h"

namespace ldv::cli {
namespace {

nlohmann::json distributionJson(const Distribution& d) {
    nlohmann::json j = nlohmann::json::object();
    for (const ValueCount& v : d) j[v.value] = v.count;
    return j;
}

/// The output spread over the input's values (output_on_input.h); null when not possible.
nlohmann::json onInputJson(
    const std::optional<std::vector<std::pair<std::string, double>>>& spread) {
    if (!spread) return nullptr;
    nlohmann::json j = nlohmann::json::object();
    for (const auto& [value, rows] : *spread) j[value] = rows;
    return j;
}

nlohmann::json orNull(const std::optional<double>& v) {
    return v ? nlohmann::json(*v) : nlohmann::json(nullptr);
}

nlohmann::json numericJson(const NumericSummary& s) {
    return {{"count", s.count},     {"missing", s.missing},   {"min", orNull(s.min)},
            {"max", orNull(s.max)}, {"mean", orNull(s.mean)}, {"median", orNull(s.median)},
            {"sd", orNull(s.sd)}};
}

nlohmann::json categoricalJson(const CategoricalSummary& s) {
    return {{"distinct", s.distinct},
            {"mode", s.distinct ? nlohmann::json(s.mode) : nlohmann::json(nullptr)},
            {"mode_count", s.modeCount},
            {"entropy", s.entropy}};
}

nlohmann::json tableJson(const ContingencyTable& t) {
    return {{"table", {{"rows", t.rowValues}, {"columns", t.columnValues}, {"counts", t.counts}}},
            {"cramers_v", t.cramersV}};
}

std::string number(const std::optional<double>& v) {
    if (!v) return "-";
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.6g", *v);
    return buffer;
}

std::string fixed(double v) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.4f", v);
    return buffer;
}

class UtilityCommand : public Command {
public:
    void attach(CLI::App& app) override {
        m_command = app.add_subcommand(
            "utility",
            "Utility of a node or a published table: per attribute the input and output "
            "distributions and summary statistics, contingency tables with Cramér's V");
        addDataOptions(*m_command, m_options);
        m_nodeOption = m_command->add_option(
            "--node", m_node,
            "Levels L1,L2,... in --qi order: the node published as `ldiv generalize` does "
            "(the project's criteria and suppression limit)");
        m_command
            ->add_option("--published", m_published,
                         "A published (generalized) CSV table, columns matched by name")
            ->excludes(m_nodeOption);
        addNodeRequirementOptions(*m_command, m_criteria, m_suppression);
        m_command->add_option("--attribute", m_attributes,
                              "An attribute to summarize (repeatable; default: every QI and "
                              "sensitive attribute)");
        m_command->add_option("--pair", m_pairs,
                              "A,B: the two-way tables of two attributes (repeatable)");
        m_command->add_option(
            "--target", m_target,
            "Classification accuracy for this target attribute: logistic regression, naive "
            "Bayes and a decision tree trained on the input's and on the output's "
            "quasi-identifiers, cross-validated");
        m_command->add_option("--folds", m_folds, "Cross-validation folds (default 5)");
        m_command->add_option("--seed", m_seed, "Seed of the folds (default 0)");
    }

    int execute(std::ostream& out, std::ostream&) override {
        const auto start = std::chrono::steady_clock::now();
        if (m_nodeOption->count() == 0 && m_published.empty())
            throw ParameterError(
                "utility compares an output with its input: give --node L1,L2,... or "
                "--published FILE");
        UtilityRequest request;
        request.attributes = m_attributes;
        request.target = m_target;
        if (m_folds < 2)
            throw ParameterError("--folds " + std::to_string(m_folds) + ": give 2 or more");
        request.folds = std::uint32_t(m_folds);
        request.seed = m_seed;
        for (const std::string& p : m_pairs) {
            const std::size_t comma = p.find(',');
            if (comma == std::string::npos || comma == 0 || comma + 1 == p.size() ||
                p.find(',', comma + 1) != std::string::npos)
                throw ParameterError("--pair " + p + ": give two attributes, A,B");
            request.pairs.emplace_back(p.substr(0, comma), p.substr(comma + 1));
        }
        auto ws = loadWorkspace(m_options);
        UtilityReport report;
        Levels levels;
        if (!m_published.empty()) {
            CsvOptions csv = ws->config().csv;
            csv.separator = 0;
            csv.missing = MissingPolicy::Keep;
            const Table published = readCsv(m_published, csv);
            report = publishedUtility(*ws, published, request);
        } else {
            if (ws->qiColumns().empty())
                throw ParameterError(
                    "utility of a node needs quasi-identifiers: give --qi COL,...");
            SearchSettings settings = ws->config().search;
            if (!m_criteria.empty()) settings.criteria = m_criteria;
            if (m_suppression) settings.suppressionLimit = *m_suppression;
            settings.algorithm = AlgorithmChoice::Fast;  // no search runs here
            settings.timeLimit.reset();
            SettingNames names;
            names.suppression = m_suppression ? std::string("--suppression")
                                              : "the project file's \"suppression_limit\"";
            const Requirement requirement = prepareRequirement(*ws, settings, names);
            levels = resolveNode(m_node, *requirement.data);
            report = nodeUtility(*ws, requirement.config, levels, request);
        }
        const double elapsed =
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                .count();
        if (m_options.json)
            printJson(out, report, levels, elapsed);
        else
            printText(out, report, levels);
        return 0;
    }

private:
    void printJson(std::ostream& out, const UtilityReport& r, const Levels& levels,
                   double elapsed) const {
        nlohmann::json j;
        if (m_published.empty())
            j["node"] = levels;
        else
            j["published"] = m_published;
        j["attributes"] = nlohmann::json::array();
        for (const AttributeUtility& a : r.attributes) {
            nlohmann::json summary;
            if (a.numeric) {
                summary["input"] = numericJson(a.inputNumbers);
                summary["output"] = numericJson(a.outputNumbers);
                summary["output"]["method"] = a.outputMethod;
            } else {
                summary["input"] = categoricalJson(a.inputCategories);
                summary["output"] = categoricalJson(a.outputCategories);
            }
            j["attributes"].push_back({{"name", a.name},
                                       {"kind", a.numeric ? "numeric" : "categorical"},
                                       {"input", distributionJson(a.input)},
                                       {"output", distributionJson(a.output)},
                                       {"output_on_input", onInputJson(a.outputOnInput)},
                                       {"suppressed_rows", a.suppressedRows},
                                       {"summary", summary}});
        }
        j["contingency"] = nlohmann::json::array();
        for (const PairUtility& p : r.contingency)
            j["contingency"].push_back({{"pair", {p.first, p.second}},
                                        {"input", tableJson(p.input)},
                                        {"output", tableJson(p.output)}});
        if (r.classification) j["classification"] = classificationJson(*r.classification);
        j["rows"] = {
            {"input", r.inputRows}, {"output", r.outputRows}, {"suppressed", r.suppressedRows}};
        // Every quality model of the node (a published file has no node to measure).
        if (m_published.empty()) {
            j["quality"] = nlohmann::json::object();
            for (const QualityFigure& q : r.quality) j["quality"][q.metric] = q.value;
        }
        j["elapsed_ms"] = elapsed;
        out << j.dump() << "\n";
    }

    void printText(std::ostream& out, const UtilityReport& r, const Levels& levels) const {
        if (m_published.empty())
            out << "node " << formatLevels(levels);
        else
            out << "published table " << m_published;
        out << ": " << r.inputRows << " input rows, " << r.outputRows << " output rows, "
            << r.suppressedRows << " suppressed\n";
        for (const AttributeUtility& a : r.attributes) {
            out << "\n" << a.name << " (" << (a.numeric ? "numeric" : "categorical") << ")\n";
            if (a.numeric) {
                auto line = [&](const char* side, const NumericSummary& s) {
                    out << "  " << side << ": count " << s.count << ", missing " << s.missing
                        << ", min " << number(s.min) << ", max " << number(s.max) << ", mean "
                        << number(s.mean) << ", median " << number(s.median) << ", sd "
                        << number(s.sd) << "\n";
                };
                line("input ", a.inputNumbers);
                line("output", a.outputNumbers);
                out << "  (output on " << a.outputMethod << ")\n";
            } else {
                auto line = [&](const char* side, const CategoricalSummary& s) {
                    out << "  " << side << ": " << s.distinct << " distinct, mode " << s.mode
                        << " (" << s.modeCount << " rows), entropy " << fixed(s.entropy)
                        << " bits\n";
                };
                line("input ", a.inputCategories);
                line("output", a.outputCategories);
            }
            out << "  input values:  ";
            printDistribution(out, a.input);
            out << "  output values: ";
            printDistribution(out, a.output);
        }
        for (const PairUtility& p : r.contingency) {
            out << "\n"
                << p.first << " × " << p.second << ": Cramér's V input " << fixed(p.input.cramersV)
                << ", output " << fixed(p.output.cramersV) << "\n";
            printTable(out, "input", p.input);
            printTable(out, "output", p.output);
        }
        if (r.classification) printClassification(out, *r.classification);
    }

    static nlohmann::json classificationJson(const ClassificationReport& c) {
        nlohmann::json models = nlohmann::json::array();
        for (const ModelAccuracy& m : c.models)
            models.push_back({{"model", m.model},
                              {"input_accuracy", m.inputAccuracy},
                              {"output_accuracy", m.outputAccuracy},
                              {"baseline", c.baseline},
                              {"relative_accuracy", orNull(m.relativeAccuracy)},
                              {"suppressed_accuracy", orNull(m.suppressedAccuracy)}});
        return {{"target", c.target},
                {"folds", c.folds},
                {"seed", c.seed},
                {"features", c.features},
                {"classes", c.classes},
                {"rows", {{"input", c.inputRows}, {"output", c.outputRows}}},
                {"suppressed_rows", c.suppressedRows},
                {"suppressed_in_output", c.suppressedInOutput},
                {"baseline", c.baseline},
                {"models", models}};
    }

    static void printClassification(std::ostream& out, const ClassificationReport& c) {
        out << "\nclassification of " << c.target << " (" << c.folds << "-fold, seed " << c.seed
            << ") on";
        for (const std::string& f : c.features) out << " " << f;
        out << "\n  " << c.inputRows << " input rows, " << c.outputRows << " output rows; "
            << c.suppressedRows << " suppressed "
            << (c.suppressedInOutput ? "(in the output with every feature *)"
                                     : "(not in the published file)")
            << "\n  majority-class baseline " << fixed(c.baseline) << "\n";
        out << "  model\tinput\toutput\trelative\tsuppressed rows\n";
        for (const ModelAccuracy& m : c.models)
            out << "  " << m.model << "\t" << fixed(m.inputAccuracy) << "\t"
                << fixed(m.outputAccuracy) << "\t"
                << (m.relativeAccuracy ? fixed(*m.relativeAccuracy) : std::string("-")) << "\t"
                << (m.suppressedAccuracy ? fixed(*m.suppressedAccuracy) : std::string("-")) << "\n";
    }

    static void printDistribution(std::ostream& out, const Distribution& d) {
        constexpr std::size_t kShown = 20;
        for (std::size_t i = 0; i < d.size() && i < kShown; ++i)
            out << (i ? ", " : "") << d[i].value << ": " << d[i].count;
        if (d.size() > kShown) out << ", … (" << d.size() - kShown << " more; --json has all)";
        out << "\n";
    }

    static void printTable(std::ostream& out, const char* side, const ContingencyTable& t) {
        out << "  " << side << " (rows × columns):\n    ";
        for (const std::string& c : t.columnValues) out << "\t" << c;
        out << "\n";
        for (std::size_t i = 0; i < t.rowValues.size(); ++i) {
            out << "    " << t.rowValues[i];
            for (std::size_t n : t.counts[i]) out << "\t" << n;
            out << "\n";
        }
    }

    DataOptions m_options;
    CLI::Option* m_nodeOption = nullptr;
    std::string m_node, m_published, m_target;
    std::vector<std::string> m_attributes, m_pairs;
    int m_folds = 5;
    std::vector<std::string> m_criteria;
    std::optional<double> m_suppression;
    std::uint64_t m_seed = 0;
};

}  // namespace

std::unique_ptr<Command> makeUtilityCommand() {
    return std::make_unique<UtilityCommand>();
}

}  // namespace ldv::cli
