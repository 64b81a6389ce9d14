#pragma once
// What every kind of release record's verification shares (verify_release.cpp for a node and
// SWEEP, dp_release.cpp for SafePub, transform_release.cpp for a transformation): the verdicts
// as they are reported, the configuration's kind, its project's roles and the files' hashes.
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "ldiv/project/workspace.h"
#include "ldiv/release/release_record.h"

namespace ldv::detail {

class Claims {
public:
    explicit Claims(Verification& v) : m_v(v) {}
    void add(std::string name, bool holds, std::string detail) {
        m_v.claims.push_back({std::move(name), true, holds, std::move(detail)});
    }
    /// A claim that was not recomputed (it needs a file the user did not give): reported,
    /// and the verdict fails: "verified" means every claim was recomputed.
    void needs(std::string name, std::string detail) {
        m_v.claims.push_back({std::move(name), false, false, std::move(detail)});
    }
    /// Not a claim about the data (labels, an unsigned record): reported, never a failure.
    void note(std::string name, std::string detail) {
        m_v.claims.push_back({std::move(name), false, false, std::move(detail), true});
    }

private:
    Verification& m_v;
};

/// The "kind" of the configuration of a SafePub release (dp_release.cpp) and of a
/// transformation's (transform_release.cpp); a node's or SWEEP's has none.
inline constexpr const char* kDpKind = "differential-privacy";
inline constexpr const char* kTransformKind = "transformation";

/// True when the configuration is a JSON object whose "kind" is `kind`.
bool configurationOfKind(const std::string& configuration, const char* kind);

/// A release configuration as a verifier reads it: the JSON, its project and the project's
/// quasi-identifiers and sensitive attributes, in the project's order.
struct RecordedConfiguration {
    nlohmann::json c;
    ProjectConfig project;
    std::vector<std::string> qi, sensitive;
};

/// Parses the record's configuration, which must hold every key of `keys` (and, when
/// `onlyThese`, no other but "kind"), and its project; throws ParameterError naming the key
/// at fault, or when the configuration's "quasi_identifiers" or "sensitive" are not the
/// project's.
RecordedConfiguration readRecordedConfiguration(const std::string& configuration,
                                                std::initializer_list<const char*> keys,
                                                bool onlyThese);

/// The claim "published file hash": the file on the command line against the record's hash.
/// With `table` (a record of a table), "published table hash": `publishedPath` is the
/// table's canonical export, and the claim names the table.
void publishedHashClaim(Claims& claims, const ReleaseRecord& record,
                        const std::string& publishedPath,
                        const std::optional<std::string>& table = std::nullopt);

/// For a record of a table: ParameterError unless the configuration's `output` is the
/// canonical export's (separator ",", nothing neutralized), on which the table is judged.
void requireExportOutput(const ReleaseRecord& record, const nlohmann::json& output);

/// The original a verification replays: a table's URI as it is given (on the command line,
/// never the record's), a file's absolute path.
std::string originalDataPath(const std::string& given);

/// Without --original: the original's hash claim, reported as not checked.
void originalHashUnchecked(Claims& claims, const ReleaseRecord& record);

/// The claim "original file hash": the --original file (or table: its canonical export's
/// hash) against the record's hash.
void originalHashClaim(Claims& claims, const ReleaseRecord& record,
                       const std::string& originalPath);

}  // namespace ldv::detail
