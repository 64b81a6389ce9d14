// Benchmarks of loading (not a test; run on a Release build), issue 20 item 3:
//   bench_load zip DIR RESOURCES [rows] [zips]  write DIR/zip.csv (Adult rows sampled, plus a
//                                               5-digit zip column) and DIR/zip_hierarchy.csv
//                                               (every zip 00000..zips-1, 6 levels)
//   bench_load parts DIR RESOURCES [runs]       the parts of loading DIR's zip table
//   bench_load csv FILE [runs] [threads] [COLS] readCsv: median ms and MB/s (threads: 0 = all
//                                               cores, 1 = the serial reader), CPU ms per load;
//                                               COLS: only those columns (CsvOptions::columns)
//   bench_load stream FILE COLS THREADS [runs]  readCsvGroups of the columns COLS (parallel
//                                               pieces from 2 threads on)
//   bench_load hierarchy FILE [runs]            readHierarchy: median ms and MB/s
//   bench_load dataset FILE QIS SENSITIVE THREADS [runs]  Dataset (the base groups) of a
//                                               table read once, identity hierarchies
//   bench_load groups FILE COLS THREADS [runs]  the streamed load (readCsvGroups' fast path)
//                                               of the comma-separated columns COLS
// The whole `ldiv search` process on the zip table is timed with perf stat; see docs/search.md.
#include <sys/stat.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <iostream>
#include <random>
#include <string>
#include <vector>

#include "bench_timing.h"
#include "io/csv_fast_groups.h"
#include "ldiv/hierarchy/hierarchy.h"
#include "ldiv/io/csv_group_reader.h"
#include "ldiv/io/csv_table_reader.h"
#include "ldiv/lattice/dataset.h"
#include "ldiv/project/workspace.h"

using namespace ldv;
using ldv::bench::Clock;
using ldv::bench::median;

namespace {

double msSince(Clock::time_point t0) {
    return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

double fileMegabytes(const std::string& path) {
    struct stat st {};
    return ::stat(path.c_str(), &st) == 0 ? double(st.st_size) / 1e6 : 0;
}

std::string zipCode(std::size_t zip, int hidden) {
    char digits[24];
    std::snprintf(digits, sizeof digits, "%05zu", zip);
    std::string s(digits);
    for (int i = 0; i < hidden; ++i) s[4 - std::size_t(i)] = '*';
    return s;
}

int writeZip(const std::string& dir, const std::string& resources, std::size_t rows,
             std::size_t zips) {
    CsvOptions semicolon;
    semicolon.separator = ';';
    const Table adult = readCsv(resources + "/examples/adult/adult.csv", semicolon);
    {
        std::ofstream h(dir + "/zip_hierarchy.csv");
        for (std::size_t z = 0; z < zips; ++z) {
            for (int hidden = 0; hidden <= 5; ++hidden)
                h << zipCode(z, hidden) << (hidden < 5 ? ';' : '\n');
        }
        if (!h) return 1;
    }
    std::ofstream out(dir + "/zip.csv");
    for (std::size_t c = 0; c < adult.columnCount(); ++c) out << adult.column(c).name() << ';';
    out << "zip\n";
    // Zips cluster the way people do: most rows in a few thousand codes, a long tail over all.
    std::mt19937_64 rng(20);
    for (std::size_t r = 0; r < rows; ++r) {
        const std::size_t src = rng() % adult.rowCount();
        for (std::size_t c = 0; c < adult.columnCount(); ++c) out << adult.value(src, c) << ';';
        const std::size_t zip = rng() % 4 ? (rng() % 5000) * (zips / 5000) : rng() % zips;
        out << zipCode(zip, 0) << '\n';
    }
    return out ? 0 : 1;
}

/// The comma-separated names in `cols`.
std::vector<std::string> columnList(const std::string& cols) {
    std::vector<std::string> columns;
    for (std::size_t at = 0; at <= cols.size();) {
        const std::size_t comma = std::min(cols.find(',', at), cols.size());
        columns.push_back(cols.substr(at, comma - at));
        at = comma + 1;
    }
    return columns;
}

/// readCsv, of every column or (`cols` not empty) only those (CsvOptions::columns): median
/// wall time, and CPU time per load (every thread's, std::clock).
int benchCsv(const std::string& path, int runs, unsigned threads, const std::string& cols) {
    std::vector<double> times;
    std::size_t rows = 0, columns = 0;
    CsvOptions options;
    options.threads = threads;
    if (!cols.empty()) options.columns = columnList(cols);
    const std::clock_t cpu0 = std::clock();
    for (int run = 0; run < runs; ++run) {
        const auto t0 = Clock::now();
        const Table t = readCsv(path, options);
        times.push_back(msSince(t0));
        rows = t.rowCount();
        columns = t.columnCount();
    }
    const double cpuMs = double(std::clock() - cpu0) * 1000.0 / CLOCKS_PER_SEC / runs;
    const double ms = median(times);
    std::printf(
        "readCsv %s, threads %u: %zu rows, %zu columns, median %.1f ms of %d, %.0f MB/s, CPU "
        "%.1f ms per load\n",
        path.c_str(), threads, rows, columns, ms, runs, fileMegabytes(path) / ms * 1000, cpuMs);
    return 0;
}

/// readCsvGroups (the streamed load, parallel pieces from 2 threads on) of columns COLS.
int benchStream(const std::string& path, const std::string& cols, unsigned threads, int runs) {
    const std::vector<std::string> columns = columnList(cols);
    CsvOptions options;
    options.threads = threads;
    std::vector<double> times;
    std::size_t groups = 0;
    for (int run = 0; run < runs; ++run) {
        const auto t0 = Clock::now();
        const GroupedTable g = readCsvGroups(path, options, columns);
        times.push_back(msSince(t0));
        groups = g.counts.size();
    }
    const double ms = median(times);
    std::printf("readCsvGroups %s, threads %u: %zu groups, median %.1f ms of %d, %.0f MB/s\n",
                path.c_str(), threads, groups, ms, runs, fileMegabytes(path) / ms * 1000);
    return 0;
}

int benchHierarchy(const std::string& path, int runs) {
    std::vector<double> times;
    std::size_t rows = 0;
    for (int run = 0; run < runs; ++run) {
        const auto t0 = Clock::now();
        const Hierarchy h = readHierarchy(path);
        times.push_back(msSince(t0));
        rows = h.baseCount();
    }
    const double ms = median(times);
    std::printf("readHierarchy %s: %zu rows, median %.2f ms of %d, %.0f MB/s\n", path.c_str(), rows,
                ms, runs, fileMegabytes(path) / ms * 1000);
    return 0;
}

/// The parts of loading the zip table, each a median: the table, the hierarchy, binding it
/// to the column (HierarchyMap), and the whole workspace (base groups included).
int benchZipParts(const std::string& dir, const std::string& resources, int runs) {
    std::vector<double> csv, hierarchy, map, workspace, text, records, build, check, bind;
    for (int run = 0; run < runs; ++run) {
        // The hierarchy's own parts: the file, its records, the Hierarchy, its validation
        // with the column (as HierarchyMap does it), and HierarchyMap once more.
        auto t1 = Clock::now();
        const std::string file = readFileText(dir + "/zip_hierarchy.csv");
        text.push_back(msSince(t1));
        t1 = Clock::now();
        auto cells = parseCsvRecords(file, "zip_hierarchy.csv", ';');
        records.push_back(msSince(t1));
        t1 = Clock::now();
        const Hierarchy built(std::move(cells));
        build.push_back(msSince(t1));
        auto t0 = Clock::now();
        CsvOptions semicolon;
        semicolon.separator = ';';
        const Table t = readCsv(dir + "/zip.csv", semicolon);
        csv.push_back(msSince(t0));
        t0 = Clock::now();
        const Hierarchy h = readHierarchy(dir + "/zip_hierarchy.csv");
        hierarchy.push_back(msSince(t0));
        t0 = Clock::now();
        const HierarchyMap m(h, t.column(t.requireColumn("zip")));
        map.push_back(msSince(t0));
        t0 = Clock::now();
        const auto issues = validateHierarchy(built, &t.column(t.requireColumn("zip")));
        check.push_back(msSince(t0));
        if (!issues.empty()) return 1;
        t0 = Clock::now();
        const HierarchyMap again(built, t.column(t.requireColumn("zip")));
        bind.push_back(msSince(t0));
        t0 = Clock::now();
        ProjectConfig c = loadProject(resources + "/examples/adult/adult.ldiv.json");
        c.dataPath = dir + "/zip.csv";
        c.qiOrder.clear();
        for (const char* a : {"sex", "age", "race", "marital-status", "education", "native-country",
                              "workclass", "zip"}) {
            AttributeConfig& attr = c.ensureAttribute(a);
            attr.role = Role::QuasiIdentifying;
            c.qiOrder.push_back(a);
        }
        c.ensureAttribute("zip").hierarchyFile = dir + "/zip_hierarchy.csv";
        c.ensureAttribute("occupation").role = Role::Sensitive;
        const Workspace ws(c, resources + "/examples/adult");
        workspace.push_back(msSince(t0));
    }
    std::printf(
        "zip table: readCsv %.1f ms, readHierarchy %.1f ms, HierarchyMap %.1f ms, "
        "whole Workspace %.1f ms (medians of %d)\n"
        "  hierarchy parts: file %.1f ms, records %.1f ms, Hierarchy %.1f ms, "
        "validateHierarchy with the column %.1f ms, HierarchyMap %.1f ms\n",
        median(csv), median(hierarchy), median(map), median(workspace), runs, median(text),
        median(records), median(build), median(check), median(bind));
    return 0;
}

int benchGroups(const std::string& path, const std::string& cols, unsigned threads, int runs) {
    const std::vector<std::string> columns = columnList(cols);
    std::vector<double> ms;
    std::size_t groups = 0;
    for (int r = 0; r < runs; ++r) {
        std::FILE* file = std::fopen(path.c_str(), "rb");
        if (!file) return 1;
        std::vector<char> head(1 << 16);
        const std::size_t got = std::fread(head.data(), 1, head.size(), file);
        std::fseek(file, 0, SEEK_SET);
        const auto t0 = Clock::now();
        auto read = [&](char* into, std::size_t n) { return std::fread(into, 1, n, file); };
        const auto out =
            detail::fastCsvGroups(read, detectSeparator({head.data(), got}), CsvOptions{}, columns,
                                  std::size_t(1) << 22, threads);
        ms.push_back(msSince(t0));
        std::fclose(file);
        if (!out) return 1;
        groups = out->groups.counts.size();
    }
    struct stat st {};
    ::stat(path.c_str(), &st);
    std::printf(
        "readCsvGroups fast path, %u thread(s): %.1f ms, %.0f MB/s, %zu groups (median of %d)\n",
        threads, median(ms), double(st.st_size) / 1e3 / median(ms), groups, runs);
    return 0;
}

/// The base groups of a table already read (Dataset's constructor: the rows' grouping and the
/// groups' sizes, keys and histograms), with identity hierarchies, on `threads` threads.
int benchDataset(const std::string& path, const std::string& qis, const std::string& sensitive,
                 unsigned threads, int runs) {
    CsvOptions options;
    options.threads = threads;
    const Table table = readCsv(path, options);
    std::vector<std::size_t> qi;
    for (const std::string& name : columnList(qis)) qi.push_back(table.requireColumn(name));
    std::vector<double> ms;
    std::size_t groups = 0;
    for (int r = 0; r < runs; ++r) {
        std::vector<HierarchyMap> maps;
        for (const std::size_t c : qi)
            maps.emplace_back(Hierarchy::identity(table.column(c).dictionary()), table.column(c));
        const auto t0 = Clock::now();
        const Dataset data(table, qi, std::move(maps), {table.requireColumn(sensitive)}, {},
                           threads);
        ms.push_back(msSince(t0));
        groups = data.baseGroupCount();
    }
    std::printf("Dataset of %s, %zu rows, %u thread(s): %zu base groups, median %.1f ms of %d\n",
                path.c_str(), table.rowCount(), threads, groups, median(ms), runs);
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    const std::string mode = argc > 1 ? argv[1] : "";
    auto arg = [&](int i, std::size_t fallback) {
        return argc > i ? std::stoul(argv[i]) : fallback;
    };
    if (mode == "zip" && argc > 3) return writeZip(argv[2], argv[3], arg(4, 63000), arg(5, 100000));
    if (mode == "parts" && argc > 3) return benchZipParts(argv[2], argv[3], int(arg(4, 7)));
    if (mode == "csv" && argc > 2)
        return benchCsv(argv[2], int(arg(3, 7)), unsigned(arg(4, 0)), argc > 5 ? argv[5] : "");
    if (mode == "stream" && argc > 4)
        return benchStream(argv[2], argv[3], unsigned(arg(4, 2)), int(arg(5, 5)));
    if (mode == "hierarchy" && argc > 2) return benchHierarchy(argv[2], int(arg(3, 7)));
    if (mode == "dataset" && argc > 4)
        return benchDataset(argv[2], argv[3], argv[4], unsigned(arg(5, 2)), int(arg(6, 7)));
    if (mode == "groups" && argc > 4)
        return benchGroups(argv[2], argv[3], unsigned(arg(4, 2)), int(arg(5, 5)));
    std::cerr
        << "usage: bench_load zip DIR RESOURCES [rows] [zips] | csv FILE [runs] [threads] [COLS] | "
           "stream FILE COLS THREADS [runs] | "
           "hierarchy FILE [runs]\n";
    return 1;
}
