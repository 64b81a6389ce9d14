#include "cli/pseudonym_options.h"

#include <algorithm>
#include <random>

#include "ldiv/data/error.h"
#include "ldiv/io/table_source.h"
#include "ldiv/project/workspace_publish.h"

namespace ldv::cli {

namespace {

std::vector<PseudonymSpec> specsOf(const PseudonymOptions& o, const ProjectConfig& project) {
    std::vector<PseudonymSpec> specs;
    for (const std::string& text : o.columns) specs.push_back(parsePseudonymSpec(text));
    if (o.columns.empty()) specs = projectPseudonymSpecs(project);
    return specs;
}

}  // namespace

void addPseudonymOptions(CLI::App& cmd, PseudonymOptions& o) {
    cmd.add_option(
        "--pseudonymize", o.columns,
        "Publish an identifying column pseudonymized instead of dropping it: COL (hmac), "
        "COL=hmac (keyed hash, needs --secret-file), COL=random (needs --pseudonym-map) or "
        "COL=mask:N (keep the first N characters; mask:-N the last N) (repeatable; default: "
        "the project's \"pseudonymize\" roles)");
    cmd.add_option("--secret-file", o.secretFile,
                   "File holding the HMAC secret (its bytes, one trailing line end ignored); the "
                   "secret is never written anywhere");
    cmd.add_flag("--pseudonym-key-per-release", o.keyPerRelease,
                 "For hmac: use a fresh random key for this release only, never written, instead "
                 "of --secret-file: the same person gets a different pseudonym in every release, "
                 "so releases cannot be joined on it (nor traced back by you)");
    cmd.add_option("--pseudonym-map", o.map,
                   "For COL=random: write the value-to-pseudonym mapping (attribute,value,"
                   "pseudonym) to this CSV; keep it apart from the data");
}

std::vector<std::string> pseudonymizedNames(const PseudonymOptions& o,
                                            const ProjectConfig& project) {
    std::vector<std::string> names;
    for (const PseudonymSpec& s : specsOf(o, project)) names.push_back(s.column);
    return names;
}

Pseudonyms preparePseudonyms(const PseudonymOptions& o, const Workspace& ws) {
    if (isSourceUri(o.map))
        throw ParameterError("--pseudonym-map must be a CSV file, not a database table");
    const std::vector<PseudonymSpec> specs = specsOf(o, ws.config());
    auto uses = [&](PseudonymMethod m) {
        return std::any_of(specs.begin(), specs.end(),
                           [m](const PseudonymSpec& p) { return p.method == m; });
    };
    const bool random = uses(PseudonymMethod::Random), hmac = uses(PseudonymMethod::Hmac);
    if (random && o.map.empty())
        throw ParameterError(
            "random pseudonyms can only be traced back through their mapping: give "
            "--pseudonym-map FILE (and keep it apart from the published data)");
    if (!random && !o.map.empty())
        throw ParameterError("--pseudonym-map is written for COL=random pseudonyms only");
    if (o.keyPerRelease && !o.secretFile.empty())
        throw ParameterError(
            "--pseudonym-key-per-release makes a key of its own: give it or --secret-file, not "
            "both");
    if (o.keyPerRelease && !hmac)
        throw ParameterError("--pseudonym-key-per-release is for COL=hmac pseudonyms only");
    if (hmac && o.keyPerRelease) {
        // 32 random bytes, in memory for this run only.
        std::random_device device;
        std::string key(32, '\0');
        for (char& byte : key) byte = char(device() & 0xFF);
        return pseudonymizeIdentifying(ws.table(), ws.identifyingColumns(), specs, key);
    }
    if (hmac && o.secretFile.empty())
        throw ParameterError(
            "hmac pseudonyms need a secret: give --secret-file FILE (the key is read from it and "
            "never written)");
    const std::string secret = hmac ? readSecretFile(o.secretFile) : std::string();
    return pseudonymizeIdentifying(ws.table(), ws.identifyingColumns(), specs, secret);
}

}  // namespace ldv::cli
