// Benchmark of issue 19 (not a test; run on a Release build):
//   bench_risk RESOURCES_DIR [runs]
// On Adult (30,162 rows), 8 QI, sensitive occupation, medians of `runs` (default 7):
//  - full classification (brute force: every node grouped and judged) and the fast search
//    for k=5 and for t-closeness=0.2 (equal distance), t-closeness=0.2:hierarchical (with the
//    bundled occupation hierarchy), delta-disclosure=2, beta-likeness=2, average-risk=0.05,
//    sample-uniqueness=0.01;
//  - the ordered distance needs a numeric sensitive attribute: Adult's only one is age, so
//    it is measured with the other 7 QI and age sensitive, against k=5 on the same lattice;
//  - `ldiv risk` of a node: grouping the node (Dataset::classes) + analyzeRisk with N = 10·n;
//  - distinction/separation of all 2^9 − 1 combinations of the 8 QI and occupation.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <functional>
#include <span>
#include <string>

#include "adult_workspace.h"
#include "bench_timing.h"
#include "ldiv/evaluation/search_config.h"
#include "ldiv/project/workspace.h"
#include "ldiv/project/workspace_criteria.h"
#include "ldiv/risk/attribute_combination_risk.h"
#include "ldiv/risk/risk_analysis.h"
#include "ldiv/search/search_result.h"

using namespace ldv;
using ldv::bench::Clock;
using ldv::bench::median;

namespace {

const std::vector<std::string> kQi{
    "sex",       "age",         "race", "marital-status", "education", "native-country",
    "workclass", "salary-class"};

double timeMs(int runs, const std::function<void()>& f) {
    std::vector<double> ms;
    for (int i = 0; i < runs; ++i) {
        const auto start = Clock::now();
        f();
        ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - start).count());
    }
    return median(ms);
}

void classify(const Dataset& data, const std::string& spec, int runs,
              const CriteriaInputs& inputs = {}) {
    for (SearchAlgorithm a : {SearchAlgorithm::Brute, SearchAlgorithm::Fast}) {
        SearchConfig config;
        config.criteria = bindCriteria(data, {spec}, inputs);
        config.algorithm = a;
        config.threads = 1;
        std::vector<double> ms;
        SearchResult r;
        for (int i = 0; i < runs; ++i) {
            r = search(data, config);
            ms.push_back(r.statistics.times.classifyMs);
        }
        std::printf(
            "  %-32s %-6s classify %9.2f ms (median of %d, 1 thread)  satisfying %zu of %llu\n",
            spec.c_str(), std::string(searchAlgorithmName(a)).c_str(), median(ms), runs,
            r.satisfying.size(), (unsigned long long)r.latticeSize);
    }
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: bench_risk RESOURCES_DIR [runs]\n");
        return 1;
    }
    const std::string dir = std::string(argv[1]) + "/examples/adult/";
    const int runs = argc > 2 ? std::stoi(argv[2]) : 7;

    ProjectConfig config = test::adultConfig(dir, kQi, "occupation");
    config.ensureAttribute("occupation").hierarchyFile = dir + "adult_hierarchy_occupation.csv";
    const auto ws = std::make_unique<Workspace>(config, "");
    const Dataset& data = ws->dataset();
    const CriteriaInputs inputs = criteriaInputs(*ws);
    std::printf("Adult, 8 QI, sensitive occupation: %zu rows, %llu nodes\n", data.rowCount(),
                (unsigned long long)data.lattice().size());
    for (const char* spec :
         {"k=5", "t-closeness=0.2", "t-closeness=0.2:hierarchical", "delta-disclosure=2",
          "beta-likeness=2", "average-risk=0.05", "sample-uniqueness=0.01"})
        classify(data, spec, runs, inputs);

    std::vector<std::string> seven(kQi.begin(), kQi.end());
    seven.erase(seven.begin() + 1);  // without age
    const auto wsAge = test::adultWorkspace(dir, seven, "age");
    std::printf("Adult, 7 QI (no age), sensitive age: %llu nodes\n",
                (unsigned long long)wsAge->dataset().lattice().size());
    for (const char* spec : {"k=5", "t-closeness=0.2", "t-closeness=0.2:ordered"})
        classify(wsAge->dataset(), spec, runs);

    const Levels node{1, 2, 1, 1, 2, 1, 1, 0};
    RiskAnalysis a;
    const double riskMs = timeMs(runs, [&] {
        const EquivalenceClasses classes = data.classes(node);
        a = analyzeRisk(classes.sizes, {10.0 * double(data.rowCount()), 0.2});
    });
    std::printf(
        "risk of node 1,2,1,1,2,1,1,0 (%zu classes, N = 10n): %.2f ms (median of %d); prosecutor "
        "highest %.3f, dankar %s (%s)\n",
        a.classes, riskMs, runs, a.prosecutor.highest,
        a.populationUniques->dankar.fraction
            ? std::to_string(*a.populationUniques->dankar.fraction).c_str()
            : "null",
        a.populationUniques->recommended.c_str());
    const double bottomMs = timeMs(runs, [&] {
        const EquivalenceClasses classes = data.classes(Levels(8, 0));
        a = analyzeRisk(classes.sizes, {10.0 * double(data.rowCount()), 0.2});
    });
    std::printf("risk of the bottom node (%zu classes, N = 10n): %.2f ms (median of %d)\n",
                a.classes, bottomMs, runs);

    std::vector<std::size_t> columns;
    for (const std::string& name : kQi) columns.push_back(ws->table().requireColumn(name));
    columns.push_back(ws->table().requireColumn("occupation"));
    std::size_t count = 0;
    const double combinationsMs =
        timeMs(runs, [&] { count = attributeCombinationRisks(ws->table(), columns).size(); });
    std::printf(
        "distinction/separation of %zu combinations of 9 attributes: %.2f ms (median of %d)\n",
        count, combinationsMs, runs);
    return 0;
}
