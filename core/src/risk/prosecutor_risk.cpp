// Prosecutor risk of published classes (prosecutor_risk.h).
#include "ldiv/risk/prosecutor_risk.h"

namespace ldv {

ProsecutorRisk prosecutorRisk(std::span<const std::uint32_t> classSizes) {
    ProsecutorRisk risk;
    std::uint64_t rows = 0;
    std::uint32_t smallest = 0;
    for (std::uint32_t s : classSizes) {
        rows += s;
        if (s && (smallest == 0 || s < smallest)) smallest = s;
    }
    if (rows == 0) return risk;
    risk.highest = 1.0 / double(smallest);
    risk.average = double(classSizes.size()) / double(rows);
    return risk;
}

}  // namespace ldv
