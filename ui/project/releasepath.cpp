#include "project/releasepath.h"

#include <QDir>
#include <QFileInfo>

namespace ldv::ui {

QString releasePathFor(const QString& publishedPath) {
    const QFileInfo info(publishedPath);
    return info.dir().filePath(info.completeBaseName() + QStringLiteral(".ldiv-release.json"));
}

}  // namespace ldv::ui
