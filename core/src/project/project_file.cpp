#include <algorithm>
#include <cmath>
#include <limits>
#include <nlohmann/json.hpp>
#include <type_traits>

#include "io/strict_json.h"
#include "ldiv/criteria/criterion_spec.h"
#include "ldiv/crypto/pseudonyms.h"
#include "ldiv/data/error.h"
#include "ldiv/io/csv_table_reader.h"
#include "ldiv/project/workspace.h"

namespace ldv {
using nlohmann::json;

namespace {

std::string separatorName(char c) {
    if (c == 0) return "auto";
    if (c == '\t') return "tab";
    return std::string(1, c);
}

char separatorFromName(const std::string& s, const std::string& source) {
    if (s == "auto" || s.empty()) return 0;
    if (s == "tab" || s == "\t") return '\t';
    // A quote or a line break cannot separate fields: the file would read as one column (or
    // as "no data rows"), so it is refused here, naming the field.
    if (s == "\"" || s == "\n" || s == "\r" || s == std::string(1, '\0'))
        throw InputError(source, 0, 0,
                         "invalid data.separator: a quote or a line break cannot separate "
                         "fields; use one character such as , ; | or tab");
    if (s.size() == 1) return s[0];
    throw InputError(source, 0, 0,
                     "invalid separator '" + s + "': use one character, 'tab' or 'auto'");
}

template <class T>
T field(const json& j, const char* key, const T& fallback, const std::string& source) {
    if (!j.contains(key)) return fallback;
    if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) {
        // get<int>() converts without a range check: 1e21 is undefined behaviour (UBSan in
        // fuzz_project) and 4294967297 wraps to 1; 1.5 would pass as 1.
        const json& v = j.at(key);
        if (!v.is_number())
            throw InputError(source, 0, 0, std::string("field '") + key + "' has the wrong type");
        const double d = v.get<double>();
        if (!(d >= static_cast<double>(std::numeric_limits<T>::min()) &&
              d <= static_cast<double>(std::numeric_limits<T>::max())) ||
            std::trunc(d) != d)
            throw InputError(source, 0, 0,
                             std::string("field '") + key + "' must be a whole number from " +
                                 std::to_string(std::numeric_limits<T>::min()) + " to " +
                                 std::to_string(std::numeric_limits<T>::max()));
        return static_cast<T>(d);
    }
    try {
        return j.at(key).get<T>();
    } catch (const json::exception&) {
        throw InputError(source, 0, 0, std::string("field '") + key + "' has the wrong type");
    }
}

}  // namespace

AttributeConfig* ProjectConfig::attribute(const std::string& name) {
    for (auto& a : attributes)
        if (a.name == name) return &a;
    return nullptr;
}

const AttributeConfig* ProjectConfig::attribute(const std::string& name) const {
    for (const auto& a : attributes)
        if (a.name == name) return &a;
    return nullptr;
}

AttributeConfig& ProjectConfig::ensureAttribute(const std::string& name) {
    if (auto* a = attribute(name)) return *a;
    AttributeConfig a;
    a.name = name;
    attributes.push_back(std::move(a));
    return attributes.back();
}

std::vector<std::string> ProjectConfig::namesWithRole(Role role) const {
    std::vector<std::string> out;
    if (role == Role::QuasiIdentifying && !qiOrder.empty()) return qiOrder;
    for (const auto& a : attributes)
        if (a.role == role) out.push_back(a.name);
    return out;
}

std::string ProjectConfig::surveyAttribute(SurveyRole role) const {
    for (const auto& a : attributes)
        if (a.surveyRole == role) return a.name;
    return {};
}

bool ProjectConfig::operator==(const ProjectConfig& o) const {
    return dataPath == o.dataPath && csv.separator == o.csv.separator && csv.sheet == o.csv.sheet &&
           csv.header == o.csv.header && csv.missingTokens == o.csv.missingTokens &&
           csv.missing == o.csv.missing && csv.trim == o.csv.trim && attributes == o.attributes &&
           qiOrder == o.qiOrder && search == o.search && researchSubset == o.researchSubset &&
           transformation == o.transformation && workbench == o.workbench;
}

std::string formatProject(const ProjectConfig& c) {
    // The top level keeps insertion order so that a saved file starts with
    // {\n  "format": "ldiv-project", which the MIME magic (installer/linux/ldiv-project.xml)
    // looks for in the first 64 bytes; nested objects stay sorted as before.
    nlohmann::ordered_json j;
    j["format"] = "ldiv-project";
    j["version"] = ProjectConfig::kFormatVersion;
    j["data"] = json{{"path", c.dataPath},
                     {"separator", separatorName(c.csv.separator)},
                     {"header", c.csv.header},
                     {"missing_tokens", c.csv.missingTokens},
                     {"missing_policy", c.csv.missing == MissingPolicy::Drop ? "drop" : "keep"},
                     {"trim", c.csv.trim}};
    // Only for a workbook whose sheet was chosen, so that other project files stay as they were.
    if (!c.csv.sheet.empty()) j["data"]["sheet"] = c.csv.sheet;
    json attrs = json::array();
    for (const auto& a : c.attributes) {
        json ja{{"name", a.name}};
        // An attribute without a role is written without one, so that it stays unroled (and
        // refused at publish time) when the file is read back.
        if (a.surveyRole != SurveyRole::None)
            ja["role"] = a.surveyRole == SurveyRole::Weight ? "weight" : "household";
        else if (a.hasRole())
            ja["role"] = std::string(toString(a.role));
        if (a.type) ja["type"] = std::string(toString(*a.type));
        if (a.hierarchy)
            ja["hierarchy"] = {{"levels", a.hierarchy->rows()}};
        else if (!a.hierarchyFile.empty())
            ja["hierarchy"] = {{"file", a.hierarchyFile}};
        else if (!a.hierarchyBuilder.empty())
            ja["hierarchy"] = {{"builder", a.hierarchyBuilder}};
        if (!a.pseudonymize.empty()) ja["pseudonymize"] = a.pseudonymize;
        attrs.push_back(ja);
    }
    j["attributes"] = attrs;
    j["qi_order"] = c.qiOrder;
    j["criteria"] = c.search.criteria;
    j["suppression_limit"] = c.search.suppressionLimit;
    j["metric"] = std::string(metricName(c.search.metric));
    // Written only when set, so that a project without them reads and saves as before.
    if (!c.search.weights.empty()) {
        json weights = json::object();
        for (const auto& [column, w] : c.search.weights) weights[column] = w;
        j["weights"] = weights;
    }
    if (c.search.gsFactor != 0.5) j["gs_factor"] = c.search.gsFactor;
    if (c.search.aggregate != QualityAggregate::Sum)
        j["aggregate"] = std::string(qualityAggregateName(c.search.aggregate));
    j["algorithm"] = std::string(algorithmChoiceName(c.search.algorithm));
    if (c.search.populationSize) j["population_size"] = *c.search.populationSize;
    if (c.search.timeLimit) j["time_limit"] = *c.search.timeLimit;
    if (!c.researchSubset.empty()) j["research_subset"] = c.researchSubset;
    if (c.transformation != TransformationChoice{})
        j["transformation"] = {{"model", c.transformation.model},
                               {"aggregate", c.transformation.aggregate}};
    if (!c.workbench.empty()) {
        try {
            j["workbench"] = json::parse(c.workbench);
        } catch (const json::exception&) {
            // Not JSON: a programming error in the workbench; the rest of the project is kept.
        }
    }
    return j.dump(2) + "\n";
}

ProjectConfig parseProject(const std::string& text, const std::string& source) {
    const json j = detail::parseStrictJson(text, source);
    if (!j.is_object() || field<std::string>(j, "format", "", source) != "ldiv-project")
        throw InputError(source, 0, 0,
                         "not an ldiv project file (expected \"format\": \"ldiv-project\")");
    const int version = field<int>(j, "version", 0, source);
    if (version < 1) throw InputError(source, 0, 0, "project file has no valid \"version\"");
    if (version > ProjectConfig::kFormatVersion)
        throw InputError(source, 0, 0,
                         "project file version " + std::to_string(version) +
                             " is newer than this ldiv understands (version " +
                             std::to_string(ProjectConfig::kFormatVersion) +
                             "); please update ldiv");
    ProjectConfig c;
    const json data = j.value("data", json::object());
    c.dataPath = field<std::string>(data, "path", "", source);
    if (c.dataPath.empty())
        throw InputError(source, 0, 0, "project file names no data file (data.path)");
    c.csv.separator =
        separatorFromName(field<std::string>(data, "separator", "auto", source), source);
    c.csv.header = field<bool>(data, "header", true, source);
    c.csv.missingTokens =
        field<std::vector<std::string>>(data, "missing_tokens", {"?", ""}, source);
    const std::string policy = field<std::string>(data, "missing_policy", "keep", source);
    if (policy != "keep" && policy != "drop")
        throw InputError(source, 0, 0,
                         "data.missing_policy must be 'keep' or 'drop', not '" + policy + "'");
    c.csv.missing = policy == "drop" ? MissingPolicy::Drop : MissingPolicy::Keep;
    c.csv.trim = field<bool>(data, "trim", true, source);
    c.csv.sheet = field<std::string>(data, "sheet", "", source);
    for (const json& ja : j.value("attributes", json::array())) {
        AttributeConfig a;
        a.name = field<std::string>(ja, "name", "", source);
        const std::string role = field<std::string>(ja, "role", "insensitive", source);
        // The survey roles keep the column insensitive (published as is) and are noted
        // beside the role; at most one attribute holds each.
        if (role == "weight" || role == "household") {
            const SurveyRole survey = role == "weight" ? SurveyRole::Weight : SurveyRole::Household;
            for (const AttributeConfig& other : c.attributes)
                if (other.surveyRole == survey)
                    throw InputError(source, 0, 0,
                                     "attributes '" + other.name + "' and '" + a.name +
                                         "' both have the role '" + role +
                                         "': a project has at most one");
            a.surveyRole = survey;
        }
        const auto r = a.surveyRole != SurveyRole::None ? std::optional(Role::Insensitive)
                                                        : roleFromString(role);
        if (!r)
            throw InputError(source, 0, 0,
                             "attribute '" + a.name + "': unknown role '" + role + "'");
        a.role = *r;
        a.declaredInsensitive = *r == Role::Insensitive && ja.contains("role");
        if (ja.contains("type")) {
            const std::string type = field<std::string>(ja, "type", "text", source);
            a.type = columnTypeFromString(type);
            if (!a.type)
                throw InputError(source, 0, 0,
                                 "attribute '" + a.name + "': unknown type '" + type + "'");
        }
        if (ja.contains("hierarchy")) {
            const json& h = ja["hierarchy"];
            // "hierarchy": "zip.csv" reads as the file it names (it was ignored, leaving an
            // identity hierarchy); anything else but an object is refused.
            if (h.is_string())
                a.hierarchyFile = h.get<std::string>();
            else if (!h.is_object())
                throw InputError(source, 0, 0,
                                 "attribute '" + a.name +
                                     "': \"hierarchy\" must be a file name or an "
                                     "object with \"levels\", \"file\" or \"builder\"");
            else if (h.contains("levels"))
                a.hierarchy =
                    Hierarchy(field<std::vector<std::vector<std::string>>>(h, "levels", {}, source),
                              source + ", embedded");
            else if (h.contains("builder"))
                a.hierarchyBuilder = field<std::string>(h, "builder", "", source);
            else
                a.hierarchyFile = field<std::string>(h, "file", "", source);
        }
        if (ja.contains("pseudonymize")) {
            a.pseudonymize = field<std::string>(ja, "pseudonymize", "", source);
            try {
                parsePseudonymSpec(a.name + "=" + a.pseudonymize);
            } catch (const ParameterError& e) {
                throw InputError(source, 0, 0, "attribute '" + a.name + "': " + e.what());
            }
        }
        c.attributes.push_back(std::move(a));
    }
    c.qiOrder = field<std::vector<std::string>>(j, "qi_order", {}, source);
    c.search.criteria = field<std::vector<std::string>>(j, "criteria", {}, source);
    // Checked here, not only when parsed: the workbench lists a project's criteria before it
    // judges them, and a megabyte-long one froze it.
    for (std::size_t i = 0; i < c.search.criteria.size(); ++i)
        if (c.search.criteria[i].size() > kMaxCriterionBytes)
            throw InputError(source, 0, 0,
                             "criteria[" + std::to_string(i) + "] is " +
                                 std::to_string(c.search.criteria[i].size()) +
                                 " bytes long; a criterion has at most " +
                                 std::to_string(kMaxCriterionBytes));
    c.search.suppressionLimit = field<double>(j, "suppression_limit", 0.0, source);
    // Names are typed here, so a misspelt one names the file; the numbers are validate()'s.
    try {
        c.search.metric = parseMetric(field<std::string>(j, "metric", "dm", source));
        c.search.algorithm =
            parseAlgorithmChoice(field<std::string>(j, "algorithm", "fast", source));
        c.search.aggregate =
            parseQualityAggregate(field<std::string>(j, "aggregate", "sum", source));
    } catch (const ParameterError& e) {
        throw InputError(source, 0, 0, e.what());
    }
    // Weights of the attribute-wise metrics by column name; the values are validate()'s.
    if (j.contains("weights")) {
        if (!j["weights"].is_object())
            throw InputError(source, 0, 0,
                             "\"weights\" must be an object of column names and numbers");
        for (const auto& [column, w] : j["weights"].items()) {
            if (!w.is_number())
                throw InputError(source, 0, 0,
                                 "weights: the weight of '" + column + "' must be a number");
            c.search.weights.emplace_back(column, w.get<double>());
        }
    }
    c.search.gsFactor = field<double>(j, "gs_factor", 0.5, source);
    if (j.contains("population_size") && !j["population_size"].is_null()) {
        const double n = field<double>(j, "population_size", 0.0, source);
        if (!(n > 0) || !std::isfinite(n))
            throw InputError(
                source, 0, 0,
                "population_size must be a number of records above 0, not " + formatNumber(n));
        c.search.populationSize = n;
    }
    // Seconds the heuristic may run (search_settings.h); absent or null = no limit.
    if (j.contains("time_limit") && !j["time_limit"].is_null()) {
        const double t = field<double>(j, "time_limit", 0.0, source);
        if (!(t >= 0) || !std::isfinite(t))
            throw InputError(source, 0, 0,
                             "time_limit must be a number of seconds ≥ 0, not " + formatNumber(t));
        c.search.timeLimit = t;
    }
    c.researchSubset = field<std::string>(j, "research_subset", "", source);
    if (j.contains("transformation")) {
        const json& t = j["transformation"];
        if (!t.is_object())
            throw InputError(source, 0, 0,
                             "\"transformation\" must be an object with \"model\" and "
                             "\"aggregate\"");
        c.transformation.model = field<std::string>(t, "model", "full-domain", source);
        c.transformation.aggregate = field<std::string>(t, "aggregate", "mean", source);
        try {
            checkTransformationChoice(c.transformation);
        } catch (const ParameterError& e) {
            throw InputError(source, 0, 0, std::string("\"transformation\": ") + e.what());
        }
    }
    if (j.contains("workbench")) {
        if (!j["workbench"].is_object())
            throw InputError(source, 0, 0, "\"workbench\" must be an object");
        c.workbench = j["workbench"].dump();
    }
    return c;
}

ProjectConfig loadProject(const std::string& path) {
    return parseProject(readFileText(path), path);
}

void saveProject(const ProjectConfig& config, const std::string& path) {
    writeFileAtomically(path, formatProject(config));
}

}  // namespace ldv
