#pragma once
// `--release FILE` of the publishing commands: writes the release record
// (ldiv/release/release_record.h) of what was just published, for `ldiv verify`.
#include <iosfwd>
#include <string>

#include <CLI/CLI.hpp>

#include "ldiv/lattice/published_node.h"
#include "ldiv/project/workspace.h"
#include "ldiv/tau/tau_input.h"

namespace ldv::cli {

void addReleaseOption(CLI::App& command, std::string& path);
/// Writes the record to `releasePath` when it is not empty (the published table must already
/// be at `publishedPath`); says so on `out` unless `quiet`. `populationSize` (0: the
/// project's) is the --population-size the criteria were bound with, recorded for verify.
void writeReleaseIfAsked(const std::string& releasePath, const Workspace& workspace,
                         const SearchConfig& config, std::span<const int> levels,
                         const PublishedNode& node, const PublishOptions& publish,
                         const std::string& publishedPath, char separator, bool neutralizeFormulas,
                         std::ostream& err, double populationSize = 0);

/// The same for a SWEEP publication written to `publishedPath` (ParameterError when there
/// is none: a record certifies a file).
void writeSweepReleaseIfAsked(const std::string& releasePath, const Workspace& workspace,
                              const TauInput& input, double tau, double l,
                              const std::string& publishedPath, std::ostream& err);

}  // namespace ldv::cli
