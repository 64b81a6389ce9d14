#pragma once
// One class per subcommand; each attaches its options to the CLI11 app and runs when parsed.
#include <iosfwd>
#include <memory>
#include <vector>

#include <CLI/CLI.hpp>

namespace ldv::cli {

class Command {
public:
    virtual ~Command() = default;
    /// Adds the subcommand and its options to the app.
    virtual void attach(CLI::App& app) = 0;
    /// Runs after a successful parse; returns the exit code.
    virtual int execute(std::ostream& out, std::ostream& err) = 0;
    bool parsed() const { return m_command && m_command->parsed(); }

protected:
    CLI::App* m_command = nullptr;
};

/// Every subcommand of `ldiv`, in the order `--help` lists them.
std::vector<std::unique_ptr<Command>> makeCommands();

}  // namespace ldv::cli
