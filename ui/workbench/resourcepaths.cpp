#include "workbench/resourcepaths.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

namespace ldv::ui {

QString resourcesDir() {
    const QString env = qEnvironmentVariable("LDIV_RESOURCES");
    QStringList candidates;
    if (!env.isEmpty()) candidates << env;
    candidates << QCoreApplication::applicationDirPath() + "/../share/ldiv"
               << QStringLiteral(LDIV_INSTALLED_RESOURCES) << QStringLiteral(LDIV_SOURCE_RESOURCES);
    for (const QString& c : candidates)
        if (QFileInfo(c + "/examples").isDir()) return QDir(c).absolutePath();
    return QStringLiteral(LDIV_SOURCE_RESOURCES);
}

QStringList exampleNames() {
    return {"hospital", "adult", "nursery"};
}

QString exampleProject(const QString& name) {
    const QString path = resourcesDir() + "/examples/" + name + "/" + name + ".ldiv.json";
    return QFileInfo::exists(path) ? path : QString();
}

QString exampleData(const QString& name) {
    const QString path = resourcesDir() + "/examples/" + name + "/" + name + ".csv";
    return QFileInfo::exists(path) ? path : QString();
}

}  // namespace ldv::ui
