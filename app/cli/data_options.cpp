#include "cli/data_options.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <iostream>

#include "ldiv/criteria/presence_dataset.h"
#include "ldiv/data/error.h"
#include "ldiv/io/csv_group_reader.h"
#include "ldiv/io/table_source.h"
#ifdef LDIV_HAVE_POSTGRES
#include "ldiv/postgres.h"
#endif

namespace ldv::cli {

void addDataOptions(CLI::App& cmd, DataOptions& o, bool withRoles) {
    cmd.add_option(
        "DATA", o.data,
        "CSV file with a header row, an Excel workbook (.xlsx), a Stata (.dta), SPSS "
        "(.sav) or SAS (.sas7bdat) file, or postgresql://USER@HOST:PORT/DB?table=NAME (or "
        "?query=SELECT …)");
    cmd.add_option(
        "--sep", o.separator,
        "Field separator: a character, tab, comma, semicolon or pipe (default: detected)");
    cmd.add_flag("--explain-sql", o.explainSql,
                 "For a postgresql:// table: print EXPLAIN (VERBOSE) of the statements ldiv "
                 "runs, on stderr (the plans show whether the shards of a cluster aggregate)");
    cmd.add_option("--sheet", o.sheet, "Sheet of an .xlsx workbook to read (default: the first)");
    cmd.add_option("--missing", o.missing,
                   "Rows with missing values: keep them (as a value) or drop them")
        ->check(CLI::IsMember({"keep", "drop"}));
    cmd.add_option("--missing-token", o.missingTokens,
                   "Token that marks a missing value (repeatable; default '?' and empty)");
    cmd.add_option("--project", o.project,
                   "ldiv project file (.ldiv.json) instead of DATA and role options");
    cmd.add_flag("--json", o.json, "Print one JSON object on stdout");
    cmd.add_option("--confirm-server", o.confirmServers,
                   "HOST[:PORT] of a database server named by the project file that may receive "
                   "PGPASSWORD (a URI typed on the command line is confirmed by being typed; "
                   "repeatable)");
    if (!withRoles) return;
    cmd.add_option("--hierarchy", o.hierarchies,
                   "COL=FILE or COL=BUILDER: hierarchy CSV, or intervals:5,10,20[;bottom=B;top=T], "
                   "mask[:STEPS], suppress, dates, ordered:SIZES, taxonomy:FILE, identity (never "
                   "generalized) (repeatable)");
    cmd.add_option("--qi", o.qi,
                   "Quasi-identifiers COL,COL,... (their order is the order of level vectors)")
        ->delimiter(',');
    cmd.add_option("--sensitive", o.sensitive, "Sensitive attribute(s) COL[,COL]")->delimiter(',');
    cmd.add_option("--identifying", o.identifying, "Identifying attributes, never exported")
        ->delimiter(',');
    cmd.add_option("--insensitive", o.insensitive,
                   "Insensitive attributes COL[,COL], published as they are (a column without a "
                   "role is refused by generalize)")
        ->delimiter(',');
    cmd.add_option("--survey-weight", o.surveyWeight,
                   "Survey weight column (role \"weight\"): each record's number of population "
                   "units, read by individual-risk=R and global-risk=R; published as it is");
}

namespace {
bool isBuilderSpec(const std::string& v) {
    for (const char* kind : {"intervals:", "mask", "suppress", "dates", "ordered:", "taxonomy:"})
        if (v.rfind(kind, 0) == 0) return true;
    return v == "identity";
}
// A taxonomy file named on the command line is relative to the working folder.
std::string absolutizeBuilder(const std::string& v) {
    if (v.rfind("taxonomy:", 0) != 0) return v;
    return "taxonomy:" + std::filesystem::absolute(v.substr(9)).string();
}
}  // namespace

char parseSeparator(const std::string& text) {
    if (text.empty() || text == "auto") return 0;
    if (text == "tab" || text == "\\t") return '\t';
    if (text == "comma") return ',';
    if (text == "semicolon") return ';';
    if (text == "pipe") return '|';
    if (text == "\"" || text == "\n" || text == "\r")
        throw ParameterError(
            "invalid --sep: a quote or a line break cannot separate fields; use one character "
            "such as , ; | or tab");
    if (text.size() == 1) return text[0];
    throw ParameterError("invalid --sep '" + text +
                         "': use one character, tab, comma, semicolon or pipe");
}

ProjectConfig toProjectConfig(const DataOptions& o, std::string& baseDir) {
    ProjectConfig c;
    baseDir.clear();
    if (!o.project.empty()) {
        c = loadProject(o.project);
        baseDir = std::filesystem::path(o.project).parent_path().string();
        if (baseDir.empty()) baseDir = ".";
    }
    if (!o.data.empty()) {
        // A DATA argument overrides the project's table; it is relative to the working folder.
        c.dataPath = isSourceUri(o.data) ? o.data : std::filesystem::absolute(o.data).string();
    }
    if (c.dataPath.empty())
        throw ParameterError("no data: give a CSV file (DATA) or --project FILE");
#ifdef LDIV_HAVE_POSTGRES
    for (const std::string& server : o.confirmServers) pg::confirmServer(server);
#else
    if (!o.confirmServers.empty())
        throw ParameterError("--confirm-server: this ldiv was built without PostgreSQL support");
#endif
    if (!o.separator.empty()) c.csv.separator = parseSeparator(o.separator);
    if (!o.sheet.empty()) c.csv.sheet = o.sheet;
    if (o.missing == "drop") c.csv.missing = MissingPolicy::Drop;
    if (!o.missingTokens.empty()) c.csv.missingTokens = o.missingTokens;
    c.csv.threads = o.loadThreads;
    auto setRole = [&](const std::vector<std::string>& names, Role role) {
        for (const std::string& n : names) {
            AttributeConfig& a = c.ensureAttribute(n);
            a.role = role;
            a.declaredInsensitive = role == Role::Insensitive;
        }
    };
    if (!o.qi.empty()) {
        for (auto& a : c.attributes)
            if (a.role == Role::QuasiIdentifying) a.role = Role::Insensitive;
        c.qiOrder = o.qi;
        setRole(o.qi, Role::QuasiIdentifying);
    }
    if (!o.sensitive.empty()) {
        for (auto& a : c.attributes)
            if (a.role == Role::Sensitive) a.role = Role::Insensitive;
        setRole(o.sensitive, Role::Sensitive);
    }
    setRole(o.identifying, Role::Identifying);
    setRole(o.insensitive, Role::Insensitive);
    if (!o.surveyWeight.empty()) {
        // At most one column holds the role (as in a project file): this one replaces it.
        for (auto& a : c.attributes)
            if (a.surveyRole == SurveyRole::Weight) a.surveyRole = SurveyRole::None;
        AttributeConfig& a = c.ensureAttribute(o.surveyWeight);
        if (a.role == Role::QuasiIdentifying || a.role == Role::Sensitive ||
            a.role == Role::Identifying)
            throw ParameterError("--survey-weight " + o.surveyWeight +
                                 ": the weight column cannot also be quasi-identifying, "
                                 "sensitive or identifying");
        a.role = Role::Insensitive;
        a.declaredInsensitive = true;  // a role was given: published as it is
        a.surveyRole = SurveyRole::Weight;
    }
    for (const std::string& spec : o.hierarchies) {
        const auto eq = spec.find('=');
        if (eq == std::string::npos || eq == 0 || eq + 1 == spec.size())
            throw ParameterError("invalid --hierarchy '" + spec + "': expected COL=FILE");
        AttributeConfig& a = c.ensureAttribute(spec.substr(0, eq));
        a.hierarchy.reset();
        a.hierarchyFile.clear();
        a.hierarchyBuilder.clear();
        const std::string value = spec.substr(eq + 1);
        if (isBuilderSpec(value))
            a.hierarchyBuilder = absolutizeBuilder(value);
        else
            a.hierarchyFile = std::filesystem::absolute(value).string();
    }
    if (!o.researchSubset.empty()) {
        // A file named on the command line is relative to the working folder; COL=VALUE is
        // kept as written (research_subset.h tells the two apart the same way).
        const std::string& v = o.researchSubset;
        const bool file = std::filesystem::is_regular_file(v) || v.find('=') == std::string::npos ||
                          (v.size() >= 4 && (v.ends_with(".csv") || v.ends_with(".CSV")));
        c.researchSubset = file ? std::filesystem::absolute(v).string() : v;
    }
    // One role per column: --insensitive with another role would publish what the other hides.
    for (const std::string& n : o.insensitive)
        for (const auto* other : {&o.qi, &o.sensitive, &o.identifying})
            if (std::find(other->begin(), other->end(), n) != other->end())
                throw ParameterError("attribute '" + n +
                                     "' cannot be --insensitive and have another role");
    for (const std::string& q : o.qi)
        for (const std::string& s : o.sensitive)
            if (q == s)
                throw ParameterError("attribute '" + q + "' cannot be both --qi and --sensitive");
    return c;
}

void addResearchSubsetOption(CLI::App& cmd, DataOptions& o) {
    cmd.add_option("--research-subset", o.researchSubset,
                   "delta-presence: the rows that are published, COL=VALUE or a CSV file of rows "
                   "of the table (the loaded table is the population)");
}

void addStreamOption(CLI::App& cmd, DataOptions& o) {
    o.groupsSuffice = true;
    cmd.add_flag("--stream", o.stream,
                 "Stream the CSV into groups of distinct QI and sensitive values: memory bounded "
                 "by the groups, "
                 "not the rows (database tables are always grouped in the database)");
}

std::vector<std::string> usedColumns(const ProjectConfig& c, const std::string& baseDir,
                                     const std::vector<std::string>& extra) {
    std::vector<std::string> names;
    auto add = [&](const std::string& n) {
        if (!n.empty() && std::find(names.begin(), names.end(), n) == names.end())
            names.push_back(n);
    };
    // Every attribute with an entry, whatever its role: binding the workspace looks each one
    // up (an identifying or insensitive column missing from the file is an error today).
    for (const AttributeConfig& a : c.attributes) add(a.name);
    for (const std::string& n : c.qiOrder) add(n);
    for (const std::string& n : extra) add(n);
    if (!c.researchSubset.empty()) {
        if (researchSubsetIsFile(c.researchSubset, baseDir)) {
            std::filesystem::path path(c.researchSubset);
            if (path.is_relative())
                path = std::filesystem::path(baseDir.empty() ? "." : baseDir) / path;
            CsvOptions csv = c.csv;
            csv.separator = 0;  // as researchSubsetRows reads it
            try {
                for (const std::string& n : readCsvHeader(path.string(), csv)) add(n);
            } catch (const std::exception&) {
                return {};
            }
        } else {
            add(c.researchSubset.substr(0, c.researchSubset.find('=')));
        }
    }
    return names;
}

std::unique_ptr<Workspace> loadWorkspace(const DataOptions& o) {
    std::string baseDir;
    ProjectConfig c = toProjectConfig(o, baseDir);
    // Only the columns the command uses are parsed into the table (issue 38): the others are
    // split for their record boundaries and missing tokens, never interned or typed.
    const char* all = std::getenv("LDIV_LOAD_ALL_COLUMNS");
    if (o.projectColumns && !(all && std::string_view(all) == "1"))
        c.csv.columns = usedColumns(c, baseDir, o.usedColumns);
    // A command that runs on groups lets the database (or the stream) collapse the rows; the
    // others fetch the rows (a database table in batches).
    // A CSV above 2 GiB is streamed by these commands without being asked: held as rows, it
    // would need several times its size in memory.
    constexpr std::uintmax_t kAutoStreamBytes = std::uintmax_t(2) << 30;
    std::error_code ec;
    const std::filesystem::path file =
        std::filesystem::path(baseDir.empty() ? "." : baseDir) / c.dataPath;
    const bool large =
        !isSourceUri(c.dataPath) && std::filesystem::file_size(file, ec) > kAutoStreamBytes && !ec;
    // A source in this process's memory (a DataFrame) is read as rows, as a CSV file is: its
    // rows are at hand, and grouping them while reading cost more than reading them (Adult:
    // 19 ms against 13 ms).
    const bool remote = isSourceUri(c.dataPath) && !isInMemorySource(c.dataPath);
    const bool groups = o.groupsSuffice && (o.stream || large || remote);
    const std::string uri = c.dataPath;
    auto ws = std::make_unique<Workspace>(std::move(c), baseDir, nullptr,
                                          groups ? DataLoad::Groups : DataLoad::Rows);
    // On the process's stderr (every command loads through here; no command's output changes).
    for (const std::string& w : ws->warnings()) std::cerr << "warning: " << w << "\n";
    if (o.explainSql) {
#ifdef LDIV_HAVE_POSTGRES
        // After the load, on a connection of its own: the plans of what was run, not a
        // second run (EXPLAIN without ANALYZE executes nothing).
        if (remote && !ws->sourceReport().statements.empty())
            std::cerr << pg::explainStatements(uri, ws->sourceReport().statements);
#else
        throw ParameterError("--explain-sql: this ldiv was built without PostgreSQL support");
#endif
    }
    return ws;
}

}  // namespace ldv::cli
