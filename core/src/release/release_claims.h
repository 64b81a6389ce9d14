#pragma once
// The claims a release record makes, computed the same way when the record is written
// (release.cpp) and when it is checked (verify_release.cpp).
#include <cstdint>
#include <nlohmann/json.hpp>
#include <span>
#include <string>

#include "ldiv/release/release_record.h"

namespace ldv::detail {

/// The claims of one criterion over the classes that are published (suppressed[c] == 0 and,
/// when `sizes` is given, sizes[c] > 0: a research subset's class without a subset row is not
/// published, and only delta-presence, which reads the population, judges it).
ReleaseCriterion criterionClaim(const BoundCriterion& b, const CriterionResult& r,
                                std::span<const std::uint8_t> suppressed,
                                std::span<const std::uint32_t> sizes = {});

/// (τ,ℓ) with generalized sensitive values on the classes of a published SWEEP table, from
/// the configuration `c` (τ, ℓ, the taxonomy rows and the weighted values).
ReleaseCriterion tauClaim(const Dataset& published, const nlohmann::json& c);

/// Equal up to rounding: measures recomputed from the file sum entropies in another order.
bool same(double a, double b);
/// A measure as text ("inf" for infinity).
std::string number(double v);

/// The project's data path made absolute and its hierarchies embedded (file and builder
/// hierarchies as rows), so that verify never opens a path from a record.
void embedHierarchies(const Workspace& workspace, ProjectConfig& project);

/// The record as JSON, without the signature.
nlohmann::json releaseJson(const ReleaseRecord& r);

}  // namespace ldv::detail
