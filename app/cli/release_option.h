#pragma once
// `--release FILE` of the publishing commands: writes the release record
// (ldiv/release/release_record.h) of what was just published, for `ldiv verify`.
#include <iosfwd>
#include <string>

#include <CLI/CLI.hpp>

#include "ldiv/project/workspace.h"
#include "ldiv/publish/published_node.h"
#include "ldiv/release/release_record.h"
#include "ldiv/release/transform_release.h"
#include "ldiv/tau/tau_input.h"

namespace ldv::cli {

/// --release FILE, and --sign KEY (sign the record with an Ed25519 private key, `ldiv keygen`).
struct ReleaseOptions {
    std::string path;
    std::string signKey;
};
void addReleaseOption(CLI::App& command, ReleaseOptions& options);
/// Before anything is written: --sign needs --release, and its key must be an Ed25519 private
/// key (ParameterError / InputError), so that a bad key never leaves an unsigned release.
void checkReleaseOptions(const ReleaseOptions& options);
/// Writes the record to `releasePath` when it is not empty (the published table must already
/// be at `publishedPath`, a file or a database table's URI); says so on `out` unless `quiet`.
/// `populationSize` (0: the project's) is the --population-size the criteria were bound with,
/// recorded for verify.
void writeReleaseIfAsked(const ReleaseOptions& release, const Workspace& ws,
                         const SearchConfig& config, std::span<const int> levels,
                         const PublishedNode& node, const PublishOptions& publish,
                         const std::string& publishedPath, const ReleaseOutput& output,
                         std::ostream& err, double populationSize = 0);

/// The same for a node published inside the database (ldiv/postgres_publish.h): `verdict` is
/// what publishNode would have decided, `publishedRows` what the server wrote to the table
/// `publishedUri`.
void writeInDatabaseReleaseIfAsked(const ReleaseOptions& release, const Workspace& ws,
                                   const SearchConfig& config, std::span<const int> levels,
                                   const PublicationVerdict& verdict, std::size_t publishedRows,
                                   const PublishOptions& publish, const std::string& publishedUri,
                                   std::ostream& err);

/// The same for a SWEEP publication written to `publishedPath` (ParameterError when there
/// is none: a record certifies a file).
void writeSweepReleaseIfAsked(const ReleaseOptions& release, const Workspace& workspace,
                              const TauInput& input, double tau, double l,
                              const std::string& publishedPath, std::ostream& err);

/// The same for a SafePub publication (makeDpRelease, docs/dp.md), written to a CSV file or
/// to a database table's URI (its canonical export is fetched, judged and hashed, and the
/// record's output is the export's: ',' and nothing neutralized, whatever `separator` and
/// `neutralizeFormulas` say).
void writeDpReleaseIfAsked(const ReleaseOptions& release, const Workspace& workspace,
                           const SafePubResult& result, const DpReleaseInputs& inputs,
                           const std::string& publishedPath, char separator,
                           bool neutralizeFormulas, std::ostream& err);

/// The same for a transformation without a node (--transform mondrian|local|
/// microaggregation|cell-suppression; makeTransformRelease), written to a CSV file or to a
/// database table's URI (its canonical export is fetched, judged and hashed; `output` is then
/// the export's: ',' and nothing neutralized).
void writeTransformReleaseIfAsked(const ReleaseOptions& release, const Workspace& workspace,
                                  const Dataset& data, const SearchConfig& config,
                                  const TransformationSpec& spec, const std::string& publishedPath,
                                  const ReleaseOutput& output, std::ostream& err);

}  // namespace ldv::cli
