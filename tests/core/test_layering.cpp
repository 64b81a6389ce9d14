// House rule (docs/architecture.md): the layers only include downward. Like test_headless_core
// it reads the sources of core/, ui/, app/ and sources/, so it guards every build
// configuration. One row per rule; a failing row lists every offending include (or forward
// declaration of a class defined in a forbidden layer) with its file, line and the rule it
// breaks.
//
// To guard a new folder, add its path to a rule's `from` (a folder ends in '/'; anything else
// is a file-name prefix). Every path must exist: a rule whose folder was renamed would
// otherwise guard nothing without a word (rulePathsExist).
#include <QtTest>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

struct Rule {
    std::string name;
    std::vector<std::string> from;  ///< paths from the source root: folders or file prefixes
    std::string forbidden;          ///< regex on the included path
    std::string why;
};

struct Edge {
    std::string file;
    int line = 0;
    std::string target;
    /// The class a forward declaration names (empty for an include).
    std::string forward;
};

// The search algorithms, before and after core/include/ldiv was grouped by domain. SearchConfig
// and BoundCriterion sit below them (ldiv/evaluation/search_config.h, later ldiv/evaluation/).
const std::string kSearch = "^ldiv/(search|heuristic_search|frontier)\\.h$|^(ldiv/)?search/";
const std::string kProject = "^ldiv/project\\.h$|^(ldiv/)?project/";

// The workbench's perspectives: none includes another's files (the lattice's explain and
// frontier panels live in ui/lattice). Shared pieces live in ui/charts, ui/format, ui/widgets,
// ui/project and ui/session; the main window (ui/workbench) assembles the perspectives and may
// include them all.
const std::vector<std::string> kPerspectives = {
    "analysis", "data", "database", "export", "hierarchy", "lattice", "privacy", "risk", "utility"};
const std::vector<std::string> kShared = {"charts", "format", "widgets", "project", "session"};

std::vector<Rule> rules() {
    std::vector<Rule> out = {
        {"lattice below search",
         {"core/src/lattice/", "core/include/ldiv/lattice/"},
         kSearch,
         "grouping sits below the search"},
        {"publish below search",
         {"core/src/publish/", "core/include/ldiv/publish/"},
         kSearch,
         "publishing and explaining a node sit below the search"},
        {"evaluation below search",
         {"core/src/evaluation/", "core/include/ldiv/evaluation/"},
         kSearch,
         "node evaluation sits below the search"},
        {"criteria below search",
         {"core/src/criteria/", "core/include/ldiv/criteria/"},
         kSearch,
         "the criteria sit below the search"},
        {"tau without project",
         {"core/src/tau/", "core/include/ldiv/tau/"},
         kProject,
         "the (tau, l) algorithms do not know the project; the project knows them"},
        {"headless core",
         {"core/"},
         "^(ui|app|sources|cli|workbench)/|^Q",
         "core includes no front end and no Qt"},
        {"ui without cli",
         {"ui/"},
         "^cli/",
         "the workbench library does not use the CLI (app/cli)"},
        {"cli without ui",
         {"app/cli/"},
         "^(workbench|session|project|lattice|privacy|export)/|^Q",
         "the command line does not use the workbench library or Qt"},
        {"sources below the front ends",
         {"sources/"},
         "^(ui|app|cli|workbench|session)/",
         "a data source module serves both front ends and includes neither"},
    };
    for (const std::string& p : kPerspectives) {
        std::string others;
        for (const std::string& o : kPerspectives)
            if (o != p) others += (others.empty() ? "" : "|") + o;
        out.push_back({"perspective " + p,
                       {"ui/" + p + "/"},
                       "^(" + others + ")/",
                       "a perspective does not use another perspective's files; move the shared "
                       "piece to ui/format, ui/widgets or ui/charts"});
    }
    std::string perspectives;
    for (const std::string& p : kPerspectives)
        perspectives += (perspectives.empty() ? "" : "|") + p;
    for (const std::string& s : kShared)
        out.push_back({"shared " + s,
                       {"ui/" + s + "/"},
                       "^(" + perspectives + "|app|workbench)/",
                       "shared workbench modules sit below the perspectives"});
    return out;
}

std::vector<std::string> sources(const std::string& top) {
    std::vector<std::string> out;
    const fs::path root(LDIV_SOURCE_DIR);
    for (const auto& e : fs::recursive_directory_iterator(root / top)) {
        const auto ext = e.path().extension();
        if (e.is_regular_file() && (ext == ".h" || ext == ".cpp"))
            out.push_back(fs::relative(e.path(), root).generic_string());
    }
    return out;
}

const std::vector<std::string> kTops = {"core", "ui", "app", "sources"};

// The path other files include a file by: ldiv/... for the public headers, else relative to
// its module's source folder (core/src, ui, app, a source's src).
std::string includePath(const std::string& file) {
    for (const std::string prefix : {"core/include/", "core/src/", "ui/", "app/",
                                     "sources/postgres/include/", "sources/postgres/src/"})
        if (file.rfind(prefix, 0) == 0) return file.substr(prefix.size());
    return file;
}

// Where each class or struct is defined at namespace level (column 0, the house style), by
// include path; a name defined in more than one header is ambiguous and left out.
std::map<std::string, std::string> definitions() {
    const std::regex definition("^(class|struct) (\\w+)( final)?( :[^;{]*)? \\{");
    std::map<std::string, std::string> out;
    std::set<std::string> ambiguous;
    for (const std::string& top : kTops)
        for (const std::string& file : sources(top)) {
            if (fs::path(file).extension() != ".h") continue;
            std::ifstream in(fs::path(LDIV_SOURCE_DIR) / file);
            for (std::string line; std::getline(in, line);) {
                std::smatch m;
                if (!std::regex_search(line, m, definition)) continue;
                const auto [it, added] = out.emplace(m[2], includePath(file));
                if (!added && it->second != includePath(file)) ambiguous.insert(m[2]);
            }
        }
    for (const std::string& name : ambiguous) out.erase(name);
    return out;
}

// Every include directive of core/, ui/, app/ and sources/, and every forward declaration of a
// class defined in another header (as an edge to that header: it depends on it as surely).
const std::vector<Edge>& edges() {
    static const std::vector<Edge> all = [] {
        // Built from pieces, and no raw string literals in this file: moc 6.4 then finds no class.
        const std::string hash = "#";
        const std::regex include(hash + "\\s*include\\s*[<\"]([^>\"]+)[>\"]");
        const std::regex forward("^(class|struct) (\\w+);");
        const std::map<std::string, std::string> defined = definitions();
        std::vector<Edge> out;
        for (const std::string& top : kTops)
            for (const std::string& file : sources(top)) {
                std::ifstream in(fs::path(LDIV_SOURCE_DIR) / file);
                std::string line;
                for (int n = 1; std::getline(in, line); ++n) {
                    std::smatch m;
                    if (std::regex_search(line, m, include)) {
                        out.push_back({file, n, m[1], {}});
                    } else if (std::regex_search(line, m, forward)) {
                        const auto it = defined.find(m[2]);
                        if (it != defined.end() && it->second != includePath(file))
                            out.push_back({file, n, it->second, m[2]});
                    }
                }
            }
        return out;
    }();
    return all;
}

// The core's domains (core/include/ldiv/<domain>, core/src/<domain>), lowest first: a domain
// includes (or forward-declares) only from domains before it (docs/architecture.md, "Layers").
// One order with no exception: an edge up the list is a cycle waiting to happen, so the
// declaration it needs moves down (or the code that needs it moves up).
const std::vector<std::string> kDomainOrder = {
    "data",  "diagnosis", "io",         "crypto",    "hierarchy", "lattice", "risk", "criteria",
    "synth", "metrics",   "evaluation", "publish",   "attacks",   "search",  "dp",   "experiments",
    "tau",   "project",   "utility",    "transform", "release",   "workflow"};

// The core domain of a file (empty outside core's domain folders).
std::string domainOfFile(const std::string& file) {
    for (const std::string prefix : {"core/include/ldiv/", "core/src/"})
        if (file.rfind(prefix, 0) == 0) {
            const std::string rest = file.substr(prefix.size());
            const auto slash = rest.find('/');
            return slash == std::string::npos ? std::string() : rest.substr(0, slash);
        }
    return {};
}

// The core domain an include path or definition path names (empty for others).
std::string domainOfTarget(const std::string& target) {
    std::string rest = target.rfind("ldiv/", 0) == 0 ? target.substr(5) : target;
    const auto slash = rest.find('/');
    if (slash == std::string::npos) return {};
    rest = rest.substr(0, slash);
    return std::find(kDomainOrder.begin(), kDomainOrder.end(), rest) != kDomainOrder.end()
               ? rest
               : std::string();
}

// A call (not a mention in a comment) of the functions the workflow layer wraps: the
// requirement's pieces (requirement.h) and the heuristic, which runSearch dispatches to
// (search_run.h).
const std::regex& workflowBypass() {
    static const std::regex call(
        "^[^/]*(^|[^\\w])(criteriaDataset|bindCriteria|makeSearchConfig|judgeNode|"
        "heuristicSearch)\\s*\\(");
    return call;
}

bool under(const std::string& file, const std::vector<std::string>& from) {
    for (const std::string& f : from)
        if (file.rfind(f, 0) == 0) return true;
    return false;
}

}  // namespace

class TestLayering : public QObject {
    Q_OBJECT
private slots:
    // Every path a rule names exists (a folder, or a file-name prefix some file has).
    void rulePathsExist() {
        std::vector<std::string> all;
        for (const std::string& top : kTops)
            for (const std::string& file : sources(top)) all.push_back(file);
        std::string missing;
        for (const Rule& r : rules())
            for (const std::string& from : r.from) {
                bool found = false;
                for (const std::string& file : all) found = found || file.rfind(from, 0) == 0;
                if (!found) missing += "\n  " + r.name + ": " + from;
            }
        QVERIFY2(missing.empty(), ("rule paths that match no file:" + missing).c_str());
    }

    // Forward declarations count as edges to the header defining the class.
    void forwardDeclarationsAreSeen() {
        std::size_t forwards = 0;
        bool nodeSource = false;
        for (const Edge& e : edges()) {
            forwards += !e.forward.empty();
            nodeSource = nodeSource ||
                         (e.file == "ui/lattice/nodesource.h" && e.forward == "SearchOutcome" &&
                          e.target == "session/searchsession.h");
        }
        QVERIFY2(forwards > 50, std::to_string(forwards).c_str());
        QVERIFY(nodeSource);
    }

    void sourcesAreRead() {
        // The scan sees the tree: a wrong LDIV_SOURCE_DIR would let every rule pass.
        std::size_t files = 0;
        std::string last;
        for (const Edge& e : edges())
            if (e.file != last) ++files, last = e.file;
        QVERIFY2(files > 250, std::to_string(files).c_str());
        QVERIFY2(edges().size() > 1500, std::to_string(edges().size()).c_str());
    }

    // Internals live in core/src: a public header may name a detail type only to hold it
    // opaquely (a forward declaration), never declare detail functions or define detail types.
    void publicHeadersHoldNoDetail() {
        const std::regex block("namespace detail \\{([^}]*)\\}");
        const std::regex forward("^\\s*(class|struct) \\w+;\\s*$");
        std::string violations;
        for (const std::string& file : sources("core/include")) {
            std::ifstream in(fs::path(LDIV_SOURCE_DIR) / file);
            const std::string text((std::istreambuf_iterator<char>(in)),
                                   std::istreambuf_iterator<char>());
            for (std::sregex_iterator m(text.begin(), text.end(), block), end; m != end; ++m) {
                std::istringstream lines((*m)[1].str());
                for (std::string line; std::getline(lines, line);)
                    if (line.find_first_not_of(" ") != std::string::npos &&
                        !std::regex_match(line, forward))
                        violations += "\n  " + file + ": " + line;
            }
        }
        QVERIFY2(violations.empty(),
                 ("detail declarations in a public header:" + violations).c_str());
    }

    // One workflow layer under both front ends (issue 37): the judged dataset, the bound
    // configuration and a node's verdict come from ldiv/workflow (prepareRequirement,
    // judgeRequirement, bindRequirementCriteria), so no front end can judge on the wrong
    // dataset (δ-presence's research subset) or skip validate().
    void frontEndsUseTheWorkflow() {
        std::string violations;
        std::size_t files = 0;
        for (const std::string top : {"app", "ui", "sources"})
            for (const std::string& file : sources(top)) {
                ++files;
                std::ifstream in(fs::path(LDIV_SOURCE_DIR) / file);
                std::string line;
                for (int n = 1; std::getline(in, line); ++n)
                    if (std::regex_search(line, workflowBypass()))
                        violations += "\n  " + file + ":" + std::to_string(n) + ": " + line;
            }
        QVERIFY2(files > 200, std::to_string(files).c_str());
        QVERIFY2(violations.empty(),
                 ("front-end code calls what ldiv/workflow/requirement.h or search_run.h wraps:" +
                  violations)
                     .c_str());
    }

    void workflowRuleBites_data() {
        QTest::addColumn<QString>("line");
        QTest::addColumn<bool>("caught");
        QTest::newRow("criteriaDataset")
            << "const Dataset& d = criteriaDataset(ws, specs);" << true;
        QTest::newRow("makeSearchConfig")
            << "auto c = makeSearchConfig(ws, settings, {}, &d);" << true;
        QTest::newRow("bindCriteria") << "bindCriteria (data, specs, inputs);" << true;
        QTest::newRow("judgeNode") << "const NodeJudgement n = judgeNode(d, c, levels);" << true;
        QTest::newRow("ldv::judgeNode") << "ldv::judgeNode(d, c, levels);" << true;
        QTest::newRow("heuristicSearch")
            << "HeuristicResult h = heuristicSearch(judged, config, options);" << true;
        QTest::newRow("workflow") << "judgeRequirement(*o.data, o.config, levels);" << false;
        QTest::newRow("runSearch") << "SearchRun done = runSearch(requirement, run);" << false;
        QTest::newRow("comment") << "// as judgeNode does (published_node.h)" << false;
        QTest::newRow("longer name") << "myjudgeNode(x);" << false;
    }

    void workflowRuleBites() {
        QFETCH(QString, line);
        QFETCH(bool, caught);
        QCOMPARE(std::regex_search(line.toStdString(), workflowBypass()), caught);
    }

    // Every core domain has its place in kDomainOrder, and edges between domains go down.
    void domainsHaveOneOrder() {
        const auto rank = [](const std::string& d) {
            return std::find(kDomainOrder.begin(), kDomainOrder.end(), d) - kDomainOrder.begin();
        };
        std::string unplaced;
        for (const std::string top : {"core/include/ldiv", "core/src"})
            for (const auto& e : fs::directory_iterator(fs::path(LDIV_SOURCE_DIR) / top))
                if (e.is_directory() &&
                    rank(e.path().filename().string()) == std::ptrdiff_t(kDomainOrder.size()))
                    unplaced.append(" ").append(e.path().filename().string());
        QVERIFY2(unplaced.empty(), ("domains missing from kDomainOrder:" + unplaced).c_str());
        std::string violations;
        std::size_t between = 0;
        for (const Edge& e : edges()) {
            const std::string from = domainOfFile(e.file), to = domainOfTarget(e.target);
            if (from.empty() || to.empty() || from == to) continue;
            ++between;
            if (rank(to) > rank(from))
                violations += "\n  " + e.file + ":" + std::to_string(e.line) + " (" + from +
                              " -> " + to + ")";
        }
        // The scan sees edges between domains (a wrong path scheme would see none).
        QVERIFY2(between > 300, std::to_string(between).c_str());
        QVERIFY2(violations.empty(), ("edges up the domain order:" + violations).c_str());
    }

    // include/ldiv/<domain> and src/<domain> mirror each other: the same domains on both
    // sides, so a public header is implemented in the src folder of its own domain.
    void includeMirrorsSrc() {
        std::set<std::string> include, src;
        for (const auto& e :
             fs::directory_iterator(fs::path(LDIV_SOURCE_DIR) / "core/include/ldiv"))
            if (e.is_directory()) include.insert(e.path().filename().string());
        for (const auto& e : fs::directory_iterator(fs::path(LDIV_SOURCE_DIR) / "core/src"))
            if (e.is_directory()) src.insert(e.path().filename().string());
        std::string unmatched;
        for (const std::string& d : include)
            if (!src.count(d)) unmatched.append(" include/ldiv/").append(d);
        for (const std::string& d : src)
            if (!include.count(d)) unmatched.append(" src/").append(d);
        QVERIFY2(include.size() >= kDomainOrder.size(), std::to_string(include.size()).c_str());
        QVERIFY2(unmatched.empty(), ("domains on one side only:" + unmatched).c_str());
    }

    // The order check bites: an edge up the order is caught, one down it is not.
    void domainOrderBites_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("target");
        QTest::addColumn<bool>("up");
        QTest::newRow("data -> io") << "core/include/ldiv/data/table.h"
                                    << "ldiv/io/csv_table_reader.h" << true;
        QTest::newRow("criteria -> evaluation") << "core/src/criteria/criterion.cpp"
                                                << "ldiv/evaluation/search_config.h" << true;
        QTest::newRow("lattice -> publish") << "core/src/lattice/dataset.cpp"
                                            << "ldiv/publish/published_node.h" << true;
        QTest::newRow("src-relative up") << "core/src/io/csv_reader.cpp"
                                         << "lattice/class_table.h" << true;
        QTest::newRow("publish -> lattice") << "core/src/publish/publish.cpp"
                                            << "ldiv/lattice/dataset.h" << false;
        QTest::newRow("evaluation -> criteria") << "core/include/ldiv/evaluation/search_config.h"
                                                << "ldiv/criteria/criterion.h" << false;
        QTest::newRow("outside core") << "app/cli/command_search.cpp"
                                      << "ldiv/workflow/requirement.h" << false;
    }

    void domainOrderBites() {
        QFETCH(QString, file);
        QFETCH(QString, target);
        QFETCH(bool, up);
        const auto rank = [](const std::string& d) {
            return std::find(kDomainOrder.begin(), kDomainOrder.end(), d) - kDomainOrder.begin();
        };
        const std::string from = domainOfFile(file.toStdString());
        const std::string to = domainOfTarget(target.toStdString());
        QCOMPARE(!from.empty() && !to.empty() && from != to && rank(to) > rank(from), up);
    }

    void includesGoDownward_data() {
        QTest::addColumn<int>("rule");
        const std::vector<Rule> all = rules();
        for (std::size_t i = 0; i < all.size(); ++i) QTest::newRow(all[i].name.c_str()) << int(i);
    }

    void includesGoDownward() {
        QFETCH(int, rule);
        const Rule r = rules()[std::size_t(rule)];
        const std::regex forbidden(r.forbidden);
        std::string violations;
        for (const Edge& e : edges())
            if (under(e.file, r.from) && std::regex_search(e.target, forbidden))
                violations += "\n  " + e.file + ":" + std::to_string(e.line) +
                              (e.forward.empty() ? " includes " + e.target
                                                 : " declares " + e.forward + " of " + e.target);
        QVERIFY2(violations.empty(), (r.why + ":" + violations).c_str());
    }

    // The rules bite: a forbidden edge of each kind is caught (the regexes are not vacuous).
    void rulesCatchForbiddenEdges_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("target");
        QTest::newRow("publish -> search") << "core/include/ldiv/publish/published_node.h"
                                           << "ldiv/search/search_result.h";
        QTest::newRow("publish -> search/") << "core/src/publish/publish.cpp"
                                            << "ldiv/search/search_result.h";
        QTest::newRow("grouping -> search") << "core/src/lattice/class_table.cpp"
                                            << "search/node_judge.h";
        QTest::newRow("cli -> workbench") << "app/cli/command_search.cpp"
                                          << "session/searchsession.h";
        QTest::newRow("cli -> Qt") << "app/cli/command_search.cpp"
                                   << "QString";
        QTest::newRow("postgres -> ui") << "sources/postgres/src/connection.cpp"
                                        << "workbench/mainwindow.h";
        QTest::newRow("evaluation -> search") << "core/include/ldiv/evaluation/criterion_result.h"
                                              << "ldiv/search/search_result.h";
        QTest::newRow("tau -> project") << "core/src/tau/tau_recoding.cpp"
                                        << "ldiv/project/workspace.h";
        QTest::newRow("tau -> project/") << "core/include/ldiv/tau/tau_input.h"
                                         << "ldiv/project/workspace.h";
        QTest::newRow("core -> Qt") << "core/src/data/table.cpp"
                                    << "QString";
        QTest::newRow("analysis -> export") << "ui/analysis/x.cpp"
                                            << "export/exportperspective.h";
        QTest::newRow("export -> lattice") << "ui/export/x.cpp"
                                           << "lattice/nodestyle.h";
        QTest::newRow("risk -> lattice") << "ui/risk/x.cpp"
                                         << "lattice/explainpanel.h";
        QTest::newRow("format -> data") << "ui/format/x.cpp"
                                        << "data/tablemodel.h";
    }

    void rulesCatchForbiddenEdges() {
        QFETCH(QString, file);
        QFETCH(QString, target);
        int caught = 0;
        for (const Rule& r : rules())
            caught += under(file.toStdString(), r.from) &&
                      std::regex_search(target.toStdString(), std::regex(r.forbidden));
        QVERIFY(caught > 0);
    }

    // ...and allow what the architecture allows.
    void rulesAllowDownwardEdges_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("target");
        QTest::newRow("search -> publish") << "core/src/search/fast.cpp"
                                           << "ldiv/publish/published_node.h";
        QTest::newRow("publish -> search_config") << "core/include/ldiv/publish/published_node.h"
                                                  << "ldiv/evaluation/search_config.h";
        QTest::newRow("project -> tau") << "core/src/project/tau_input.cpp"
                                        << "ldiv/tau/tau_input.h";
        QTest::newRow("lattice -> its explain panel") << "ui/lattice/x.cpp"
                                                      << "lattice/explainpanel.h";
        QTest::newRow("export -> format") << "ui/export/x.cpp"
                                          << "format/nodestyle.h";
        QTest::newRow("workbench -> lattice") << "ui/workbench/mainwindow.cpp"
                                              << "lattice/latticeview.h";
    }

    void rulesAllowDownwardEdges() {
        QFETCH(QString, file);
        QFETCH(QString, target);
        for (const Rule& r : rules())
            QVERIFY2(!under(file.toStdString(), r.from) ||
                         !std::regex_search(target.toStdString(), std::regex(r.forbidden)),
                     r.name.c_str());
    }
};

QTEST_APPLESS_MAIN(TestLayering)
#include "test_layering.moc"
