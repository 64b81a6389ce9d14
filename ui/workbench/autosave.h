#pragma once
// Crash recovery: while the project has unsaved changes it is written every few seconds to
// a recovery file under QStandardPaths::AppDataLocation; saving or closing cleanly removes
// it, so a recovery file found at start-up means the last session did not end cleanly.
#include <QObject>
#include <QPointer>
#include <QTimer>

namespace ldv::ui {

class Project;

class Autosave : public QObject {
    Q_OBJECT
public:
    explicit Autosave(QObject* parent = nullptr);
    void setProject(Project* project);
    void setInterval(int seconds);
    /// Writes the recovery file now if the project is dirty (removes it when clean).
    void saveNow();
    /// Removes the recovery file (clean save, close or exit).
    static void discard();
    /// The folder of the recovery files (overridable for tests with setDirectory).
    static QString directory();
    static void setDirectory(const QString& dir);
    static QString recoveryProjectPath();
    static bool hasRecovery();
    /// The project file the recovered changes belong to ("" for a never-saved project).
    static QString recoveredOriginalPath();

private:
    QPointer<Project> m_project;
    QTimer m_timer;
};

}  // namespace ldv::ui
