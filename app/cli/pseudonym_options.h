#pragma once
// The pseudonymization options of the publishing commands (generalize, sweep):
// --pseudonymize COL[=hmac|random|mask:N], --secret-file FILE, --pseudonym-map FILE,
// --pseudonym-key-per-release
// (docs/risk.md). Without --pseudonymize the project's "pseudonymize" roles apply.
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "ldiv/crypto/pseudonyms.h"
#include "ldiv/project/workspace.h"

namespace ldv::cli {

struct PseudonymOptions {
    std::vector<std::string> columns;
    std::string secretFile;
    std::string map;
    /// --pseudonym-key-per-release: hmac with a fresh random key used once and never written,
    /// so that two releases cannot be joined on their pseudonyms (docs/releases.md).
    bool keyPerRelease = false;
};

void addPseudonymOptions(CLI::App& command, PseudonymOptions& options);

/// The pseudonymized identifying columns of the workspace. Throws ParameterError for random
/// without --pseudonym-map (or a map without random, or a map that is a database URI), hmac
/// without --secret-file, and a column that is not identifying; InputError for an unreadable
/// or empty secret file. The caller checks the map against its other outputs.
Pseudonyms preparePseudonyms(const PseudonymOptions& options, const Workspace& ws);
/// Names of the pseudonymized columns (for the JSON output).
std::vector<std::string> pseudonymizedNames(const PseudonymOptions& options,
                                            const ProjectConfig& project);

}  // namespace ldv::cli
