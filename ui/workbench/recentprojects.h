#pragma once
#include <QStringList>

namespace ldv::ui {

/// The most recently opened or saved project files, most recent first (QSettings).
class RecentProjects {
public:
    static constexpr int kMax = 10;
    /// The recent project files that still exist.
    static QStringList list();
    /// Every recent project file, also those that were moved or deleted since.
    static QStringList entries();
    static void add(const QString& path);
    static void remove(const QString& path);
};

}  // namespace ldv::ui
