// Benchmark of loading a Stata and an SPSS file against the same data as CSV (not a test;
// run on a Release build), issue 35 item 3:
//   bench_load_formats DIR RESOURCES [rows] [runs]
// writes DIR/big.csv, DIR/big.dta and DIR/big.sav (`rows` Adult rows drawn with a fixed seed,
// default 1,000,000; the .dta and .sav by ReadStat's writer, formatTableStat), then loads each
// `runs` times (default 3) through readTableFile, as `ldiv` does, and prints the median
// milliseconds and the ratio to the CSV. The target: .dta ≤ 2 × CSV.
#include <algorithm>
#include <chrono>
#include <fstream>
#include <iostream>
#include <random>
#include <string>
#include <vector>

#include "bench_timing.h"
#include "ldiv/io/csv_table_reader.h"
#include "ldiv/io/table_formats.h"
#include "ldiv/lattice/generalize.h"

using namespace ldv;
using ldv::bench::Clock;
using ldv::bench::median;

namespace {

void write(const std::string& path, const std::string& bytes) {
    std::ofstream out(path, std::ios::binary);
    out << bytes;
}

double loadMs(const std::string& path, std::size_t& rows) {
    const auto t0 = Clock::now();
    const Table t = readTableFile(path);
    rows = t.rowCount();
    return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 3) {
        std::cerr << "usage: bench_load_formats DIR RESOURCES [rows] [runs]\n";
        return 2;
    }
    const std::string dir = argv[1];
    const std::string resources = argv[2];
    const std::size_t rows = argc > 3 ? std::stoul(argv[3]) : 1000000;
    const int runs = argc > 4 ? std::stoi(argv[4]) : 3;

    const Table adult = readCsv(resources + "/examples/adult/adult.csv");
    std::vector<Column> columns;
    for (const Column& c : adult.columns()) {
        columns.emplace_back(c.name());
        columns.back().setType(c.type());
        columns.back().reserve(rows);
    }
    std::mt19937_64 rng(35);
    std::uniform_int_distribution<std::size_t> pick(0, adult.rowCount() - 1);
    for (std::size_t r = 0; r < rows; ++r) {
        const std::size_t from = pick(rng);
        for (std::size_t c = 0; c < columns.size(); ++c) columns[c].append(adult.value(from, c));
    }
    const Table big(std::move(columns));
    write(dir + "/big.csv", formatTableCsv(big, ','));
    write(dir + "/big.dta", formatTableStat(big, TableFormat::Stata, dir + "/big.dta"));
    write(dir + "/big.sav", formatTableStat(big, TableFormat::Spss, dir + "/big.sav"));

    // The formats' loads alternate, so that a change in the machine's load (other processes)
    // falls on all of them alike.
    const std::vector<std::string> exts{"csv", "dta", "sav"};
    std::vector<std::vector<double>> ms(exts.size());
    std::size_t n = 0;
    for (int run = 0; run < runs; ++run)
        for (std::size_t e = 0; e < exts.size(); ++e)
            ms[e].push_back(loadMs(dir + "/big." + exts[e], n));
    const double csv = median(ms[0]);
    for (std::size_t e = 0; e < exts.size(); ++e)
        std::cout << exts[e] << "  " << n << " rows: " << median(ms[e]) << " ms (median of " << runs
                  << "), " << median(ms[e]) / csv << " x CSV\n";
    return 0;
}
