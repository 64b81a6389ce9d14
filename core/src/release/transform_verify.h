#pragma once
// Verification of transformation release records (transform_release.cpp), called by
// verifyRelease.
#include <string>

#include "ldiv/release/release_record.h"

namespace ldv::detail {

/// Its claims: the configuration checked key by key, the criteria judged on the published
/// file's classes from their definitions, and with the original the file reproduced from the
/// recorded transformation (docs/releases.md).
void verifyTransformRelease(const ReleaseRecord& record, const std::string& publishedPath,
                            const VerifyInputs& inputs, Verification& verification);

}  // namespace ldv::detail
