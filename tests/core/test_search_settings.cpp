// The one check of the search settings (validate), the one SearchConfig they make
// (makeSearchConfig), and the Workspace both front ends bind: movable, and the same whether
// it loads the project itself (the CLI) or binds a table already loaded (the workbench).
#include <QtTest>
#include <cmath>
#include <limits>

#include "ldiv/criteria/criterion_spec.h"
#include "ldiv/data/error.h"
#include "ldiv/evaluation/search_config.h"
#include "ldiv/project/search_settings.h"
#include "ldiv/project/workspace.h"
#include "ldiv/project/workspace_criteria.h"
#include "ldiv/search/search_result.h"
#include "test_paths.h"

using namespace ldv;

namespace {

const std::string kSuppressionMessage =
    "the suppression limit must be a fraction between 0 and 1 (e.g. 0.02), not ";
const std::string kMultiMessage =
    "criterion 'distinct-l=2;multi': multi-attribute mode cannot be combined with tuple "
    "suppression (a row suppressed for one sensitive attribute's view is suppressed for all)";

std::string parserMessage(const std::string& spec) {
    try {
        parseCriterionSpec(spec);
    } catch (const ParameterError& e) {
        return e.what();
    }
    return "parsed";
}

ProjectConfig hospital() {
    return loadProject(test::example("hospital/hospital.ldiv.json"));
}

std::string hospitalDir() {
    return test::example("hospital");
}

}  // namespace

class TestSearchSettings : public QObject {
    Q_OBJECT
private slots:
    void validate_data() {
        QTest::addColumn<QStringList>("criteria");
        QTest::addColumn<double>("suppression");
        QTest::addColumn<double>("population");  // NaN: not given
        QTest::addColumn<int>("algorithm");
        QTest::addColumn<int>("sensitive");
        QTest::addColumn<QStringList>("expected");
        const double none = std::numeric_limits<double>::quiet_NaN();
        const int fast = int(AlgorithmChoice::Fast);
        auto q = [](const std::string& s) { return QString::fromStdString(s); };
        QTest::newRow("fine") << QStringList{"k=2", "distinct-l=2"} << 0.02 << none << fast << 1
                              << QStringList{};
        QTest::newRow("bounds are allowed")
            << QStringList{"k=2"} << 1.0 << 5.0 << fast << 1 << QStringList{};
        QTest::newRow("negative suppression") << QStringList{"k=2"} << -0.5 << none << fast << 1
                                              << QStringList{q(kSuppressionMessage + "-0.5")};
        QTest::newRow("suppression above one") << QStringList{"k=2"} << 1.5 << none << fast << 1
                                               << QStringList{q(kSuppressionMessage + "1.5")};
        QTest::newRow("NaN suppression") << QStringList{"k=2"} << none << none << fast << 1
                                         << QStringList{q(kSuppressionMessage + "nan")};
        QTest::newRow("population of nobody")
            << QStringList{"k-map=2"} << 0.0 << 0.0 << fast << 1
            << QStringList{"the population size must be a positive number of people, not 0"};
        QTest::newRow("criterion does not parse")
            << QStringList{"k=2", "entropy-l=six"} << 0.0 << none << fast << 1
            << QStringList{q(parserMessage("entropy-l=six"))};
        QTest::newRow("multi-attribute with suppression")
            << QStringList{"distinct-l=2;multi"} << 0.1 << none << fast << 2
            << QStringList{q(kMultiMessage)};
        // With one sensitive attribute "multi" changes nothing: suppression is fine.
        QTest::newRow("multi-attribute, one sensitive attribute")
            << QStringList{"distinct-l=2;multi"} << 0.1 << none << fast << 1 << QStringList{};
        QTest::newRow("multi-attribute without suppression")
            << QStringList{"distinct-l=2;multi"} << 0.0 << none << fast << 2 << QStringList{};
        QTest::newRow("heuristic with multi-attribute")
            << QStringList{"distinct-l=2;multi"} << 0.0 << none << int(AlgorithmChoice::Heuristic)
            << 2
            << QStringList{
                   "criterion 'distinct-l=2;multi': the heuristic search does not handle "
                   "multi-attribute criteria; use fast"};
        QTest::newRow("every problem, in field order")
            << QStringList{"k=0", "distinct-l=2;multi"} << -1.0 << -3.0 << fast << 2
            << QStringList{q(kSuppressionMessage + "-1"),
                           "the population size must be a positive number of people, not -3",
                           q(parserMessage("k=0"))};
    }

    void validate() {
        QFETCH(QStringList, criteria);
        QFETCH(double, suppression);
        QFETCH(double, population);
        QFETCH(int, algorithm);
        QFETCH(int, sensitive);
        QFETCH(QStringList, expected);
        SearchSettings s;
        for (const QString& c : criteria) s.criteria.push_back(c.toStdString());
        s.suppressionLimit = suppression;
        if (!std::isnan(population)) s.populationSize = population;
        s.algorithm = AlgorithmChoice(algorithm);
        QStringList got;
        for (const std::string& m : ldv::validate(s, std::size_t(sensitive)))
            got << QString::fromStdString(m);
        QCOMPARE(got, expected);
    }

    void messagesNameTheSource() {
        SearchSettings s;
        s.suppressionLimit = 2;
        s.populationSize = -1;
        SettingNames names;
        names.suppression = "--suppression";
        names.populationSize = "--population-size";
        const auto got = ldv::validate(s, 1, names);
        QCOMPARE(got.size(), std::size_t(2));
        QCOMPARE(got[0], std::string("--suppression must be a fraction between 0 and 1 (e.g. "
                                     "0.02), not 2"));
        QCOMPARE(got[1],
                 std::string("--population-size must be a positive number of people, not -1"));
    }

    void timeLimit() {
        // The heuristic's limit: ≥ 0 seconds and finite (0 is valid: return at once).
        SearchSettings s;
        s.criteria = {"k=2"};
        for (double ok : {0.0, 0.5, 30.0}) {
            s.timeLimit = ok;
            QVERIFY(ldv::validate(s, 1).empty());
        }
        SettingNames names;
        names.timeLimit = "--time-limit";
        s.timeLimit = -1;
        QCOMPARE(ldv::validate(s, 1, names),
                 std::vector<std::string>{"--time-limit must be a number of seconds ≥ 0, not -1"});
        s.timeLimit = std::numeric_limits<double>::infinity();
        QCOMPARE(
            ldv::validate(s, 1),
            std::vector<std::string>{"the time limit must be a number of seconds ≥ 0, not inf"});
        s.timeLimit = std::nan("");
        QCOMPARE(ldv::validate(s, 1).size(), std::size_t(1));
    }

    void algorithmNames() {
        for (AlgorithmChoice a : {AlgorithmChoice::Fast, AlgorithmChoice::Incognito,
                                  AlgorithmChoice::Brute, AlgorithmChoice::Heuristic})
            QCOMPARE(parseAlgorithmChoice(algorithmChoiceName(a)), a);
        QCOMPARE(algorithmChoiceName(AlgorithmChoice::Heuristic), std::string_view("heuristic"));
        QVERIFY_THROWS_EXCEPTION(ParameterError, parseAlgorithmChoice("quick"));
    }

    void projectFileNamesAreTyped() {
        // The metric and algorithm are names in the file and enums in memory; a misspelt one
        // is the file's fault (InputError naming it), not a search's.
        const ProjectConfig c = hospital();
        QCOMPARE(c.search.metric, Metric::Discernibility);
        QCOMPARE(c.search.algorithm, AlgorithmChoice::Fast);
        QCOMPARE(c.search.criteria, std::vector<std::string>{"distinct-l=3"});
        std::string text = formatProject(c);
        QVERIFY(text.find("\"metric\": \"dm\"") != std::string::npos);
        QVERIFY(text.find("\"algorithm\": \"fast\"") != std::string::npos);
        const auto at = text.find("\"dm\"");
        text.replace(at, 4, "\"dmm\"");
        try {
            parseProject(text, "p.ldiv.json");
            QFAIL("a misspelt metric was read");
        } catch (const InputError& e) {
            QCOMPARE(std::string(e.what()),
                     std::string("p.ldiv.json: unknown metric 'dmm': use height, aecs, dm, kl, "
                                 "info, loss, entropy, ambiguity, granularity or sse"));
        }
    }

    void makeSearchConfigBinds() {
        ProjectConfig c = hospital();
        c.search.criteria = {"k=2", "distinct-l=2"};
        c.search.suppressionLimit = 0.25;
        c.search.metric = Metric::Loss;
        c.search.algorithm = AlgorithmChoice::Brute;
        const Workspace ws(c, hospitalDir());
        const SearchConfig config = makeSearchConfig(ws, c.search);
        QCOMPARE(config.criteria.size(), std::size_t(2));
        QCOMPARE(config.criteria[0].criterion.spec(), std::string("k=2"));
        QCOMPARE(config.criteria[1].criterion.spec(), std::string("distinct-l=2"));
        QCOMPARE(config.suppressionLimit, 0.25);
        QCOMPARE(config.metric, Metric::Loss);
        QCOMPARE(config.algorithm, SearchAlgorithm::Brute);
        // The heuristic runs on its own (heuristicSearch ignores the algorithm).
        SearchSettings h = c.search;
        h.algorithm = AlgorithmChoice::Heuristic;
        QCOMPARE(makeSearchConfig(ws, h).algorithm, SearchAlgorithm::Fast);
        // validate()'s first message is the error.
        SearchSettings bad = c.search;
        bad.suppressionLimit = -0.5;
        try {
            makeSearchConfig(ws, bad);
            QFAIL("a negative suppression limit was accepted");
        } catch (const ParameterError& e) {
            QCOMPARE(std::string(e.what()), kSuppressionMessage + "-0.5");
        }
        // Binding errors are bindCriteria's: hospital's condition has 3 values.
        bad = c.search;
        bad.criteria = {"distinct-l=4"};
        QVERIFY_THROWS_EXCEPTION(ParameterError, makeSearchConfig(ws, bad));
    }

    void sensitiveHierarchiesReachTheCriteria() {
        // t-closeness with the hierarchical ground distance needs the sensitive attribute's
        // hierarchy: the workspace holds it for every attribute, whoever binds.
        ProjectConfig c = hospital();
        c.search.criteria = {"t-closeness=0.5:hierarchical"};
        {
            const Workspace ws(c, hospitalDir());
            QVERIFY(!ws.hierarchy("condition"));
            QVERIFY_THROWS_EXCEPTION(ParameterError, makeSearchConfig(ws, c.search));
        }
        c.attribute("condition")->hierarchyBuilder = "suppress";
        const Workspace ws(c, hospitalDir());
        QVERIFY(ws.hierarchy("condition"));
        QCOMPARE(ws.hierarchy("condition")->height(), 1);
        QCOMPARE(ws.origins().at("condition").builder, std::string("suppress"));
        QCOMPARE(makeSearchConfig(ws, c.search).criteria.size(), std::size_t(1));
        const CriteriaInputs inputs = criteriaInputs(ws, 0);
        QCOMPARE(inputs.sensitiveHierarchies.size(), std::size_t(1));
        QVERIFY(inputs.sensitiveHierarchies[0] &&
                *inputs.sensitiveHierarchies[0] == *ws.hierarchy("condition"));
    }

    void brokenSensitiveHierarchyWaitsUntilNeeded() {
        // A QI's hierarchy is needed to bind: its error stops the load. A sensitive attribute's
        // is needed only by some criteria: its error comes when it is asked for.
        ProjectConfig c = hospital();
        c.attribute("condition")->hierarchyFile = "no_such_taxonomy.csv";
        const Workspace ws(c, hospitalDir());
        QVERIFY_THROWS_EXCEPTION(InputError, ws.hierarchy("condition"));
        QVERIFY_THROWS_EXCEPTION(InputError, criteriaInputs(ws, 0));
        c = hospital();
        c.attribute("age")->hierarchyFile = "no_such_hierarchy.csv";
        QVERIFY_THROWS_EXCEPTION(InputError, Workspace(c, hospitalDir()));
    }

    void workspaceMoves() {
        Workspace a(hospital(), hospitalDir());
        const SearchConfig config = makeSearchConfig(a, a.config().search);
        const SearchResult before = search(a.dataset(), config);
        const Table* table = &a.table();
        Workspace b(std::move(a));
        // The table is shared and immutable: it does not move, and the dataset still reads it.
        QCOMPARE(&b.table(), table);
        QCOMPARE(&b.dataset().table(), table);
        const SearchResult after = search(b.dataset(), makeSearchConfig(b, b.config().search));
        QCOMPARE(after.satisfying, before.satisfying);
        QCOMPARE(after.optimum, before.optimum);
        QCOMPARE(b.qiNames(), (std::vector<std::string>{"zip", "age", "nationality"}));
        QCOMPARE(b.sensitiveNames(), std::vector<std::string>{"condition"});
    }

    void bindingALoadedTableIsLoadingTheProject_data() {
        QTest::addColumn<QStringList>("criteria");
        QTest::addColumn<double>("suppression");
        QTest::newRow("distinct-l=3") << QStringList{"distinct-l=3"} << 0.0;
        QTest::newRow("k=2 with suppression") << QStringList{"k=2", "entropy-l=1.5"} << 0.25;
        QTest::newRow("recursive") << QStringList{"recursive-cl=3,2"} << 0.1;
    }

    void bindingALoadedTableIsLoadingTheProject() {
        // What the workbench does (the table loaded once, hierarchies held by name, a
        // workspace bound per job) gives the command line's workspace, config and result.
        QFETCH(QStringList, criteria);
        QFETCH(double, suppression);
        ProjectConfig c = hospital();
        c.search.criteria.clear();
        for (const QString& s : criteria) c.search.criteria.push_back(s.toStdString());
        c.search.suppressionLimit = suppression;
        const Workspace cli(c, hospitalDir());
        LoadedTable loaded = loadTable(c, hospitalDir());
        std::map<std::string, Hierarchy> hierarchies;
        std::map<std::string, HierarchyOrigin> origins;
        ProjectConfig held = c;
        for (AttributeConfig& a : held.attributes) {
            HierarchyOrigin origin;
            const Column& column = loaded.table->column(*loaded.table->columnIndex(a.name));
            if (auto h = configuredHierarchy(held, a, column, hospitalDir(), &origin))
                hierarchies[a.name] = *h;
            if (!origin.file.empty()) origins[a.name] = origin;
            a.hierarchyFile.clear();  // the workbench keeps them by name, not in the config
        }
        QCOMPARE(origins, cli.origins());
        const Workspace bench(held, loaded.table, hierarchies, origins);
        QCOMPARE(bench.hierarchies(), cli.hierarchies());
        QCOMPARE(bench.qiColumns(), cli.qiColumns());
        QCOMPARE(bench.sensitiveColumns(), cli.sensitiveColumns());
        const SearchConfig a = makeSearchConfig(cli, c.search);
        const SearchConfig b = makeSearchConfig(bench, held.search);
        QCOMPARE(b.criteria.size(), a.criteria.size());
        for (std::size_t i = 0; i < a.criteria.size(); ++i)
            QCOMPARE(b.criteria[i].criterion.spec(), a.criteria[i].criterion.spec());
        QCOMPARE(b.suppressionLimit, a.suppressionLimit);
        const SearchResult ra = search(cli.dataset(), a);
        const SearchResult rb = search(bench.dataset(), b);
        QCOMPARE(rb.satisfying, ra.satisfying);
        QCOMPARE(rb.minimal, ra.minimal);
        QCOMPARE(rb.optimum, ra.optimum);
        QVERIFY(!ra.satisfying.empty());
    }

    void emptyTableIsRefusedByTheLoad() {
        // The refusal both front ends show (it was written twice).
        QTemporaryDir dir;
        QFile f(dir.filePath("empty.csv"));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("zip,age\n");
        f.close();
        ProjectConfig c;
        c.dataPath = "empty.csv";
        try {
            loadTable(c, dir.path().toStdString());
            QFAIL("an empty table was loaded");
        } catch (const InputError& e) {
            QVERIFY2(std::string(e.what()).find("the file has a header but no data rows") !=
                         std::string::npos,
                     e.what());
        }
    }
};

QTEST_APPLESS_MAIN(TestSearchSettings)
#include "test_search_settings.moc"
