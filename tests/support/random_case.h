#pragma once
// Random tables with random hierarchies for brute-force comparisons (test_search,
// test_explain, test_frontier, test_criteria_distribution). Changing the order of the rng()
// calls changes every random table and with it the seeds the tests were checked on.
#include <algorithm>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "ldiv/hierarchy/hierarchy.h"
#include "ldiv/lattice/dataset.h"

namespace ldv::test {

/// How the values of the first sensitive column s0 are written: "v<i>" strings, or numbers
/// 10·i + 3 for criteria that need a numeric attribute (ordered EMD of t-closeness). The label
/// does not touch the random stream, so both give the same classes.
enum class SensitiveValues { Labels, Numeric };

/// prefix + number ("c12"), built without `prefix + std::to_string(v)`: GCC 12 warns falsely
/// (-Wrestrict) on that at -O3.
inline std::string label(const char* prefix, std::size_t v) {
    std::string s = prefix;
    s += std::to_string(v);
    return s;
}

/// A random table: `d` QI columns and two sensitive columns, with random hierarchies that
/// coarsen by merging random groups level by level up to '*'.
struct RandomCase {
    Table table;
    std::unique_ptr<Dataset> data;
};

inline std::unique_ptr<RandomCase> randomCase(std::mt19937& rng, std::size_t rows, std::size_t d,
                                              SensitiveValues s0 = SensitiveValues::Labels) {
    auto rc = std::make_unique<RandomCase>();
    std::vector<Column> columns;
    for (std::size_t i = 0; i < d + 2; ++i) {
        Column c(i < d ? label("q", i) : label("s", i - d));
        const std::size_t domain = 2 + rng() % (i < d ? 6 : 5);
        // Skewed values so that classes of very different sizes appear.
        for (std::size_t r = 0; r < rows; ++r) {
            const std::size_t skewed = std::min(rng() % domain, rng() % domain + rng() % 2);
            const std::size_t v = std::min(skewed, domain - 1);
            c.append(i == d && s0 == SensitiveValues::Numeric ? std::to_string(10 * v + 3)
                                                              : label("v", v));
        }
        columns.push_back(std::move(c));
    }
    rc->table = Table(std::move(columns));
    std::vector<HierarchyMap> maps;
    std::vector<std::size_t> qi;
    for (std::size_t i = 0; i < d; ++i) {
        const Column& col = rc->table.column(i);
        const std::size_t m = col.domainSize();
        const int height = 1 + int(rng() % 3);
        std::vector<std::size_t> group(m);
        for (std::size_t v = 0; v < m; ++v) group[v] = v;
        std::vector<std::vector<std::string>> hrows(m);
        for (std::size_t v = 0; v < m; ++v) hrows[v].push_back(col.value(Code(v)));
        std::size_t groups = m;
        for (int level = 1; level <= height; ++level) {
            const std::size_t next =
                level == height ? 1 : std::max<std::size_t>(1, (groups + 1) / 2);
            std::vector<std::size_t> to(groups);
            for (std::size_t g = 0; g < groups; ++g) to[g] = g < next ? g : rng() % next;
            for (std::size_t v = 0; v < m; ++v) {
                group[v] = to[group[v]];
                std::string value = "*";
                if (level != height) {
                    value = label("L", std::size_t(level));
                    value += label("g", group[v]);
                }
                hrows[v].push_back(std::move(value));
            }
            groups = next;
        }
        maps.emplace_back(Hierarchy(hrows), col);
        qi.push_back(i);
    }
    rc->data = std::make_unique<Dataset>(rc->table, qi, std::move(maps),
                                         std::vector<std::size_t>{d, d + 1});
    return rc;
}

inline std::vector<std::string> randomCriteria(std::mt19937& rng) {
    std::vector<std::string> specs;
    if (rng() % 4 != 0) specs.push_back("k=" + std::to_string(2 + rng() % 5));
    switch (rng() % 6) {
        case 0:
            specs.push_back("distinct-l=2");
            break;
        case 1:
            specs.push_back("entropy-l=1.6@s1");
            break;
        case 2:
            specs.push_back("recursive-cl=3,2");
            break;
        case 3:
            specs.push_back("simple-l=1.5@s1");
            break;
        case 4:
            specs.push_back("tau-l=0.7,2");
            break;
        default:
            break;
    }
    if (specs.empty()) specs.push_back("k=3");
    return specs;
}

}  // namespace ldv::test
