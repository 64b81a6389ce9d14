#pragma once
#include <QStringList>

namespace ldv::ui {

/// The most recently opened or saved project files, most recent first (QSettings).
class RecentProjects {
public:
    static constexpr int kMax = 10;
    static QStringList list();
    static void add(const QString& path);
    static void remove(const QString& path);
};

}  // namespace ldv::ui
