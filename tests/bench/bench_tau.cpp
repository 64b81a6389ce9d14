// Benchmarks of the (τ,ℓ) algorithms (not a test). SWEEP's cost is O((H + h_SA)·|T|)
// (Tian & Zhang 2011 Thm 32): with the data replicated ×1, ×2, ×4, ×8 the time should double per
// step.
//   bench_tau scaling RESOURCES_DIR [runs] [tau] [l]   Nursery (SA class) replicated, SWEEP
//   bench_tau compare RESOURCES_DIR [runs]            SWEEP vs 1DLD vs CLD on Nursery (0.5, 3)
// Prints the median of `runs` (default 5) wall-clock runs in milliseconds.
#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <iostream>
#include <string>

#include "bench_timing.h"
#include "ldiv/project/tau_input.h"
#include "ldiv/project/workspace.h"
#include "ldiv/tau/baseline_outcome.h"
#include "ldiv/tau/sweep_result.h"

using namespace ldv;
using ldv::bench::Clock;
using ldv::bench::median;

namespace {

template <class F>
double timeMs(int runs, F&& f) {
    std::vector<double> t;
    for (int i = 0; i < runs; ++i) {
        const auto a = Clock::now();
        f();
        t.push_back(std::chrono::duration<double, std::milli>(Clock::now() - a).count());
    }
    return median(t);
}

// The workspace's table with every row repeated `times` times (same dictionaries).
Table replicate(const Table& t, int times) {
    std::vector<Column> cols;
    for (const Column& c : t.columns()) {
        Column copy = c;
        for (int k = 1; k < times; ++k)
            for (std::size_t r = 0; r < c.size(); ++r) copy.appendCode(c.code(r));
        cols.push_back(std::move(copy));
    }
    return Table(std::move(cols));
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 3) {
        std::cerr << "usage: bench_tau scaling|compare RESOURCES_DIR [runs] [tau] [l]\n";
        return 1;
    }
    const std::string mode = argv[1];
    const std::string dir = std::string(argv[2]) + "/examples/nursery";
    const int runs = argc > 3 ? std::atoi(argv[3]) : 5;
    const double tau = argc > 4 ? std::atof(argv[4]) : 0.5;
    const double l = argc > 5 ? std::atof(argv[5]) : 3;
    Workspace ws(loadProject(dir + "/nursery.ldiv.json"), dir);
    const TauInput base = tauInputOf(ws);
    if (mode == "scaling") {
        std::cout << "rows\tH\tmedian_ms\tms_per_1000_rows\n";
        for (int times : {1, 2, 4, 8}) {
            const Table table = replicate(ws.table(), times);
            std::vector<HierarchyMap> maps;
            for (std::size_t i = 0; i < ws.qiColumns().size(); ++i)
                maps.emplace_back(ws.hierarchies()[i], table.column(ws.qiColumns()[i]));
            const Dataset data(table, ws.qiColumns(), std::move(maps), ws.sensitiveColumns());
            const TauInput input = TauInput::make(data, base.taxonomy, 0, &ws.hierarchies());
            std::size_t items = 0;
            const double ms = timeMs(runs, [&] {
                items = sweep(input, {tau, l, {}, 1}).statistics.items;
            });
            std::cout << table.rowCount() << "\t" << items << "\t" << ms << "\t"
                      << ms / double(table.rowCount()) * 1000 << "\n";
        }
    } else {
        std::cout << "algorithm\tmedian_ms\n";
        std::cout << "sweep\t" << timeMs(runs, [&] { sweep(base, {tau, l, {}, 1}); }) << "\n";
        std::cout << "1dld(best l)\t" << timeMs(runs, [&] { bestOneDld(base, tau, l); }) << "\n";
        std::cout << "cld(pass+best)\t" << timeMs(runs, [&] { CldSearch(base).best(tau, l); })
                  << "\n";
    }
    return 0;
}
