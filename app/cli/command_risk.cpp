// `ldiv risk`: re-identification risk of a node or of a published table (docs/risk.md), and
// with --attribute-combinations the distinction and separation of every QI combination, with
// --weight / --household the survey risk of Benedetti & Franconi, with --suda2 the SUDA2 scores.
#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <optional>
#include <ostream>

#include "cli/command_list.h"
#include "cli/data_options.h"
#include "cli/node_option.h"
#include "ldiv/criteria/criterion_spec.h"
#include "ldiv/data/error.h"
#include "ldiv/experiments/background_attack.h"
#include "ldiv/io/csv_table_reader.h"
#include "ldiv/lattice/generalize.h"
#include "ldiv/project/workspace_publish.h"
#include "ldiv/publish/published_node.h"
#include "ldiv/risk/attribute_combination_risk.h"
#include "ldiv/risk/individual_risk.h"
#include "ldiv/risk/risk_analysis.h"
#include "ldiv/risk/suda2.h"
#include "ldiv/risk/survey_risk.h"
#include "ldiv/risk/survey_weights.h"
#include "ldiv/workflow/requirement.h"

namespace ldv::cli {
namespace {

nlohmann::json figuresJson(const RiskFigures& f) {
    return {{"highest", f.highest},
            {"average", f.average},
            {"records_at_highest", f.recordsAtHighest},
            {"records_above_threshold", f.recordsAboveThreshold}};
}

nlohmann::json estimateJson(const UniquenessEstimate& e) {
    return e.fraction ? nlohmann::json(*e.fraction) : nlohmann::json(nullptr);
}

std::string percent(double fraction) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.4g%%", fraction * 100);
    return buffer;
}

std::string estimateText(const UniquenessEstimate& e) {
    return e.fraction ? percent(*e.fraction) : "not computed (" + e.reason + ")";
}

nlohmann::json rowRisksJson(const std::vector<double>& risk) {
    nlohmann::json records = nlohmann::json::array();
    for (std::size_t row = 0; row < risk.size(); ++row)
        records.push_back({{"row", row + 1}, {"risk", risk[row]}});
    return records;
}

std::string attributeList(std::uint64_t mask, const std::vector<std::string>& names,
                          const char* separator) {
    std::string out;
    for (std::size_t i = 0; i < names.size(); ++i)
        if (mask >> i & 1) out += (out.empty() ? "" : separator) + names[i];
    return out;
}

// Survey risk and SUDA2 of the analysed table (docs/risk.md "Survey risk", "SUDA2").
class RiskCommand : public Command {
public:
    void attach(CLI::App& app) override {
        m_command = app.add_subcommand(
            "risk",
            "Re-identification risk (prosecutor, journalist, marketer), sample and population "
            "uniqueness and the risk distribution of a node or a published table");
        addDataOptions(*m_command, m_options);
        addResearchSubsetOption(*m_command, m_options);
        auto* node = m_command->add_option(
            "--node", m_node, "Levels L1,L2,... in --qi order (default: the table as it is)");
        m_command
            ->add_option(
                "--published", m_published,
                "A published (generalized) CSV table; its --qi columns are grouped as they stand")
            ->excludes(node);
        m_populationOption = addPopulationSizeOption(*m_command, m_populationValue,
                                                     "journalist risk and population uniqueness");
        m_command->add_option(
            "--threshold", m_threshold,
            "Risk threshold R in (0,1] for records_above_threshold (default 0.2)");
        addNodeRequirementOptions(*m_command, m_criteria, m_suppression);
        m_command->add_flag(
            "--attribute-combinations", m_combinations,
            "Also list the distinction and separation of every combination of the QIs");
        m_command->add_option("--weight", m_weight,
                              "Survey weight column: the individual risk of every record "
                              "(Benedetti-Franconi) and the global risk (default: the project's "
                              "attribute with role \"weight\")");
        m_command->add_option("--household", m_household,
                              "Household id column: the household risk 1 - prod(1 - r_i) "
                              "(default: the project's attribute with role \"household\")");
        auto* suda = m_command->add_flag(
            "--suda2", m_suda2, "SUDA2 scores: every record's minimal sample uniques (MSUs)");
        m_command
            ->add_option("--max-msu", m_maxMsu,
                         "With --suda2: the largest MSU looked for (default: all QIs)")
            ->needs(suda);
    }

    int execute(std::ostream& out, std::ostream&) override {
        std::optional<double> population;
        if (m_populationOption->count() > 0) {
            if (!(m_populationValue > 0 && std::isfinite(m_populationValue)))
                throw ParameterError(
                    "--population-size " + formatNumber(m_populationValue) +
                    " is not allowed: it is the number of records in the population (> 0)");
            population = m_populationValue;
        }
        // The survey columns: the options, else the project's roles.
        std::string weightName, householdName;
        {
            std::string baseDir;
            const ProjectConfig config = toProjectConfig(m_options, baseDir);
            weightName = m_weight.empty() ? config.surveyAttribute(SurveyRole::Weight) : m_weight;
            householdName =
                m_household.empty() ? config.surveyAttribute(SurveyRole::Household) : m_household;
        }
        const bool survey = !weightName.empty() || !householdName.empty() || m_suda2;
        // The class sizes, and every risk figure drawn from them, are functions of the base
        // groups: a database table is grouped by the database. The survey risks, SUDA2 and the
        // attribute combinations read the released table's rows, so they fetch the rows
        // (docs/database.md, "Which commands need rows").
        m_options.groupsSuffice = !survey && !m_combinations;
        m_options.projectColumns = true;  // only the columns it uses are parsed
        m_options.usedColumns = {weightName, householdName};
        auto ws = loadWorkspace(m_options);
        // The project's population_size unless --population-size overrides it.
        if (!population) population = ws->config().search.populationSize;
        const Dataset& data = ws->dataset();
        std::vector<std::string> qiNames;
        for (std::size_t c : data.qiColumns()) qiNames.push_back(data.table().column(c).name());
        if (qiNames.empty())
            throw ParameterError("risk needs quasi-identifiers: give --qi COL,...");

        std::vector<std::uint32_t> sizes;
        Levels levels;
        Table published;
        const Table* combined = nullptr;  // the table of --attribute-combinations
        Table generalized;
        bool nodeSatisfies = true;
        if (!m_published.empty()) {
            if (!m_criteria.empty() || m_suppression || !m_options.researchSubset.empty())
                throw ParameterError(
                    "--criterion, --suppression and --research-subset apply to --node; a "
                    "published table is analysed as it stands");
            published = readCsv(m_published);
            sizes = classSizesOfRows(publishedRowClasses(published, qiNames));
            combined = &published;
        } else {
            // As `ldiv generalize` publishes the node: the classes failing the criteria are
            // suppressed when they fit the limit (the search's own judgement, on the search's
            // dataset: with delta-presence the population with the research subset, whose
            // released classes count the subset's rows); the risk is that of the rows released.
            SearchSettings settings = ws->config().search;
            if (!m_criteria.empty()) settings.criteria = m_criteria;
            if (m_suppression) settings.suppressionLimit = *m_suppression;
            settings.populationSize = population;
            settings.algorithm = AlgorithmChoice::Fast;  // no search runs here
            settings.timeLimit.reset();
            // Name where the value came from: the option, or the project file's field.
            SettingNames names;
            names.suppression =
                m_suppression ? std::string("--suppression")
                              : "the project file's \"suppression_limit\"" +
                                    (m_options.project.empty() ? std::string()
                                                               : " (" + m_options.project + ")");
            names.populationSize = "--population-size";
            const Requirement requirement = prepareRequirement(*ws, settings, names);
            const Dataset& judged = *requirement.data;
            levels = resolveNode(m_node, judged);
            const NodeJudgement j = judgeRequirement(requirement, levels);
            nodeSatisfies = j.satisfies || requirement.config.criteria.empty();
            sizes = releasedClassSizes(*ws, requirement.config, j);
            if (m_combinations || survey) {
                // The released table: generalized, suppressed rows and, with delta-presence,
                // the rows outside the research subset left out.
                generalized = publishNode(*ws, requirement.config, levels).table;
                combined = &generalized;
            }
            m_suppressedRows = judged.rowCount();
            for (std::uint32_t f : sizes) m_suppressedRows -= f;
        }
        const RiskAnalysis a = analyzeRisk(sizes, {population, m_threshold});

        SurveyFigures surveyFigures;
        if (survey)
            surveyFigures = surveyRisk(
                *combined, qiNames, weightName, householdName,
                m_suda2 ? std::optional<Suda2Options>(Suda2Options{m_maxMsu}) : std::nullopt);

        std::vector<AttributeCombinationRisk> combinations;
        if (m_combinations) {
            std::vector<std::size_t> columns;
            for (const std::string& name : qiNames)
                columns.push_back(combined->requireColumn(name));
            combinations = attributeCombinationRisks(*combined, columns);
        }

        if (m_options.json) {
            nlohmann::json j{{"rows", a.rows}, {"classes", a.classes}, {"threshold", a.threshold}};
            if (m_published.empty()) {
                j["node"] = levels;
                j["suppressed_rows"] = m_suppressedRows;
                j["node_satisfies"] = nodeSatisfies;
            } else
                j["published"] = m_published;
            j["prosecutor"] = figuresJson(a.prosecutor);
            j["journalist"] = a.journalist ? figuresJson(*a.journalist) : nlohmann::json(nullptr);
            j["marketer"] = {{"average", a.marketer}};
            j["sample_uniques"] = a.sampleUniques;
            if (a.populationUniques) {
                const PopulationUniqueness& p = *a.populationUniques;
                j["population_uniques"] = {{"pitman", estimateJson(p.pitman)},
                                           {"zayatz", estimateJson(p.zayatz)},
                                           {"snb", estimateJson(p.snb)},
                                           {"dankar", estimateJson(p.dankar)},
                                           {"recommended", p.recommended}};
                nlohmann::json reasons = nlohmann::json::object();
                for (const auto& [name, e] : {std::pair{"pitman", &p.pitman},
                                              {"zayatz", &p.zayatz},
                                              {"snb", &p.snb},
                                              {"dankar", &p.dankar}})
                    if (!e->fraction) reasons[name] = e->reason;
                j["population_uniques_notes"] = reasons;
            } else {
                j["population_uniques"] = nullptr;
            }
            j["population_size"] =
                population ? nlohmann::json(*population) : nlohmann::json(nullptr);
            j["distribution"] = nlohmann::json::array();
            for (const RiskBin& b : a.distribution)
                j["distribution"].push_back({b.upperBound, b.fraction});
            if (m_combinations) {
                j["attribute_combinations"] = nlohmann::json::array();
                for (const AttributeCombinationRisk& r : combinations) {
                    nlohmann::json names = nlohmann::json::array();
                    for (std::size_t c : r.columns) names.push_back(combined->column(c).name());
                    j["attribute_combinations"].push_back({{"attributes", names},
                                                           {"distinction", r.distinction},
                                                           {"separation", r.separation}});
                }
            }
            addSurveyJson(j, surveyFigures, qiNames);
            out << j.dump() << "\n";
            return 0;
        }

        if (m_published.empty())
            out << "node " << formatLevels(levels);
        else
            out << "published table " << m_published;
        out << ": " << a.rows << " rows in " << a.classes << " classes";
        if (m_published.empty() && m_suppressedRows > 0)
            out << " (" << m_suppressedRows << " suppressed rows not counted)";
        out << "\n";
        if (!nodeSatisfies)
            out << "  the node fails the criteria beyond the suppression limit: nothing is "
                   "suppressed\n";
        auto printFigures = [&](const char* name, const RiskFigures& f) {
            out << "  " << name << " risk: highest " << percent(f.highest) << " ("
                << percent(f.recordsAtHighest) << " of records), average " << percent(f.average)
                << ", records above " << percent(a.threshold) << ": "
                << percent(f.recordsAboveThreshold) << "\n";
        };
        printFigures("prosecutor", a.prosecutor);
        if (a.journalist)
            printFigures("journalist", *a.journalist);
        else
            out << "  journalist risk: needs --population-size\n";
        out << "  marketer risk: " << percent(a.marketer) << "\n";
        out << "  sample uniques: " << percent(a.sampleUniques) << " of records\n";
        if (a.populationUniques) {
            const PopulationUniqueness& p = *a.populationUniques;
            out << "  population uniques (of N = " << formatNumber(*population) << "):\n"
                << "    Pitman: " << estimateText(p.pitman) << "\n"
                << "    Zayatz: " << estimateText(p.zayatz) << "\n"
                << "    SNB:    " << estimateText(p.snb) << "\n"
                << "    Dankar et al.'s rule: " << estimateText(p.dankar)
                << " (model: " << p.recommended << ")\n";
        } else {
            out << "  population uniques: need --population-size\n";
        }
        out << "  prosecutor risk distribution (risk up to: fraction of records):\n";
        for (const RiskBin& b : a.distribution)
            if (b.fraction > 0)
                out << "    " << percent(b.upperBound) << ": " << percent(b.fraction) << "\n";
        if (m_combinations) {
            out << "  attribute combinations (distinction, separation):\n";
            for (const AttributeCombinationRisk& r : combinations) {
                out << "    ";
                for (std::size_t i = 0; i < r.columns.size(); ++i)
                    out << (i ? ", " : "") << combined->column(r.columns[i]).name();
                out << ": " << percent(r.distinction) << ", " << percent(r.separation) << "\n";
            }
        }
        printSurvey(out, surveyFigures, qiNames, a.rows);
        return 0;
    }

private:
    static void addSurveyJson(nlohmann::json& j, const SurveyFigures& f,
                              const std::vector<std::string>& qiNames) {
        if (f.individual)
            j["individual_risk"] = {{"weight", f.weight},
                                    {"records", rowRisksJson(f.individual->risk)},
                                    {"global", f.individual->global},
                                    {"highest", f.individual->highest}};
        if (f.households)
            j["household_risk"] = {{"household", f.household},
                                   {"households", f.households->households},
                                   {"records", rowRisksJson(f.households->risk)},
                                   {"expected", f.households->expected},
                                   {"highest", f.households->highest}};
        if (f.suda) {
            const Suda2Result& s = *f.suda;
            // Only records with an MSU are listed: the others score 0.
            nlohmann::json records = nlohmann::json::array();
            for (std::size_t row = 0; row < s.score.size(); ++row) {
                if (s.msus[row].empty()) continue;
                nlohmann::json msus = nlohmann::json::array();
                for (std::uint64_t m : s.msus[row]) {
                    nlohmann::json names = nlohmann::json::array();
                    for (std::size_t i = 0; i < qiNames.size(); ++i)
                        if (m >> i & 1) names.push_back(qiNames[i]);
                    msus.push_back(std::move(names));
                }
                records.push_back({{"row", row + 1}, {"score", s.score[row]}, {"msus", msus}});
            }
            nlohmann::json contributions = nlohmann::json::array();
            for (std::size_t i = 0; i < qiNames.size(); ++i)
                contributions.push_back(
                    {{"attribute", qiNames[i]}, {"contribution", s.attributeContribution[i]}});
            nlohmann::json bySize = nlohmann::json::object();
            for (std::size_t k = 1; k < s.msusBySize.size(); ++k)
                if (s.msusBySize[k] > 0) bySize[std::to_string(k)] = s.msusBySize[k];
            j["suda2"] = {{"max_msu", s.maxMsuSize},
                          {"records", std::move(records)},
                          {"attribute_contributions", std::move(contributions)},
                          {"msus_by_size", std::move(bySize)}};
        }
    }

    static void printSurvey(std::ostream& out, const SurveyFigures& f,
                            const std::vector<std::string>& qiNames, std::size_t rows) {
        if (f.individual)
            out << "  individual risk (weights " << f.weight << "): highest "
                << percent(f.individual->highest) << ", global (expected re-identifications) "
                << formatNumber(f.individual->global) << " of " << rows << " records\n";
        if (f.households)
            out << "  household risk (" << f.households->households << " households in "
                << f.household << "): highest " << percent(f.households->highest)
                << ", expected re-identifications " << formatNumber(f.households->expected) << "\n";
        if (!f.suda) return;
        const Suda2Result& s = *f.suda;
        std::size_t withMsu = 0, top = 0;
        for (std::size_t row = 0; row < s.score.size(); ++row) {
            withMsu += !s.msus[row].empty();
            if (s.score[row] > s.score[top]) top = row;
        }
        out << "  SUDA2 (MSUs of up to " << s.maxMsuSize << " of " << s.attributes
            << " attributes): " << withMsu << " records with an MSU\n    MSUs by size:";
        for (std::size_t k = 1; k < s.msusBySize.size(); ++k)
            if (s.msusBySize[k] > 0) out << " " << k << ": " << s.msusBySize[k] << ";";
        out << "\n";
        if (withMsu > 0) {
            out << "    highest score " << formatNumber(s.score[top]) << " (row " << top + 1
                << ", MSUs:";
            for (std::uint64_t m : s.msus[top])
                out << " {" << attributeList(m, qiNames, ", ") << "}";
            out << ")\n";
        }
        out << "    attribute contributions:\n";
        for (std::size_t i = 0; i < qiNames.size(); ++i)
            out << "      " << qiNames[i] << ": " << percent(s.attributeContribution[i]) << "\n";
    }

    DataOptions m_options;
    std::string m_node, m_published;
    CLI::Option* m_populationOption = nullptr;
    double m_populationValue = 0;
    double m_threshold = 0.2;
    bool m_combinations = false;
    std::string m_weight, m_household;
    bool m_suda2 = false;
    std::size_t m_maxMsu = 0;
    std::vector<std::string> m_criteria;
    std::optional<double> m_suppression;
    std::size_t m_suppressedRows = 0;
};

}  // namespace

std::unique_ptr<Command> makeRiskCommand() {
    return std::make_unique<RiskCommand>();
}

}  // namespace ldv::cli
