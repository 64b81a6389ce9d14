#include "widgets/filedialogs.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QSettings>

namespace ldv::ui::filedialogs {

namespace {
QString key(Kind kind) {
    switch (kind) {
        case Kind::Data:
            return QStringLiteral("folders/data");
        case Kind::Hierarchy:
            return QStringLiteral("folders/hierarchy");
        case Kind::Project:
            return QStringLiteral("folders/project");
        case Kind::Export:
            return QStringLiteral("folders/export");
        case Kind::ResearchSubset:
            return QStringLiteral("folders/research-subset");
        case Kind::Secret:
            return QStringLiteral("folders/secret");
    }
    return {};
}

QString& fallbackFolder() {
    static QString folder;
    return folder;
}
}  // namespace

void setFallbackFolder(const QString& folder) {
    fallbackFolder() = folder;
}

QString lastFolder(Kind kind) {
    const QString folder = QSettings().value(key(kind)).toString();
    if (!folder.isEmpty() && QFileInfo(folder).isDir()) return folder;
    const QString fallback = fallbackFolder();
    return !fallback.isEmpty() && QFileInfo(fallback).isDir() ? fallback : QDir::homePath();
}

bool hasFolder(Kind kind) {
    const QString folder = QSettings().value(key(kind)).toString();
    return !folder.isEmpty() && QFileInfo(folder).isDir();
}

void remember(Kind kind, const QString& path) {
    if (path.isEmpty()) return;
    const QFileInfo info(path);
    QSettings().setValue(key(kind), info.isDir() ? info.absoluteFilePath() : info.absolutePath());
}

QString startPath(Kind kind, const QString& fileName) {
    if (fileName.isEmpty()) return lastFolder(kind);
    if (QFileInfo(fileName).isAbsolute()) return fileName;
    return QDir(lastFolder(kind)).filePath(fileName);
}

QString openFile(QWidget* parent, Kind kind, const QString& caption, const QString& filter) {
    const QString path = QFileDialog::getOpenFileName(parent, caption, startPath(kind), filter);
    remember(kind, path);
    return path;
}

QStringList openFiles(QWidget* parent, Kind kind, const QString& caption, const QString& filter) {
    const QStringList paths =
        QFileDialog::getOpenFileNames(parent, caption, startPath(kind), filter);
    if (!paths.isEmpty()) remember(kind, paths.first());
    return paths;
}

QString saveFile(QWidget* parent, Kind kind, const QString& caption, const QString& fileName,
                 const QString& filter) {
    const QString path =
        QFileDialog::getSaveFileName(parent, caption, startPath(kind, fileName), filter);
    remember(kind, path);
    return path;
}

QString folder(QWidget* parent, Kind kind, const QString& caption) {
    const QString path = QFileDialog::getExistingDirectory(parent, caption, startPath(kind));
    remember(kind, path);
    return path;
}

}  // namespace ldv::ui::filedialogs
