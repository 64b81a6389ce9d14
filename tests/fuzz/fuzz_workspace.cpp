// Fuzzes a project all the way into a workspace (issue 24: the other targets stop at parsing,
// so an empty embedded hierarchy row crashed ldiv and the workbench unseen): the input is a
// data CSV and a project file separated by a line "%%%%"; the project is loaded with the CSV
// as its table, hierarchies are validated and bound (embedded levels and the builders: mask,
// intervals, dates, ordered, suppress), the lattice is built, and when it is small, brute
// force and the fast search must agree node by node on k=2 (and on the project's criteria).
// Only InputError and ParameterError are acceptable outcomes besides success.
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <string>

#include "ldiv/data/error.h"
#include "ldiv/io/csv_table_reader.h"
#include "ldiv/project/workspace.h"
#include "ldiv/publish/published_node.h"
#include "ldiv/search/search_result.h"

namespace {

/// A folder of this process for the table (the workspace reads its data from a file).
const std::string& scratch() {
    static const std::string dir = [] {
        std::string d = (std::filesystem::temp_directory_path() /
                         ("ldiv-fuzz-workspace-" + std::to_string(::getpid())))
                            .string();
        std::filesystem::create_directories(d);
        return d;
    }();
    return dir;
}

void compareSearches(const ldv::Dataset& data, const std::vector<std::string>& specs) {
    ldv::SearchConfig config;
    config.criteria = ldv::bindCriteria(data, specs);
    config.threads = 1;
    config.algorithm = ldv::SearchAlgorithm::Brute;
    const ldv::SearchResult brute = ldv::search(data, config);
    config.algorithm = ldv::SearchAlgorithm::Fast;
    const ldv::SearchResult fast = ldv::search(data, config);
    if (brute.satisfying != fast.satisfying || brute.minimal != fast.minimal) __builtin_trap();
    // What the search calls satisfying, publishing judges the same way.
    if (!brute.satisfying.empty()) {
        const ldv::Levels levels = data.lattice().levels(brute.satisfying.front());
        if (!ldv::judgeNode(data, config, levels).satisfies) __builtin_trap();
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* bytes, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(bytes), size);
    const std::size_t cut = text.find("\n%%%%\n");
    if (cut == std::string::npos) return 0;
    const std::string table = scratch() + "/data.csv";
    try {
        ldv::writeFileAtomically(table, text.substr(0, cut + 1));
        ldv::ProjectConfig config = ldv::parseProject(text.substr(cut + 6), "fuzz.ldiv.json");
        config.dataPath = table;
        // Only the table is a file: hierarchies named by path (and taxonomy builders) would
        // read whatever the fuzzer names.
        for (ldv::AttributeConfig& a : config.attributes) {
            a.hierarchyFile.clear();
            if (a.hierarchyBuilder.rfind("taxonomy:", 0) == 0) a.hierarchyBuilder.clear();
        }
        ldv::Workspace ws(config, scratch());
        const ldv::Dataset& data = ws.dataset();
        if (data.lattice().size() == 0) __builtin_trap();  // an overflow must be refused, not wrap
        if (data.lattice().size() <= 512 && data.table().rowCount() <= 200) {
            compareSearches(data, {"k=2"});
            if (!config.search.criteria.empty() && config.search.criteria.size() <= 3)
                compareSearches(data, config.search.criteria);
        }
    } catch (const ldv::InputError&) {
    } catch (const ldv::ParameterError&) {
    }
    return 0;
}
