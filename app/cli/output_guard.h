#pragma once
// What every command that writes files checks first: an output never replaces one of the
// run's inputs (the data CSV, the project, a hierarchy or taxonomy file) nor another output
// of the same run, and the output separator writes CSV that can be read back. Formula
// neutralisation is on unless --no-neutralize-formulas turns it off.
#include <string>
#include <utility>
#include <vector>

#include <CLI/CLI.hpp>

#include "cli/data_options.h"

namespace ldv::cli {

/// (option name, path) of each output a run is about to write; empty paths are skipped.
using NamedOutputs = std::vector<std::pair<std::string, std::string>>;

/// Throws ParameterError when an output is the same file as an input of `options` (compared
/// with std::filesystem::equivalent, so links and different spellings are caught) or the same
/// path as another output. `otherInputs` = (what, path) of inputs beyond the data options.
void refuseOverwritingInputs(const NamedOutputs& outputs, const DataOptions& options,
                             const Workspace& ws, const NamedOutputs& otherInputs = {});
/// --output-sep: parseSeparator, refusing '"', CR, LF and NUL (the file could not be read back).
char parseOutputSeparator(const std::string& text, char fallback);

struct NeutralizeOptions {
    bool on = false;   ///< --neutralize-formulas (the default; kept for scripts that pass it)
    bool off = false;  ///< --no-neutralize-formulas
    bool enabled() const { return !off; }
};
void addNeutralizeOptions(CLI::App& command, NeutralizeOptions& options);

}  // namespace ldv::cli
