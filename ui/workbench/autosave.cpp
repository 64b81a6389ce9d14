#include "workbench/autosave.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStandardPaths>

#include "ldiv/io/csv_table_reader.h"
#include "project/project.h"

namespace ldv::ui {

namespace {
QString g_directory;
QString metaPath() {
    return Autosave::directory() + "/recovery.json";
}
}  // namespace

Autosave::Autosave(QObject* parent) : QObject(parent) {
    m_timer.setInterval(30 * 1000);
    connect(&m_timer, &QTimer::timeout, this, &Autosave::saveNow);
    m_timer.start();
}

void Autosave::setProject(Project* project) {
    // Closing or replacing a project ends its recovery file; a first project (perhaps the
    // one being restored) keeps it until its own next autosave.
    if (m_project) {
        m_project->disconnect(this);
        discard();
    }
    m_project = project;
    if (project)
        connect(project, &Project::dirtyChanged, this, [](bool dirty) {
            if (!dirty) discard();
        });
}

void Autosave::setInterval(int seconds) {
    m_timer.setInterval(seconds * 1000);
}

void Autosave::saveNow() {
    if (!m_project || !m_project->isDirty()) return;
    QDir().mkpath(directory());
    try {
        writeFileAtomically(recoveryProjectPath().toStdString(), m_project->recoveryText());
        const QJsonObject meta{{"original", m_project->filePath()}};
        writeFileAtomically(metaPath().toStdString(), QJsonDocument(meta).toJson().toStdString());
    } catch (const std::exception& e) {
        qWarning("autosave failed: %s", e.what());
    }
}

void Autosave::discard() {
    QFile::remove(recoveryProjectPath());
    QFile::remove(metaPath());
}

QString Autosave::directory() {
    if (!g_directory.isEmpty()) return g_directory;
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + "/recovery";
}

void Autosave::setDirectory(const QString& dir) {
    g_directory = dir;
}
QString Autosave::recoveryProjectPath() {
    return directory() + "/recovery.ldiv.json";
}
bool Autosave::hasRecovery() {
    return QFile::exists(recoveryProjectPath());
}

QString Autosave::recoveredOriginalPath() {
    QFile file(metaPath());
    if (!file.open(QIODevice::ReadOnly)) return {};
    return QJsonDocument::fromJson(file.readAll()).object().value("original").toString();
}

}  // namespace ldv::ui
