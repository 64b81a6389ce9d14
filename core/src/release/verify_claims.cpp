#include "verify_claims.h"

#include <algorithm>

#include "ldiv/crypto/digest.h"
#include "ldiv/data/error.h"

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
               const std::string& recorded, const char* changed) {
    const std::string sha = sha256FileHex(path);
    claims.add(name, sha == recorded,
               sha == recorded
                   ? "sha256 " + sha
                   : "'" + path + "' " + changed + ": sha256 " + sha + ", recorded " + recorded);
}

}  // namespace

void publishedHashClaim(Claims& claims, const ReleaseRecord& record,
                        const std::string& publishedPath) {
    hashClaim(claims, "published file hash", publishedPath, record.publishedSha, "was changed");
}

void originalHashClaim(Claims& claims, const ReleaseRecord& record,
                       const std::string& originalPath) {
    hashClaim(claims, "original file hash", originalPath, record.originalSha, "differs");
}

}  // namespace ldv::detail
