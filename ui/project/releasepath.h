#pragma once
// Where a release record goes beside its published table: shared by the Export perspective's
// exports and the Privacy perspective's transformation export.
#include <QString>

namespace ldv::ui {

/// "out/published.csv" → "out/published.ldiv-release.json".
QString releasePathFor(const QString& publishedPath);

}  // namespace ldv::ui
