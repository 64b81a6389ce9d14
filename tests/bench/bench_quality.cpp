// Benchmark of issue 33 item 2 (not a test; run on a Release build):
//   bench_quality RESOURCES_DIR [runs]
// The fast search on Adult (30,162 rows, 8 QI, sensitive occupation, k=5 and distinct-l=3)
// optimizing non-uniform entropy against discernibility (dm), medians of `runs` (default 5),
// without suppression (the optimum among the minimal nodes, entropy from the levels alone) and
// with 2 % suppression (every satisfying node competes; entropy needs the suppressed rows'
// original values). The goal: entropy within 3× dm.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>

#include "adult_workspace.h"
#include "bench_timing.h"
#include "ldiv/project/workspace.h"
#include "ldiv/workflow/requirement.h"

using namespace ldv;
using ldv::bench::Clock;
using ldv::bench::median;

namespace {

double time(const Workspace& ws, Metric metric, double suppression, int runs) {
    SearchSettings settings = ws.config().search;
    settings.criteria = {"k=5", "distinct-l=3"};
    settings.suppressionLimit = suppression;
    settings.metric = metric;
    const Requirement requirement = prepareRequirement(ws, settings);
    std::vector<double> ms;
    SearchResult r;
    for (int i = 0; i < runs; ++i) {
        const auto start = Clock::now();
        r = search(*requirement.data, requirement.config);
        ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - start).count());
    }
    std::printf("  %-8s suppression %.2f: optimum %s, %.1f ms (median of %d)\n",
                std::string(metricName(metric)).c_str(), suppression, r.optimum ? "found" : "none",
                median(ms), runs);
    return median(ms);
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: bench_quality RESOURCES_DIR [runs]\n");
        return 1;
    }
    const std::string dir = std::string(argv[1]) + "/examples/adult/";
    const int runs = argc > 2 ? std::stoi(argv[2]) : 5;
    const std::vector<std::string> qi{
        "sex",       "age",         "race", "marital-status", "education", "native-country",
        "workclass", "salary-class"};
    const auto ws = test::adultWorkspace(dir, qi, "occupation");
    std::printf("Adult, 8 QI, sensitive occupation, k=5 + distinct-l=3, fast search\n");
    for (double suppression : {0.0, 0.02}) {
        const double dm = time(*ws, Metric::Discernibility, suppression, runs);
        const double entropy = time(*ws, Metric::Entropy, suppression, runs);
        std::printf("  entropy / dm = %.2f\n", entropy / dm);
    }
    return 0;
}
