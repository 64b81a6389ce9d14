#pragma once
// A workspace on the bundled Adult example: the chosen quasi-identifiers with their bundled
// hierarchies and one sensitive attribute. Core only (no Qt), so the benchmarks use it too.
#include <memory>
#include <string>
#include <vector>

#include "ldiv/project/workspace.h"

namespace ldv::test {

/// `dir` is the folder of the Adult example (ending in '/'); `dataFile` is adult.csv (the
/// 30,162 complete rows) or adult_full.csv (';'-separated, with missing values).
inline ProjectConfig adultConfig(const std::string& dir, const std::vector<std::string>& qi,
                                 const std::string& sensitive,
                                 const std::string& dataFile = "adult.csv") {
    ProjectConfig c;
    c.dataPath = dir + dataFile;
    for (const std::string& a : qi) {
        AttributeConfig& attr = c.ensureAttribute(a);
        attr.role = Role::QuasiIdentifying;
        attr.hierarchyFile = dir + "adult_hierarchy_" + a + ".csv";
        c.qiOrder.push_back(a);
    }
    c.ensureAttribute(sensitive).role = Role::Sensitive;
    return c;
}

inline std::unique_ptr<Workspace> adultWorkspace(const std::string& dir,
                                                 const std::vector<std::string>& qi,
                                                 const std::string& sensitive) {
    return std::make_unique<Workspace>(adultConfig(dir, qi, sensitive), "");
}

}  // namespace ldv::test
