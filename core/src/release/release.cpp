#include "ldiv/release/release_record.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "ldiv/criteria/criteria_inputs.h"
#include "ldiv/crypto/digest.h"
#include "ldiv/data/error.h"
#include "ldiv/io/csv_table_reader.h"
#include "ldiv/lattice/generalize.h"
#include "ldiv/project/workspace_publish.h"
#include "ldiv/release/published_table.h"

namespace ldv {
namespace {

using nlohmann::json;

std::string measureName(CriterionKind kind) {
    switch (kind) {
        case CriterionKind::KAnonymity:
        case CriterionKind::KMap:  // k-anonymity of the sample with k derived from N
            return "min_class_size";
        case CriterionKind::TCloseness:
            return "max_emd";
        case CriterionKind::DeltaDisclosure:
            return "max_abs_log_ratio";
        case CriterionKind::BetaLikeness:
            return "max_relative_gain";
        case CriterionKind::AverageRisk:
        case CriterionKind::SampleUniqueness:
        case CriterionKind::PopulationUniqueness:
            return "node_figure";  // one figure of the whole published table (criterionClaim)
        case CriterionKind::DistinctL:
            return "min_distinct_values";
        case CriterionKind::EntropyL:
            return "min_exp_entropy";
        case CriterionKind::RecursiveCL:
        case CriterionKind::PdRecursiveCL:
        case CriterionKind::NpdRecursiveCL:
            return "min_recursive_l";
        case CriterionKind::SimpleL:
            return "min_simple_l";
        case CriterionKind::TauL:
            return "max_tau_excess";
        case CriterionKind::DeltaPresence:
            return "max_delta_excess";
    }
    return "measure";
}

std::vector<std::string> columnNames(const Table& table, const std::vector<std::size_t>& columns) {
    std::vector<std::string> names;
    for (std::size_t c : columns) names.push_back(table.column(c).name());
    return names;
}

/// The claims of one criterion over the classes that are published (suppressed[c] == 0 and,
/// when `sizes` is given, sizes[c] > 0: a research subset's class without a subset row is not
/// published, and only delta-presence, which reads the population, judges it).
ReleaseCriterion criterionClaim(const BoundCriterion& b, const CriterionResult& r,
                                std::span<const std::uint8_t> suppressed,
                                std::span<const std::uint32_t> sizes = {}) {
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

std::vector<std::uint32_t> publishedSizes(const EquivalenceClasses& classes,
                                          std::span<const std::uint8_t> suppressed) {
    std::vector<std::uint32_t> sizes;
    for (std::size_t c = 0; c < classes.count(); ++c)
        if ((suppressed.empty() || !suppressed[c]) && classes.sizes[c] > 0)
            sizes.push_back(classes.sizes[c]);
    return sizes;
}

/// Equal up to rounding: measures recomputed from the file sum entropies in another order.
bool same(double a, double b) {
    if (std::isinf(a) || std::isinf(b)) return a == b;
    return std::fabs(a - b) <= 1e-9 * std::max({1.0, std::fabs(a), std::fabs(b)});
}

std::string number(double v) {
    if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
    return formatNumber(v);
}

json numberJson(double v) {
    return std::isfinite(v) ? json(v) : json(number(v));
}
double numberFrom(const json& j) {
    if (j.is_string()) return j.get<std::string>() == "inf" ? INFINITY : -INFINITY;
    return j.get<double>();
}

/// Publishes the original with the recorded configuration and compares the bytes' hash.
ClaimVerdict reproduce(const ReleaseRecord& record, const std::string& originalPath) {
    ClaimVerdict out{"published file reproduces from the original", true, false, ""};
    const json c = json::parse(record.configuration);
    if (c.value("kind", "node") != "node" || !c.contains("output")) {
        out.checked = false;
        out.detail = "not checked (not a node release)";
        return out;
    }
    try {
        ProjectConfig project = parseProject(c.at("project").dump(), "release configuration");
        project.dataPath = std::filesystem::absolute(originalPath).string();
        const Workspace ws(project, "");
        SearchConfig config;
        // With the recorded population size (and hierarchies), as the criteria were bound.
        const auto specs = c.at("criteria").get<std::vector<std::string>>();
        config.criteria = bindCriteria(criteriaDataset(ws, specs), specs, criteriaInputs(ws));
        config.suppressionLimit = c.at("suppression_limit").get<double>();
        PublishOptions publish;
        publish.maskSuppressed = c.value("suppressed", "removed") == "masked";
        publish.maskToken = c.value("mask_token", "*");
        // The recorded row order (none in records before it was kept: the source's).
        if (c.contains("row_order") && c["row_order"].value("shuffled", false)) {
            publish.shuffle = true;
            publish.seed = c["row_order"].at("seed").get<std::uint64_t>();
        }
        const Levels levels = c.at("node").get<Levels>();
        if (!ws.dataset().lattice().contains(levels))
            throw ParameterError("the node is outside the lattice");
        // With delta-presence, the research subset only (workspace_publish.h).
        const PublishedNode node = publishNode(ws, config, levels, publish);
        const std::string sep = c.at("output").value("separator", ",");
        const std::string sha =
            sha256Hex(formatTableCsv(node.table, sep.empty() ? ',' : sep[0],
                                     c.at("output").value("neutralize_formulas", false)));
        out.holds = sha == record.publishedSha;
        out.detail =
            out.holds ? "node " + formatLevels(levels) + " of the original gives the published file"
                      : "node " + formatLevels(levels) + " of the original gives sha256 " + sha +
                            ", recorded " + record.publishedSha;
    } catch (const std::exception& e) {
        // A hierarchy file that moved is not evidence against the release: say why it was
        // skipped.
        out.checked = false;
        out.detail = std::string("not checked: ") + e.what();
    }
    return out;
}

}  // namespace

ProsecutorRisk prosecutorRisk(std::span<const std::uint32_t> classSizes) {
    ProsecutorRisk risk;
    std::uint64_t rows = 0;
    std::uint32_t smallest = 0;
    for (std::uint32_t s : classSizes) {
        rows += s;
        if (s && (smallest == 0 || s < smallest)) smallest = s;
    }
    if (rows == 0) return risk;
    risk.highest = 1.0 / double(smallest);
    risk.average = double(classSizes.size()) / double(rows);
    return risk;
}

ReleaseRecord makeRelease(const Workspace& ws, const SearchConfig& config,
                          std::span<const int> levels, const PublishedNode& node,
                          const PublishOptions& publish, const std::string& publishedPath,
                          const std::string& ldivVersion, const ReleaseOutput& output,
                          std::optional<double> populationSize) {
    ReleaseRecord r;
    r.ldivVersion = ldivVersion;
    ProjectConfig project = ws.config();
    // Absolute paths, so that `verify --original` finds the hierarchies from anywhere.
    project.dataPath = ws.resolve(project.dataPath);
    for (AttributeConfig& a : project.attributes)
        if (!a.hierarchyFile.empty()) a.hierarchyFile = ws.resolve(a.hierarchyFile);
    if (populationSize) project.search.populationSize = *populationSize;
    if (!project.researchSubset.empty()) {
        std::error_code ec;
        const std::string file = ws.resolve(project.researchSubset);
        if (std::filesystem::is_regular_file(file, ec)) project.researchSubset = file;
    }
    project.search.criteria.clear();
    for (const BoundCriterion& b : config.criteria)
        project.search.criteria.push_back(b.criterion.spec());
    project.search.suppressionLimit = config.suppressionLimit;
    project.search.metric = config.metric;
    const Dataset& data = ws.dataset();
    json c{{"project", json::parse(formatProject(project))},
           {"node", Levels(levels.begin(), levels.end())},
           {"criteria", project.search.criteria},
           {"suppression_limit", config.suppressionLimit},
           {"metric", std::string(metricName(config.metric))},
           {"quasi_identifiers", columnNames(data.table(), data.qiColumns())},
           {"sensitive", columnNames(data.table(), data.sensitiveColumns())},
           // What was done: masking asked for, but its class failing, removes (masked_class).
           {"suppressed", publish.maskSuppressed && !node.maskedRowsRemoved ? "masked" : "removed"},
           {"mask_token", publish.maskToken},
           {"output",
            {{"separator", std::string(1, output.separator)},
             {"neutralize_formulas", output.neutralizeFormulas}}}};
    // The seed is part of the configuration: verify --original shuffles the same way.
    c["row_order"] = publish.shuffle ? json{{"shuffled", true}, {"seed", publish.seed}}
                                     : json{{"shuffled", false}};
    if (publish.maskSuppressed)
        c["masked_class"] = {{"removed", node.maskedRowsRemoved},
                             {"rows", node.suppressedRows},
                             {"failing_criteria", node.maskedClassFailures}};
    r.configuration = c.dump();
    r.configurationSha = sha256Hex(r.configuration);
    r.originalPath = ws.resolve(ws.config().dataPath);
    r.originalSha = sha256FileHex(r.originalPath);
    r.publishedPath = publishedPath;
    r.publishedSha = sha256FileHex(publishedPath);
    r.levels.assign(levels.begin(), levels.end());
    r.originalRows = data.rowCount();
    // With delta-presence the judged data is the research subset (a RowSample, dataset.h):
    // its rows are the ones published before suppression, and its class sizes count them.
    const Dataset& judged = judgedDataset(ws, config);
    if (&judged != &data) r.subsetRows = judged.rowCount();
    r.publishedRows = node.table.rowCount();
    r.suppressedRows = node.suppressedRows;
    r.satisfies = node.judgement.satisfies;
    for (std::size_t k = 0; k < config.criteria.size(); ++k)
        r.criteria.push_back(criterionClaim(config.criteria[k], node.judgement.criteria[k],
                                            node.judgement.suppressed,
                                            node.judgement.classes.sizes));
    r.risk = prosecutorRisk(publishedSizes(node.judgement.classes, node.judgement.suppressed));
    return r;
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
                 {"quasi_identifiers", columnNames(data.table(), data.qiColumns())},
                 {"sensitive", std::vector<std::string>{input.saColumn().name()}},
                 {"suppressed", "removed"},
                 {"mask_token", "*"}};
    r.configuration = c.dump();
    r.configurationSha = sha256Hex(r.configuration);
    r.originalPath = ws.resolve(ws.config().dataPath);
    r.originalSha = sha256FileHex(r.originalPath);
    r.publishedPath = publishedPath;
    r.publishedSha = sha256FileHex(publishedPath);
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

std::string formatRelease(const ReleaseRecord& r) {
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
    const json j{
        {"format", "ldiv-release"},
        {"version", ReleaseRecord::kFormatVersion},
        {"ldiv_version", r.ldivVersion},
        {"hashes",
         {{"algorithm", "sha256"},
          {"original", r.originalSha},
          {"configuration", r.configurationSha},
          {"published", r.publishedSha}}},
        {"files", {{"original", r.originalPath}, {"published", r.publishedPath}}},
        {"configuration", json::parse(r.configuration)},
        {"node", r.levels},
        {"rows", rows},
        {"satisfies", r.satisfies},
        {"criteria", criteria},
        {"risk",
         {{"model", "prosecutor"}, {"highest", r.risk.highest}, {"average", r.risk.average}}}};
    return j.dump(2) + "\n";
}

ReleaseRecord parseRelease(const std::string& text, const std::string& sourceName) {
    json j;
    try {
        j = json::parse(text);
    } catch (const json::parse_error& e) {
        throw InputError(sourceName, 0, 0, std::string("not valid JSON: ") + e.what());
    }
    ReleaseRecord r;
    try {
        if (!j.is_object() || j.value("format", "") != "ldiv-release")
            throw InputError(sourceName, 0, 0,
                             "not an ldiv release record (\"format\" is not \"ldiv-release\")");
        if (j.at("version").get<int>() > ReleaseRecord::kFormatVersion)
            throw InputError(sourceName, 0, 0,
                             "release record version " + j.at("version").dump() +
                                 " is newer than this ldiv reads (" +
                                 std::to_string(ReleaseRecord::kFormatVersion) + ")");
        r.ldivVersion = j.at("ldiv_version").get<std::string>();
        r.configuration = j.at("configuration").dump();
        const json& h = j.at("hashes");
        r.originalSha = h.at("original").get<std::string>();
        r.configurationSha = h.at("configuration").get<std::string>();
        r.publishedSha = h.at("published").get<std::string>();
        r.originalPath = j.at("files").value("original", "");
        r.publishedPath = j.at("files").value("published", "");
        r.levels = j.at("node").get<Levels>();
        r.originalRows = j.at("rows").at("original").get<std::size_t>();
        r.publishedRows = j.at("rows").at("published").get<std::size_t>();
        r.suppressedRows = j.at("rows").at("suppressed").get<std::size_t>();
        r.subsetRows = j.at("rows").value("research_subset", std::size_t(0));
        r.satisfies = j.at("satisfies").get<bool>();
        for (const json& c : j.at("criteria")) {
            ReleaseCriterion rc;
            rc.spec = c.at("spec").get<std::string>();
            rc.description = c.value("description", "");
            rc.measure = c.at("measure").get<std::string>();
            rc.measured = numberFrom(c.at("measured"));
            rc.threshold = c.at("threshold").get<double>();
            rc.higherIsBetter = c.at("higher_is_better").get<bool>();
            rc.holds = c.at("holds").get<bool>();
            r.criteria.push_back(rc);
        }
        r.risk.highest = j.at("risk").at("highest").get<double>();
        r.risk.average = j.at("risk").at("average").get<double>();
    } catch (const json::exception& e) {
        throw InputError(sourceName, 0, 0, std::string("malformed release record: ") + e.what());
    }
    return r;
}

void writeRelease(const ReleaseRecord& record, const std::string& path) {
    writeFileAtomically(path, formatRelease(record));
}

bool Verification::allHold() const {
    return std::all_of(claims.begin(), claims.end(),
                       [](const ClaimVerdict& c) { return !c.checked || c.holds; });
}

Verification verifyRelease(const ReleaseRecord& record, const std::string& publishedPath,
                           const std::optional<std::string>& originalPath) {
    Verification v;
    auto claim = [&](std::string name, bool holds, std::string detail) {
        v.claims.push_back({std::move(name), true, holds, std::move(detail)});
    };
    // The prosecutor risk of the published classes against the recorded one.
    auto claimRisk = [&](const std::vector<std::uint32_t>& sizes) {
        const ProsecutorRisk risk = prosecutorRisk(sizes);
        const bool riskSame =
            same(risk.highest, record.risk.highest) && same(risk.average, record.risk.average);
        claim("prosecutor risk", riskSame,
              "highest " + number(risk.highest) + ", average " + number(risk.average) +
                  (riskSame ? ""
                            : "; recorded highest " + number(record.risk.highest) + ", average " +
                                  number(record.risk.average)));
    };
    const std::string configSha = sha256Hex(record.configuration);
    claim("configuration hash", configSha == record.configurationSha,
          configSha == record.configurationSha
              ? "sha256 " + configSha
              : "the configuration was changed: sha256 " + configSha + ", recorded " +
                    record.configurationSha);
    const std::string publishedSha = sha256FileHex(publishedPath);
    claim("published file hash", publishedSha == record.publishedSha,
          publishedSha == record.publishedSha
              ? "sha256 " + publishedSha
              : "'" + publishedPath + "' was changed: sha256 " + publishedSha + ", recorded " +
                    record.publishedSha);
    if (originalPath) {
        const std::string originalSha = sha256FileHex(*originalPath);
        claim("original file hash", originalSha == record.originalSha,
              originalSha == record.originalSha
                  ? "sha256 " + originalSha
                  : "'" + *originalPath + "' differs: sha256 " + originalSha + ", recorded " +
                        record.originalSha);
    } else {
        v.claims.push_back({"original file hash", false, false, "not checked (no --original)"});
    }
    if (originalPath) v.claims.push_back(reproduce(record, *originalPath));

    // Everything below is recomputed from the published file under the configuration's roles.
    const json c = json::parse(record.configuration);
    const bool masked = c.value("suppressed", "removed") == "masked";
    std::optional<std::string> token;
    if (masked) token = c.value("mask_token", "*");
    const PublishedTable published(publishedPath,
                                   c.at("quasi_identifiers").get<std::vector<std::string>>(),
                                   c.at("sensitive").get<std::vector<std::string>>(), token);
    const Dataset& data = published.dataset();
    claim("published rows", published.fileRows() == record.publishedRows,
          std::to_string(published.fileRows()) + " rows in the file, recorded " +
              std::to_string(record.publishedRows));

    // With delta-presence (Nergiz, Atzori & Clifton 2007) the original is the population and
    // only the research subset is published. delta-presence itself is judged on the
    // population's classes, which the published file alone does not show: the reproduction from
    // the original (--original) checks that node. The other criteria and the suppression are
    // judged on the subset's rows (RowSample, dataset.h), so they are checked on the file, given
    // the subset's size the record keeps (records written before it kept none: not checked).
    bool presence = false;
    try {
        presence = c.value("kind", "node") == "node" && c.contains("criteria") &&
                   hasDeltaPresence(c.at("criteria").get<std::vector<std::string>>());
    } catch (const std::exception&) {
        presence = false;  // a bad spec is reported by the criteria claim below
    }
    const std::string populationNote =
        "not checked: with delta-presence the original is the population and only the research "
        "subset is published; the population's classes are checked by the reproduction from "
        "the original (--original)";
    // The rows the suppression limit is a share of: the subset's with delta-presence.
    const std::size_t sampleRows = presence ? record.subsetRows : record.originalRows;
    const std::size_t suppressed =
        masked ? published.maskedRows() : sampleRows - std::min(sampleRows, published.fileRows());
    const double limit = c.at("suppression_limit").get<double>();
    const std::uint64_t limitRows = suppressionLimitRows(limit, sampleRows);
    if (presence && record.subsetRows == 0) {
        v.claims.push_back({"suppressed rows", false, false, populationNote});
        v.claims.push_back({"criteria", false, false, populationNote});
        claimRisk(data.classes(Levels(data.qiCount(), 0), false).sizes);
        return v;
    }
    claim("suppressed rows", suppressed == record.suppressedRows && suppressed <= limitRows,
          std::to_string(suppressed) + (masked ? " masked" : " removed") + " rows (recorded " +
              std::to_string(record.suppressedRows) + "), limit " + std::to_string(limitRows) +
              " of " + std::to_string(sampleRows) + (presence ? " in the research subset" : ""));

    const EquivalenceClasses classes = data.classes(Levels(data.qiCount(), 0), true);
    std::vector<ReleaseCriterion> recomputed;
    try {
        if (c.value("kind", "node") == "sweep") {
            recomputed.push_back(tauClaim(data, c));
        } else {
            // N from the recorded project (none in records before it was kept there).
            const json& project = c.at("project");
            const double population =
                project.contains("population_size") && project["population_size"].is_number()
                    ? project["population_size"].get<double>()
                    : 0.0;
            // delta-presence needs the population: left to the reproduction (above).
            std::vector<std::string> specs;
            for (const std::string& spec : c.at("criteria").get<std::vector<std::string>>())
                if (parseCriterionSpec(spec).kind == CriterionKind::DeltaPresence)
                    v.claims.push_back({"criterion " + spec, false, false, populationNote});
                else
                    specs.push_back(spec);
            std::vector<BoundCriterion> criteria = bindCriteria(data, specs, population);
            // k-map's k′ depends on the sample size: the original's rows (the research
            // subset's with delta-presence), as when published.
            for (BoundCriterion& b : criteria)
                if (b.criterion.kind() == CriterionKind::KMap)
                    b.criterion = Criterion::bindKMap(b.criterion.definition(), double(sampleRows),
                                                      population);
            const std::vector<CriterionResult> results = evaluateCriteria(data, classes, criteria);
            for (std::size_t k = 0; k < criteria.size(); ++k)
                recomputed.push_back(criterionClaim(criteria[k], results[k], {}));
        }
    } catch (const std::exception& e) {
        claim("criteria", false,
              std::string("cannot be checked on the published file: ") + e.what());
        return v;
    }
    bool allCriteria = true;
    for (const ReleaseCriterion& now : recomputed) {
        const ReleaseCriterion* recorded = nullptr;
        for (const ReleaseCriterion& rc : record.criteria)
            if (rc.spec == now.spec) recorded = &rc;
        const bool matches =
            recorded && same(recorded->measured, now.measured) && recorded->holds == now.holds;
        allCriteria = allCriteria && now.holds;
        std::string detail =
            now.measure + " " + number(now.measured) + (now.higherIsBetter ? " >= " : " <= ") +
            number(now.threshold) +
            (now.holds ? "" : " FAILS in " + std::to_string(now.failingClasses) + " classes");
        if (!recorded)
            detail += "; no recorded claim";
        else if (!matches)
            detail += "; recorded " + number(recorded->measured) +
                      (recorded->holds ? " (holds)" : " (fails)");
        claim("criterion " + now.spec, now.holds && matches, detail);
    }
    claimRisk(classes.sizes);
    const bool satisfies = allCriteria && suppressed <= limitRows;
    claim("requirement", record.satisfies && satisfies,
          std::string(
              satisfies ? "the published classes meet every criterion within the suppression limit"
                        : "the published classes do not meet the requirement") +
              (presence && satisfies ? " (delta-presence: by the reproduction from the original)"
                                     : "") +
              (record.satisfies ? "" : "; the record itself says the node does not satisfy it"));
    return v;
}

}  // namespace ldv
