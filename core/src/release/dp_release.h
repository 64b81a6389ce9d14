#pragma once
// Verification of SafePub release records (dp_release.cpp), called by verifyRelease.
#include <string>

#include "ldiv/release/release_record.h"

namespace ldv::detail {

/// The claims of a SafePub record (docs/dp.md, "Release"): its configuration and parameters
/// (β and k recomputed from ε and δ), the published file's hash, rows, k-threshold and risk;
/// with the original, its hash, rows and the node's values. The sample and the mechanism's
/// draws are reported as what cannot be recomputed.
void verifyDpRelease(const ReleaseRecord& record, const std::string& publishedPath,
                     const VerifyInputs& inputs, Verification& verification);

}  // namespace ldv::detail
