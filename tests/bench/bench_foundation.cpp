// Benchmarks of the engine foundation (not a test): loading Adult with its hierarchies,
// grouping one node, and loading a large CSV.
//   bench_foundation adult RESOURCES_DIR [runs]    load + bind 9 hierarchies, group one node
//   bench_foundation big FILE.csv [rows]           write FILE with Adult-shaped rows (sampled)
//   bench_foundation load FILE.csv                 load it once (run under /usr/bin/time -v)
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <random>

#include "bench_timing.h"
#include "ldiv/io/csv_table_reader.h"
#include "ldiv/lattice/dataset.h"
#include "ldiv/project/workspace.h"

using namespace ldv;
using ldv::bench::Clock;
using ldv::bench::median;

namespace {
double ms(Clock::time_point a, Clock::time_point b) {
    return std::chrono::duration<double, std::milli>(b - a).count();
}
const char* kAdult[] = {
    "sex",       "age",        "race",        "marital-status", "education", "native-country",
    "workclass", "occupation", "salary-class"};

int benchAdult(const std::string& resources, int runs) {
    const std::string dir = resources + "/examples/adult/";
    std::vector<double> load, group, groupFromRows;
    for (int run = 0; run < runs; ++run) {
        const auto t0 = Clock::now();
        ProjectConfig c;
        c.dataPath = dir + "adult.csv";
        for (const char* a : kAdult) {
            AttributeConfig& attr = c.ensureAttribute(a);
            attr.role = Role::QuasiIdentifying;
            attr.hierarchyFile = dir + "adult_hierarchy_" + a + ".csv";
            c.qiOrder.push_back(a);
        }
        Workspace ws(c, "");
        const auto t1 = Clock::now();
        load.push_back(ms(t0, t1));
        // One node of the 9-attribute lattice, grouped from the base groups.
        const Levels node{1, 2, 1, 1, 2, 1, 1, 1, 0};
        const auto t2 = Clock::now();
        const auto classes = ws.dataset().classes(node);
        const auto t3 = Clock::now();
        group.push_back(ms(t2, t3));
        std::printf(
            "run %d: load+9 hierarchies %.2f ms, group node %.3f ms (%zu classes, %zu base "
            "groups)\n",
            run, ms(t0, t1), ms(t2, t3), classes.count(), ws.dataset().baseGroupCount());
    }
    std::printf("median: load %.2f ms, group %.3f ms\n", median(load), median(group));
    return 0;
}

int writeBig(const std::string& path, std::size_t rows, const std::string& resources) {
    const Table adult = readCsv(resources + "/examples/adult/adult.csv");
    std::ofstream out(path);
    out << "sex;age;race;marital-status;education;native-country;workclass;occupation;salary-class;"
           "id\n";
    std::mt19937_64 rng(7);
    for (std::size_t r = 0; r < rows; ++r) {
        const std::size_t src = rng() % adult.rowCount();
        for (std::size_t c = 0; c < adult.columnCount(); ++c) out << adult.value(src, c) << ';';
        out << (r % 1000) << '\n';  // a tenth column with 1000 values
    }
    return out ? 0 : 1;
}

int loadOnce(const std::string& path) {
    const auto t0 = Clock::now();
    CsvReport rep;
    const Table t = readCsv(path, {}, &rep);
    const auto t1 = Clock::now();
    std::printf("loaded %zu rows x %zu columns in %.0f ms\n", t.rowCount(), t.columnCount(),
                ms(t0, t1));
    return 0;
}
}  // namespace

int main(int argc, char** argv) {
    const std::string mode = argc > 1 ? argv[1] : "";
    if (mode == "adult" && argc > 2) return benchAdult(argv[2], argc > 3 ? std::atoi(argv[3]) : 7);
    if (mode == "big" && argc > 3)
        return writeBig(argv[2], std::stoul(argc > 4 ? argv[4] : "10000000"), argv[3]);
    if (mode == "load" && argc > 2) return loadOnce(argv[2]);
    std::cerr << "usage: bench_foundation adult RESOURCES [runs] | big FILE RESOURCES [rows] | "
                 "load FILE\n";
    return 1;
}
