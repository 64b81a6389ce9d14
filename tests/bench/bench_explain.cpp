// Benchmarks of issue 25 (not a test; run on a Release build) on Adult, 8 QI, SA occupation:
//   bench_explain RESOURCES_DIR [runs]
// explain of one node (k=5 + entropy-l=3, 2 % suppression), the frontier k = 2..50 × 4
// suppression limits (dm), and verify of the optimum's 30k-row release.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <span>
#include <string>

#include "bench_timing.h"
#include "ldiv/io/csv_table_reader.h"
#include "ldiv/lattice/generalize.h"
#include "ldiv/project/workspace.h"
#include "ldiv/publish/explanation.h"
#include "ldiv/release/release_record.h"
#include "ldiv/search/frontier_result.h"

using namespace ldv;
using ldv::bench::Clock;
using ldv::bench::median;

namespace {

const char* kQi[] = {
    "sex",       "age",         "race", "marital-status", "education", "native-country",
    "workclass", "salary-class"};

template <class F>
double time(int runs, F&& f) {
    std::vector<double> ms;
    for (int i = 0; i < runs; ++i) {
        const auto t0 = Clock::now();
        f();
        ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
    }
    return median(ms);
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: bench_explain RESOURCES [runs]\n");
        return 2;
    }
    const std::string dir = std::string(argv[1]) + "/examples/adult/";
    const int runs = argc > 2 ? std::stoi(argv[2]) : 7;
    ProjectConfig c;
    c.dataPath = dir + "adult.csv";
    for (const char* a : kQi) {
        AttributeConfig& attr = c.ensureAttribute(a);
        attr.role = Role::QuasiIdentifying;
        attr.hierarchyFile = dir + "adult_hierarchy_" + a + ".csv";
        c.qiOrder.push_back(a);
    }
    c.ensureAttribute("occupation").role = Role::Sensitive;
    const Workspace ws(c, "");
    const Dataset& data = ws.dataset();

    SearchConfig config;
    config.criteria = bindCriteria(data, {"k=5", "entropy-l=3"});
    config.suppressionLimit = 0.02;
    const Levels node{0, 1, 0, 1, 1, 1, 1, 0};
    Explanation e;
    const double explainMs = time(runs, [&] { e = explainNode(data, config, node); });
    std::printf("explain %s (k=5 + entropy-l=3, 2%%): %8.3f ms  (median of %d; %zu classes, %s)\n",
                formatLevels(node).c_str(), explainMs, runs, e.classes,
                e.satisfies ? "satisfies" : "fails");

    FrontierConfig fc;
    fc.grids = {expandCriteriaGrid("k=2..50")};
    fc.suppressions = {0, 0.01, 0.02, 0.05};
    FrontierResult fr;
    const double frontierMs = time(runs, [&] { fr = frontier(data, fc); });
    std::printf(
        "frontier k=2..50 x 4 suppression limits (dm): %8.3f ms  (median of %d; %zu points, %zu "
        "Pareto, "
        "shared grouping %s)\n",
        frontierMs, runs, fr.points.size(), fr.pareto.size(), fr.sharedGrouping ? "yes" : "no");

    SearchConfig k5;
    k5.criteria = bindCriteria(data, {"k=5"});
    k5.suppressionLimit = 0.02;
    const SearchResult best = search(data, k5);
    const Levels optimum = data.lattice().levels(*best.optimum);
    const PublishedNode published = publishNode(data, k5, optimum, ws.identifyingColumns());
    const std::string folder = std::filesystem::temp_directory_path() / "ldiv_bench_release";
    std::filesystem::create_directories(folder);
    const std::string csv = folder + "/published.csv",
                      record = folder + "/published.ldiv-release.json";
    writeTableCsv(published.table, csv);
    writeRelease(makeRelease(ws, k5, optimum, published, {}, csv, "bench"), record);
    Verification v;
    const double verifyMs = time(runs, [&] {
        v = verifyRelease(parseRelease(readFileText(record), record), csv, dir + "adult.csv");
    });
    std::printf("verify of a %zu-row release (with --original): %8.3f ms  (median of %d; %s)\n",
                published.table.rowCount(), verifyMs, runs,
                v.allHold() ? "verified" : "NOT verified");
    return 0;
}
