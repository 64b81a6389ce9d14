#pragma once
// Release records (`*.ldiv-release.json`): what a publication claims, in a form anyone can
// check from the files (`ldiv verify`). A record holds the SHA-256 of the original data, of
// the configuration and of the published file, the configuration itself (node, criteria,
// suppression limit, roles), each criterion's measured value on the published classes, the
// suppressed rows and the prosecutor risk. Verification recomputes every claim from the
// published file and reports a verdict per claim.
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "ldiv/dp/safepub.h"
#include "ldiv/project/workspace.h"
#include "ldiv/publish/published_node.h"
#include "ldiv/risk/prosecutor_risk.h"
#include "ldiv/tau/tau_input.h"

namespace ldv {

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

/// One criterion's claims over the published classes: the worst measure and the failing
/// classes of those not suppressed (`suppressed` per class, empty = none; with `sizes`, a
/// research subset's class without a subset row is not published). The one home of "worst
/// measure" for the record, verify and the workbench's report (issue 37).
ReleaseCriterion publishedCriterion(const BoundCriterion& criterion, const CriterionResult& result,
                                    std::span<const std::uint8_t> suppressed,
                                    std::span<const std::uint32_t> sizes = {});

/// An Ed25519 signature of the record (ldiv/crypto/signature.h): `"signature": {"algorithm":
/// "ed25519", "public_key_sha256": …, "value": …}`. It signs releaseSignedBytes().
struct ReleaseSignature {
    std::string algorithm = "ed25519";
    /// SHA-256 of the raw public key: names the key, so a verifier can tell which one to use.
    std::string publicKeySha;
    std::string value;  ///< hex
};

struct ReleaseRecord {
    static constexpr int kFormatVersion = 1;
    /// As read ("version", "hashes.algorithm", "risk.model"); verify requires the values this
    /// ldiv writes.
    int formatVersion = kFormatVersion;
    std::string hashAlgorithm = "sha256";
    std::string riskModel = "prosecutor";
    /// Keys of the record this ldiv does not know (e.g. "rows.extra"): claims it cannot check,
    /// so verify fails on them.
    std::vector<std::string> unknownKeys;
    std::optional<ReleaseSignature> signature;
    /// The bytes the signature covers, as read (releaseSignedBytes of the parsed JSON).
    std::string signedBytes;
    std::string ldivVersion;
    /// Canonical JSON text of the configuration (what configurationSha covers).
    std::string configuration;
    std::string originalSha, configurationSha, publishedSha;
    std::string originalPath, publishedPath;
    /// "" for a file, whose hash is of its bytes; kPostgresTableKind (io/table_digest.h) for a
    /// table named by its URI, whose hash is of its canonical export ("files.*_kind" and
    /// "hashes.*_method" in the record; docs/database.md, "Release records of a table").
    std::string originalKind, publishedKind;
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
    ReleaseOutput() = default;
    ReleaseOutput(char sep, bool neutralize) : separator(sep), neutralizeFormulas(neutralize) {}
    char separator = ',';
    bool neutralizeFormulas = false;
    /// Columns perturbed with invariant PRAM after publishing (`--pram COL[=P]`,
    /// transform/pram_columns.h) and the diagonal of their base matrix: insensitive columns
    /// outside the quasi-identifiers, so the claims about the classes stand. `pramSeed`: the
    /// seed of PRAM's draws when the run was seeded (--seed), so that verify --original
    /// reproduces them; absent, the draws came from the CSPRNG and verify checks every other
    /// cell and that each perturbed value is a value of its column.
    std::vector<std::pair<std::string, double>> pram;
    std::optional<std::uint64_t> pramSeed;
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

/// The record of a node published inside the database (ldiv/postgres_publish.h): no table
/// reached this process, so what publishNode would decide comes as `verdict`
/// (judgePublication) and the rows the server wrote as `publishedRows`; `publishedPath` is
/// the table's URI.
ReleaseRecord makeRelease(const Workspace& workspace, const SearchConfig& config,
                          std::span<const int> levels, const PublicationVerdict& verdict,
                          std::size_t publishedRows, const PublishOptions& publish,
                          const std::string& publishedPath, const std::string& ldivVersion,
                          const ReleaseOutput& output = {});

/// The record of a SWEEP (τ,ℓ) publication (local recoding, sweep.h) written to
/// `publishedPath`: the configuration holds τ, ℓ, the sensitive taxonomy and the base values
/// present in the original (the weights of Tian & Zhang 2011 §3), so that (τ,ℓ) with generalized
/// sensitive values is recomputed from the published file alone.
ReleaseRecord makeSweepRelease(const Workspace& workspace, const TauInput& input, double tau,
                               double l, const std::string& publishedPath,
                               const std::string& ldivVersion);

/// What a SafePub publication records besides its result (dp/safepub.h, docs/dp.md).
struct DpReleaseInputs {
    std::string spec;  ///< differential-privacy=EPS,DELTA
    double searchShare = kDefaultSearchShare;
    int stepsLimit = kDefaultSafePubSteps;
    DpScore score = DpScore::Granularity;
    /// Given only for a reproducible (not private) run.
    std::optional<std::uint64_t> seed;
    /// --pram: the perturbed columns and the diagonal of their base matrix.
    std::vector<std::pair<std::string, double>> pram;
};

/// The record of a SafePub publication written to `publishedPath`: the configuration's
/// "differential_privacy" block holds ε, δ, the search share, β, k, the mechanism, the steps
/// and the score; "pram" the perturbed columns. verify recomputes β and k from ε and δ and
/// checks the file's classes against k and its values against the node; the sample and the
/// mechanism's draws cannot be recomputed, and verify says so. `publishedPath` may be a
/// database table's URI together with `publishedExport`, a file holding that table's canonical
/// export (io/table_digest.h; fetched by the caller, as `ldiv verify` fetches it), whose bytes
/// are the table's hash and whose classes are judged; `output` is then the export's (',',
/// nothing neutralized; docs/database.md, "Release records of a table").
ReleaseRecord makeDpRelease(const Workspace& workspace, const SafePubResult& result,
                            const DpReleaseInputs& inputs, const std::string& publishedPath,
                            const std::string& ldivVersion, const ReleaseOutput& output = {},
                            const std::string& publishedExport = {});

std::string formatRelease(const ReleaseRecord& record);
/// The bytes a signature covers: the record's JSON without its "signature" member, compact,
/// keys sorted, numbers in their shortest round-trip form (nlohmann::json::dump()).
std::string releaseSignedBytes(const ReleaseRecord& record);
/// Signs `record` with the Ed25519 private key in `privateKeyPath` (PEM, `ldiv keygen`).
void signRelease(ReleaseRecord& record, const std::string& privateKeyPath);
/// Parses a record; InputError naming `sourceName` for malformed JSON or a missing field.
ReleaseRecord parseRelease(const std::string& text, const std::string& sourceName);
void writeRelease(const ReleaseRecord& record, const std::string& path);

struct ClaimVerdict {
    std::string claim;  ///< e.g. "published file hash", "criterion k=5", "prosecutor risk"
    /// false when the claim was not recomputed: it needs a file that was not given
    /// (--original, --public-key), or it cannot be checked at all. An unchecked claim makes
    /// the verdict fail (exit 3) unless it is informational.
    bool checked = true;
    bool holds = false;
    std::string detail;
    /// Not a claim about the data: the labels the publisher wrote (paths, ldiv version; a file
    /// is identified by its hash) and "the record is not signed". Reported, never a failure.
    bool informational = false;
};

struct Verification {
    std::vector<ClaimVerdict> claims;
    bool allHold() const;
};

/// What verify is given besides the published file: only these files are opened, never a
/// path written in the record.
struct VerifyInputs {
    /// The original: a file, or a table's URI when the record's original is a table.
    std::optional<std::string> originalPath;
    /// For a record of a table: its URI, which the published file (its canonical export,
    /// fetched by the caller) stands for in what verify reports.
    std::optional<std::string> publishedTable;
    /// The Ed25519 public key (PEM): the record must carry a valid signature by it.
    std::optional<std::string> publicKeyPath;
    /// The research subset file of a delta-presence release whose subset is a file.
    std::optional<std::string> researchSubsetPath;
    /// Hierarchy files by attribute, for records that name files instead of embedding them
    /// (written before ldiv embedded them).
    std::map<std::string, std::string> hierarchyPaths;
};

/// Checks every field of `record` (docs/releases.md, "What verify checks"): the format,
/// the signature, the configuration (its hash, and that it agrees with the project it
/// embeds), the files' hashes; with the original, publishing it again must give the
/// published file and the whole record; and the claims recomputed from the published file.
Verification verifyRelease(const ReleaseRecord& record, const std::string& publishedPath,
                           const VerifyInputs& inputs);

/// verifyRelease with the original only (no public key, no research subset file).
Verification verifyRelease(const ReleaseRecord& record, const std::string& publishedPath,
                           const std::optional<std::string>& originalPath = std::nullopt);

}  // namespace ldv
