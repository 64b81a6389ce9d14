#include "ldiv/release/release_record.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <limits>
#include <nlohmann/json.hpp>

#include "io/strict_json.h"
#include "ldiv/criteria/criterion_catalogue.h"
#include "ldiv/crypto/digest.h"
#include "ldiv/crypto/signature.h"
#include "ldiv/data/error.h"
#include "ldiv/evaluation/search_config.h"
#include "ldiv/hierarchy/hierarchy_spec.h"
#include "ldiv/io/csv_table_reader.h"
#include "ldiv/io/table_digest.h"
#include "ldiv/io/table_source.h"
#include "ldiv/lattice/generalize.h"
#include "ldiv/project/workspace_publish.h"
#include "ldiv/release/published_table.h"
#include "record_files.h"
#include "release_claims.h"

namespace ldv {
namespace {

using nlohmann::json;

// The measure a record claims for a criterion: the kind's declared name (criterion_catalogue.h,
// e.g. "min_class_size"; k-map is k-anonymity of the sample with k derived from N; the risk
// criteria claim "node_figure", one figure of the whole published table, criterionClaim).
std::string measureName(CriterionKind kind) {
    return std::string(criterionCapabilities(kind).measureName);
}

}  // namespace

namespace detail {

ReleaseCriterion criterionClaim(const BoundCriterion& b, const CriterionResult& r,
                                std::span<const std::uint8_t> suppressed,
                                std::span<const std::uint32_t> sizes) {
    ReleaseCriterion out;
    out.spec = r.spec;
    out.description = r.description;
    out.measure = measureName(b.criterion.kind());
    out.threshold = r.threshold;
    out.higherIsBetter = r.higherIsBetter;
    out.holds = true;
    if (b.criterion.isNodeLevel()) {
        // A risk criterion is a figure of all published classes together (criteria_risk.h):
        // evaluateCriteria and judgeClasses computed it on the rows that remain.
        out.measure = "node_figure";
        out.measured = r.worstMeasure;
        out.holds = r.holds;
        return out;
    }
    bool any = false;
    for (std::size_t c = 0; c < r.classMeasures.size(); ++c) {
        if (!suppressed.empty() && suppressed[c]) continue;
        if (!sizes.empty() && sizes[c] == 0 && !b.criterion.judgesPopulation()) continue;
        const double m = r.classMeasures[c];
        if (!any || (r.higherIsBetter ? m < out.measured : m > out.measured)) out.measured = m;
        any = true;
        if (r.classFails[c]) {
            out.holds = false;
            ++out.failingClasses;
        }
    }
    return out;
}

/// (τ,ℓ) with generalized sensitive values (Tian & Zhang 2011 Def. 7–11) on the classes of a
/// published SWEEP table: each published SA label is a taxonomy node; its rows spread over the
/// node's weighted leaves (induced frequencies). Measured: the largest max_k F(k) − ψ(k).
ReleaseCriterion tauClaim(const Dataset& published, const json& c) {
    const double tau = c.at("tau").get<double>(), l = c.at("l").get<double>();
    const auto rows = c.at("taxonomy").get<std::vector<std::vector<std::string>>>();
    std::vector<std::string> base;
    for (const auto& row : rows) base.push_back(row.at(0));
    const SensitiveTaxonomy taxonomy = SensitiveTaxonomy::fromHierarchyRows(base, rows);
    std::vector<double> weights(taxonomy.baseCount(), 0);
    for (const std::string& v : c.at("weighted_values").get<std::vector<std::string>>())
        if (const auto node = taxonomy.find(v); node && *node < weights.size()) weights[*node] = 1;
    ReleaseCriterion out;
    out.spec = "tau-l=" + formatNumber(tau) + "," + formatNumber(l);
    out.description = "(" + formatNumber(tau) + ", " + formatNumber(l) +
                      ")-diversity with generalized sensitive values";
    out.measure = "max_tau_excess";
    out.higherIsBetter = false;
    out.holds = true;
    const EquivalenceClasses classes = published.classes(Levels(published.qiCount(), 0));
    const Column& sa = published.table().column(published.sensitiveColumns().at(0));
    std::vector<std::size_t> nodeOf(sa.domainSize());
    for (Code v = 0; v < sa.domainSize(); ++v) {
        const auto node = taxonomy.find(sa.value(v));
        if (!node)
            throw InputError("the published sensitive value '" + sa.value(v) +
                             "' is not in the taxonomy");
        nodeOf[v] = *node;
    }
    std::vector<std::uint32_t> nodeCounts(taxonomy.nodeCount());
    std::vector<double> frequencies;
    for (std::size_t k = 0; k < classes.count(); ++k) {
        std::fill(nodeCounts.begin(), nodeCounts.end(), 0);
        const auto h = classes.histogram(k, 0);
        for (std::size_t v = 0; v < h.size(); ++v) nodeCounts[nodeOf[v]] += h[v];
        taxonomy.inducedFrequencies(nodeCounts, weights, frequencies);
        const double margin = tauMargin(frequencies, tau, l);
        if (k == 0 || margin > out.measured) out.measured = margin;
        if (!tauHolds(frequencies, tau, l)) {
            out.holds = false;
            ++out.failingClasses;
        }
    }
    return out;
}

bool same(double a, double b) {
    if (std::isinf(a) || std::isinf(b)) return a == b;
    return std::fabs(a - b) <= 1e-9 * std::max({1.0, std::fabs(a), std::fabs(b)});
}

std::string number(double v) {
    if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
    return formatNumber(v);
}

}  // namespace detail

namespace {

using detail::criterionClaim;
using detail::number;
using detail::tauClaim;

std::vector<std::uint32_t> publishedSizes(const EquivalenceClasses& classes,
                                          std::span<const std::uint8_t> suppressed) {
    std::vector<std::uint32_t> sizes;
    for (std::size_t c = 0; c < classes.count(); ++c)
        if ((suppressed.empty() || !suppressed[c]) && classes.sizes[c] > 0)
            sizes.push_back(classes.sizes[c]);
    return sizes;
}

json numberJson(double v) {
    return std::isfinite(v) ? json(v) : json(number(v));
}
double numberFrom(const json& j) {
    if (j.is_string()) {
        const std::string text = j.get<std::string>();
        if (text == "inf") return INFINITY;
        if (text == "-inf") return -INFINITY;
        throw InputError("a measure is a number, \"inf\" or \"-inf\", not \"" + text + "\"");
    }
    return j.get<double>();
}

/// Whole numbers of a record: a level or a row count. A float or an out-of-range number is a
/// malformed record (converting it would be undefined behaviour).
std::int64_t wholeFrom(const json& j, std::int64_t max) {
    if (!j.is_number_integer() ||
        (j.is_number_unsigned() && j.get<std::uint64_t>() > std::uint64_t(max)))
        throw InputError("expected a whole number, not " + j.dump());
    const std::int64_t v = j.get<std::int64_t>();
    if (v < 0 || v > max)
        throw InputError("expected a whole number from 0 to " + std::to_string(max) + ", not " +
                         j.dump());
    return v;
}
std::size_t countFrom(const json& j) {
    return std::size_t(wholeFrom(j, std::numeric_limits<std::int64_t>::max()));
}

/// A hierarchy read from a file is embedded in the record's project, so that `verify
/// --original` reproduces the node without opening a path the record names (a record is
/// input from anyone: its paths could name any file of the verifier's).
void embedHierarchy(const Workspace& ws, AttributeConfig& a) {
    bool fromFile = !a.hierarchyFile.empty();
    if (!fromFile && !a.hierarchyBuilder.empty()) {
        const std::optional<HierarchySpec> spec = parseHierarchySpec(a.hierarchyBuilder);
        fromFile = spec && !spec->taxonomyFile.empty();
    }
    if (!fromFile) return;
    try {
        if (const Hierarchy* h = ws.hierarchy(a.name)) {
            a.hierarchy = *h;
            a.hierarchyFile.clear();
            a.hierarchyBuilder.clear();
            return;
        }
    } catch (const std::exception&) {
        // Unreadable and unused (a sensitive attribute's): left as a path, which verify refuses.
    }
    if (!a.hierarchyFile.empty()) a.hierarchyFile = ws.resolve(a.hierarchyFile);
}

}  // namespace

void detail::embedHierarchies(const Workspace& ws, ProjectConfig& project) {
    project.dataPath = ws.resolve(project.dataPath);
    for (AttributeConfig& a : project.attributes) embedHierarchy(ws, a);
}

namespace {

/// What a node's record says of its publication, whether its table was built here
/// (publishNode) or inside the database (judgePublication).
struct NodeOutcome {
    const NodeJudgement& judgement;
    std::size_t suppressedRows = 0;
    bool maskedRowsRemoved = false;
    const std::vector<std::string>& maskedClassFailures;
    std::size_t publishedRows = 0;
};

ReleaseRecord nodeRelease(const Workspace& ws, const SearchConfig& config,
                          std::span<const int> levels, const NodeOutcome& node,
                          const PublishOptions& publish, const std::string& publishedPath,
                          const std::string& ldivVersion, const ReleaseOutput& output,
                          std::optional<double> populationSize) {
    ReleaseRecord r;
    r.ldivVersion = ldivVersion;
    ProjectConfig project = ws.config();
    project.dataPath = ws.resolve(project.dataPath);
    for (AttributeConfig& a : project.attributes) embedHierarchy(ws, a);
    if (populationSize) project.search.populationSize = *populationSize;
    if (!project.researchSubset.empty()) {
        std::error_code ec;
        const std::string file = ws.resolve(project.researchSubset);
        if (std::filesystem::is_regular_file(file, ec)) project.researchSubset = file;
    }
    const Dataset& data = ws.dataset();
    detail::recordSearch(project, config, data);
    json c{{"project", json::parse(formatProject(project))},
           {"node", Levels(levels.begin(), levels.end())},
           {"criteria", project.search.criteria},
           {"suppression_limit", config.suppressionLimit},
           {"metric", std::string(metricName(config.metric))},
           {"quasi_identifiers", detail::columnNames(data.table(), data.qiColumns())},
           {"sensitive", detail::columnNames(data.table(), data.sensitiveColumns())},
           // What was done: masking asked for, but its class failing, removes (masked_class).
           {"suppressed", publish.maskSuppressed && !node.maskedRowsRemoved ? "masked" : "removed"},
           {"mask_token", publish.maskToken},
           {"output", detail::outputJson(output)}};
    // The seed is part of the configuration: verify --original shuffles the same way.
    c["row_order"] = publish.shuffle ? json{{"shuffled", true}, {"seed", publish.seed}}
                                     : json{{"shuffled", false}};
    if (!output.pram.empty()) {
        json columns = json::array();
        for (const auto& [column, diagonal] : output.pram)
            columns.push_back({{"column", column}, {"p", diagonal}, {"matrix", "invariant"}});
        c["pram"] = {{"columns", columns}};
        if (output.pramSeed) c["pram"]["seed"] = *output.pramSeed;
    }
    if (publish.maskSuppressed)
        c["masked_class"] = {{"removed", node.maskedRowsRemoved},
                             {"rows", node.suppressedRows},
                             {"failing_criteria", node.maskedClassFailures}};
    detail::setRecordFiles(r, ws, c.dump(), publishedPath);
    r.levels.assign(levels.begin(), levels.end());
    r.originalRows = data.rowCount();
    // With delta-presence the judged data is the research subset (a RowSample, dataset.h):
    // its rows are the ones published before suppression, and its class sizes count them.
    const Dataset& judged = judgedDataset(ws, config);
    if (&judged != &data) r.subsetRows = judged.rowCount();
    r.publishedRows = node.publishedRows;
    r.suppressedRows = node.suppressedRows;
    r.satisfies = node.judgement.satisfies;
    for (std::size_t k = 0; k < config.criteria.size(); ++k)
        r.criteria.push_back(criterionClaim(config.criteria[k], node.judgement.criteria[k],
                                            node.judgement.suppressed,
                                            node.judgement.classes.sizes));
    r.risk = prosecutorRisk(publishedSizes(node.judgement.classes, node.judgement.suppressed));
    return r;
}

}  // namespace

ReleaseRecord makeRelease(const Workspace& ws, const SearchConfig& config,
                          std::span<const int> levels, const PublishedNode& node,
                          const PublishOptions& publish, const std::string& publishedPath,
                          const std::string& ldivVersion, const ReleaseOutput& output,
                          std::optional<double> populationSize) {
    return nodeRelease(ws, config, levels,
                       {node.judgement, node.suppressedRows, node.maskedRowsRemoved,
                        node.maskedClassFailures, node.table.rowCount()},
                       publish, publishedPath, ldivVersion, output, populationSize);
}

ReleaseRecord makeRelease(const Workspace& ws, const SearchConfig& config,
                          std::span<const int> levels, const PublicationVerdict& verdict,
                          std::size_t publishedRows, const PublishOptions& publish,
                          const std::string& publishedPath, const std::string& ldivVersion,
                          const ReleaseOutput& output) {
    return nodeRelease(ws, config, levels,
                       {verdict.judgement, std::size_t(verdict.suppressedRows),
                        verdict.maskedRowsRemoved, verdict.maskedClassFailures, publishedRows},
                       publish, publishedPath, ldivVersion, output, std::nullopt);
}

ReleaseRecord makeSweepRelease(const Workspace& ws, const TauInput& input, double tau, double l,
                               const std::string& publishedPath, const std::string& ldivVersion) {
    ReleaseRecord r;
    r.ldivVersion = ldivVersion;
    const Dataset& data = ws.dataset();
    // The taxonomy as hierarchy rows [base, parent, …, root], rebuilt from the tree.
    std::vector<std::vector<std::string>> rows;
    std::vector<std::string> weighted;
    for (std::size_t b = 0; b < input.taxonomy.baseCount(); ++b) {
        std::vector<std::string> row;
        for (int v = int(b); v >= 0; v = input.taxonomy.parent(std::size_t(v)))
            row.push_back(input.taxonomy.label(std::size_t(v)));
        rows.push_back(std::move(row));
        if (b < input.weights.size() && input.weights[b] > 0)
            weighted.push_back(input.taxonomy.label(b));
    }
    ProjectConfig project = ws.config();
    project.search.criteria = {"tau-l=" + formatNumber(tau) + "," + formatNumber(l)};
    const json c{{"kind", "sweep"},
                 {"project", json::parse(formatProject(project))},
                 {"criteria", json::array()},
                 {"tau", tau},
                 {"l", l},
                 {"taxonomy", rows},
                 {"weighted_values", weighted},
                 {"suppression_limit", 0.0},
                 {"quasi_identifiers", detail::columnNames(data.table(), data.qiColumns())},
                 {"sensitive", std::vector<std::string>{input.saColumn().name()}},
                 {"suppressed", "removed"},
                 {"mask_token", "*"}};
    detail::setRecordFiles(r, ws, c.dump(), publishedPath);
    // Measured on the written file, as verify will: the classes are its distinct QI tuples.
    const PublishedTable published(publishedPath,
                                   c.at("quasi_identifiers").get<std::vector<std::string>>(),
                                   c.at("sensitive").get<std::vector<std::string>>());
    r.originalRows = data.rowCount();
    r.publishedRows = published.fileRows();
    r.suppressedRows = 0;
    r.criteria.push_back(tauClaim(published.dataset(), c));
    r.satisfies = r.criteria.front().holds;
    r.risk =
        prosecutorRisk(published.dataset().classes(Levels(published.dataset().qiCount(), 0)).sizes);
    return r;
}

namespace detail {

json releaseJson(const ReleaseRecord& r) {
    json rows{{"original", r.originalRows},
              {"published", r.publishedRows},
              {"suppressed", r.suppressedRows}};
    if (r.subsetRows > 0) rows["research_subset"] = r.subsetRows;
    json criteria = json::array();
    for (const ReleaseCriterion& c : r.criteria)
        criteria.push_back({{"spec", c.spec},
                            {"description", c.description},
                            {"measure", c.measure},
                            {"measured", numberJson(c.measured)},
                            {"threshold", c.threshold},
                            {"higher_is_better", c.higherIsBetter},
                            {"holds", c.holds}});
    json hashes{{"algorithm", r.hashAlgorithm},
                {"original", r.originalSha},
                {"configuration", r.configurationSha},
                {"published", r.publishedSha}};
    json files{{"original", r.originalPath}, {"published", r.publishedPath}};
    // A table is named by its URI and hashed over its canonical export: the record says so,
    // so that nobody takes the hash for a file's (docs/database.md).
    const auto table = [&](const std::string& which, const std::string& kind) {
        if (kind.empty()) return;
        files[which + "_kind"] = kind;
        hashes[which + "_method"] = kCanonicalCsvMethod;
    };
    table("original", r.originalKind);
    table("published", r.publishedKind);
    return json{
        {"format", "ldiv-release"},
        {"version", r.formatVersion},
        {"ldiv_version", r.ldivVersion},
        {"hashes", hashes},
        {"files", files},
        {"configuration", json::parse(r.configuration)},
        {"node", r.levels},
        {"rows", rows},
        {"satisfies", r.satisfies},
        {"criteria", criteria},
        {"risk",
         {{"model", r.riskModel}, {"highest", r.risk.highest}, {"average", r.risk.average}}}};
}

}  // namespace detail

std::string formatRelease(const ReleaseRecord& r) {
    json j = detail::releaseJson(r);
    if (r.signature)
        j["signature"] = {{"algorithm", r.signature->algorithm},
                          {"public_key_sha256", r.signature->publicKeySha},
                          {"value", r.signature->value}};
    return j.dump(2) + "\n";
}

std::string releaseSignedBytes(const ReleaseRecord& record) {
    // Through the text, so that the bytes are the ones a reader of the file computes.
    return json::parse(detail::releaseJson(record).dump(2)).dump();
}

void signRelease(ReleaseRecord& record, const std::string& privateKeyPath) {
    record.signature.reset();
    ReleaseSignature s;
    s.publicKeySha = privateKeyFingerprint(privateKeyPath);
    s.value = signEd25519(privateKeyPath, releaseSignedBytes(record));
    record.signature = std::move(s);
    record.signedBytes = releaseSignedBytes(record);
}

namespace {

/// The keys a record of this format has, per object; anything else is a claim verify cannot
/// check.
void collectUnknownKeys(const json& j, const std::string& where,
                        std::initializer_list<const char*> known, std::vector<std::string>& out) {
    if (!j.is_object()) return;
    for (const auto& item : j.items()) {
        // A plain string: clang 14 cannot capture a structured binding in the lambda.
        const std::string key = item.key();
        if (std::none_of(known.begin(), known.end(), [&](const char* k) { return key == k; }))
            out.push_back(where.empty() ? key : where + "." + key);
    }
}

/// "files.WHICH_kind" with its "hashes.WHICH_method": both absent (a file), or the table kind
/// and method this ldiv writes. Anything else is a claim verify cannot check, kept with the
/// unknown keys so that the record's format fails.
std::string artefactKindFrom(const json& files, const json& hashes, const std::string& which,
                             std::vector<std::string>& unknown) {
    const std::string kindKey = which + "_kind", methodKey = which + "_method";
    if (!files.contains(kindKey) && !hashes.contains(methodKey)) return {};
    const bool known = files.contains(kindKey) && files[kindKey] == kPostgresTableKind &&
                       hashes.contains(methodKey) && hashes[methodKey] == kCanonicalCsvMethod;
    if (!known) {
        unknown.push_back("files." + kindKey + " " +
                          (files.contains(kindKey) ? files[kindKey].dump() : "(none)") +
                          " with hashes." + methodKey + " " +
                          (hashes.contains(methodKey) ? hashes[methodKey].dump() : "(none)"));
        return {};
    }
    return kPostgresTableKind;
}

}  // namespace

ReleaseRecord parseRelease(const std::string& text, const std::string& sourceName) {
    // Strict: a key given twice would let a record say one thing to a reader and another to
    // verify; parse errors and numbers beyond a double (found by fuzz_release) name the place.
    const json j = detail::parseStrictJson(text, sourceName);
    ReleaseRecord r;
    try {
        if (!j.is_object() || !j.contains("format") || j["format"] != "ldiv-release")
            throw InputError(sourceName, 0, 0,
                             "not an ldiv release record (\"format\" is not \"ldiv-release\")");
        if (!j.at("version").is_number_integer() || j.at("version").get<std::int64_t>() < 0 ||
            j.at("version").get<std::int64_t>() > ReleaseRecord::kFormatVersion)
            throw InputError(sourceName, 0, 0,
                             "release record version " + j.at("version").dump() +
                                 " is not one this ldiv reads (" +
                                 std::to_string(ReleaseRecord::kFormatVersion) + ")");
        r.formatVersion = j.at("version").get<int>();
        collectUnknownKeys(j, "",
                           {"format", "version", "ldiv_version", "hashes", "files", "configuration",
                            "node", "rows", "satisfies", "criteria", "risk", "signature"},
                           r.unknownKeys);
        r.ldivVersion = j.at("ldiv_version").get<std::string>();
        r.configuration = j.at("configuration").dump();
        const json& h = j.at("hashes");
        collectUnknownKeys(h, "hashes",
                           {"algorithm", "original", "configuration", "published",
                            "original_method", "published_method"},
                           r.unknownKeys);
        r.hashAlgorithm = h.at("algorithm").get<std::string>();
        r.originalSha = h.at("original").get<std::string>();
        r.configurationSha = h.at("configuration").get<std::string>();
        r.publishedSha = h.at("published").get<std::string>();
        const json& files = j.at("files");
        collectUnknownKeys(files, "files",
                           {"original", "published", "original_kind", "published_kind"},
                           r.unknownKeys);
        r.originalPath = files.at("original").get<std::string>();
        r.publishedPath = files.at("published").get<std::string>();
        r.originalKind = artefactKindFrom(files, h, "original", r.unknownKeys);
        r.publishedKind = artefactKindFrom(files, h, "published", r.unknownKeys);
        for (const json& level : j.at("node").get<std::vector<json>>())
            r.levels.push_back(int(wholeFrom(level, std::numeric_limits<int>::max())));
        const json& rows = j.at("rows");
        collectUnknownKeys(rows, "rows", {"original", "published", "suppressed", "research_subset"},
                           r.unknownKeys);
        r.originalRows = countFrom(rows.at("original"));
        r.publishedRows = countFrom(rows.at("published"));
        r.suppressedRows = countFrom(rows.at("suppressed"));
        if (rows.contains("research_subset")) r.subsetRows = countFrom(rows["research_subset"]);
        r.satisfies = j.at("satisfies").get<bool>();
        for (const json& c : j.at("criteria")) {
            collectUnknownKeys(c, "criteria[]",
                               {"spec", "description", "measure", "measured", "threshold",
                                "higher_is_better", "holds"},
                               r.unknownKeys);
            ReleaseCriterion rc;
            rc.spec = c.at("spec").get<std::string>();
            rc.description = c.at("description").get<std::string>();
            rc.measure = c.at("measure").get<std::string>();
            rc.measured = numberFrom(c.at("measured"));
            rc.threshold = c.at("threshold").get<double>();
            rc.higherIsBetter = c.at("higher_is_better").get<bool>();
            rc.holds = c.at("holds").get<bool>();
            r.criteria.push_back(rc);
        }
        const json& risk = j.at("risk");
        collectUnknownKeys(risk, "risk", {"model", "highest", "average"}, r.unknownKeys);
        r.riskModel = risk.at("model").get<std::string>();
        r.risk.highest = risk.at("highest").get<double>();
        r.risk.average = risk.at("average").get<double>();
        if (j.contains("signature")) {
            const json& s = j["signature"];
            collectUnknownKeys(s, "signature", {"algorithm", "public_key_sha256", "value"},
                               r.unknownKeys);
            ReleaseSignature sig;
            sig.algorithm = s.at("algorithm").get<std::string>();
            sig.publicKeySha = s.value("public_key_sha256", "");
            sig.value = s.at("value").get<std::string>();
            r.signature = std::move(sig);
        }
        json unsignedRecord = j;
        unsignedRecord.erase("signature");
        r.signedBytes = unsignedRecord.dump();
    } catch (const json::exception& e) {
        throw InputError(sourceName, 0, 0, std::string("malformed release record: ") + e.what());
    } catch (const InputError& e) {
        if (!e.file().empty()) throw;
        throw InputError(sourceName, 0, 0, std::string("malformed release record: ") + e.what());
    }
    return r;
}

void writeRelease(const ReleaseRecord& record, const std::string& path) {
    writeFileAtomically(path, formatRelease(record));
}

ReleaseCriterion publishedCriterion(const BoundCriterion& criterion, const CriterionResult& result,
                                    std::span<const std::uint8_t> suppressed,
                                    std::span<const std::uint32_t> sizes) {
    return criterionClaim(criterion, result, suppressed, sizes);
}

namespace detail {

json outputJson(const ReleaseOutput& output) {
    return {{"separator", std::string(1, output.separator)},
            {"neutralize_formulas", output.neutralizeFormulas}};
}

std::vector<std::string> columnNames(const Table& table, const std::vector<std::size_t>& columns) {
    std::vector<std::string> names;
    for (std::size_t c : columns) names.push_back(table.column(c).name());
    return names;
}

void recordSearch(ProjectConfig& project, const SearchConfig& config, const Dataset& data) {
    project.search.criteria.clear();
    for (const BoundCriterion& b : config.criteria)
        project.search.criteria.push_back(b.criterion.spec());
    project.search.suppressionLimit = config.suppressionLimit;
    project.search.metric = config.metric;
    // The attribute-wise metrics' knobs as the search used them (the command line may have
    // overridden the project's), weights by column name as the project file keeps them.
    project.search.gsFactor = config.quality.gsFactor;
    project.search.aggregate = config.quality.aggregate;
    project.search.weights.clear();
    for (std::size_t i = 0; i < config.quality.weights.size() && i < data.qiCount(); ++i)
        if (config.quality.weights[i] != 1.0)
            project.search.weights.emplace_back(data.table().column(data.qiColumns()[i]).name(),
                                                config.quality.weights[i]);
}

std::string artefactSha256(const std::string& location) {
    return isSourceUri(location) ? tableSha256(location) : sha256FileHex(location);
}

std::string judgedArtefact(const std::string& publishedPath, const std::string& publishedExport) {
    if (artefactKind(publishedPath).empty()) return publishedPath;
    if (publishedExport.empty())
        throw ParameterError("the release record of the table " + publishedPath +
                             " needs its canonical export");
    return publishedExport;
}

void setRecordFiles(ReleaseRecord& r, const Workspace& ws, std::string configuration,
                    const std::string& publishedPath, const std::string& publishedExport) {
    r.configuration = std::move(configuration);
    r.configurationSha = sha256Hex(r.configuration);
    // A table (a URI) is hashed over its canonical export, a file over its bytes.
    r.originalPath = ws.resolve(ws.config().dataPath);
    r.originalKind = artefactKind(r.originalPath);
    r.originalSha = artefactSha256(r.originalPath);
    r.publishedPath = publishedPath;
    r.publishedKind = artefactKind(publishedPath);
    r.publishedSha =
        publishedExport.empty() ? artefactSha256(publishedPath) : sha256FileHex(publishedExport);
}

}  // namespace detail

}  // namespace ldv
