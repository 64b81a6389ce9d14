#pragma once
// The part every release record shares, whatever wrote it (release.cpp for a node and SWEEP,
// dp_release.cpp for SafePub): the configuration and its hash, and the original's and the
// published file's paths and hashes (docs/releases.md).
#include <string>

#include "ldiv/project/workspace.h"
#include "ldiv/release/release_record.h"

namespace ldv::detail {

void setRecordFiles(ReleaseRecord& r, const Workspace& ws, std::string configuration,
                    const std::string& publishedPath);

}  // namespace ldv::detail
