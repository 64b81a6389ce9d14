#pragma once
#include <CLI/CLI.hpp>
#include <string>

namespace ldv::cli {

/// The bash completion script of `app` (`ldiv completions bash`): its subcommands, each one's
/// options, and the values of the options whose check is a fixed set (CLI::IsMember). Generated
/// from the attached commands so that a new option cannot be missing from the completions.
std::string bashCompletion(CLI::App& app);

}  // namespace ldv::cli
