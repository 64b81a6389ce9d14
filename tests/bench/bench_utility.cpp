// Benchmark of issue 33 (not a test; run on a Release build):
//   bench_utility RESOURCES_DIR [runs]
// `ldiv utility` of a node without classification on Adult (30,162 rows), medians of `runs`
// (default 9): publishing the node (publishNode: judged with k=5, entropy-l=3 and 2 %
// suppression as adult.ldiv.json, suppressed rows removed) and comparing every QI and the
// sensitive attribute, input against output, with two contingency tables.
//  - 8 QI (adult.ldiv.json's 7 and salary-class), sensitive occupation, node 1,2,1,1,2,1,1,0;
//  - the project file adult.ldiv.json itself (7 QI), node 1,2,1,1,2,1,1.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>

#include "adult_workspace.h"
#include "ldiv/project/workspace.h"
#include "ldiv/utility/utility_report.h"
#include "ldiv/workflow/requirement.h"

using namespace ldv;
using Clock = std::chrono::steady_clock;

namespace {

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

void measure(const char* what, const Workspace& ws, const std::vector<int>& node, int runs) {
    SearchSettings settings = ws.config().search;
    settings.criteria = {"k=5", "entropy-l=3"};
    settings.suppressionLimit = 0.02;
    const Requirement requirement = prepareRequirement(ws, settings);
    UtilityRequest request;
    request.pairs = {{"sex", "occupation"}, {"education", "marital-status"}};
    std::vector<double> ms;
    UtilityReport report;
    for (int i = 0; i < runs; ++i) {
        const auto start = Clock::now();
        report = nodeUtility(ws, requirement.config, node, request);
        ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - start).count());
    }
    std::printf(
        "%s: utility of the node (%zu attributes, 2 pairs; %zu output rows, %zu suppressed): "
        "%.2f ms (median of %d)\n",
        what, report.attributes.size(), report.outputRows, report.suppressedRows, median(ms), runs);
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: bench_utility RESOURCES_DIR [runs]\n");
        return 1;
    }
    const std::string dir = std::string(argv[1]) + "/examples/adult/";
    const int runs = argc > 2 ? std::stoi(argv[2]) : 9;

    const std::vector<std::string> qi{
        "sex",       "age",         "race", "marital-status", "education", "native-country",
        "workclass", "salary-class"};
    const auto eight = test::adultWorkspace(dir, qi, "occupation");
    measure("Adult, 8 QI, sensitive occupation, node 1,2,1,1,2,1,1,0", *eight,
            {1, 2, 1, 1, 2, 1, 1, 0}, runs);

    const Workspace project(loadProject(dir + "adult.ldiv.json"), dir);
    measure("adult.ldiv.json (7 QI), node 1,2,1,1,2,1,1", project, {1, 2, 1, 1, 2, 1, 1}, runs);
    return 0;
}
