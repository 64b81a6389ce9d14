#include "verify_claims.h"

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

void parseRecordedProject(const json& c, ProjectConfig& project, std::vector<std::string>& qi,
                          std::vector<std::string>& sensitive) {
    project = parseProject(c["project"].dump(), "the release configuration's project");
    qi = project.namesWithRole(Role::QuasiIdentifying);
    for (const AttributeConfig& a : project.attributes)
        if (a.role == Role::Sensitive) sensitive.push_back(a.name);
    if (c["quasi_identifiers"] != json(qi) || c["sensitive"] != json(sensitive))
        throw ParameterError("quasi_identifiers or sensitive are not the project's");
}

void publishedHashClaim(Claims& claims, const ReleaseRecord& record,
                        const std::string& publishedPath) {
    const std::string publishedSha = sha256FileHex(publishedPath);
    claims.add("published file hash", publishedSha == record.publishedSha,
               publishedSha == record.publishedSha
                   ? "sha256 " + publishedSha
                   : "'" + publishedPath + "' was changed: sha256 " + publishedSha + ", recorded " +
                         record.publishedSha);
}

void originalHashClaim(Claims& claims, const ReleaseRecord& record,
                       const std::string& originalPath) {
    const std::string originalSha = sha256FileHex(originalPath);
    claims.add("original file hash", originalSha == record.originalSha,
               originalSha == record.originalSha
                   ? "sha256 " + originalSha
                   : "'" + originalPath + "' differs: sha256 " + originalSha + ", recorded " +
                         record.originalSha);
}

}  // namespace ldv::detail
