// Benchmark of issue 36 item 2 (not a test; run on a Release build):
//   bench_suda2 ADULT_CSV MACH2019_CSV [runs [MAX_MSU [THREADS]]]
// e.g. bench_suda2 /work/shared/data/adult/adult.csv
//                  /work/shared/data/mach2019/mach2019_int.csv 5
// Medians of `runs` (default 5), one thread:
//  - SUDA2 (all MSU sizes) on Adult's 8 QIs (30,162 rows) and on mach2019's 16 columns
//    (73,489 rows); targets ≤ 2 s and ≤ 30 s (MAX_MSU: mach2019 with that limit only, 0 = all
//    sizes, for profiling one case);
//  - the individual risk on Adult's 8 QIs with a constant weight N/n (N = 10·n: Adult has no
//    survey weights), grouping included.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

#include "bench_timing.h"
#include "ldiv/io/csv_table_reader.h"
#include "ldiv/lattice/class_partition.h"
#include "ldiv/risk/individual_risk.h"
#include "ldiv/risk/suda2.h"

using namespace ldv;
using ldv::bench::Clock;
using ldv::bench::median;

namespace {

double timeMs(int runs, const std::function<void()>& f) {
    std::vector<double> ms;
    for (int i = 0; i < runs; ++i) {
        const auto start = Clock::now();
        f();
        ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - start).count());
    }
    return median(ms);
}

void benchSuda2(const char* name, const Table& t, const std::vector<std::string>& qi, int runs,
                std::size_t maxMsu = 0, std::size_t threads = 0) {
    std::vector<std::size_t> columns;
    for (const std::string& q : qi) columns.push_back(t.requireColumn(q));
    Suda2Result r;
    const double ms = timeMs(runs, [&] { r = suda2(t, columns, {maxMsu, threads}); });
    std::size_t withMsu = 0, msus = 0;
    for (const auto& m : r.msus) {
        withMsu += !m.empty();
        msus += m.size();
    }
    std::setvbuf(stdout, nullptr, _IOLBF, 0);
    std::printf(
        "  SUDA2 %-10s %zu rows, %zu QIs, max MSU size %zu: %10.1f ms (median of %d); %zu "
        "records with an MSU, %zu MSUs\n",
        name, t.rowCount(), qi.size(), r.maxMsuSize, ms, runs, withMsu, msus);
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 3) {
        std::fprintf(stderr,
                     "usage: bench_suda2 ADULT_CSV MACH2019_CSV [runs [MAX_MSU [THREADS]]]\n");
        return 1;
    }
    const int runs = argc > 3 ? std::stoi(argv[3]) : 5;
    const Table adult = readCsv(argv[1]);
    const std::vector<std::string> adultQi{
        "sex",       "age",         "race", "marital-status", "education", "native-country",
        "workclass", "salary-class"};
    benchSuda2("adult", adult, adultQi, runs);

    const std::vector<double> weights(adult.rowCount(), 10.0);
    IndividualRisk ir;
    const double ms =
        timeMs(runs, [&] { ir = individualRisks(publishedRowClasses(adult, adultQi), weights); });
    std::printf(
        "  individual risk adult (weight N/n = 10): %8.1f ms (median of %d); global %.2f "
        "expected re-identifications\n",
        ms, runs, ir.global);

    const Table mach = readCsv(argv[2]);
    // Smaller MSU limits first (the figures issue 36 compared before SUDA2's recursion).
    std::vector<std::size_t> limits{4, 5, 0};
    if (argc > 4) limits = {std::size_t(std::stoul(argv[4]))};
    // 0 = the machine's hardware threads (Suda2Options' default).
    const std::size_t threads = argc > 5 ? std::size_t(std::stoul(argv[5])) : 0;
    for (std::size_t limit : limits)
        benchSuda2("mach2019", mach, mach.columnNames(), runs, limit, threads);
    return 0;
}
