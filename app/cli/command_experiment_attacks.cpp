// `ldiv experiment homogeneity|utility|kl|timing|background`: the experiments of Machanavajjhala et
// al. 2007 §6 and the background-knowledge attack of Machanavajjhala et al. 2007 §1.1, printed as
// flat records (JSON, CSV or a table).
#include "cli/command_experiment_attacks.h"

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <ostream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "cli/node_option.h"
#include "ldiv/data/error.h"
#include "ldiv/experiments/background_attack.h"
#include "ldiv/experiments/experiments.h"
#include "ldiv/io/csv_table_reader.h"

namespace ldv::cli {
namespace {

using Json = nlohmann::ordered_json;  // keeps the documented field order in JSON and CSV

Json number(double v) {
    return std::isfinite(v) ? Json(v) : Json(nullptr);
}

/// CSV keeps every digit (for charting); the table shows 6 significant ones.
std::string cell(const Json& v, bool exact) {
    if (v.is_null()) return {};
    if (v.is_string()) return v.get<std::string>();
    if (v.is_array()) {
        std::string s;
        for (const Json& e : v) s += (s.empty() ? "" : "|") + cell(e, exact);
        return s;
    }
    if (v.is_number_float() && !exact) {
        std::ostringstream s;
        s << std::setprecision(6) << v.get<double>();
        return s.str();
    }
    return v.dump();
}

/// --json: the whole document; csv: the rows; else the rows as an aligned table.
void print(const Json& doc, bool json, bool csv, std::ostream& out) {
    if (json) {
        out << doc.dump() << "\n";
        return;
    }
    Json rows = doc["rows"];
    if (rows.empty()) return;
    // background: the table ends with its totals (in JSON they are the "total" object).
    if (!csv && doc.contains("total")) {
        rows.push_back(doc["total"]);
        rows.back()["class"] = "total";
    }
    std::vector<std::string> keys;
    for (auto it = rows[0].begin(); it != rows[0].end(); ++it) keys.push_back(it.key());
    std::vector<std::vector<std::string>> cells{keys};
    for (const Json& r : rows) {
        cells.emplace_back();
        for (const std::string& k : keys)
            cells.back().push_back(cell(r.contains(k) ? r[k] : Json(), csv));
    }
    std::vector<std::size_t> width(keys.size(), 0);
    for (const auto& line : cells)
        for (std::size_t i = 0; i < line.size(); ++i) width[i] = std::max(width[i], line[i].size());
    for (const auto& line : cells) {
        for (std::size_t i = 0; i < line.size(); ++i) {
            if (csv)
                out << (i ? "," : "") << csvField(line[i]);
            else
                out << (i ? "  " : "") << line[i]
                    << std::string(i + 1 < line.size() ? width[i] - line[i].size() : 0, ' ');
        }
        out << "\n";
    }
}

template <class T>
std::vector<T> orDefault(const std::vector<T>& given, std::vector<T> fallback) {
    return given.empty() ? fallback : given;
}

std::vector<PrivacyModel> models(const AttackExperimentOptions& o,
                                 std::vector<PrivacyModel> fallback) {
    std::vector<PrivacyModel> out;
    for (const std::string& m : o.models) out.push_back(parsePrivacyModel(m));
    return out.empty() ? fallback : out;
}

// The search a sub-experiment runs, as the command line asks: the algorithm (each experiment
// has its own default) and the worker threads.
template <class Options>
void setSearch(Options& options, const AttackExperimentOptions& o, const char* defaultAlgorithm) {
    options.algorithm = parseSearchAlgorithm(o.algorithm.empty() ? defaultAlgorithm : o.algorithm);
    options.threads = o.threads;
}

const Dataset& requireSensitive(const Workspace& ws) {
    if (ws.sensitiveColumns().empty())
        throw ParameterError("this experiment needs a sensitive attribute (--sensitive COL)");
    return ws.dataset();
}

Json tableJson(const HomogeneityTable& t, const Dataset& data, bool detail) {
    Json j{{"k", t.k},
           {"threshold", t.threshold},
           {"levels", t.levels},
           {"classes", t.classes},
           {"affected_classes", t.affected.size()},
           {"affected_rows", t.affectedRows}};
    if (!detail) return j;
    const Column& sa = data.table().column(data.sensitiveColumns()[0]);
    j["affected"] = Json::array();
    for (const HomogeneousClass& c : t.affected) {
        Json rows = Json::array();
        for (std::size_t r : c.rows) rows.push_back(r + 1);
        j["affected"].push_back({{"class", c.cls},
                                 {"value", sa.value(c.value)},
                                 {"size", c.size},
                                 {"count", c.count},
                                 {"rows", rows}});
    }
    return j;
}

Json homogeneity(const AttackExperimentOptions& o, const Dataset& data) {
    const std::vector<double> thresholds = orDefault(o.thresholds, {1.0, 0.95});
    std::vector<HomogeneityTable> tables;
    std::vector<HomogeneityRow> rows;
    if (!o.node.empty() || !o.published.empty()) {
        tables = homogeneityTables(resolveRelease(o.node, o.published, data), thresholds);
        for (const HomogeneityTable& t : tables)
            rows.push_back(summarizeHomogeneity(t.k, t.threshold, {t}));
    } else {
        HomogeneityOptions options;
        options.ks = orDefault(o.ks, options.ks);
        options.thresholds = thresholds;
        options.suppressionLimit = o.suppression;
        setSearch(options, o, "fast");
        options.includeRows = o.detail;
        HomogeneityResult r = homogeneityAttack(data, options);
        tables = std::move(r.tables);
        rows = std::move(r.rows);
    }
    Json doc{{"rows", Json::array()}, {"tables", Json::array()}};
    for (const HomogeneityRow& r : rows)
        doc["rows"].push_back({{"k", r.k},
                               {"threshold", r.threshold},
                               {"total_tables", r.totalTables},
                               {"affected_tables", r.affectedTables},
                               {"avg_affected_classes", r.avgAffectedClasses},
                               {"avg_affected_rows", r.avgAffectedRows}});
    for (const HomogeneityTable& t : tables) doc["tables"].push_back(tableJson(t, data, o.detail));
    return doc;
}

UtilityResult utility(const AttackExperimentOptions& o, const Dataset& data) {
    UtilityOptions options;
    options.parameters = orDefault(o.params, options.parameters);
    options.models = models(o, options.models);
    options.c = o.c;
    options.suppressionLimit = o.suppression;
    setSearch(options, o, "fast");
    options.sample = o.sample;
    options.seed = o.seed;
    return utilityComparison(data, options);
}

Json utilityJson(const UtilityResult& r, const AttackExperimentOptions& o, bool klOnly) {
    Json doc{{"rows", Json::array()},         {"base_kl", r.baseKl}, {"rows_used", r.rowsUsed},
             {"lattice_size", r.latticeSize}, {"sample", o.sample},  {"seed", o.seed}};
    for (const UtilityRow& u : r.rows) {
        Json j{{"model", privacyModelName(u.model)}, {"parameter", u.parameter}};
        if (klOnly) {
            j.update(Json{{"feasible", u.feasible}, {"kl", number(u.minKl)}, {"node", u.klNode}});
        } else {
            j.update(Json{{"spec", u.spec},
                          {"feasible", u.feasible},
                          {"satisfying_nodes", u.satisfyingNodes},
                          {"min_height", number(u.minHeight)},
                          {"min_average_class_size", number(u.minAverageClassSize)},
                          {"min_discernibility", number(u.minDiscernibility)},
                          {"min_kl", number(u.minKl)},
                          {"height_node", u.heightNode},
                          {"average_class_size_node", u.averageClassSizeNode},
                          {"discernibility_node", u.discernibilityNode},
                          {"kl_node", u.klNode}});
        }
        doc["rows"].push_back(std::move(j));
    }
    if (klOnly)
        doc["rows"].push_back({{"model", "base"},
                               {"parameter", nullptr},
                               {"feasible", true},
                               {"kl", r.baseKl},
                               {"node", Json::array()}});
    return doc;
}

Json timing(const AttackExperimentOptions& o, const Dataset& data) {
    TimingOptions options;
    options.models = models(o, options.models);
    options.c = o.c;
    options.fromSize = o.fromQi;
    setSearch(options, o, "incognito");
    options.repetitions = o.repetitions;
    Json doc{{"rows", Json::array()}, {"algorithm", searchAlgorithmName(options.algorithm)}};
    for (double p : orDefault(o.params, {6.0})) {
        options.parameter = p;
        for (const TimingRow& t : qiSizeTiming(data, options))
            doc["rows"].push_back({{"qi_size", t.qiSize},
                                   {"qi", t.qi},
                                   {"model", privacyModelName(t.model)},
                                   {"parameter", t.parameter},
                                   {"prepare_ms", t.prepareMs},
                                   {"search_ms", t.searchMs},
                                   {"lattice_size", t.latticeSize},
                                   {"satisfying_nodes", t.satisfyingNodes},
                                   {"minimal_nodes", t.minimalNodes},
                                   {"checked_nodes", t.checkedNodes}});
    }
    return doc;
}

Json classJson(const BackgroundClassRow& c) {
    return {{"class", c.cls},
            {"rows", c.rows},
            {"knowledge_rows", c.knowledgeRows},
            {"positive_before", c.positiveBefore},
            {"positive_after", c.positiveAfter},
            {"negative_before", c.negativeBefore},
            {"negative_after", c.negativeAfter}};
}

Json background(const AttackExperimentOptions& o, const Dataset& data) {
    BackgroundAttackOptions options;
    for (const std::string& k : o.knowledge)
        options.statements.push_back(parseBackgroundStatement(k));
    const std::size_t sa = data.sensitiveColumns()[0];
    resolvePriorOption(o.prior, data.table(), sa, data.qiColumns(), options.prior, options.joint);
    options.delta = o.delta;
    options.epsilon = o.epsilon;
    const ClassPartition release = resolveRelease(o.node, o.published, data);
    const BackgroundAttackResult r = backgroundAttack(data, release, options);
    Json doc{{"rows", Json::array()},
             {"total", classJson(r.total)},
             {"newly_disclosed", r.newlyDisclosed},
             {"delta", o.delta},
             {"epsilon", o.epsilon},
             {"knowledge", o.knowledge}};
    if (o.published.empty())
        doc["node"] = release.levels;
    else
        doc["published"] = o.published;
    for (const BackgroundClassRow& c : r.classes) doc["rows"].push_back(classJson(c));
    doc["individuals"] = Json::array();
    const Column& column = data.table().column(sa);
    for (const BackgroundIndividual& i : r.individuals)
        if (i.knowledgeApplies || i.positiveBefore || i.positiveAfter || i.negativeBefore ||
            i.negativeAfter)
            doc["individuals"].push_back({{"row", i.row + 1},
                                          {"class", i.cls},
                                          {"value", column.value(i.value)},
                                          {"knowledge", i.knowledgeApplies},
                                          {"belief_before", number(i.beliefBefore)},
                                          {"belief_after", number(i.beliefAfter)},
                                          {"positive_before", i.positiveBefore},
                                          {"positive_after", i.positiveAfter},
                                          {"negative_before", i.negativeBefore},
                                          {"negative_after", i.negativeAfter}});
    return doc;
}

/// Adds `name`, or when another experiment already owns it, copies its values into `target`.
template <class T>
void addShared(CLI::App& cmd, const std::string& name, T& target, const std::string& description) {
    if (CLI::Option* existing = cmd.get_option_no_throw(name)) {
        existing->each(
            [&target](const std::string& value) { CLI::detail::lexical_cast(value, target); });
        existing->description(existing->get_description() + "; " + description);
        return;
    }
    cmd.add_option(name, target, description);
}

}  // namespace

bool isAttackExperiment(const std::string& name) {
    return name == "homogeneity" || name == "utility" || name == "kl" || name == "timing" ||
           name == "background";
}

void addAttackExperimentOptions(CLI::App& cmd, AttackExperimentOptions& o) {
    cmd.add_option("--k", o.ks, "homogeneity: k values K,K,... (default 2,5,10,15,20,30,50)")
        ->delimiter(',');
    cmd.add_option("--threshold", o.thresholds,
                   "homogeneity: a class is affected when its most frequent sensitive value covers "
                   ">= P of it "
                   "(P,P,...; default 1,0.95)")
        ->delimiter(',');
    cmd.add_option("--params", o.params,
                   "utility, kl, timing: k = l values (default 2,4,6,8,10; timing 6)")
        ->delimiter(',');
    cmd.add_option("--models", o.models,
                   "utility, kl, timing: k-anonymity,entropy-l,recursive-cl (default all; "
                   "timing k-anonymity,entropy-l)")
        ->delimiter(',');
    addShared(cmd, "--c", o.c, "utility, kl: c of recursive (c,l)-diversity (default 3)");
    cmd.add_option("--sample", o.sample,
                   "utility, kl: Bernoulli row sample fraction (Machanavajjhala et al. 2007 used "
                   "0.05; default 1)");
    addShared(cmd, "--seed", o.seed, "utility, kl: seed of --sample (default 1)");
    cmd.add_option(
        "--suppression", o.suppression,
        "homogeneity, utility, kl: tuple suppression limit (fraction of rows, default 0)");
    cmd.add_option("--algorithm", o.algorithm,
                   "Search algorithm fast|incognito|brute (default fast; timing incognito)");
    cmd.add_option("--threads", o.threads, "Search worker threads (default: all cores)");
    cmd.add_option("--from-qi", o.fromQi, "timing: first QI size (default 3)");
    cmd.add_option("--repetitions", o.repetitions,
                   "timing: report the fastest of N runs (default 1)");
    cmd.add_flag("--detail", o.detail,
                 "homogeneity --json: affected classes and their rows per table");
    addReleaseOptions(cmd, o.node, o.published, "homogeneity, background: ");
    cmd.add_option("--knowledge", o.knowledge,
                   "background: statement, repeatable, e.g. \"nationality=Japanese => "
                   "condition=Heart Disease : 0.01\"");
    cmd.add_option("--prior", o.prior,
                   "background: the adversary's joint distribution f(q,s): marginal (default; "
                   "f(s|q) = f(s), so beliefs are class frequencies), base (the table's own) "
                   "or FILE, a CSV with the QI columns, the sensitive column and one weight "
                   "column (f(q,s) or counts)");
    cmd.add_option("--delta", o.delta,
                   "background: positive disclosure when belief > 1 - delta (default 0.05)");
    cmd.add_option("--epsilon", o.epsilon,
                   "background: negative disclosure when belief < epsilon (default 0.05)");
}

int runAttackExperiment(const std::string& name, const DataOptions& dataOptions,
                        const AttackExperimentOptions& o, bool csv, std::ostream& out) {
    if (!isAttackExperiment(name))
        throw ParameterError("unknown experiment '" + name +
                             "' (homogeneity, utility, kl, timing, background)");
    const auto ws = loadWorkspace(dataOptions);
    // Lattice searches: a QI without a hierarchy would silently stay at height 0.
    if (name == "utility" || name == "kl" || name == "timing" ||
        (name == "homogeneity" && o.node.empty() && o.published.empty()))
        ws->requireQiHierarchies();
    const Dataset& data = requireSensitive(*ws);
    Json doc;
    if (name == "homogeneity")
        doc = homogeneity(o, data);
    else if (name == "utility")
        doc = utilityJson(utility(o, data), o, false);
    else if (name == "kl")
        doc = utilityJson(utility(o, data), o, true);
    else if (name == "timing")
        doc = timing(o, data);
    else
        doc = background(o, data);
    doc["experiment"] = name;
    print(doc, dataOptions.json, csv, out);
    return 0;
}

}  // namespace ldv::cli
