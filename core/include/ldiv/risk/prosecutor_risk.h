#pragma once
// Prosecutor re-identification risk of published classes (Sweeney 2002; El Emam & Dankar
// 2008): an attacker who knows the target is in the release picks one record of the target's
// class. Highest = 1 / smallest class, average = classes / rows. The one home of these two
// figures for the release record, the frontier and verify (risk_analysis.h adds the rest of
// the risk view: histogram, journalist and marketer risk).
#include <cstdint>
#include <span>

namespace ldv {

struct ProsecutorRisk {
    double highest = 0;
    double average = 0;
};

/// Over the sizes of the published classes (a table of no rows has risk 0).
ProsecutorRisk prosecutorRisk(std::span<const std::uint32_t> classSizes);

}  // namespace ldv
