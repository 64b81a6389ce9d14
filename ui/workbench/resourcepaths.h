#pragma once
#include <QString>
#include <QStringList>

namespace ldv::ui {

/// The folder with the bundled examples: $LDIV_RESOURCES, then next to the installed
/// executable (../share/ldiv), then the source tree (for a build that is not installed).
QString resourcesDir();
/// Names of the bundled examples in the order the start page lists them.
QStringList exampleNames();
/// The project file of a bundled example ("hospital", "adult", "nursery"), or an empty
/// string when the example has no project file (yet).
QString exampleProject(const QString& name);
/// The data file of a bundled example (examples/NAME/NAME.csv), or an empty string.
QString exampleData(const QString& name);

}  // namespace ldv::ui
