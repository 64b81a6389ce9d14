// Release records of SafePub publications (release_record.h makeDpRelease, docs/dp.md):
// written here and checked by verifyDpRelease, which verify_release.cpp hands such records to.
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include "dp_release.h"
#include "ldiv/criteria/criterion_spec.h"
#include "ldiv/crypto/digest.h"
#include "ldiv/data/error.h"
#include "ldiv/io/csv_table_reader.h"
#include "ldiv/io/table_digest.h"
#include "ldiv/io/table_source.h"
#include "ldiv/release/published_table.h"
#include "ldiv/release/release_record.h"
#include "record_files.h"
#include "release_claims.h"
#include "verify_claims.h"

namespace ldv {

using nlohmann::json;

namespace {

std::string scoreName(DpScore s) {
    return s == DpScore::Granularity ? "granularity" : "dm";
}

// How the published artefact is read: a file's separator is detected, as it always was; a
// table's canonical export is comma-separated.
CsvOptions exportCsv(bool table) {
    CsvOptions csv;
    if (table) csv.separator = ',';
    return csv;
}

// The published classes (distinct QI tuples of the file) and their sizes.
std::vector<std::uint32_t> fileClassSizes(const PublishedTable& published) {
    const Dataset& d = published.dataset();
    return d.classes(Levels(d.qiCount(), 0)).sizes;
}

}  // namespace

ReleaseRecord makeDpRelease(const Workspace& ws, const SafePubResult& result,
                            const DpReleaseInputs& in, const std::string& publishedPath,
                            const std::string& ldivVersion, const ReleaseOutput& output,
                            const std::string& publishedExport) {
    // A table is read through its canonical export, which the caller fetched.
    const std::string judgedPath = detail::judgedArtefact(publishedPath, publishedExport);
    const bool table = !artefactKind(publishedPath).empty();
    const Dataset& data = ws.dataset();
    const DpParameters& p = result.parameters;
    ProjectConfig project = ws.config();
    detail::embedHierarchies(ws, project);
    project.search.criteria = {in.spec};
    json dp{{"mechanism", "safepub"},
            {"epsilon", p.epsilon},
            {"delta", p.delta},
            {"search_share", in.searchShare},
            {"epsilon_search", p.epsilonSearch},
            {"epsilon_anonymization", p.epsilonAnon},
            {"beta", p.beta},
            {"k", p.k},
            {"steps", result.steps},
            {"steps_limit", in.stepsLimit},
            {"score", scoreName(in.score)},
            {"randomness", in.seed ? "std::mt19937_64 (seeded: reproducible, not private)"
                                   : "OpenSSL RAND_bytes"}};
    if (in.seed) dp["seed"] = *in.seed;
    json pram = json::array();
    for (const auto& [column, diagonal] : in.pram)
        pram.push_back({{"column", column}, {"p", diagonal}, {"matrix", "invariant"}});
    const json c{{"kind", detail::kDpKind},
                 {"project", json::parse(formatProject(project))},
                 {"criteria", json::array({in.spec})},
                 {"differential_privacy", dp},
                 {"node", result.levels},
                 {"quasi_identifiers", detail::columnNames(data.table(), data.qiColumns())},
                 {"sensitive", detail::columnNames(data.table(), ws.sensitiveColumns())},
                 {"pram", pram},
                 {"suppressed", "removed"},
                 {"output", detail::outputJson(output)}};
    ReleaseRecord r;
    r.ldivVersion = ldivVersion;
    detail::setRecordFiles(r, ws, c.dump(), publishedPath, table ? publishedExport : "");
    r.levels = result.levels;
    r.originalRows = data.rowCount();
    r.suppressedRows = result.suppressedRows.size();
    const PublishedTable published(
        judgedPath, c.at("quasi_identifiers").get<std::vector<std::string>>(),
        c.at("sensitive").get<std::vector<std::string>>(), std::nullopt, exportCsv(table));
    r.publishedRows = published.fileRows();
    const std::vector<std::uint32_t> sizes = fileClassSizes(published);
    ReleaseCriterion claim;
    claim.spec = in.spec;
    claim.description =
        "(" + formatNumber(p.epsilon) + ", " + formatNumber(p.delta) +
        ")-differential privacy (SafePub): every class at least k = " + std::to_string(p.k) +
        " rows";
    claim.measure = "min_class_size";
    claim.measured = sizes.empty() ? 0 : *std::min_element(sizes.begin(), sizes.end());
    claim.threshold = p.k;
    claim.holds = sizes.empty() || claim.measured >= p.k;
    r.criteria.push_back(claim);
    r.satisfies = claim.holds;
    r.risk = prosecutorRisk(sizes);
    return r;
}

namespace detail {

void verifyDpRelease(const ReleaseRecord& record, const std::string& publishedPath,
                     const VerifyInputs& in, Verification& v) {
    DpParameters expected;
    Claims claims(v);
    RecordedConfiguration recorded;
    auto& [c, project, qi, sensitive] = recorded;
    try {
        recorded = readRecordedConfiguration(
            record.configuration,
            {"project", "criteria", "differential_privacy", "node", "quasi_identifiers",
             "sensitive", "pram", "suppressed", "output"},
            false);
        if (c["node"] != json(record.levels) || record.levels.size() != qi.size())
            throw ParameterError("node " + c["node"].dump() + " is not the record's node");
        const CriterionSpec spec = parseCriterionSpec(c["criteria"].at(0).get<std::string>());
        if (spec.kind != CriterionKind::DifferentialPrivacy || c["criteria"].size() != 1 ||
            project.search.criteria != c["criteria"].get<std::vector<std::string>>())
            throw ParameterError("criteria " + c["criteria"].dump() +
                                 " are not one differential-privacy criterion of the project");
        const json& dp = c["differential_privacy"];
        if (dp.at("mechanism") != "safepub" || dp.at("epsilon") != spec.parameters[0] ||
            dp.at("delta") != spec.parameters[1])
            throw ParameterError(
                "differential_privacy does not hold the criterion's epsilon and "
                "delta, or its mechanism is not safepub");
        expected = dpParameters(spec.parameters[0], spec.parameters[1],
                                dp.at("search_share").get<double>());
        requireExportOutput(record, c["output"]);
        claims.add("configuration", true,
                   "a SafePub release: quasi-identifiers " + json(qi).dump() + ", node " +
                       formatLevels(record.levels));
        const bool same = dp.at("k").get<std::uint32_t>() == expected.k &&
                          dp.at("beta").get<double>() == expected.beta &&
                          dp.at("epsilon_search").get<double>() == expected.epsilonSearch;
        claims.add("differential privacy parameters", same,
                   "epsilon " + formatNumber(expected.epsilon) + ", delta " +
                       formatNumber(expected.delta) + " and search share " +
                       formatNumber(dp.at("search_share").get<double>()) + " give beta " +
                       formatNumber(expected.beta) + " and k = " + std::to_string(expected.k) +
                       (same ? ""
                             : ", not the recorded " + dp.at("beta").dump() + " and " +
                                   dp.at("k").dump()));
    } catch (const std::exception& e) {
        claims.add("configuration", false, e.what());
        return;
    }
    // For a table, `publishedPath` is the canonical export the caller fetched.
    const bool table = !record.publishedKind.empty();
    const std::string what = table ? "table" : "file";
    publishedHashClaim(claims, record, publishedPath, in.publishedTable);
    std::unique_ptr<PublishedTable> published;
    try {
        published = std::make_unique<PublishedTable>(publishedPath, qi, sensitive, std::nullopt,
                                                     exportCsv(table));
    } catch (const std::exception& e) {
        claims.add("published columns", false, e.what());
        return;
    }
    claims.add("published rows", published->fileRows() == record.publishedRows,
               std::to_string(published->fileRows()) + " rows in the " + what + ", recorded " +
                   std::to_string(record.publishedRows));
    const std::vector<std::uint32_t> sizes = fileClassSizes(*published);
    const std::uint32_t smallest =
        sizes.empty() ? 0 : *std::min_element(sizes.begin(), sizes.end());
    claims.add("k-threshold", sizes.empty() || smallest >= expected.k,
               std::to_string(sizes.size()) + " classes in the " + what + ", the smallest " +
                   std::to_string(smallest) + " rows, k = " + std::to_string(expected.k));
    const ProsecutorRisk risk = prosecutorRisk(sizes);
    claims.add("prosecutor risk",
               std::abs(risk.highest - record.risk.highest) < 1e-12 &&
                   std::abs(risk.average - record.risk.average) < 1e-12,
               "highest " + formatNumber(risk.highest) + ", average " + formatNumber(risk.average));
    if (in.originalPath) {
        originalHashClaim(claims, record, *in.originalPath);
        // The node: every published QI value is a value of its hierarchy at the recorded level.
        try {
            project.dataPath = originalDataPath(*in.originalPath);
            const Workspace ws(project, "");
            const Dataset& data = ws.dataset();
            claims.add("original rows", data.rowCount() == record.originalRows,
                       std::to_string(data.rowCount()) + " rows in the original, recorded " +
                           std::to_string(record.originalRows));
            std::string wrong;
            for (std::size_t i = 0; i < qi.size() && wrong.empty(); ++i) {
                const HierarchyMap& h = data.hierarchy(i);
                const auto& level = h.levelValues(record.levels[i]);
                const std::set<std::string> allowed(level.begin(), level.end());
                const Column& col =
                    published->table().column(*published->table().columnIndex(qi[i]));
                for (const std::string& value : col.dictionary())
                    if (!allowed.contains(value)) {
                        wrong = qi[i] + " = '" + value + "' is not a value at level " +
                                std::to_string(record.levels[i]);
                        break;
                    }
            }
            claims.add("values at the node", wrong.empty(),
                       wrong.empty() ? "every quasi-identifier value is a generalization at node " +
                                           formatLevels(record.levels)
                                     : wrong);
        } catch (const std::exception& e) {
            claims.add("values at the node", false, std::string("cannot be checked: ") + e.what());
        }
    } else {
        originalHashUnchecked(claims, record);
        claims.needs("values at the node",
                     "needs --original, whose hierarchies give each level's values");
    }
    std::string perturbed;
    for (const json& p : c["pram"])
        perturbed += (perturbed.empty() ? "" : ", ") + p.at("column").get<std::string>();
    if (!perturbed.empty())
        claims.note("pram",
                    "post-randomized with invariant PRAM, their values are random draws and "
                    "are not checked: " +
                        perturbed);
    claims.note(
        "sampling and mechanism",
        "the sample (each row with probability beta) and the exponential mechanism's choice of "
        "the node are random draws that leave no trace to recompute" +
            std::string(c["differential_privacy"].contains("seed")
                            ? "; this run was seeded, hence reproducible and not private"
                            : "") +
            "; verify checked what follows from them: beta and k from epsilon and delta, the "
            "k-threshold and the node's values");
}

}  // namespace detail

}  // namespace ldv
