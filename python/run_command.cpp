#include "run_command.h"

#include <CLI/CLI.hpp>
#include <memory>
#include <new>
#include <stdexcept>

#include "cli/cli.h"
#include "cli/commands.h"
#include "ldiv/data/error.h"
#ifdef LDIV_HAVE_POSTGRES
#include "ldiv/postgres.h"
#endif

namespace ldv::python {
namespace {
CommandError failure(std::string kind, std::string message) {
    CommandError e;
    e.kind = std::move(kind);
    e.message = std::move(message);
    return e;
}
}  // namespace

int runCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err,
               CommandError& error) {
#ifdef LDIV_HAVE_POSTGRES
    static const bool registered = (pg::registerPostgres(), true);
    (void)registered;
#endif
    // cli::run's own sequence, except that the engine's exceptions are kept with their type
    // and place (file, line, column) instead of being printed: Python raises them.
    CLI::App app{"ldiv", "ldiv"};
    app.require_subcommand(1);
    std::vector<std::unique_ptr<cli::Command>> commands = cli::makeCommands();
    for (auto& command : commands) command->attach(app);
    std::vector<std::string> argvText{"ldiv"};
    argvText.insert(argvText.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (std::string& a : argvText) argv.push_back(a.data());
    try {
        app.parse(int(argv.size()), argv.data());
    } catch (const CLI::ParseError& e) {
        error = failure("parameter", e.what());
        return cli::kUsageError;
    }
    for (auto& command : commands) {
        if (!command->parsed()) continue;
        try {
            return command->execute(out, err);
        } catch (const InputError& e) {
            error = {"input", e.what(), e.file(), e.line(), e.column()};
            return cli::kInputError;
        } catch (const ParameterError& e) {
            error = failure("parameter", e.what());
            return cli::kUsageError;
        } catch (const Cancelled& e) {
            error = failure("cancelled", e.what());
            return cli::kInputError;
        } catch (const std::bad_alloc&) {
            error = failure(
                "memory",
                "out of memory: the input, its hierarchies or the lattice are too large for "
                "this machine");
            return cli::kInputError;
        } catch (const std::out_of_range& e) {
            error =
                failure("parameter", std::string("a number is out of range (") + e.what() + ")");
            return cli::kUsageError;
        } catch (const std::invalid_argument& e) {
            error = failure("parameter",
                            std::string("not a number where one was expected (") + e.what() + ")");
            return cli::kUsageError;
        } catch (const std::exception& e) {
            error = failure("other", e.what());
            return cli::kInputError;
        }
    }
    error = failure("parameter", "no subcommand");
    return cli::kUsageError;
}

}  // namespace ldv::python
