#include "verify_claims.h"

#include <algorithm>
#include <filesystem>

#include "ldiv/crypto/digest.h"
#include "ldiv/data/error.h"
#include "ldiv/io/table_digest.h"
#include "ldiv/io/table_source.h"

namespace ldv::detail {

using nlohmann::json;

bool configurationOfKind(const std::string& configuration, const char* kind) {
    try {
        const json c = json::parse(configuration);
        return c.is_object() && c.contains("kind") && c["kind"] == kind;
    } catch (const json::exception&) {
        return false;
    }
}

RecordedConfiguration readRecordedConfiguration(const std::string& configuration,
                                                std::initializer_list<const char*> keys,
                                                bool onlyThese) {
    RecordedConfiguration out;
    json& c = out.c;
    c = json::parse(configuration);
    for (const char* key : keys)
        if (!c.contains(key)) throw ParameterError(std::string("no \"") + key + "\"");
    const auto listed = [&](const std::string& key) {
        return std::any_of(keys.begin(), keys.end(), [&](const char* k) { return key == k; });
    };
    if (onlyThese)
        for (const auto& item : c.items())
            if (item.key() != "kind" && !listed(item.key()))
                throw ParameterError("unknown key \"" + item.key() + "\"");
    out.project = parseProject(c["project"].dump(), "the release configuration's project");
    out.qi = out.project.namesWithRole(Role::QuasiIdentifying);
    for (const AttributeConfig& a : out.project.attributes)
        if (a.role == Role::Sensitive) out.sensitive.push_back(a.name);
    if (c["quasi_identifiers"] != json(out.qi) || c["sensitive"] != json(out.sensitive))
        throw ParameterError("quasi_identifiers or sensitive are not the project's");
    return out;
}

namespace {

// A file on the command line against the hash the record gives it; `changed` says how a
// mismatch reads ("was changed", "differs").
void hashClaim(Claims& claims, const char* name, const std::string& path,
               const std::string& recorded, const char* changed, const std::string& sha,
               const char* what = "sha256 ") {
    claims.add(name, sha == recorded,
               sha == recorded
                   ? what + sha
                   : "'" + path + "' " + changed + ": " + what + sha + ", recorded " + recorded);
}

}  // namespace

void publishedHashClaim(Claims& claims, const ReleaseRecord& record,
                        const std::string& publishedPath, const std::optional<std::string>& table) {
    if (table)
        hashClaim(claims, "published table hash", *table, record.publishedSha, "was changed",
                  sha256FileHex(publishedPath), "canonical export sha256 ");
    else
        hashClaim(claims, "published file hash", publishedPath, record.publishedSha, "was changed",
                  sha256FileHex(publishedPath));
}

void originalHashClaim(Claims& claims, const ReleaseRecord& record,
                       const std::string& originalPath) {
    // A table's hash is of its canonical export, fetched from its server.
    if (isSourceUri(originalPath))
        hashClaim(claims, "original table hash", originalPath, record.originalSha, "differs",
                  tableSha256(originalPath), "canonical export sha256 ");
    else
        hashClaim(claims, "original file hash", originalPath, record.originalSha, "differs",
                  sha256FileHex(originalPath));
}

void requireExportOutput(const ReleaseRecord& record, const nlohmann::json& output) {
    if (record.publishedKind.empty()) return;
    if (!output.is_object() || output.value("separator", nlohmann::json()) != "," ||
        output.value("neutralize_formulas", nlohmann::json()) != false)
        throw ParameterError(
            "\"output\" of a table must be its canonical export's: separator \",\", "
            "neutralize_formulas false");
}

std::string originalDataPath(const std::string& given) {
    return isSourceUri(given) ? given : std::filesystem::absolute(given).string();
}

void originalHashUnchecked(Claims& claims, const ReleaseRecord& record) {
    claims.needs(record.originalKind.empty() ? "original file hash" : "original table hash",
                 "not checked (no --original)");
}

}  // namespace ldv::detail
