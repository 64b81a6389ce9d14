// Benchmark of SafePub (issue 36; not a test, run on a Release build):
//   bench_safepub PROJECT RUNS [EPSILON DELTA [STEPS]]
// Loads the project and runs SafePub (dp/safepub.h) RUNS times with the CSPRNG (defaults
// ε = 1, δ = 1e-5, 300 steps); prints β, k, the node, sampled and suppressed rows of each run
// and the median time. The budget of issue 36: ≤ 5 s on Adult.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "ldiv/dp/safepub.h"
#include "ldiv/lattice/lattice.h"
#include "ldiv/project/workspace.h"

using namespace ldv;
using Clock = std::chrono::steady_clock;

int main(int argc, char** argv) {
    if (argc < 3) {
        std::fprintf(stderr, "usage: bench_safepub PROJECT RUNS [EPSILON DELTA [STEPS]]\n");
        return 1;
    }
    const std::string project = argv[1];
    const int runs = std::max(1, std::atoi(argv[2]));
    SafePubOptions o;
    if (argc >= 5) {
        o.epsilon = std::atof(argv[3]);
        o.delta = std::atof(argv[4]);
    }
    if (argc >= 6) o.steps = std::atoi(argv[5]);
    const std::size_t slash = project.find_last_of('/');
    const Workspace ws(loadProject(project),
                       slash == std::string::npos ? std::string(".") : project.substr(0, slash));
    const Dataset& data = ws.dataset();
    std::printf("%s: %zu rows, %zu QI, %zu base groups, %llu nodes\n", project.c_str(),
                data.rowCount(), data.qiCount(), data.baseGroupCount(),
                static_cast<unsigned long long>(data.lattice().size()));
    std::vector<double> ms;
    for (int run = 0; run < runs; ++run) {
        const auto start = Clock::now();
        const SafePubResult r = safePub(data, o);
        ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - start).count());
        std::printf("run %d: beta %.4f k %u node %s steps %d sampled %zu suppressed %zu, %.0f ms\n",
                    run + 1, r.parameters.beta, r.parameters.k, formatLevels(r.levels).c_str(),
                    r.steps, r.sampledRows, r.suppressedRows.size(), ms.back());
    }
    std::sort(ms.begin(), ms.end());
    std::printf("SafePub eps %g delta %g steps %d: median %.0f ms over %d runs\n", o.epsilon,
                o.delta, o.steps, ms[ms.size() / 2], runs);
    return 0;
}
