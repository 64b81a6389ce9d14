// Benchmark of the lattice search (not a test; run on a Release build):
//   bench_search adult RESOURCES_DIR [runs]   the issue-4 figures on Adult, 8 QI (4,320 nodes)
//   bench_search case RESOURCES ALGORITHM SUPPRESSION SPEC[,SPEC…] [runs] [threads]   one case
//   bench_search lattice RESOURCES [runs]      scaling with the lattice: Adult's first 2..8 QI
//   bench_search file FILE.csv RESOURCES SPEC [runs]   search on a synth table with Adult's columns
//                                             (QI: every Adult QI present in FILE; SA occupation)
//   bench_search project FILE.ldiv.json SPEC [runs] [DATA.csv]   any project (its QI, hierarchies,
//                                             suppression limit), optionally on another table
//   bench_search simulate DATA.csv PREFIX "QI[ QI…]" SPEC[,SPEC…] T[,T…]   the implicit
//                                             classifier's checks with T simulated workers
//   bench_search csv DATA.csv PREFIX "QI[ QI…]" SPEC[,SPEC…] SUPPRESSION [runs] [threads]
//                                             any table: QI `name` reads PREFIXname.csv,
//                                             `name=BUILDER` builds it (e.g. zip=mask); no SA
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <span>
#include <string>

#include "bench_timing.h"
#include "ldiv/project/workspace.h"
#include "ldiv/search/search_result.h"

using namespace ldv;
using ldv::bench::Clock;
using ldv::bench::median;

namespace {

const char* kQi[] = {
    "sex",       "age",         "race", "marital-status", "education", "native-country",
    "workclass", "salary-class"};

std::vector<std::string> split(const std::string& all, char separator = ',') {
    std::vector<std::string> out;
    for (std::size_t p = 0; p <= all.size();) {
        const std::size_t q = std::min(all.find(separator, p), all.size());
        out.push_back(all.substr(p, q - p));
        p = q + 1;
    }
    return out;
}

std::unique_ptr<Workspace> load(const std::string& data, const std::string& hierarchyDir,
                                std::size_t qiCount = 8) {
    ProjectConfig c;
    c.dataPath = data;
    for (const char* a : std::span(kQi, qiCount)) {
        AttributeConfig& attr = c.ensureAttribute(a);
        attr.role = Role::QuasiIdentifying;
        attr.hierarchyFile = hierarchyDir + "adult_hierarchy_" + a + ".csv";
        c.qiOrder.push_back(a);
    }
    c.ensureAttribute("occupation").role = Role::Sensitive;
    return std::make_unique<Workspace>(c, "");
}

/// A table with its QIs: `name` reads PREFIXname.csv, `name=BUILDER` builds it.
std::unique_ptr<Workspace> loadCsv(const char* data, const std::string& prefix,
                                   const std::string& qis) {
    ProjectConfig c;
    c.dataPath = std::filesystem::absolute(data).string();
    for (const std::string& qi : split(qis, ' ')) {
        const std::size_t eq = qi.find('=');
        AttributeConfig& attr = c.ensureAttribute(qi.substr(0, eq));
        attr.role = Role::QuasiIdentifying;
        if (eq == std::string::npos)
            attr.hierarchyFile = prefix + qi + ".csv";
        else
            attr.hierarchyBuilder = qi.substr(eq + 1);
        c.qiOrder.push_back(qi.substr(0, eq));
    }
    const auto t0 = Clock::now();
    auto ws = std::make_unique<Workspace>(c, ".");
    const Dataset& d = ws->dataset();
    const double loadMs = std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
    std::printf("%s: %zu rows, %zu QI, %zu base groups, %llu nodes, loaded in %.0f ms\n", data,
                d.rowCount(), d.qiColumns().size(), d.baseGroupCount(),
                (unsigned long long)d.lattice().size(), loadMs);
    return ws;
}

/// The implicit classifier's workers simulated (SearchConfig::simulatedThreads): the checks
/// of T racing workers against one, and the simulated speed-up, on one core.
void simulate(const Dataset& data, const std::vector<std::string>& specs,
              const std::vector<std::string>& threadCounts) {
    SearchConfig config;
    config.criteria = bindCriteria(data, specs);
    config.threads = 1;
    config.implicitAbove = 0;
    std::uint64_t one = 0;
    for (const std::string& t : threadCounts) {
        config.simulatedThreads = unsigned(std::stoul(t));
        const SearchResult r = search(data, config);
        const SearchStatistics& st = r.statistics;
        if (one == 0) one = st.checkedNodes;
        std::printf(
            "simulated %2u workers: %llu checks (%+.1f %% over the first count; %llu "
            "redundant), work %.0f, makespan %.0f classes: speed-up %.2f; minimal %zu\n",
            st.simulated.threads, (unsigned long long)st.checkedNodes,
            100.0 * (double(st.checkedNodes) / double(one) - 1),
            (unsigned long long)st.simulated.redundant, st.simulated.work, st.simulated.makespan,
            st.simulated.work / std::max(1.0, st.simulated.makespan), r.minimal.size());
    }
}

void runCase(const Dataset& data, const char* label, std::vector<std::string> specs,
             double suppression, SearchAlgorithm algorithm, int runs, unsigned threads = 0) {
    SearchConfig config;
    config.criteria = bindCriteria(data, specs);
    config.suppressionLimit = suppression;
    config.algorithm = algorithm;
    config.threads = threads;
    std::vector<double> classify, total;
    SearchResult r;
    for (int i = 0; i < runs; ++i) {
        r = search(data, config);
        classify.push_back(r.statistics.times.classifyMs);
        total.push_back(r.statistics.times.elapsedMs);
    }
    std::printf(
        "%-34s %-9s classify %8.3f ms  total %8.3f ms  (median of %d)  sat %zu  minimal %zu  "
        "checked %llu  read %llu (%.0f per check)  bound-decided %llu (%llu entries; %.0f read "
        "per decided node)\n",
        label, std::string(searchAlgorithmName(algorithm)).c_str(), median(classify), median(total),
        runs, (std::size_t)r.satisfyingCount, r.minimal.size(),
        (unsigned long long)r.statistics.checkedNodes, (unsigned long long)r.statistics.classesRead,
        double(r.statistics.classesRead) /
            double(std::max<std::uint64_t>(1, r.statistics.checkedNodes)),
        (unsigned long long)r.statistics.boundDecided,
        (unsigned long long)r.statistics.boundEntriesRead,
        double(r.statistics.classesRead + r.statistics.boundEntriesRead) /
            double(
                std::max<std::uint64_t>(1, r.statistics.checkedNodes + r.statistics.boundDecided)));
    // The thread counters of the last run (docs/search.md, "Thread counters"): what the
    // scaling model is fitted on.
    const CriticalPath& cp = r.statistics.criticalPath;
    std::printf("  counters: work %.1f ms  span %llu checks / %.1f ms  (checks %llu)\n", cp.workMs,
                (unsigned long long)cp.checks, cp.ms,
                (unsigned long long)r.statistics.checkedNodes);
    for (std::size_t t = 0; t < r.statistics.threadsDetail.size(); ++t) {
        const ThreadCounters& c = r.statistics.threadsDetail[t];
        std::printf(
            "  thread %zu: busy %.1f ms  idle %.1f ms  lock waits %llu (%.2f ms)  nodes %llu\n", t,
            c.busyMs, c.idleMs, (unsigned long long)c.lockWaits, c.lockWaitMs,
            (unsigned long long)c.nodesChecked);
    }
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 3) {
        std::fprintf(stderr,
                     "usage: bench_search adult|lattice RESOURCES [runs] | case … | file FILE.csv "
                     "RESOURCES SPEC [runs]\n");
        return 2;
    }
    const std::string mode = argv[1];
    if (mode == "adult") {
        const std::string dir = std::string(argv[2]) + "/examples/adult/";
        const int runs = argc > 3 ? std::stoi(argv[3]) : 7;
        const auto ws = load(dir + "adult.csv", dir);
        const Dataset& data = ws->dataset();
        std::printf("Adult: %zu rows, %zu base groups, %llu nodes\n", data.rowCount(),
                    data.baseGroupCount(), (unsigned long long)data.lattice().size());
        for (SearchAlgorithm a : {SearchAlgorithm::Fast, SearchAlgorithm::Incognito}) {
            runCase(data, "k=5", {"k=5"}, 0, a, runs);
            runCase(data, "entropy-l=6 (occupation)", {"entropy-l=6"}, 0, a, runs);
            runCase(data, "k=5 + 2% suppression", {"k=5"}, 0.02, a, runs);
            runCase(data, "k=6 + entropy-l=6", {"k=6", "entropy-l=6"}, 0, a, runs);
            runCase(data, "k=5 + distinct-l=3 + 2% supp.", {"k=5", "distinct-l=3"}, 0.02, a, runs);
        }
        runCase(data, "k=5", {"k=5"}, 0, SearchAlgorithm::Brute, 1);
        {
            // Every node's metrics, as the workbench colours the lattice by a metric.
            SearchConfig config;
            config.criteria = bindCriteria(data, {"k=5"});
            config.suppressionLimit = 0.02;
            std::vector<double> ms;
            for (int i = 0; i < std::max(1, runs / 2); ++i) {
                const auto t0 = Clock::now();
                measureLattice(data, config);
                ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
            }
            std::printf("%-34s measureLattice %8.3f ms  (median of %zu)\n", "k=5 + 2% suppression",
                        median(ms), ms.size());
        }
        runCase(data, "k=5 + 2% suppression (1 thread)", {"k=5"}, 0.02, SearchAlgorithm::Fast, runs,
                1);
        return 0;
    }
    if (mode == "lattice") {
        const std::string dir = std::string(argv[2]) + "/examples/adult/";
        const int runs = argc > 3 ? std::stoi(argv[3]) : 5;
        for (std::size_t d = 2; d <= 8; ++d) {
            const auto ws = load(dir + "adult.csv", dir, d);
            const Dataset& data = ws->dataset();
            std::printf("-- %zu QI: %llu nodes, %zu base groups\n", d,
                        (unsigned long long)data.lattice().size(), data.baseGroupCount());
            runCase(data, "k=5", {"k=5"}, 0, SearchAlgorithm::Fast, runs);
            runCase(data, "k=5 + 2% suppression", {"k=5"}, 0.02, SearchAlgorithm::Fast, runs);
            runCase(data, "entropy-l=6", {"entropy-l=6"}, 0, SearchAlgorithm::Fast, runs);
            runCase(data, "k=5", {"k=5"}, 0, SearchAlgorithm::Incognito, runs);
        }
        return 0;
    }
    if (mode == "case" && argc >= 6) {
        // bench_search case RESOURCES ALGORITHM SUPPRESSION SPEC[,SPEC…] [runs] [threads]
        const std::string dir = std::string(argv[2]) + "/examples/adult/";
        const auto ws = load(dir + "adult.csv", dir);
        std::vector<std::string> specs;
        std::string all = argv[5];
        for (std::size_t p = 0; p <= all.size();) {
            const std::size_t q = std::min(all.find(',', p), all.size());
            specs.push_back(all.substr(p, q - p));
            p = q + 1;
        }
        const int runs = argc > 6 ? std::stoi(argv[6]) : 1;
        const unsigned threads = argc > 7 ? unsigned(std::stoul(argv[7])) : 0;
        runCase(ws->dataset(), argv[5], specs, std::stod(argv[4]), parseSearchAlgorithm(argv[3]),
                runs, threads);
        return 0;
    }
    if (mode == "simulate" && argc >= 7) {
        const auto ws = loadCsv(argv[2], argv[3], argv[4]);
        simulate(ws->dataset(), split(argv[5]), split(argv[6]));
        return 0;
    }
    if (mode == "csv" && argc >= 7) {
        const auto ws = loadCsv(argv[2], argv[3], argv[4]);
        const int runs = argc > 7 ? std::stoi(argv[7]) : 5;
        const unsigned threads = argc > 8 ? unsigned(std::stoul(argv[8])) : 0;
        runCase(ws->dataset(), argv[5], split(argv[5]), std::stod(argv[6]), SearchAlgorithm::Fast,
                runs, threads);
        return 0;
    }
    if (mode == "project" && argc >= 4) {
        const int runs = argc > 4 ? std::stoi(argv[4]) : 1;
        ProjectConfig c = loadProject(argv[2]);
        std::string base = std::filesystem::path(argv[2]).parent_path().string();
        if (argc > 5) c.dataPath = std::filesystem::absolute(argv[5]).string();
        const auto t0 = Clock::now();
        const Workspace ws(c, base.empty() ? "." : base);
        const Dataset& data = ws.dataset();
        const double loadMs = std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
        std::printf("%s: %zu rows, %zu QI, %zu base groups, %llu nodes, loaded in %.0f ms\n",
                    c.dataPath.c_str(), data.rowCount(), data.qiColumns().size(),
                    data.baseGroupCount(), (unsigned long long)data.lattice().size(), loadMs);
        runCase(data, argv[3], {argv[3]}, c.search.suppressionLimit, SearchAlgorithm::Fast, runs);
        return 0;
    }
    if (mode == "file" && argc >= 5) {
        const int runs = argc > 5 ? std::stoi(argv[5]) : 1;
        const std::string dir = std::string(argv[3]) + "/examples/adult/";
        const auto t0 = Clock::now();
        const auto ws = load(argv[2], dir);
        const double loadMs = std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
        const Dataset& data = ws->dataset();
        std::printf("%s: %zu rows, %zu base groups, %llu nodes, loaded in %.0f ms\n", argv[2],
                    data.rowCount(), data.baseGroupCount(),
                    (unsigned long long)data.lattice().size(), loadMs);
        runCase(data, argv[4], {argv[4]}, 0, SearchAlgorithm::Fast, runs);
        return 0;
    }
    return 2;
}
