// Benchmark of issue 34's local recoding (not a test; run on a Release build):
//   bench_local PROJECT RUNS SPEC...
// Loads the project, binds the criteria SPEC... (e.g. k=5 distinct-l=3@occupation) with no
// suppression in the release, and prints for the full-domain optimum (fast search, metric DM),
// Mondrian and local recoding (transform/local_recoding.h; each iteration searched with limit
// 100%, metric DM): classes, discernibility DM, non-uniform entropy (bits) and the time (median
// of RUNS runs).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "ldiv/project/workspace.h"
#include "ldiv/publish/published_node.h"
#include "ldiv/search/search_result.h"
#include "ldiv/transform/local_recoding.h"
#include "ldiv/transform/mondrian.h"

using namespace ldv;
using Clock = std::chrono::steady_clock;

namespace {

double msSince(Clock::time_point start) {
    return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

std::string folderOf(const std::string& path) {
    const std::size_t slash = path.find_last_of('/');
    return slash == std::string::npos ? std::string(".") : path.substr(0, slash);
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 4) {
        std::fprintf(stderr, "usage: bench_local PROJECT RUNS SPEC...\n");
        return 1;
    }
    const std::string project = argv[1];
    const int runs = std::max(1, std::atoi(argv[2]));
    std::vector<std::string> specs(argv + 3, argv + argc);
    auto start = Clock::now();
    const Workspace ws(loadProject(project), folderOf(project));
    const Dataset& data = ws.dataset();
    std::printf("%s: %zu rows, %zu QI, %zu base groups, loaded in %.0f ms\n", project.c_str(),
                data.rowCount(), data.qiCount(), data.baseGroupCount(), msSince(start));
    SearchConfig config;
    config.criteria = bindCriteria(data, specs);
    config.suppressionLimit = 0;
    config.metric = Metric::Discernibility;
    std::string what;
    for (const std::string& s : specs) what += (what.empty() ? "" : " + ") + s;

    start = Clock::now();
    const SearchResult r = search(data, config);
    const double searchMs = msSince(start);
    if (r.optimum) {
        const Levels levels = data.lattice().levels(*r.optimum);
        const NodeJudgement node = judgeNode(data, config, levels);
        std::printf(
            "%-28s full-domain optimum: %zu classes, DM %.0f, entropy %.0f (search %.0f ms)\n",
            what.c_str(), node.metrics.classes, node.metrics.discernibility,
            aggregateQuality(node.metrics.entropy, {}), searchMs);
    } else {
        std::printf("%-28s full-domain: no node satisfies (search %.0f ms)\n", what.c_str(),
                    searchMs);
    }

    const MondrianResult m = mondrian(data, config);
    if (m.tableFails.empty())
        std::printf("%-28s mondrian: %zu classes, DM %llu\n", what.c_str(), m.count(),
                    static_cast<unsigned long long>(m.discernibility()));

    std::vector<double> ms;
    LocalRecodingResult local;
    for (int i = 0; i < runs; ++i) {
        start = Clock::now();
        local = localRecoding(data, config);
        ms.push_back(msSince(start));
    }
    std::sort(ms.begin(), ms.end());
    if (!local.tableFails.empty()) {
        std::printf("%-28s local: %s\n", what.c_str(), local.tableFails.front().c_str());
        return 0;
    }
    std::printf(
        "%-28s local: %zu iterations, %zu classes, DM %.0f, entropy %.0f, smallest %u, %llu "
        "suppressed (median %.1f ms of %d)\n",
        what.c_str(), local.iterations.size(), local.classes.count(), local.discernibility,
        local.entropy, local.classes.minClassSize(),
        static_cast<unsigned long long>(local.suppressedRows), ms[ms.size() / 2], runs);
    for (const LocalIteration& it : local.iterations) {
        std::string levels;
        for (int l : it.levels) {
            if (!levels.empty()) levels += ',';
            levels += std::to_string(l);
        }
        std::printf("    iteration [%s]: %llu rows in, %llu released%s\n", levels.c_str(),
                    static_cast<unsigned long long>(it.inputRows),
                    static_cast<unsigned long long>(it.releasedRows),
                    it.withoutSuppression ? " (without suppression)" : "");
    }
    return 0;
}
