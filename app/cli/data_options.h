#pragma once
// The common data options every subcommand reuses (a contract): DATA, --sep, --hierarchy
// COL=FILE, --qi, --sensitive, --identifying,
// --insensitive, --missing drop|keep, or --project FILE.
#include <memory>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "ldiv/project/workspace.h"

namespace ldv::cli {

struct DataOptions {
    std::string data;
    std::string separator;
    std::string sheet;  ///< --sheet: an .xlsx workbook's sheet
    std::vector<std::string> hierarchies;
    std::vector<std::string> qi;
    std::vector<std::string> sensitive;
    std::vector<std::string> identifying;
    /// --insensitive: published verbatim, declared so (AttributeConfig::declaredInsensitive).
    std::vector<std::string> insensitive;
    /// --survey-weight COL: the column of role "weight" (individual-risk, global-risk).
    std::string surveyWeight;
    std::string missing = "keep";
    std::vector<std::string> missingTokens;
    std::string project;
    bool json = false;
    /// Set by addStreamOption: the command runs on base groups, so a database table is grouped
    /// by the database and --stream is offered.
    bool groupsSuffice = false;
    bool stream = false;
    /// --confirm-server HOST[:PORT]: servers a project file names that may receive PGPASSWORD.
    std::vector<std::string> confirmServers;
    /// --explain-sql: print EXPLAIN (VERBOSE) of the statements sent to a database (stderr).
    bool explainSql = false;
    /// --research-subset (addResearchSubsetOption): delta-presence's published rows.
    std::string researchSubset;
    /// Threads a CSV is read on (CsvOptions::threads; 0 = every core): a command with
    /// --threads sets it, so the load honours the same count as the search.
    unsigned loadThreads = 0;
    /// Set by the commands that use only some columns (search, audit, risk, explain,
    /// frontier): the load reads the project's attributes (every role), the research subset's
    /// columns and `usedColumns`, and skips the rest (CsvOptions::columns). The environment
    /// variable LDIV_LOAD_ALL_COLUMNS=1 turns it off (to compare, in tests).
    bool projectColumns = false;
    /// Columns a command's own options name (risk's --weight and --household).
    std::vector<std::string> usedColumns;
};

/// Adds the options to a subcommand. `withRoles` = false for commands that only read data.
void addDataOptions(CLI::App& command, DataOptions& options, bool withRoles = true);
/// Turns the options into a project configuration (the --project file, with command-line
/// roles and hierarchies overriding it). Sets `baseDir` for relative paths.
ProjectConfig toProjectConfig(const DataOptions& options, std::string& baseDir);
/// For commands that judge delta-presence (search, audit): adds --research-subset COL=VALUE
/// or FILE.csv, which overrides the project's research_subset.
void addResearchSubsetOption(CLI::App& command, DataOptions& options);
/// For commands that need only base groups (search, audit): adds --stream.
void addStreamOption(CLI::App& command, DataOptions& options);
std::unique_ptr<Workspace> loadWorkspace(const DataOptions& options);
/// The columns a projected load keeps (DataOptions::projectColumns): the attributes `config`
/// names, with any role, the research subset's column (COL=VALUE) or its file's columns, and
/// `extra`. Empty (every column) when the subset file's header cannot be read: its own
/// reading will name the fault.
std::vector<std::string> usedColumns(const ProjectConfig& config, const std::string& baseDir,
                                     const std::vector<std::string>& extra);
/// Adds --population-size N, the number of people the data is a sample of, with what needs it
/// (e.g. "journalist risk"); one wording in every command that takes it. `N` is a double or an
/// std::optional<double>.
template <class N>
CLI::Option* addPopulationSizeOption(CLI::App& command, N& size, const std::string& neededBy) {
    return command.add_option(
        "--population-size", size,
        "N, the number of people the data is a sample of (needed by " + neededBy + ")");
}
/// Parses the separator option: one character, or "tab", "comma", "semicolon", "pipe".
char parseSeparator(const std::string& text);

}  // namespace ldv::cli
