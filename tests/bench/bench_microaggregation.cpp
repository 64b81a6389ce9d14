// Benchmark of issue 34's microaggregation and cell suppression (not a test; run on a Release
// build):
//   bench_microaggregation PROJECT RUNS mdav QI[,QI...] SPEC...
//   bench_microaggregation PROJECT RUNS cells SPEC...
// `mdav` groups the project's table on the named numeric columns (identity hierarchies, the
// project's sensitive attributes) with MDAV (transform/microaggregation.h), aggregate mean,
// and prints the groups, merges, classes, DM = Σ|E|², the information loss SSE/SST of the
// standardized values (Domingo-Ferrer & Mateo-Sanz 2002) and the time; `cells` suppresses
// cells on the project's own QIs (transform/cell_suppression.h, default importance, the
// project's suppression limit) and prints the cells per attribute and the time. Times are the
// median of RUNS runs; loading is not included.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <sstream>
#include <string>
#include <vector>

#include "ldiv/project/workspace.h"
#include "ldiv/transform/cell_suppression.h"
#include "ldiv/transform/microaggregation.h"

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

std::size_t columnIndex(const Table& t, const std::string& name) {
    for (std::size_t c = 0; c < t.columnCount(); ++c)
        if (t.column(c).name() == name) return c;
    std::fprintf(stderr, "no column '%s'\n", name.c_str());
    std::exit(1);
}

/// SSE/SST of the standardized QI values, SSE within the published classes: standardizing
/// divides both sums of an attribute by its variance, so this is the mean over the
/// (non-constant) attributes of their own SSE/SST.
double informationLoss(const Dataset& data, const MondrianResult& m) {
    double loss = 0;
    std::size_t counted = 0;
    const std::size_t n = data.table().rowCount();
    for (std::size_t i = 0; i < data.qiCount(); ++i) {
        const Column& c = data.table().column(data.qiColumns()[i]);
        std::vector<double> x(n);
        for (std::size_t r = 0; r < n; ++r) x[r] = std::stod(c.value(c.code(r)));
        double mean = 0;
        for (double v : x) mean += v / double(n);
        std::vector<double> sum(m.count(), 0);
        for (std::size_t r = 0; r < n; ++r) sum[m.rowClass[r]] += x[r];
        double sse = 0, sst = 0;
        for (std::size_t r = 0; r < n; ++r) {
            const double g = sum[m.rowClass[r]] / double(m.sizes[m.rowClass[r]]);
            sst += (x[r] - mean) * (x[r] - mean);
            sse += (x[r] - g) * (x[r] - g);
        }
        if (sst > 0) {
            loss += sse / sst;
            ++counted;
        }
    }
    return counted > 0 ? loss / double(counted) : 0;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 4) {
        std::fprintf(stderr,
                     "usage: bench_microaggregation PROJECT RUNS mdav QI[,QI...] SPEC...\n"
                     "       bench_microaggregation PROJECT RUNS cells SPEC...\n");
        return 1;
    }
    const std::string project = argv[1];
    const int runs = std::max(1, std::atoi(argv[2]));
    const std::string mode = argv[3];
    const Workspace ws(loadProject(project), folderOf(project));
    std::vector<double> ms;
    if (mode == "mdav") {
        if (argc < 6) return 1;
        std::vector<std::size_t> qi;
        std::vector<HierarchyMap> maps;
        std::stringstream names(argv[4]);
        for (std::string name; std::getline(names, name, ',');) {
            qi.push_back(columnIndex(ws.table(), name));
            maps.emplace_back(ws.table().column(qi.back()));
        }
        const Dataset data(ws.table(), qi, std::move(maps), ws.sensitiveColumns());
        SearchConfig config;
        config.criteria = bindCriteria(data, std::vector<std::string>(argv + 5, argv + argc));
        MicroaggregationResult m;
        for (int i = 0; i < runs; ++i) {
            const auto start = Clock::now();
            m = microaggregate(data, config);
            ms.push_back(msSince(start));
        }
        std::sort(ms.begin(), ms.end());
        if (!m.classes.tableFails.empty()) {
            std::printf("the whole table fails %s\n", m.classes.tableFails.front().c_str());
            return 0;
        }
        std::printf(
            "%s: %zu rows, QI %s: mdav %zu groups, %zu merges, %zu classes, DM %llu, smallest "
            "%u, SSE/SST %.6f (median %.1f ms of %d)\n",
            project.c_str(), data.rowCount(), argv[4], m.mdavGroups, m.merges, m.classes.count(),
            static_cast<unsigned long long>(m.classes.discernibility()), m.classes.minClassSize(),
            informationLoss(data, m.classes), ms[ms.size() / 2], runs);
        return 0;
    }
    const Dataset& data = ws.dataset();
    SearchConfig config;
    config.criteria = bindCriteria(data, std::vector<std::string>(argv + 4, argv + argc));
    config.suppressionLimit = ws.config().search.suppressionLimit;
    CellSuppressionResult c;
    for (int i = 0; i < runs; ++i) {
        const auto start = Clock::now();
        c = suppressCells(data, config);
        ms.push_back(msSince(start));
    }
    std::sort(ms.begin(), ms.end());
    std::uint64_t total = 0;
    std::string per;
    for (std::size_t i : c.order) {
        total += c.suppressedCells[i];
        per += " " + ws.table().column(data.qiColumns()[i]).name() + "=" +
               std::to_string(c.suppressedCells[i]);
    }
    std::printf(
        "%s: %zu rows, %zu QI: %llu cells suppressed (%s), %llu records entirely (limit "
        "%llu)%s (median %.1f ms of %d)\n",
        project.c_str(), data.rowCount(), data.qiCount(), static_cast<unsigned long long>(total),
        per.c_str() + 1, static_cast<unsigned long long>(c.suppressedRecords),
        static_cast<unsigned long long>(c.recordLimit),
        c.classes.tableFails.empty() ? "" : "; refused: over the limit", ms[ms.size() / 2], runs);
    return 0;
}
