#pragma once
// The workbench's release record (`*.ldiv-release.json`), written by the same core code as
// `ldiv generalize --release` (ldiv/release/release_record.h: makeRelease): the project's
// configuration is loaded as a core Workspace from the files on disk (as `ldiv verify --original`
// will load it), the node is published from it, and the record hashes the table the workbench
// wrote.
#include <QString>
#include <string>

#include "ldiv/release/release_record.h"
#include "project/project.h"
#include "project/releasepath.h"

namespace ldv::ui {

/// The record of `levels` published to `publishedPath` (already written with `output`),
/// written to `releasePath`. Runs on the GUI thread (reads the project). Throws InputError or
/// ParameterError with the reason (e.g. the data file cannot be read).
ReleaseRecord writeWorkbenchRelease(const Project& project, const SearchSettings& settings,
                                    const Levels& levels, const PublishOptions& publish,
                                    const ReleaseOutput& output, const QString& publishedPath,
                                    const QString& releasePath);

}  // namespace ldv::ui
