#include "cli/cli.h"

#include <CLI/CLI.hpp>
#include <new>
#include <nlohmann/json.hpp>
#include <ostream>
#include <stdexcept>
#include <string_view>

#include "cli/commands.h"
#include "cli/completion.h"
#include "ldiv/data/error.h"
#ifdef LDIV_HAVE_POSTGRES
#include "ldiv/postgres.h"
#endif

namespace ldv::cli {

std::string versionJson() {
#ifdef LDIV_HAVE_POSTGRES
    constexpr bool postgres = true;
#else
    constexpr bool postgres = false;
#endif
    // What a script may need to know before calling: the build options that vary (PostgreSQL)
    // and the capabilities whose libraries are required at build time (OpenSSL's Ed25519,
    // ICU's normalisation, LIBLINEAR), listed so a script need not parse `--help`.
    const nlohmann::json features = {{"postgres", postgres},
                                     {"release_signing", true},
                                     {"unicode_normalization", true},
                                     {"utility_classifiers", true}};
    return nlohmann::json{{"version", LDIV_VERSION}, {"features", features}}.dump();
}

int run(int argc, char** argv, std::ostream& out, std::ostream& err) {
#ifdef LDIV_HAVE_POSTGRES
    pg::registerPostgres();  // postgresql:// as DATA and as --output
#endif
    CLI::App app{"ldiv: publish microdata with k-anonymity, l-diversity and (tau,l)-diversity",
                 "ldiv"};
    app.set_version_flag("--version", std::string("ldiv ") + LDIV_VERSION,
                         "Display program version information and exit (with --json: one JSON "
                         "object, version and features)");
    // `--version --json` (either order, nothing else): CLI11's version flag takes no option.
    if (argc == 3) {
        const std::string_view a = argv[1], b = argv[2];
        if ((a == "--version" && b == "--json") || (a == "--json" && b == "--version")) {
            out << versionJson() << "\n";
            return kSuccess;
        }
    }
    app.require_subcommand(1);
    std::vector<std::unique_ptr<Command>> commands = makeCommands();
    for (auto& command : commands) command->attach(app);
    // `ldiv completions bash`: hidden from --help (a packaging aid, not a command a user runs);
    // the .deb installs its output as /usr/share/bash-completion/completions/ldiv.
    if (argc == 3 && std::string_view(argv[1]) == "completions") {
        if (std::string_view(argv[2]) != "bash") {
            err << "ldiv: completions: only 'bash' is supported, not '" << argv[2] << "'\n";
            return kUsageError;
        }
        out << bashCompletion(app);
        return kSuccess;
    }
#ifdef LDIV_HAVE_POSTGRES
    // A postgresql:// URI typed on the command line (DATA, --output, --mapping) names a server
    // the user chose: PGPASSWORD may go there. One that a project file names may not, unless
    // --confirm-server names it (docs/database.md, "Passwords").
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        for (const char* scheme : {"postgresql://", "postgres://"}) {
            const auto at = arg.find(scheme);
            if (at != 0 && (at == std::string::npos || arg[at - 1] != '=')) continue;
            try {
                pg::confirmServer(arg.substr(at));
            } catch (const std::exception&) {
                // Malformed: the command that reads it reports it.
            }
            break;
        }
    }
#endif
    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        out << app.help();
        return kSuccess;
    } catch (const CLI::CallForAllHelp& e) {
        out << app.help("", CLI::AppFormatMode::All);
        return kSuccess;
    } catch (const CLI::CallForVersion& e) {
        out << e.what() << "\n";
        return kSuccess;
    } catch (const CLI::ParseError& e) {
        err << "ldiv: " << e.what() << "\n";
        if (app.get_subcommands().empty()) err << "Run 'ldiv --help' for the subcommands.\n";
        return kUsageError;
    }
    for (auto& command : commands) {
        if (!command->parsed()) continue;
        try {
            return command->execute(out, err);
        } catch (const InputError& e) {
            err << "ldiv: error: " << e.what() << "\n";
            return kInputError;
        } catch (const ParameterError& e) {
            err << "ldiv: error: " << e.what() << "\n";
            return kUsageError;
        } catch (const std::bad_alloc&) {
            err << "ldiv: error: out of memory: the input, its hierarchies or the lattice are too "
                   "large for this "
                   "machine\n";
            return kInputError;
        } catch (const std::out_of_range& e) {
            // std::stod and friends name only themselves ("stod").
            err << "ldiv: error: a number is out of range (" << e.what() << ")\n";
            return kUsageError;
        } catch (const std::invalid_argument& e) {
            err << "ldiv: error: not a number where one was expected (" << e.what() << ")\n";
            return kUsageError;
        } catch (const std::exception& e) {
            err << "ldiv: error: " << e.what() << "\n";
            return kInputError;
        }
    }
    return kUsageError;
}

}  // namespace ldv::cli
