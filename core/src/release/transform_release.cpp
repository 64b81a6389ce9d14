// Release records of the non-lattice transformations (transform_release.h, issue #34): written
// by `generalize --transform ... --release`, checked by `ldiv verify`. The criteria are judged
// here from their definitions on the classes of the published file itself (the rows grouped by
// their published quasi-identifier values; with cell suppression, sdcMicro's frequencies, in
// which "*" matches every value), never by the engine's judge of a node: these tables have no
// node, and a check that shares the publisher's code would share its bugs.
#include "ldiv/release/transform_release.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include "ldiv/criteria/criterion_spec.h"
#include "ldiv/crypto/digest.h"
#include "ldiv/data/error.h"
#include "ldiv/io/csv_table_reader.h"
#include "ldiv/io/table_digest.h"
#include "ldiv/io/table_source.h"
#include "ldiv/lattice/generalize.h"
#include "ldiv/lattice/lattice.h"
#include "ldiv/lattice/row_order.h"
#include "ldiv/metrics/node_metrics.h"
#include "ldiv/project/search_settings.h"
#include "ldiv/project/workspace_criteria.h"
#include "ldiv/transform/cell_suppression.h"
#include "ldiv/transform/local_recoding.h"
#include "ldiv/transform/microaggregation.h"
#include "ldiv/transform/mondrian.h"
#include "record_files.h"
#include "release_claims.h"
#include "transform_verify.h"
#include "verify_claims.h"

namespace ldv {

using nlohmann::json;

namespace {

const std::vector<std::string>& kModels = transformationModels();

/// Local recoding and the combination that ends with it remove the rows left suppressed.
bool removesRows(const std::string& model) {
    return model == "local" || model == "microaggregation+local";
}

/// What the published file shows, judged from the definitions.
struct FileJudgement {
    std::size_t rows = 0;
    /// Cell suppression: rows whose every quasi-identifier is "*" (suppressed records).
    std::size_t suppressedRecords = 0;
    std::size_t classes = 0;
    std::vector<ReleaseCriterion> criteria;
    ProsecutorRisk risk;
};

const std::string& sensitiveOf(const CriterionSpec& s, const std::vector<std::string>& sensitive,
                               const std::string& spec) {
    if (!s.attribute.empty()) {
        const auto it = std::find(sensitive.begin(), sensitive.end(), s.attribute);
        if (it == sensitive.end())
            throw ParameterError("criterion '" + spec + "': '" + s.attribute +
                                 "' is not a sensitive attribute of the project");
        return *it;
    }
    if (sensitive.size() != 1)
        throw ParameterError("criterion '" + spec +
                             "' names no sensitive attribute, and the project has " +
                             std::to_string(sensitive.size()));
    return sensitive.front();
}

/// Groups the file's rows (or, with wildcards, each row's matching set) and judges every
/// criterion per class: k (size ≥ k), distinct-l (distinct sensitive values ≥ ℓ), entropy-l
/// (exp of the class's Shannon entropy ≥ ℓ) and recursive-(c,ℓ) (r1 < c·(rℓ + … + rm), counts in
/// descending order), after Machanavajjhala et al. 2007.
FileJudgement judgeFile(const std::string& path, char separator, const std::vector<std::string>& qi,
                        const std::vector<std::string>& sensitive,
                        const std::vector<std::string>& criteria, bool wildcards) {
    CsvOptions csv;
    csv.separator = separator;
    csv.inferTypes = false;
    csv.trim = false;
    csv.missingTokens.clear();
    const Table t = readCsv(path, csv);
    const auto index = [&](const std::string& name) {
        const std::optional<std::size_t> c = t.columnIndex(name);
        if (!c) throw ParameterError("the published file has no column '" + name + "'");
        return *c;
    };
    std::vector<std::size_t> qiCols;
    for (const std::string& n : qi) qiCols.push_back(index(n));
    FileJudgement out;
    out.rows = t.rowCount();
    // Distinct published QI tuples (as text) and their rows.
    std::map<std::vector<std::string>, std::vector<std::size_t>> tuples;
    for (std::size_t r = 0; r < t.rowCount(); ++r) {
        std::vector<std::string> key;
        for (std::size_t c : qiCols) key.push_back(t.column(c).value(t.column(c).code(r)));
        if (wildcards &&
            std::all_of(key.begin(), key.end(), [](const std::string& v) { return v == "*"; }))
            ++out.suppressedRecords;
        tuples[key].push_back(r);
    }
    out.classes = tuples.size();
    // Each row's class: its tuple's rows, or with wildcards every row whose tuple matches.
    std::vector<std::uint64_t> frequency;
    const auto matches = [](const std::vector<std::string>& a, const std::vector<std::string>& b) {
        for (std::size_t i = 0; i < a.size(); ++i)
            if (a[i] != b[i] && a[i] != "*" && b[i] != "*") return false;
        return true;
    };
    double riskSum = 0;
    std::uint64_t smallest = 0;
    for (const auto& [key, rows] : tuples) {
        std::uint64_t f = rows.size();
        if (wildcards) {
            f = 0;
            for (const auto& [other, otherRows] : tuples)
                if (matches(key, other)) f += otherRows.size();
        }
        frequency.push_back(f);
        riskSum += double(rows.size()) / double(f);
        if (smallest == 0 || f < smallest) smallest = f;
    }
    if (out.rows > 0) {
        out.risk.highest = 1.0 / double(smallest);
        out.risk.average = riskSum / double(out.rows);
    }
    for (const std::string& text : criteria) {
        const CriterionSpec s = parseCriterionSpec(text);
        ReleaseCriterion claim;
        claim.spec = formatCriterionSpec(s);
        claim.holds = true;
        claim.higherIsBetter = true;
        const double p0 = s.parameters.empty() ? 0 : s.parameters[0];
        std::size_t sa = 0;
        if (s.kind != CriterionKind::KAnonymity) sa = index(sensitiveOf(s, sensitive, text));
        bool any = false;
        std::size_t i = 0;
        for (const auto& [key, rows] : tuples) {
            const std::uint64_t f = frequency[i++];
            double m = 0;
            bool holds = true;
            if (s.kind == CriterionKind::KAnonymity) {
                // With wildcards the "class" of a record is its frequency (sdcMicro).
                claim.measure = wildcards ? "min_frequency" : "min_class_size";
                claim.threshold = p0;
                m = double(f);
                holds = m >= p0;
            } else {
                std::map<std::string, std::uint64_t> counts;
                for (std::size_t r : rows) ++counts[t.column(sa).value(t.column(sa).code(r))];
                std::vector<std::uint64_t> desc;
                for (const auto& [v, n] : counts) desc.push_back(n);
                std::sort(desc.rbegin(), desc.rend());
                if (s.kind == CriterionKind::DistinctL) {
                    claim.measure = "min_distinct_values";
                    claim.threshold = p0;
                    m = double(desc.size());
                    holds = m >= p0;
                } else if (s.kind == CriterionKind::EntropyL) {
                    claim.measure = "min_exp_entropy";
                    claim.threshold = p0;
                    double h = 0;
                    for (std::uint64_t n : desc) {
                        const double q = double(n) / double(rows.size());
                        h -= q * std::log(q);
                    }
                    m = std::exp(h);
                    holds = m >= p0 * (1 - 1e-12);
                } else {  // recursive-cl=C,L
                    claim.measure = "min_recursive_ratio";
                    claim.threshold = 1;
                    const double c = p0;
                    // ℓ from a record: a whole number from 1, checked before it indexes.
                    const double lp = s.parameters.size() > 1 ? s.parameters[1] : 0;
                    if (!(lp >= 1 && lp <= 1e9 && lp == std::floor(lp)))
                        throw ParameterError("criterion '" + text + "': l must be a whole number");
                    const std::size_t l = std::size_t(lp);
                    double tail = 0;
                    for (std::size_t j = l - 1; j < desc.size(); ++j) tail += double(desc[j]);
                    // c·(rℓ + … + rm) / r1: the criterion holds when it is above 1.
                    m = desc.size() < l ? 0 : c * tail / double(desc.front());
                    holds = desc.size() >= l && double(desc.front()) < c * tail;
                }
            }
            if (!any || m < claim.measured) claim.measured = m;
            any = true;
            if (!holds) {
                claim.holds = false;
                ++claim.failingClasses;
            }
        }
        claim.description = claim.spec + " on the published classes" +
                            (wildcards ? " (frequencies, \"*\" matching every value)" : "");
        out.criteria.push_back(claim);
    }
    return out;
}

/// A recorded aggregate (a string, checked by the caller) that must name an aggregate function.
std::string recordedAggregate(const json& aggregates, const std::string& name) {
    const std::string a = aggregates[name].get<std::string>();
    try {
        (void)parseAggregate(a);
    } catch (const std::exception& e) {
        throw ParameterError("\"transformation.aggregates." + name + "\": " + e.what());
    }
    return a;
}

json transformationJson(const Dataset& data, const SearchConfig& config,
                        const TransformationSpec& spec) {
    json t{{"model", spec.model},
           // Every model is a deterministic function of the data, these parameters and the
           // criteria; the row shuffle is seeded (row_order).
           {"deterministic", true},
           {"metric", std::string(metricName(config.metric))},
           {"gs_factor", config.quality.gsFactor}};
    if (spec.model == "microaggregation" || spec.model == "microaggregation+local") {
        // Per microaggregated column its aggregate; the combination lists only the columns it
        // microaggregates (the others are recoded locally).
        json a = json::object();
        for (std::size_t i = 0; i < data.qiCount(); ++i)
            if (!spec.aggregates.at(i).empty())
                a[data.table().column(data.qiColumns()[i]).name()] = spec.aggregates.at(i);
        t["aggregates"] = a;
    }
    if (spec.model == "cell-suppression") t["importance"] = spec.importance;
    return t;
}

}  // namespace

void checkTransformReleasable(const std::string& model, const std::vector<std::string>& criteria) {
    if (std::find(kModels.begin(), kModels.end(), model) == kModels.end())
        throw ParameterError("transformation.model \"" + model +
                             "\" is not a model this ldiv records (mondrian, local, "
                             "microaggregation, cell-suppression, microaggregation+local)");
    for (const std::string& text : criteria) {
        const CriterionSpec s = parseCriterionSpec(text);
        const bool ok =
            s.kind == CriterionKind::KAnonymity ||
            (model != "cell-suppression" && !s.multiAttribute &&
             (s.kind == CriterionKind::DistinctL || s.kind == CriterionKind::RecursiveCL ||
              (s.kind == CriterionKind::EntropyL && s.dontCare.empty())));
        if (!ok)
            throw ParameterError(
                "criterion '" + text + "': a release of --transform " + model +
                " is verified on the published classes from the criteria's "
                "definitions, which ldiv has for k" +
                (model == "cell-suppression" ? "" : ", distinct-l, entropy-l and recursive-cl") +
                " so far");
    }
}

TransformedTable publishTransformation(const Workspace& ws, const Dataset& data,
                                       const SearchConfig& config, const TransformationSpec& spec) {
    checkTransformReleasable(spec.model, {});
    return transformTable(ws, data, config, spec);
}

ReleaseRecord makeTransformRelease(const Workspace& ws, const Dataset& data,
                                   const SearchConfig& config, const TransformationSpec& spec,
                                   const std::string& publishedPath, const std::string& ldivVersion,
                                   const ReleaseOutput& output,
                                   const std::string& publishedExport) {
    // A table is read through its canonical export, which the caller fetched.
    const std::string judgedPath = detail::judgedArtefact(publishedPath, publishedExport);
    const bool table = !artefactKind(publishedPath).empty();
    ProjectConfig project = ws.config();
    detail::embedHierarchies(ws, project);
    detail::recordSearch(project, config, data);
    const std::vector<std::string> qi = detail::columnNames(data.table(), data.qiColumns());
    const std::vector<std::string> sensitive =
        detail::columnNames(data.table(), ws.sensitiveColumns());
    json c{{"kind", detail::kTransformKind},
           {"project", json::parse(formatProject(project))},
           {"criteria", project.search.criteria},
           {"suppression_limit", config.suppressionLimit},
           {"transformation", transformationJson(data, config, spec)},
           {"quasi_identifiers", qi},
           {"sensitive", sensitive},
           {"suppressed", removesRows(spec.model)            ? "removed"
                          : spec.model == "cell-suppression" ? "cells"
                                                             : "none"},
           {"row_order", spec.shuffled ? json{{"shuffled", true}, {"seed", spec.seed}}
                                       : json{{"shuffled", false}}},
           {"output", detail::outputJson(output)}};
    ReleaseRecord r;
    r.ldivVersion = ldivVersion;
    detail::setRecordFiles(r, ws, c.dump(), publishedPath, table ? publishedExport : "");
    r.originalRows = data.rowCount();
    const bool wildcards = spec.model == "cell-suppression";
    const FileJudgement f =
        judgeFile(judgedPath, output.separator, qi, sensitive, project.search.criteria, wildcards);
    r.publishedRows = f.rows;
    r.suppressedRows = wildcards ? f.suppressedRecords : r.originalRows - f.rows;
    r.criteria = f.criteria;
    r.satisfies = std::all_of(f.criteria.begin(), f.criteria.end(),
                              [](const ReleaseCriterion& x) { return x.holds; });
    r.risk = f.risk;
    return r;
}

namespace detail {

void verifyTransformRelease(const ReleaseRecord& record, const std::string& publishedPath,
                            const VerifyInputs& in, Verification& v) {
    Claims claims(v);
    RecordedConfiguration recorded;
    auto& [c, project, qi, sensitive] = recorded;
    std::vector<std::string> criteria;
    TransformationSpec spec;
    double limit = 0;
    char separator = ',';
    bool neutralize = false;
    // The configuration is untrusted input: every key is checked for presence, type and range
    // before anything runs on it, and a failure names the key.
    try {
        recorded = readRecordedConfiguration(
            record.configuration,
            {"project", "criteria", "suppression_limit", "transformation", "quasi_identifiers",
             "sensitive", "suppressed", "row_order", "output"},
            true);
        if (!c["criteria"].is_array()) throw ParameterError("\"criteria\" is not a list");
        for (const json& s : c["criteria"]) {
            if (!s.is_string()) throw ParameterError("\"criteria\": " + s.dump() + " is no text");
            criteria.push_back(s.get<std::string>());
        }
        if (criteria != project.search.criteria || criteria.empty())
            throw ParameterError("\"criteria\" " + c["criteria"].dump() +
                                 " are not the project's (search.criteria)");
        if (!c["suppression_limit"].is_number() || !(c["suppression_limit"].get<double>() >= 0 &&
                                                     c["suppression_limit"].get<double>() <= 1))
            throw ParameterError("\"suppression_limit\" " + c["suppression_limit"].dump() +
                                 " is not a fraction from 0 to 1");
        limit = c["suppression_limit"].get<double>();
        if (limit != project.search.suppressionLimit)
            throw ParameterError("\"suppression_limit\" is not the project's");
        const json& t = c["transformation"];
        if (!t.is_object() || !t.contains("model") || !t["model"].is_string())
            throw ParameterError("\"transformation\" has no \"model\" text");
        spec.model = t["model"].get<std::string>();
        checkTransformReleasable(spec.model, criteria);
        for (const auto& item : t.items()) {
            const std::string key = item.key();
            if (!std::set<std::string>{"model", "deterministic", "metric", "gs_factor",
                                       "aggregates", "importance"}
                     .contains(key))
                throw ParameterError("unknown key \"transformation." + key + "\"");
        }
        if (!t.contains("metric") || !t["metric"].is_string() ||
            parseMetric(t["metric"].get<std::string>()) != project.search.metric)
            throw ParameterError("\"transformation.metric\" is not the project's metric");
        if (!t.contains("gs_factor") || !t["gs_factor"].is_number() ||
            !(t["gs_factor"].get<double>() >= 0 && t["gs_factor"].get<double>() <= 1) ||
            t["gs_factor"].get<double>() != project.search.gsFactor)
            throw ParameterError("\"transformation.gs_factor\" " +
                                 (t.contains("gs_factor") ? t["gs_factor"].dump() : "(none)") +
                                 " is not the project's gs-factor in [0, 1]");
        if (spec.model == "microaggregation+local") {
            // The microaggregated columns and their aggregates; every other QI is recoded only.
            if (!t.contains("aggregates") || !t["aggregates"].is_object() ||
                t["aggregates"].empty())
                throw ParameterError(
                    "\"transformation.aggregates\" must name at least one microaggregated "
                    "column");
            for (const auto& item : t["aggregates"].items())
                if (std::find(qi.begin(), qi.end(), item.key()) == qi.end())
                    throw ParameterError("\"transformation.aggregates\": '" + item.key() +
                                         "' is not a quasi-identifier of the project");
            for (const std::string& name : qi) {
                if (!t["aggregates"].contains(name)) {
                    spec.aggregates.emplace_back();
                    continue;
                }
                if (!t["aggregates"][name].is_string())
                    throw ParameterError("\"transformation.aggregates." + name + "\" is no text");
                spec.aggregates.push_back(recordedAggregate(t["aggregates"], name));
            }
        }
        if (spec.model == "microaggregation") {
            if (!t.contains("aggregates") || !t["aggregates"].is_object())
                throw ParameterError("\"transformation.aggregates\" is missing");
            for (const auto& item : t["aggregates"].items()) {
                const std::string key = item.key();
                if (std::find(qi.begin(), qi.end(), key) == qi.end())
                    throw ParameterError("\"transformation.aggregates\": '" + key +
                                         "' is not a quasi-identifier of the project");
            }
            for (const std::string& name : qi) {
                if (!t["aggregates"].contains(name) || !t["aggregates"][name].is_string())
                    throw ParameterError("\"transformation.aggregates\" has no aggregate for '" +
                                         name + "'");
                spec.aggregates.push_back(recordedAggregate(t["aggregates"], name));
            }
        }
        if (spec.model == "cell-suppression") {
            if (!t.contains("importance") || !t["importance"].is_array())
                throw ParameterError("\"transformation.importance\" is missing");
            for (const json& n : t["importance"]) {
                if (!n.is_string() ||
                    std::find(qi.begin(), qi.end(), n.get<std::string>()) == qi.end() ||
                    std::find(spec.importance.begin(), spec.importance.end(),
                              n.get<std::string>()) != spec.importance.end())
                    throw ParameterError("\"transformation.importance\": " + n.dump() +
                                         " is not a quasi-identifier of the project, or is "
                                         "given twice");
                spec.importance.push_back(n.get<std::string>());
            }
            if (!spec.importance.empty() && spec.importance.size() != qi.size())
                throw ParameterError(
                    "\"transformation.importance\" must name every quasi-identifier");
        }
        const json& order = c["row_order"];
        if (!order.is_object() || !order.contains("shuffled") || !order["shuffled"].is_boolean())
            throw ParameterError("\"row_order.shuffled\" is missing");
        spec.shuffled = order["shuffled"].get<bool>();
        if (spec.shuffled) {
            if (!order.contains("seed") || !order["seed"].is_number_unsigned())
                throw ParameterError("\"row_order.seed\" is not a whole number");
            spec.seed = order["seed"].get<std::uint64_t>();
        }
        const json& o = c["output"];
        if (!o.is_object() || !o.contains("separator") || !o["separator"].is_string() ||
            o["separator"].get<std::string>().size() != 1 || !o.contains("neutralize_formulas") ||
            !o["neutralize_formulas"].is_boolean())
            throw ParameterError(
                "\"output\" needs a one-character separator and "
                "neutralize_formulas");
        separator = o["separator"].get<std::string>()[0];
        neutralize = o["neutralize_formulas"].get<bool>();
        requireExportOutput(record, o);
        const std::string expected = removesRows(spec.model)            ? "removed"
                                     : spec.model == "cell-suppression" ? "cells"
                                                                        : "none";
        if (c["suppressed"] != expected)
            throw ParameterError("\"suppressed\" " + c["suppressed"].dump() + " is not \"" +
                                 expected + "\", what " + spec.model + " does");
        if (!record.levels.empty())
            throw ParameterError("\"node\" " + formatLevels(record.levels) +
                                 ": a transformation publishes no node");
        claims.add("configuration", true,
                   "a " + spec.model + " release: quasi-identifiers " + json(qi).dump() +
                       ", criteria " + json(criteria).dump());
    } catch (const std::exception& e) {
        claims.add("configuration", false, e.what());
        return;
    }
    // For a table, `publishedPath` is the canonical export the caller fetched.
    const bool table = !record.publishedKind.empty();
    const std::string what = table ? "table" : "file";
    publishedHashClaim(claims, record, publishedPath, in.publishedTable);
    const bool wildcards = spec.model == "cell-suppression";
    FileJudgement f;
    try {
        f = judgeFile(publishedPath, separator, qi, sensitive, criteria, wildcards);
    } catch (const std::exception& e) {
        claims.add("published columns", false, e.what());
        return;
    }
    claims.add("published rows", f.rows == record.publishedRows,
               std::to_string(f.rows) + " rows in the " + what + ", recorded " +
                   std::to_string(record.publishedRows));
    // Suppression: local recoding removes rows (original − published), cell suppression
    // empties whole records; either is held against ⌊limit · original rows⌋.
    const std::size_t suppressed = wildcards                       ? f.suppressedRecords
                                   : record.originalRows >= f.rows ? record.originalRows - f.rows
                                                                   : record.originalRows + 1;
    const double allowed = std::floor(limit * double(record.originalRows) + 1e-9);
    // The combination removes rows as local recoding does, within the limit.
    const bool noneAllowed = spec.model == "mondrian" || spec.model == "microaggregation";
    claims.add("suppressed rows",
               suppressed == record.suppressedRows && double(suppressed) <= allowed &&
                   (!noneAllowed || suppressed == 0),
               std::to_string(suppressed) +
                   (wildcards ? " records with every quasi-identifier \"*\""
                              : " rows of the original left out") +
                   ", recorded " + std::to_string(record.suppressedRows) + "; the limit allows " +
                   number(allowed) + (noneAllowed ? " (" + spec.model + " suppresses none)" : ""));
    bool all = true;
    for (std::size_t k = 0; k < f.criteria.size(); ++k) {
        const ReleaseCriterion& got = f.criteria[k];
        all = all && got.holds;
        const ReleaseCriterion* claimed =
            k < record.criteria.size() && record.criteria[k].spec == got.spec ? &record.criteria[k]
                                                                              : nullptr;
        const bool recordAgrees =
            claimed && claimed->holds == got.holds && claimed->measure == got.measure &&
            same(claimed->measured, got.measured) && same(claimed->threshold, got.threshold);
        claims.add(
            "criterion " + got.spec, got.holds && recordAgrees,
            got.measure + " " + number(got.measured) + " over " + std::to_string(f.classes) +
                " published classes, threshold " + number(got.threshold) +
                (got.holds ? "" : ": " + std::to_string(got.failingClasses) + " classes fail") +
                (recordAgrees ? "" : "; the record's claim differs"));
    }
    claims.add("criteria listed", record.criteria.size() == f.criteria.size(),
               std::to_string(record.criteria.size()) + " claimed, " +
                   std::to_string(f.criteria.size()) + " configured");
    claims.add("satisfies", record.satisfies == all,
               std::string("recomputed ") + (all ? "true" : "false") + ", recorded " +
                   (record.satisfies ? "true" : "false"));
    claims.add(
        "prosecutor risk",
        same(f.risk.highest, record.risk.highest) && same(f.risk.average, record.risk.average),
        "highest " + number(f.risk.highest) + ", average " + number(f.risk.average) +
            (wildcards ? " (1 / each record's frequency)" : ""));
    const std::string bytesClaim = "published " + what + " reproduces from the original";
    if (!in.originalPath) {
        originalHashUnchecked(claims, record);
        claims.needs(bytesClaim, "needs --original: the recorded " + spec.model +
                                     " is run on it and must give the published " + what);
        return;
    }
    originalHashClaim(claims, record, *in.originalPath);
    try {
        for (const AttributeConfig& a : project.attributes)
            if (!a.hierarchyFile.empty())
                throw ParameterError("the hierarchy of '" + a.name +
                                     "' is a file named in the record; verify opens only the "
                                     "files on its command line");
        project.dataPath = originalDataPath(*in.originalPath);
        const Workspace ws(project, "");
        // The requirement as the search prepares it (ldiv/workflow/requirement.h, which sits
        // above the release records): the judged dataset, then the validated configuration.
        const Dataset& judged = criteriaDataset(ws, project.search.criteria);
        const SearchConfig config = makeSearchConfig(ws, project.search, {}, &judged);
        claims.add("original rows", judged.rowCount() == record.originalRows,
                   std::to_string(judged.rowCount()) + " rows in the original, recorded " +
                       std::to_string(record.originalRows));
        const Table published = publishTransformation(ws, judged, config, spec).table;
        // A table has no bytes of its own: the reproduction is compared in the canonical
        // export's form, as its hash was taken (io/table_digest.h).
        std::string sha;
        if (table) {
            Sha256 canonical;
            writeCanonicalCsv(published, [&](std::string_view chunk) { canonical.update(chunk); });
            sha = canonical.hex();
        } else {
            sha = sha256Hex(formatTableCsv(published, separator, neutralize));
        }
        // Against the published file itself, not the recorded hash (a changed file does not
        // reproduce even when its record is intact).
        const std::string publishedSha = sha256FileHex(publishedPath);
        claims.add(bytesClaim, sha == publishedSha,
                   spec.model + " of the original with the recorded parameters gives " +
                       (sha == publishedSha ? "the published " + what
                                            : "sha256 " + sha + ", not the published " + what +
                                                  "'s " + publishedSha));
    } catch (const std::exception& e) {
        claims.add(bytesClaim, false, std::string("cannot be reproduced: ") + e.what());
    }
}

}  // namespace detail

}  // namespace ldv
