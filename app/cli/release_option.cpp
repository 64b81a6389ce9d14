#include "cli/release_option.h"

#include <filesystem>
#include <ostream>

#include "cli/fetched_table.h"
#include "ldiv/crypto/signature.h"
#include "ldiv/data/error.h"
#include "ldiv/io/table_digest.h"
#include "ldiv/io/table_source.h"
#include "ldiv/release/release_record.h"

namespace ldv::cli {

void addReleaseOption(CLI::App& command, ReleaseOptions& options) {
    command.add_option(
        "--release", options.path,
        "Also write a release record (e.g. OUT.ldiv-release.json): hashes, configuration and "
        "measured criteria, checked by 'ldiv verify'");
    command.add_option("--sign", options.signKey,
                       "Sign the release record with this Ed25519 private key (PEM, from 'ldiv "
                       "keygen'); 'ldiv verify --public-key' checks it");
}

void checkReleaseOptions(const ReleaseOptions& options) {
    if (options.signKey.empty()) return;
    if (options.path.empty())
        throw ParameterError("--sign signs the release record: give --release FILE too");
    (void)privateKeyFingerprint(options.signKey);
}

namespace {

void write(ReleaseRecord record, const ReleaseOptions& release, std::ostream& err) {
    if (!release.signKey.empty()) signRelease(record, release.signKey);
    writeRelease(record, release.path);
    err << "release record written to " << release.path
        << (release.signKey.empty() ? "" : " (signed)") << "\n";
}

/// What the record names: a file by its absolute path, a table by its URI as given (which
/// never holds a password: pg::parseLocation refuses one).
std::string recordedPath(const std::string& path) {
    if (isSourceUri(path)) return path;
    return std::filesystem::absolute(path).lexically_normal().string();
}

}  // namespace

void writeReleaseIfAsked(const ReleaseOptions& release, const Workspace& ws,
                         const SearchConfig& config, std::span<const int> levels,
                         const PublishedNode& node, const PublishOptions& publish,
                         const std::string& publishedPath, const ReleaseOutput& output,
                         std::ostream& err, double populationSize) {
    if (release.path.empty()) return;
    const ReleaseRecord record = makeRelease(
        ws, config, levels, node, publish, recordedPath(publishedPath), LDIV_VERSION, output,
        populationSize > 0 ? std::optional<double>(populationSize) : std::nullopt);
    write(record, release, err);
}

void writeInDatabaseReleaseIfAsked(const ReleaseOptions& release, const Workspace& ws,
                                   const SearchConfig& config, std::span<const int> levels,
                                   const PublicationVerdict& verdict, std::size_t publishedRows,
                                   const PublishOptions& publish, const std::string& publishedUri,
                                   std::ostream& err) {
    if (release.path.empty()) return;
    // The canonical export is comma-separated, and the server's values are never neutralized.
    write(makeRelease(ws, config, levels, verdict, publishedRows, publish, publishedUri,
                      LDIV_VERSION, ReleaseOutput{',', false}),
          release, err);
}

void writeSweepReleaseIfAsked(const ReleaseOptions& release, const Workspace& ws,
                              const TauInput& input, double tau, double l,
                              const std::string& publishedPath, std::ostream& err) {
    if (release.path.empty()) return;
    if (publishedPath.empty())
        throw ParameterError("--release needs --output: a release record certifies a file");
    const std::string published =
        std::filesystem::absolute(publishedPath).lexically_normal().string();
    write(makeSweepRelease(ws, input, tau, l, published, LDIV_VERSION), release, err);
}

namespace {

/// Writes the record `make(recorded path, export)` gives: for a file the export is empty; for
/// a table it is the table's canonical export, fetched once as `ldiv verify` fetches it, on
/// which the record's claims are judged and its hash taken (what the server holds, not what
/// was sent, hashed from the same bytes).
template <class Make>
void writeRecordOf(const std::string& publishedPath, Make make, const ReleaseOptions& release,
                   std::ostream& err) {
    if (artefactKind(publishedPath).empty()) {
        write(make(recordedPath(publishedPath), std::string()), release, err);
        return;
    }
    const FetchedTable exported(publishedPath);
    write(make(recordedPath(publishedPath), exported.path()), release, err);
}

}  // namespace

void writeDpReleaseIfAsked(const ReleaseOptions& release, const Workspace& ws,
                           const SafePubResult& result, const DpReleaseInputs& inputs,
                           const std::string& publishedPath, char separator,
                           bool neutralizeFormulas, std::ostream& err) {
    if (release.path.empty()) return;
    writeRecordOf(
        publishedPath,
        [&](const std::string& recorded, const std::string& exported) {
            // A table's export is comma-separated and holds the values as they are.
            const ReleaseOutput output = exported.empty()
                                             ? ReleaseOutput{separator, neutralizeFormulas}
                                             : ReleaseOutput{',', false};
            return makeDpRelease(ws, result, inputs, recorded, LDIV_VERSION, output, exported);
        },
        release, err);
}

void writeTransformReleaseIfAsked(const ReleaseOptions& release, const Workspace& ws,
                                  const Dataset& data, const SearchConfig& config,
                                  const TransformationSpec& spec, const std::string& publishedPath,
                                  const ReleaseOutput& output, std::ostream& err) {
    if (release.path.empty()) return;
    writeRecordOf(
        publishedPath,
        [&](const std::string& recorded, const std::string& exported) {
            return makeTransformRelease(ws, data, config, spec, recorded, LDIV_VERSION, output,
                                        exported);
        },
        release, err);
}

}  // namespace ldv::cli
