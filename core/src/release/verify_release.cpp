// `ldiv verify` (release_record.h: verifyRelease). A record is input from anyone, who can
// recompute its hashes: so every field is either recomputed from the files on the command
// line, or reported as needing one (--original, --public-key), and anything else fails. Paths
// written in the record are never opened.
#include <algorithm>
#include <filesystem>
#include <limits>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <set>

#include "dp_release.h"
#include "ldiv/crypto/digest.h"
#include "ldiv/crypto/signature.h"
#include "ldiv/data/error.h"
#include "ldiv/dp/safepub.h"
#include "ldiv/evaluation/search_config.h"
#include "ldiv/hierarchy/hierarchy_spec.h"
#include "ldiv/io/csv_table_reader.h"
#include "ldiv/io/table_digest.h"
#include "ldiv/io/table_source.h"
#include "ldiv/lattice/generalize.h"
#include "ldiv/metrics/node_metrics.h"
#include "ldiv/project/workspace_criteria.h"
#include "ldiv/project/workspace_publish.h"
#include "ldiv/release/published_table.h"
#include "ldiv/release/release_record.h"
#include "ldiv/release/transform_release.h"
#include "ldiv/transform/pram_columns.h"
#include "release_claims.h"
#include "transform_verify.h"
#include "verify_claims.h"

namespace ldv {
namespace {

using detail::Claims;
using detail::criterionClaim;
using detail::number;
using detail::same;
using nlohmann::json;

/// Sensitive-value counts by attribute name and value: the table the distribution criteria
/// compare a class with.
using Distributions = std::map<std::string, std::map<std::string, std::uint64_t>>;

/// The configuration as checked: every key present and of its type, nothing else, and in
/// agreement with the project it embeds, which is what the reproduction publishes. Otherwise
/// a record could judge the file on quasi-identifiers other than the ones it was made with.
struct Configuration {
    json c;
    bool sweep = false;
    ProjectConfig project;
    std::vector<std::string> qi, sensitive, criteria;
    double limit = 0;
    bool masked = false;
    /// Masking was asked for: true also when the masked rows' class failed and was removed
    /// (`masked_class.removed`), so that the reproduction removes it again.
    bool maskAsked = false;
    bool shuffled = false;
    std::uint64_t seed = 0;
    std::string token = "*";
    char separator = ',';
    bool neutralize = false;
    /// "pram": columns perturbed after publishing, and the seed of the draws when recorded.
    std::vector<std::pair<std::string, double>> pram;
    std::optional<std::uint64_t> pramSeed;
};

void requireKeys(const json& c, std::initializer_list<const char*> keys,
                 std::vector<std::string>& problems,
                 std::initializer_list<const char*> optional = {}) {
    if (!c.is_object()) {
        problems.push_back("not a JSON object");
        return;
    }
    for (const char* k : keys)
        if (!c.contains(k)) problems.push_back(std::string("no \"") + k + "\"");
    for (const auto& item : c.items()) {
        // A plain string: clang 14 cannot capture a structured binding in the lambda.
        const std::string key = item.key();
        const auto named = [&](const char* k) { return key == k; };
        if (std::none_of(keys.begin(), keys.end(), named) &&
            std::none_of(optional.begin(), optional.end(), named))
            problems.push_back("unknown key \"" + key + "\"");
    }
}

std::vector<std::string> checkConfiguration(const ReleaseRecord& r, Configuration& out) {
    std::vector<std::string> problems;
    try {
        out.c = json::parse(r.configuration);
    } catch (const json::exception& e) {
        return {std::string("not JSON: ") + e.what()};
    }
    const json& c = out.c;
    if (!c.is_object()) return {"not a JSON object"};
    out.sweep = c.contains("kind");
    if (out.sweep && c["kind"] != "sweep")
        return {"\"kind\" is " + c["kind"].dump() + ": only a SWEEP release has one"};
    if (out.sweep)
        requireKeys(
            c,
            {"kind", "project", "criteria", "tau", "l", "taxonomy", "weighted_values",
             "suppression_limit", "quasi_identifiers", "sensitive", "suppressed", "mask_token"},
            problems);
    else
        requireKeys(c,
                    {"project", "node", "criteria", "suppression_limit", "metric",
                     "quasi_identifiers", "sensitive", "suppressed", "mask_token", "output"},
                    problems,
                    // row_order: records before it was written published in the source's
                    // order; masked_class: only when masking was asked for; pram: only when
                    // columns were perturbed.
                    {"row_order", "masked_class", "pram"});
    if (!problems.empty()) return problems;
    try {
        out.project = parseProject(c["project"].dump(), "the release configuration's project");
    } catch (const std::exception& e) {
        return {std::string("its project: ") + e.what()};
    }
    // Written by formatProject: anything it would not write is a claim nothing reads.
    if (json::parse(formatProject(out.project)) != c["project"])
        problems.push_back("its project is not as ldiv writes it (unknown or changed keys)");
    out.qi = out.project.namesWithRole(Role::QuasiIdentifying);
    for (const AttributeConfig& a : out.project.attributes)
        if (a.role == Role::Sensitive) out.sensitive.push_back(a.name);
    if (c["quasi_identifiers"] != json(out.qi))
        problems.push_back("quasi_identifiers " + c["quasi_identifiers"].dump() +
                           " are not the project's " + json(out.qi).dump());
    if (out.qi.empty())
        problems.push_back("no quasi-identifier: the criteria would protect nothing");
    if (c["sensitive"] != json(out.sensitive))
        problems.push_back("sensitive " + c["sensitive"].dump() + " is not the project's " +
                           json(out.sensitive).dump());
    if (!c["suppression_limit"].is_number())
        problems.push_back("suppression_limit is not a number");
    else
        out.limit = c["suppression_limit"].get<double>();
    if (!c["mask_token"].is_string() || c["mask_token"].get<std::string>().empty())
        problems.push_back("mask_token is not a non-empty string");
    else
        out.token = c["mask_token"].get<std::string>();
    if (c["suppressed"] != "removed" && c["suppressed"] != "masked")
        problems.push_back("suppressed is " + c["suppressed"].dump() +
                           ", not \"removed\" or \"masked\"");
    out.masked = c["suppressed"] == "masked";
    if (out.sweep) {
        if (!c["tau"].is_number() || !c["l"].is_number() || !c["taxonomy"].is_array() ||
            !c["weighted_values"].is_array())
            return {"tau, l, taxonomy or weighted_values is not of its type"};
        const std::string spec = "tau-l=" + formatNumber(c["tau"].get<double>()) + "," +
                                 formatNumber(c["l"].get<double>());
        out.criteria = {spec};
        if (c["criteria"] != json::array()) problems.push_back("a SWEEP release lists no criteria");
        if (out.project.search.criteria != out.criteria)
            problems.push_back("the project's criteria are not " + spec);
        if (out.limit != 0) problems.push_back("a SWEEP release suppresses nothing");
        if (out.masked) problems.push_back("a SWEEP release masks nothing");
        if (out.sensitive.size() != 1)
            problems.push_back("a SWEEP release has one sensitive attribute");
        if (!r.levels.empty()) problems.push_back("a SWEEP release has no node");
        return problems;
    }
    if (!c["criteria"].is_array() || c["criteria"] != json(out.project.search.criteria))
        problems.push_back("criteria " + c["criteria"].dump() + " are not the project's " +
                           json(out.project.search.criteria).dump());
    out.criteria = out.project.search.criteria;
    if (out.limit != out.project.search.suppressionLimit)
        problems.push_back("suppression_limit is not the project's");
    if (c["metric"] != std::string(metricName(out.project.search.metric)))
        problems.push_back("metric is not the project's");
    if (c["node"] != json(r.levels))
        problems.push_back("node " + c["node"].dump() + " is not the record's node " +
                           json(r.levels).dump());
    if (r.levels.size() != out.qi.size())
        problems.push_back("the node has " + std::to_string(r.levels.size()) + " levels for " +
                           std::to_string(out.qi.size()) + " quasi-identifiers");
    out.maskAsked = out.masked;
    if (c.contains("masked_class")) {
        const json& m = c["masked_class"];
        std::vector<std::string> maskProblems;
        requireKeys(m, {"removed", "rows", "failing_criteria"}, maskProblems);
        if (!maskProblems.empty() || !m["removed"].is_boolean() ||
            !m["rows"].is_number_unsigned() || !m["failing_criteria"].is_array())
            problems.push_back(
                "masked_class is not {\"removed\": true or false, \"rows\": a count, "
                "\"failing_criteria\": a list}");
        else if (m["removed"].get<bool>() == out.masked)
            problems.push_back("masked_class.removed contradicts suppressed " +
                               c["suppressed"].dump());
        out.maskAsked = true;
    } else if (out.masked) {
        problems.push_back("masked rows without masked_class: their class was not judged");
    }
    if (c.contains("row_order")) {
        const json& ro = c["row_order"];
        std::vector<std::string> orderProblems;
        const bool shuffled = ro.is_object() && ro.contains("shuffled") &&
                              ro["shuffled"].is_boolean() && ro["shuffled"].get<bool>();
        if (shuffled)
            requireKeys(ro, {"shuffled", "seed"}, orderProblems);
        else
            requireKeys(ro, {"shuffled"}, orderProblems);
        if (!orderProblems.empty() || !ro["shuffled"].is_boolean() ||
            (shuffled && !ro["seed"].is_number_unsigned()))
            problems.push_back(
                "row_order is not {\"shuffled\": false} or {\"shuffled\": true, \"seed\": a "
                "whole number}");
        else if (shuffled) {
            out.shuffled = true;
            out.seed = ro["seed"].get<std::uint64_t>();
        }
    }
    if (c.contains("pram")) {
        const json& p = c["pram"];
        std::vector<std::string> pramProblems;
        requireKeys(p, {"columns"}, pramProblems, {"seed"});
        bool ok = pramProblems.empty() && p["columns"].is_array() && !p["columns"].empty() &&
                  (!p.contains("seed") || p["seed"].is_number_unsigned());
        if (ok)
            for (const json& e : p["columns"]) {
                std::vector<std::string> entryProblems;
                requireKeys(e, {"column", "p", "matrix"}, entryProblems);
                if (!entryProblems.empty() || !e["column"].is_string() || !e["p"].is_number() ||
                    e["matrix"] != "invariant" || !(e["p"].get<double>() > 0) ||
                    e["p"].get<double>() > 1) {
                    ok = false;
                    break;
                }
                const std::string name = e["column"].get<std::string>();
                if (std::none_of(out.project.attributes.begin(), out.project.attributes.end(),
                                 [&](const AttributeConfig& a) { return a.name == name; }))
                    problems.push_back("pram names '" + name +
                                       "', which is not an attribute of the project");
                // A perturbed quasi-identifier or sensitive attribute would change what the
                // claims measured: such a record claims what its file does not show.
                if (std::find(out.qi.begin(), out.qi.end(), name) != out.qi.end() ||
                    std::find(out.sensitive.begin(), out.sensitive.end(), name) !=
                        out.sensitive.end())
                    problems.push_back("pram perturbs '" + name +
                                       "', a quasi-identifier or sensitive attribute the claims "
                                       "measured");
                out.pram.emplace_back(name, e["p"].get<double>());
            }
        if (!ok)
            problems.push_back(
                "pram is not {\"columns\": [{\"column\": a name, \"p\": a number in (0, 1], "
                "\"matrix\": \"invariant\"}, …], optionally \"seed\": a whole number}");
        else if (p.contains("seed"))
            out.pramSeed = p["seed"].get<std::uint64_t>();
    }
    const json& o = c["output"];
    std::vector<std::string> outputProblems;
    requireKeys(o, {"separator", "neutralize_formulas"}, outputProblems);
    if (!o.is_object() || !outputProblems.empty() || !o["separator"].is_string() ||
        o["separator"].get<std::string>().size() != 1 || !o["neutralize_formulas"].is_boolean()) {
        problems.push_back(
            "output is not {\"separator\": one character, "
            "\"neutralize_formulas\": true or false}");
    } else {
        out.separator = o["separator"].get<std::string>()[0];
        out.neutralize = o["neutralize_formulas"].get<bool>();
    }
    return problems;
}

/// docs/criteria.md: a research subset that ends in .csv or has no '=' is a file. Decided on
/// the text alone: a record's path is never looked at.
bool subsetIsFile(const std::string& subset) {
    return subset.find('=') == std::string::npos ||
           (subset.size() >= 4 && subset.compare(subset.size() - 4, 4, ".csv") == 0);
}

Distributions distributionsOf(const Dataset& data, std::size_t userSensitive) {
    Distributions out;
    const EquivalenceClasses& base = data.baseGroups();
    for (std::size_t i = 0; i < userSensitive && i < data.sensitiveColumns().size(); ++i) {
        const Column& column = data.table().column(data.sensitiveColumns()[i]);
        auto& counts = out[column.name()];
        for (std::size_t g = 0; g < base.count(); ++g) {
            const auto h = base.histogram(g, i);
            for (std::size_t v = 0; v < h.size(); ++v)
                if (h[v]) counts[column.value(Code(v))] += h[v];
        }
    }
    return out;
}

struct Reproduction {
    std::unique_ptr<Workspace> ws;
    ReleaseRecord expected;
    Distributions distributions;  ///< the judged table's, before suppression
    bool bytesMatch = false;
    bool recordMatches = false;
};

/// What differs between the record and the one publishing the original gives.
std::vector<std::string> differences(const ReleaseRecord& expected, const ReleaseRecord& r,
                                     const Configuration& conf, const VerifyInputs& in) {
    std::vector<std::string> d;
    json want = json::parse(expected.configuration);
    // A hierarchy file the record names and the command line gave is embedded in the record
    // publishing it again would write: the record's own reference stands for it.
    json& wantAttributes = want["project"]["attributes"];
    const json& haveAttributes = conf.c["project"]["attributes"];
    if (wantAttributes.is_array() && haveAttributes.is_array() &&
        wantAttributes.size() == haveAttributes.size())
        for (std::size_t i = 0; i < wantAttributes.size(); ++i)
            if (haveAttributes[i].contains("name") && haveAttributes[i]["name"].is_string() &&
                in.hierarchyPaths.count(haveAttributes[i]["name"].get<std::string>()) &&
                haveAttributes[i].contains("hierarchy"))
                wantAttributes[i]["hierarchy"] = haveAttributes[i]["hierarchy"];
    // The original's path is the command line's, and so is a research subset file.
    want["project"]["data"]["path"] = conf.c["project"]["data"]["path"];
    if (conf.c["project"].contains("research_subset"))
        want["project"]["research_subset"] = conf.c["project"]["research_subset"];
    for (const auto& [key, value] : want.items())
        if (!conf.c.contains(key) || conf.c[key] != value) d.push_back("configuration." + key);
    auto count = [&](const char* name, std::size_t a, std::size_t b) {
        if (a != b)
            d.push_back(std::string(name) + " " + std::to_string(b) + " (publishing gives " +
                        std::to_string(a) + ")");
    };
    count("rows.original", expected.originalRows, r.originalRows);
    count("rows.published", expected.publishedRows, r.publishedRows);
    count("rows.suppressed", expected.suppressedRows, r.suppressedRows);
    count("rows.research_subset", expected.subsetRows, r.subsetRows);
    if (expected.satisfies != r.satisfies) d.push_back("satisfies");
    if (expected.criteria.size() != r.criteria.size()) {
        d.push_back("criteria: " + std::to_string(r.criteria.size()) +
                    " entries (publishing gives " + std::to_string(expected.criteria.size()) + ")");
    } else {
        for (std::size_t i = 0; i < r.criteria.size(); ++i) {
            const ReleaseCriterion &a = expected.criteria[i], &b = r.criteria[i];
            if (a.spec != b.spec || a.description != b.description || a.measure != b.measure ||
                !same(a.measured, b.measured) || !same(a.threshold, b.threshold) ||
                a.higherIsBetter != b.higherIsBetter || a.holds != b.holds)
                d.push_back("criterion " + b.spec);
        }
    }
    if (!same(expected.risk.highest, r.risk.highest) ||
        !same(expected.risk.average, r.risk.average))
        d.push_back("risk");
    return d;
}

/// The reproduction's CSV text against the published file's records, column by column: the
/// columns perturbed by PRAM (conf.pram) may differ, but only to values their column has in the
/// reproduction; every other cell, the header and the row count must be equal.
bool samePublicationButPram(const std::string& reproduced, const std::string& publishedPath,
                            const Configuration& conf, std::string& why) {
    std::string published;
    try {
        published = readFileText(publishedPath, std::numeric_limits<std::size_t>::max());
    } catch (const std::exception& e) {
        why = e.what();
        return false;
    }
    const auto want = parseCsvRecords(reproduced, "the reproduction", conf.separator, false);
    const auto have = parseCsvRecords(published, publishedPath, conf.separator, false);
    if (want.empty() || have.empty() || want.front() != have.front()) {
        why = "the published file's header is not the reproduction's";
        return false;
    }
    if (want.size() != have.size()) {
        why = "the published file has " + std::to_string(have.size() - 1) +
              " rows, the reproduction " + std::to_string(want.size() - 1);
        return false;
    }
    const std::vector<std::string>& header = want.front();
    std::vector<std::set<std::string>> domain(header.size());
    std::vector<bool> perturbed(header.size(), false);
    for (std::size_t c = 0; c < header.size(); ++c)
        for (const auto& [column, p] : conf.pram)
            if (header[c] == column) perturbed[c] = true;
    for (std::size_t r = 1; r < want.size(); ++r)
        for (std::size_t c = 0; c < header.size() && c < want[r].size(); ++c)
            if (perturbed[c]) domain[c].insert(want[r][c]);
    for (std::size_t r = 1; r < want.size(); ++r) {
        if (want[r].size() != have[r].size()) {
            why = "row " + std::to_string(r) + " of the published file has another width";
            return false;
        }
        for (std::size_t c = 0; c < header.size(); ++c) {
            const bool ok =
                perturbed[c] ? domain[c].count(have[r][c]) > 0 : want[r][c] == have[r][c];
            if (!ok) {
                why = "row " + std::to_string(r) + ", column '" + header[c] + "': '" + have[r][c] +
                      "' " +
                      (perturbed[c] ? "is not a value of the perturbed column"
                                    : "is not the reproduction's '" + want[r][c] + "'");
                return false;
            }
        }
    }
    return true;
}

/// Publishes the original with the record's configuration: the bytes must be the published
/// file's, and the record the one generalize would write.
std::optional<Reproduction> reproduce(const ReleaseRecord& record, const Configuration& conf,
                                      const std::string& publishedPath, const VerifyInputs& in,
                                      Claims& claims) {
    const std::string what = record.publishedKind.empty() ? "file" : "table";
    const std::string bytesClaim = "published " + what + " reproduces from the original";
    const std::string recordClaim = "record reproduces from the original";
    if (conf.sweep) {
        // SWEEP's --seed and --importance are not recorded; its (τ,ℓ) claim is recomputed
        // from the published file.
        // The record makes no claim that it reproduces: information, not a failure.
        claims.note(bytesClaim,
                    "a SWEEP release is not reproduced (its --seed and --importance are not "
                    "recorded); its criterion is recomputed from the published file and its "
                    "original's hash and rows from the original");
        return std::nullopt;
    }
    Reproduction out;
    try {
        ProjectConfig project = conf.project;
        for (AttributeConfig& a : project.attributes) {
            bool file = !a.hierarchyFile.empty();
            if (!file && !a.hierarchyBuilder.empty())
                if (const auto spec = parseHierarchySpec(a.hierarchyBuilder))
                    file = !spec->taxonomyFile.empty();
            if (!file) continue;
            const auto given = in.hierarchyPaths.find(a.name);
            if (given == in.hierarchyPaths.end())
                throw ParameterError("the hierarchy of '" + a.name +
                                     "' is a file named in the record; verify opens only the "
                                     "files on its command line: give it with --hierarchy " +
                                     a.name +
                                     "=FILE (records written since embed their "
                                     "hierarchies)");
            a.hierarchyFile = std::filesystem::absolute(given->second).string();
            a.hierarchyBuilder.clear();
        }
        if (!project.researchSubset.empty() && subsetIsFile(project.researchSubset)) {
            if (!in.researchSubsetPath)
                throw ParameterError(
                    "the research subset is a file named in the record; give it with "
                    "--research-subset FILE (verify opens only the files on its command line)");
            project.researchSubset = std::filesystem::absolute(*in.researchSubsetPath).string();
        }
        project.dataPath = detail::originalDataPath(*in.originalPath);
        out.ws = std::make_unique<Workspace>(project, "");
        const Workspace& ws = *out.ws;
        SearchConfig config;
        const Dataset& data = criteriaDataset(ws, conf.criteria);
        config.criteria = bindCriteria(data, conf.criteria, criteriaInputs(ws));
        config.suppressionLimit = conf.limit;
        config.metric = project.search.metric;
        config.quality = qualityOptions(data, project.search);
        PublishOptions publish;
        publish.maskSuppressed = conf.maskAsked;
        publish.maskToken = conf.token;
        publish.shuffle = conf.shuffled;
        publish.seed = conf.seed;
        if (!ws.dataset().lattice().contains(record.levels))
            throw ParameterError("the node is outside the lattice");
        PublishedNode node = publishNode(ws, config, record.levels, publish);
        ReleaseOutput output(conf.separator, conf.neutralize);
        output.pram = conf.pram;
        output.pramSeed = conf.pramSeed;
        if (!conf.pram.empty() && conf.pramSeed) {
            // A seeded run's draws replay: the same core PRAM on the same table.
            std::vector<PramRequest> requests;
            for (const auto& [column, p] : conf.pram) requests.push_back({column, p});
            const std::unique_ptr<RandomSource> rng = makeRandomSource(*conf.pramSeed);
            (void)applyPram(node.table, ws.dataset(), requests, *rng, false);
        }
        // A table has no bytes of its own: the reproduction is compared in the canonical
        // export's form, as its hash was taken (io/table_digest.h).
        std::string text, sha;
        if (record.publishedKind.empty()) {
            text = formatTableCsv(node.table, conf.separator, conf.neutralize);
            sha = sha256Hex(text);
        } else {
            Sha256 canonical;
            writeCanonicalCsv(node.table, [&](std::string_view chunk) { canonical.update(chunk); });
            sha = canonical.hex();
        }
        // Against the published file itself, not the recorded hash: a changed file does not
        // reproduce even when its record is intact (the hash claim reports the record).
        const std::string publishedSha = sha256FileHex(publishedPath);
        out.bytesMatch = sha == publishedSha;
        if (!out.bytesMatch && !conf.pram.empty() && !conf.pramSeed &&
            record.publishedKind.empty()) {
            // PRAM's draws came from the CSPRNG and were not recorded: every other cell must be
            // the reproduction's, and each perturbed cell a value its column has.
            std::string why;
            out.bytesMatch = samePublicationButPram(text, publishedPath, conf, why);
            claims.add(bytesClaim, out.bytesMatch,
                       out.bytesMatch
                           ? "node " + formatLevels(record.levels) +
                                 " of the original gives the published file in every column "
                                 "but the PRAM ones, whose values are values of their columns "
                                 "(their draws were not recorded)"
                           : why);
        } else {
            claims.add(bytesClaim, out.bytesMatch,
                       "node " + formatLevels(record.levels) + " of the original gives " +
                           (out.bytesMatch ? "the published " + what
                                           : "sha256 " + sha + ", not the published " + what +
                                                 "'s " + publishedSha));
        }
        out.expected = makeRelease(ws, config, record.levels, node, publish, publishedPath,
                                   record.ldivVersion, output);
        std::size_t userSensitive = 0;
        for (std::size_t c : data.sensitiveColumns())
            if (std::find(ws.sensitiveColumns().begin(), ws.sensitiveColumns().end(), c) !=
                ws.sensitiveColumns().end())
                ++userSensitive;
        out.distributions = distributionsOf(data, userSensitive);
        const std::vector<std::string> d = differences(out.expected, record, conf, in);
        out.recordMatches = d.empty();
        std::string detail;
        for (const std::string& s : d) detail += (detail.empty() ? "" : ", ") + s;
        claims.add(recordClaim, out.recordMatches,
                   out.recordMatches
                       ? "configuration, rows, criteria, risk and verdict are what publishing "
                         "the original gives"
                       : "differs from what publishing the original gives: " + detail);
    } catch (const std::exception& e) {
        // With --original everything is checked: a reproduction that cannot run fails.
        claims.add(bytesClaim, false, std::string("cannot be reproduced: ") + e.what());
        return std::nullopt;
    }
    return out;
}

/// The file's own sensitive-value counts over every row, masked ones included: the table
/// before suppression when no row was removed.
Distributions fileDistributions(const std::string& path, const Configuration& conf) {
    const PublishedTable all(path, conf.qi, conf.sensitive);
    return distributionsOf(all.dataset(), conf.sensitive.size());
}

}  // namespace

bool Verification::allHold() const {
    return std::all_of(claims.begin(), claims.end(),
                       [](const ClaimVerdict& c) { return c.checked ? c.holds : c.informational; });
}

Verification verifyRelease(const ReleaseRecord& record, const std::string& publishedPath,
                           const std::optional<std::string>& originalPath) {
    VerifyInputs in;
    in.originalPath = originalPath;
    return verifyRelease(record, publishedPath, in);
}

Verification verifyRelease(const ReleaseRecord& record, const std::string& publishedPath,
                           const VerifyInputs& in) {
    Verification v;
    Claims claims(v);

    // The record's own form: the format this ldiv writes, nothing it does not know.
    {
        std::vector<std::string> p;
        if (record.formatVersion != ReleaseRecord::kFormatVersion)
            p.push_back("version " + std::to_string(record.formatVersion));
        if (record.hashAlgorithm != "sha256")
            p.push_back("hashes.algorithm " + json(record.hashAlgorithm).dump());
        if (record.riskModel != "prosecutor")
            p.push_back("risk.model " + json(record.riskModel).dump());
        if (record.signature && record.signature->algorithm != "ed25519")
            p.push_back("signature.algorithm " + json(record.signature->algorithm).dump());
        for (const std::string& k : record.unknownKeys)
            p.push_back("unknown key " + json(k).dump());
        // Only a node's, a transformation's and SafePub's records are written for a table
        // (generalize --output postgresql://…).
        if (!record.publishedKind.empty() &&
            detail::configurationOfKind(record.configuration, "sweep"))
            p.push_back("a table (files.published_kind) for a release that only a file holds");
        if (record.publishedKind.empty() && in.publishedTable)
            p.push_back("files.published is a file, not a table");
        std::string detail;
        for (const std::string& s : p) detail += (detail.empty() ? "" : ", ") + s;
        claims.add("record format", p.empty(),
                   p.empty() ? "ldiv-release version 1, sha256, prosecutor risk"
                             : "not what this ldiv writes or checks: " + detail);
    }
    bool signedByKey = false;
    if (in.publicKeyPath) {
        const bool valid = record.signature && verifyEd25519(*in.publicKeyPath, record.signedBytes,
                                                             record.signature->value);
        signedByKey = valid;
        claims.add("signature", valid,
                   !record.signature ? "the record is not signed"
                   : valid ? "Ed25519 by the key " + publicKeyFingerprint(*in.publicKeyPath)
                           : "not a signature of this record by the key " +
                                 publicKeyFingerprint(*in.publicKeyPath));
    } else {
        if (record.signature)
            claims.needs("signature", "not checked: give --public-key of the publisher's key");
        else
            claims.note("signature", "the record is not signed (--public-key requires it)");
    }
    const std::string configSha = sha256Hex(record.configuration);
    claims.add("configuration hash", configSha == record.configurationSha,
               configSha == record.configurationSha
                   ? "sha256 " + configSha
                   : "the configuration was changed: sha256 " + configSha + ", recorded " +
                         record.configurationSha);
    // A SafePub release makes other claims (docs/dp.md): checked on their own.
    if (detail::configurationOfKind(record.configuration, detail::kDpKind)) {
        detail::verifyDpRelease(record, publishedPath, in, v);
        return v;
    }
    // So does a transformation without a node (transform_release.h): its classes are judged
    // on the published file and the file reproduced from the recorded transformation.
    if (detail::configurationOfKind(record.configuration, detail::kTransformKind)) {
        detail::verifyTransformRelease(record, publishedPath, in, v);
        return v;
    }
    Configuration conf;
    {
        const std::vector<std::string> p = checkConfiguration(record, conf);
        std::string detail;
        for (const std::string& s : p) detail += (detail.empty() ? "" : "; ") + s;
        claims.add("configuration", p.empty(),
                   p.empty()
                       ? "agrees with its project: quasi-identifiers " + json(conf.qi).dump() +
                             ", sensitive " + json(conf.sensitive).dump() + ", node " +
                             formatLevels(record.levels)
                       : detail);
        if (!p.empty()) return v;  // nothing below can be judged on it
    }
    // Labels, not claims about the data: a file is identified by its hash. A valid signature
    // attests them as the publisher's.
    if (signedByKey)
        claims.add("labels", true,
                   "files.original " + json(record.originalPath).dump() + ", files.published " +
                       json(record.publishedPath).dump() + " and ldiv_version " +
                       json(record.ldivVersion).dump() + ": as the key's holder wrote them");
    else
        claims.note("labels", "files.original " + json(record.originalPath).dump() +
                                  ", files.published " + json(record.publishedPath).dump() +
                                  " and ldiv_version " + json(record.ldivVersion).dump() +
                                  " are the publisher's words, not verified (" +
                                  (record.publishedKind.empty()
                                       ? std::string("verify never opens a path from a record")
                                       : std::string("verify opens no file a record names; the "
                                                     "table it names is read in a read-only "
                                                     "session, PGPASSWORD withheld")) +
                                  "; a signature attests them)");
    detail::publishedHashClaim(claims, record, publishedPath, in.publishedTable);
    std::optional<Reproduction> reproduction;
    if (in.originalPath) {
        detail::originalHashClaim(claims, record, *in.originalPath);
        reproduction = reproduce(record, conf, publishedPath, in, claims);
    } else {
        detail::originalHashUnchecked(claims, record);
    }
    const bool reproduced = reproduction && reproduction->bytesMatch && reproduction->recordMatches;

    bool presence = false;
    try {
        presence = !conf.sweep && hasDeltaPresence(conf.criteria);
    } catch (const std::exception& e) {
        claims.add("criteria", false, e.what());
        return v;
    }
    // The rows the suppression limit is a share of: the research subset's with delta-presence.
    const std::size_t sampleRows = presence ? record.subsetRows : record.originalRows;
    if (reproduction)
        claims.add("original rows",
                   reproduction->expected.originalRows == record.originalRows &&
                       reproduction->expected.subsetRows == record.subsetRows,
                   std::to_string(reproduction->expected.originalRows) + " rows in the original" +
                       (presence ? ", " + std::to_string(reproduction->expected.subsetRows) +
                                       " in the research subset"
                                 : "") +
                       ", recorded " + std::to_string(record.originalRows));
    else if (conf.sweep && in.originalPath) {
        // Counted from the original as the sweep read it (its missing-value policy).
        try {
            const std::size_t rows = readCsv(*in.originalPath, conf.project.csv).rowCount();
            claims.add("original rows", rows == record.originalRows,
                       std::to_string(rows) + " rows in the original, recorded " +
                           std::to_string(record.originalRows));
        } catch (const std::exception& e) {
            claims.add("original rows", false, e.what());
        }
    } else
        claims.needs("original rows",
                     "rows.original " + std::to_string(record.originalRows) + " needs --original");
    const std::string populationNote =
        "needs --original: with delta-presence the original is the population and only the "
        "research subset is published; the population's classes are checked by the "
        "reproduction from the original";

    // Everything below is recomputed from the published file under the configuration's roles.
    const std::size_t S = record.suppressedRows;
    const bool excludeMasked = conf.masked && S > 0;
    // The distribution the classes are compared with: the table before suppression (as the
    // search judged it, docs/criteria.md). From the original; or, when no row was removed,
    // the file's own rows (masked rows keep their sensitive values).
    std::optional<Distributions> reference;
    if (reproduction)
        reference = reproduction->distributions;
    else if (conf.masked || S == 0)
        reference = fileDistributions(publishedPath, conf);
    std::vector<std::vector<std::string>> domains(conf.sensitive.size());
    auto addValue = [&](const std::string& attribute, const std::string& value) {
        for (std::size_t i = 0; i < conf.sensitive.size(); ++i)
            if (attribute.empty() ? i == 0 : conf.sensitive[i] == attribute)
                domains[i].push_back(value);
    };
    if (reference)
        for (const auto& [attribute, counts] : *reference)
            for (const auto& [value, n] : counts) addValue(attribute, value);
    try {
        for (const std::string& spec : conf.criteria) {
            const CriterionSpec s = parseCriterionSpec(spec);
            // A don't-care value only suppressed rows had is still a value of the attribute.
            for (const std::string& value : s.dontCare) addValue(s.attribute, value);
            for (const std::string& value : s.protectedValues) addValue(s.attribute, value);
        }
    } catch (const std::exception& e) {
        claims.add("criteria", false, e.what());
        return v;
    }
    std::unique_ptr<PublishedTable> published;
    try {
        published = std::make_unique<PublishedTable>(
            publishedPath, conf.qi, conf.sensitive,
            excludeMasked ? std::optional<std::string>(conf.token) : std::nullopt, CsvOptions{},
            domains);
    } catch (const ParameterError& e) {
        claims.add("published columns", false, e.what());
        return v;
    }
    const Dataset& data = published->dataset();
    claims.add("published rows", published->fileRows() == record.publishedRows,
               std::to_string(published->fileRows()) + " rows in the " +
                   (in.publishedTable ? "table" : "file") + ", recorded " +
                   std::to_string(record.publishedRows));
    if (presence && record.subsetRows == 0) {
        claims.add("suppressed rows", false,
                   "the record does not keep the research subset's rows (written before "
                   "rows.research_subset)");
        return v;
    }
    const std::uint64_t limitRows = suppressionLimitRows(conf.limit, sampleRows);
    const std::string of = ", limit " + std::to_string(limitRows) + " of " +
                           std::to_string(sampleRows) + (presence ? " in the research subset" : "");
    // Masked rows are the rows whose every QI is the token. A class generalized to the token
    // itself (a top node whose top value is "*") looks the same: with nothing suppressed all
    // such rows are that class; with both, only the reproduction tells them apart.
    bool ambiguous = false;
    std::size_t suppressed = 0;
    if (conf.masked) {
        suppressed = excludeMasked ? published->maskedRows() : 0;
        const bool rowsKept = published->fileRows() == sampleRows;
        if (suppressed > S) {
            ambiguous = true;
            if (reproduction)
                claims.add("suppressed rows", reproduced && rowsKept && S <= limitRows,
                           std::to_string(S) + " masked rows recorded among " +
                               std::to_string(suppressed) +
                               " rows showing only the mask token (the rest form a class "
                               "generalized to it), settled by the reproduction" +
                               of);
            else
                claims.needs("suppressed rows",
                             std::to_string(suppressed) + " rows show only the mask token, " +
                                 std::to_string(S) +
                                 " recorded as masked: a class generalized to the token looks "
                                 "the same; give --original");
        } else {
            claims.add("suppressed rows", suppressed == S && rowsKept && S <= limitRows,
                       std::to_string(suppressed) + " masked rows (recorded " + std::to_string(S) +
                           ")" + of + (rowsKept ? "" : "; the file does not keep every row"));
        }
    } else {
        suppressed = sampleRows - std::min(sampleRows, published->fileRows());
        claims.add(
            "suppressed rows",
            suppressed == S && S <= limitRows && published->fileRows() <= sampleRows,
            std::to_string(suppressed) + " removed rows (recorded " + std::to_string(S) + ")" + of);
    }

    // The criteria: the record lists exactly the configuration's, in its order.
    bool listed = record.criteria.size() == conf.criteria.size();
    for (std::size_t i = 0; listed && i < conf.criteria.size(); ++i)
        listed = record.criteria[i].spec == conf.criteria[i];
    {
        std::string recorded;
        for (const ReleaseCriterion& c : record.criteria)
            recorded += (recorded.empty() ? "" : ", ") + c.spec;
        claims.add("criteria listed", listed,
                   listed ? "the configuration's " + std::to_string(conf.criteria.size())
                          : "the record lists [" + recorded + "], the configuration " +
                                json(conf.criteria).dump());
    }
    auto recordedClaim = [&](const std::string& spec) -> const ReleaseCriterion* {
        for (const ReleaseCriterion& rc : record.criteria)
            if (rc.spec == spec) return &rc;
        return nullptr;
    };
    bool allCriteria = true, someNeeded = false;
    // Judged by the reproduction only: claims the file alone cannot settle.
    auto byReproduction = [&](const std::string& spec, const std::string& why) {
        const ReleaseCriterion* rc = recordedClaim(spec);
        if (!reproduction) {
            claims.needs("criterion " + spec, why);
            someNeeded = true;
            return;
        }
        const bool holds = reproduced && rc && rc->holds;
        allCriteria = allCriteria && holds;
        claims.add(
            "criterion " + spec, holds,
            std::string(holds ? "holds" : "fails") + " on the reproduction from the original");
    };
    std::vector<ReleaseCriterion> recomputed;
    try {
        if (conf.sweep) {
            recomputed.push_back(detail::tauClaim(data, conf.c));
        } else {
            std::vector<std::string> specs;
            for (const std::string& spec : conf.criteria) {
                const CriterionSpec s = parseCriterionSpec(spec);
                if (s.kind == CriterionKind::DeltaPresence)
                    byReproduction(spec, populationNote);
                else if (ambiguous)
                    byReproduction(spec,
                                   "needs --original: the masked rows cannot be told from a "
                                   "class generalized to the mask token");
                else if (Criterion::needsTableDistribution(s.kind) && !reference)
                    byReproduction(spec,
                                   "needs --original: judged against the distribution before "
                                   "suppression (docs/criteria.md), which the published file "
                                   "does not show once rows were removed");
                else
                    specs.push_back(spec);
            }
            CriteriaInputs inputs;
            inputs.populationSize = conf.project.search.populationSize.value_or(0);
            // k-map's k′ and the risk criteria are bound with the rows before suppression.
            inputs.sampleRows = double(sampleRows);
            for (std::size_t i = 0; i < conf.sensitive.size(); ++i) {
                const AttributeConfig* a = conf.project.attribute(conf.sensitive[i]);
                inputs.sensitiveHierarchies.push_back(a ? a->hierarchy : std::nullopt);
                std::vector<std::uint64_t> counts;
                if (reference) {
                    const Column& column = data.table().column(data.sensitiveColumns()[i]);
                    counts.assign(column.domainSize(), 0);
                    const auto it = reference->find(conf.sensitive[i]);
                    if (it != reference->end())
                        for (const auto& [value, n] : it->second)
                            if (const auto code = column.find(value)) counts[*code] = n;
                }
                inputs.tableDistributions.push_back(std::move(counts));
            }
            // individual-risk and global-risk read the weights published beside the QIs.
            if (const std::string w = conf.project.surveyAttribute(SurveyRole::Weight);
                !w.empty() && !data.hasSurveyWeights())
                published->useSurveyWeights(w);
            const std::vector<BoundCriterion> criteria = bindCriteria(data, specs, inputs);
            if (!ambiguous) {
                const EquivalenceClasses classes = data.classes(Levels(data.qiCount(), 0), true);
                const std::vector<CriterionResult> results =
                    evaluateCriteria(data, classes, criteria);
                for (std::size_t k = 0; k < criteria.size(); ++k)
                    recomputed.push_back(criterionClaim(criteria[k], results[k], {}));
            }
        }
    } catch (const std::exception& e) {
        claims.add("criteria", false,
                   std::string("cannot be checked on the published file: ") + e.what());
        return v;
    }
    for (const ReleaseCriterion& now : recomputed) {
        const ReleaseCriterion* rc = recordedClaim(now.spec);
        const bool matches = rc && same(rc->measured, now.measured) && rc->holds == now.holds &&
                             same(rc->threshold, now.threshold) && rc->measure == now.measure &&
                             rc->higherIsBetter == now.higherIsBetter &&
                             rc->description == now.description;
        allCriteria = allCriteria && now.holds;
        std::string detail =
            now.measure + " " + number(now.measured) + (now.higherIsBetter ? " >= " : " <= ") +
            number(now.threshold) +
            (now.holds ? "" : " FAILS in " + std::to_string(now.failingClasses) + " classes");
        if (!rc)
            detail += "; no recorded claim";
        else if (!matches)
            detail += "; recorded " + rc->measure + " " + number(rc->measured) +
                      (rc->higherIsBetter ? " >= " : " <= ") + number(rc->threshold) +
                      (rc->holds ? " (holds)" : " (fails)") +
                      (rc->description == now.description
                           ? ""
                           : ", described as " + json(rc->description).dump());
        claims.add("criterion " + now.spec, now.holds && matches, detail);
    }
    if (ambiguous) {
        if (reproduction)
            claims.add("prosecutor risk", reproduced,
                       "settled by the reproduction from the original");
        else
            claims.needs("prosecutor risk", "needs --original (see suppressed rows)");
    } else {
        const EquivalenceClasses classes = data.classes(Levels(data.qiCount(), 0), false);
        const ProsecutorRisk risk = prosecutorRisk(classes.sizes);
        const bool riskSame =
            same(risk.highest, record.risk.highest) && same(risk.average, record.risk.average);
        claims.add("prosecutor risk", riskSame,
                   "highest " + number(risk.highest) + ", average " + number(risk.average) +
                       (riskSame ? ""
                                 : "; recorded highest " + number(record.risk.highest) +
                                       ", average " + number(record.risk.average)));
    }
    const bool satisfies = allCriteria && S <= limitRows;
    claims.add(
        "requirement", record.satisfies && satisfies,
        std::string(satisfies ? "the published classes meet every checked criterion "
                                "within the suppression limit"
                              : "the published classes do not meet the requirement") +
            (someNeeded ? " (some criteria need --original)" : "") +
            (record.satisfies ? "" : "; the record itself says the node does not satisfy it"));
    return v;
}

}  // namespace ldv
