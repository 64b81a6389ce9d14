#pragma once
// Opening, creating, saving and closing projects: the document life cycle the main window's
// actions call into. Loads run on a worker thread; the current project is replaced only when
// a load succeeds.
#include <QObject>
#include <QPointer>
#include <functional>
#include <memory>

#include "ldiv/io/csv_table_reader.h"
#include "widgets/qtforward.h"

namespace ldv {
class Feedback;
}

namespace ldv::ui {

class Job;
class Project;
struct ProjectData;

class ProjectController : public QObject {
    Q_OBJECT
public:
    /// `dialogParent` owns the file dialogs and prompts.
    explicit ProjectController(QWidget* dialogParent, QObject* parent = nullptr);
    ~ProjectController() override;

    Project* project() const;
    bool isBusy() const;
    /// When false (tests, scripted screenshots) no prompt or dialog is shown: unsaved changes
    /// are discarded and errors only reported through loadFailed().
    void setInteractive(bool interactive) { m_interactive = interactive; }
    bool isInteractive() const { return m_interactive; }
    /// Save hierarchies as CSV files next to the project instead of embedding them.
    bool hierarchiesAsFiles() const;
    void setHierarchiesAsFiles(bool asFiles);

public slots:
    /// Opens a project file, or a bundled example by name (an example without a project
    /// file opens its CSV as a new project).
    void open(const QString& projectOrExample);
    void openProjectFile(const QString& path);
    void openCsv(const QString& path, const ldv::CsvOptions& options);
    void openDialog();
    void importDialog();
    /// File ▸ Open database table… (a build with PostgreSQL support).
    void databaseDialog();
    /// Restores the autosaved recovery file as an unsaved version of `originalPath`.
    void openRecovery(const QString& recoveryPath, const QString& originalPath);
    bool save();
    bool saveAs();
    bool saveTo(const QString& path);
    /// Asks whether to save unsaved changes; false when the user cancels.
    bool maybeSave();
    bool close();
    void cancel();
    /// Takes a loaded project (from a load job or the import dialog).
    void adopt(std::shared_ptr<ldv::ui::ProjectData> data, const QString& originalPath = {},
               bool dirty = false);

signals:
    void projectChanged(ldv::ui::Project* project);
    void loadFailed(const QString& message);
    void busyChanged(bool busy, const QString& title);
    void progressChanged(double fraction);
    void message(const QString& text);

private:
    void startLoad(const QString& title,
                   std::function<std::shared_ptr<ProjectData>(Feedback&)> load,
                   const QString& originalPath = {}, bool dirty = false);
    QWidget* m_dialogParent;
    QPointer<Project> m_project;
    Job* m_job = nullptr;
    bool m_interactive = true;
};

}  // namespace ldv::ui
