#pragma once
// Release records (`*.ldiv-release.json`): what a publication claims, in a form anyone can
// check from the files (`ldiv verify`). A record holds the SHA-256 of the original data, of
// the configuration and of the published file, the configuration itself (node, criteria,
// suppression limit, roles), each criterion's measured value on the published classes, the
// suppressed rows and the prosecutor risk. Verification recomputes every claim from the
// published file and reports a verdict per claim.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "ldiv/lattice/published_node.h"
#include "ldiv/project/workspace.h"
#include "ldiv/tau/tau_input.h"

namespace ldv {

/// Prosecutor re-identification risk of the published classes (Sweeney 2002; El Emam &
/// Dankar 2008): an attacker who knows the target is in the release picks one record of the
/// target's class. Highest = 1 / smallest class, average = classes / rows. Kept in one
/// function so that a fuller risk model can replace it.
struct ProsecutorRisk {
    double highest = 0;
    double average = 0;
};
ProsecutorRisk prosecutorRisk(std::span<const std::uint32_t> classSizes);

struct ReleaseCriterion {
    std::string spec;
    std::string description;
    /// "min_class_size", "min_exp_entropy", …: the worst class measure over the published
    /// classes (the minimum, or the maximum for tau-l) and the threshold it is held against.
    std::string measure;
    double measured = 0;
    double threshold = 0;
    bool higherIsBetter = true;
    bool holds = false;
    /// Classes that fail (computed, not written to the record).
    std::size_t failingClasses = 0;
};

struct ReleaseRecord {
    static constexpr int kFormatVersion = 1;
    std::string ldivVersion;
    /// Canonical JSON text of the configuration (what configurationSha covers).
    std::string configuration;
    std::string originalSha, configurationSha, publishedSha;
    std::string originalPath, publishedPath;
    Levels levels;
    std::size_t originalRows = 0, publishedRows = 0, suppressedRows = 0;
    /// With delta-presence: the research subset's rows (the published rows before suppression;
    /// originalRows is the population's). 0 without, and in records written before it was
    /// kept ("rows": {"research_subset": N}).
    std::size_t subsetRows = 0;
    bool satisfies = false;
    std::vector<ReleaseCriterion> criteria;
    ProsecutorRisk risk;
};

/// How the published table was written (so that `verify --original` can reproduce its bytes).
struct ReleaseOutput {
    char separator = ',';
    bool neutralizeFormulas = false;
};

/// The record of a node published by publishNode and written to `publishedPath`. The
/// configuration's project keeps the population size N the criteria were bound with —
/// `populationSize` when given (the command line's --population-size), else the project's —
/// so that verify re-checks k-map and population-uniqueness, and the research subset of
/// delta-presence (a file as an absolute path).
ReleaseRecord makeRelease(const Workspace& workspace, const SearchConfig& config,
                          std::span<const int> levels, const PublishedNode& node,
                          const PublishOptions& publish, const std::string& publishedPath,
                          const std::string& ldivVersion, const ReleaseOutput& output = {},
                          std::optional<double> populationSize = std::nullopt);

/// The record of a SWEEP (τ,ℓ) publication (local recoding, sweep.h) written to
/// `publishedPath`: the configuration holds τ, ℓ, the sensitive taxonomy and the base values
/// present in the original (the weights of Tian & Zhang 2011 §3), so that (τ,ℓ) with generalized
/// sensitive values is recomputed from the published file alone.
ReleaseRecord makeSweepRelease(const Workspace& workspace, const TauInput& input, double tau,
                               double l, const std::string& publishedPath,
                               const std::string& ldivVersion);

std::string formatRelease(const ReleaseRecord& record);
/// Parses a record; InputError naming `sourceName` for malformed JSON or a missing field.
ReleaseRecord parseRelease(const std::string& text, const std::string& sourceName);
void writeRelease(const ReleaseRecord& record, const std::string& path);

struct ClaimVerdict {
    std::string claim;    ///< e.g. "published file hash", "criterion k=5", "prosecutor risk"
    bool checked = true;  ///< false: could not be checked (e.g. no original given), not a failure
    bool holds = false;
    std::string detail;
};

struct Verification {
    std::vector<ClaimVerdict> claims;
    bool allHold() const;
};

/// Recomputes the claims of `record` from `publishedPath`, binding k-map and
/// population-uniqueness with the recorded population size (k-map's k′ from the original's
/// rows, as when it was published). With `originalPath` it also checks
/// the original's hash and, for a node release, that publishing the original with the
/// recorded configuration reproduces the published file byte for byte (not checked when the
/// configuration's hierarchy files cannot be read).
Verification verifyRelease(const ReleaseRecord& record, const std::string& publishedPath,
                           const std::optional<std::string>& originalPath = std::nullopt);

}  // namespace ldv
