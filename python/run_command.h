#pragma once
// Runs one `ldiv` subcommand in this process: the same parsing and the same command classes
// as the executable (app/cli), so a result's fields are the CLI's JSON by construction.
#include <cstddef>
#include <ostream>
#include <string>
#include <vector>

namespace ldv::python {

/// What went wrong, by the engine's error type (cli.cpp maps the same types to exit codes).
struct CommandError {
    std::string kind;  ///< "" (none), "input", "parameter", "cancelled", "memory", "other"
    std::string message;
    std::string file;
    std::size_t line = 0;
    std::size_t column = 0;
};

/// `args` without the program name ("search", "--project", …). Returns the exit code; an
/// exception from the command is caught into `error` (exit code as the CLI would give).
int runCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err,
               CommandError& error);

}  // namespace ldv::python
