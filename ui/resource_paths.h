#pragma once
#include <QString>

namespace ldv::ui {

/// The folder with the bundled examples: $LDIV_RESOURCES, then next to the installed
/// executable (../share/ldiv), then the source tree (for a build that is not installed).
QString resourcesDir();
/// The project file of a bundled example ("hospital", "adult", "nursery"), or an empty
/// string when there is no such example.
QString exampleProject(const QString& name);

}  // namespace ldv::ui
