#include "workbench/recentprojects.h"

#include <QFileInfo>
#include <QSettings>

namespace ldv::ui {

namespace {
const char* kKey = "recentProjects";
}

QStringList RecentProjects::list() {
    QStringList out;
    for (const QString& p : entries())
        if (QFileInfo::exists(p)) out << p;
    return out;
}

QStringList RecentProjects::entries() {
    return QSettings().value(kKey).toStringList();
}

void RecentProjects::add(const QString& path) {
    const QString absolute = QFileInfo(path).absoluteFilePath();
    QStringList all = QSettings().value(kKey).toStringList();
    all.removeAll(absolute);
    all.prepend(absolute);
    while (all.size() > kMax) all.removeLast();
    QSettings().setValue(kKey, all);
}

void RecentProjects::remove(const QString& path) {
    QStringList all = QSettings().value(kKey).toStringList();
    all.removeAll(QFileInfo(path).absoluteFilePath());
    QSettings().setValue(kKey, all);
}

}  // namespace ldv::ui
