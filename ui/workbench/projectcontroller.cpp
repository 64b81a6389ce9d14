#include "workbench/projectcontroller.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QSettings>

#include "data/importdialog.h"
#include "workbench/recentprojects.h"
#include "workbench/resourcepaths.h"
#ifdef LDIV_HAVE_POSTGRES
#include "database/databasedialog.h"
#include "ldiv/io/table_source.h"
#include "ldiv/postgres.h"
#include "ldiv/project/workspace.h"
#endif
#include "project/job.h"
#include "project/project.h"
#include "project/projectdata.h"
#include "widgets/filedialogs.h"
#include "widgets/plural.h"

namespace ldv::ui {

ProjectController::ProjectController(QWidget* dialogParent, QObject* parent)
    : QObject(parent), m_dialogParent(dialogParent) {}

ProjectController::~ProjectController() = default;

Project* ProjectController::project() const {
    return m_project;
}

bool ProjectController::isBusy() const {
    return m_job && m_job->isRunning();
}

bool ProjectController::hierarchiesAsFiles() const {
    return QSettings().value("save/hierarchiesAsFiles", false).toBool();
}

void ProjectController::setHierarchiesAsFiles(bool asFiles) {
    QSettings().setValue("save/hierarchiesAsFiles", asFiles);
}

void ProjectController::open(const QString& target) {
    if (QFileInfo(target).isFile()) return openProjectFile(target);
    const QString project = exampleProject(target.toLower());
    if (!project.isEmpty()) return openProjectFile(project);
    const QString data = exampleData(target.toLower());
    if (!data.isEmpty()) {
        // An example without a project file yet (nursery): open its data as a new project.
        emit message(tr("The %1 example has no project file yet; its data opens as a new project.")
                         .arg(target));
        return openCsv(data, CsvOptions{});
    }
    emit loadFailed(
        tr("%1: no such project file or bundled example (hospital, adult, nursery)").arg(target));
}

void ProjectController::openProjectFile(const QString& path) {
    if (!maybeSave()) return;
#ifdef LDIV_HAVE_POSTGRES
    // A project can name any database server. PGPASSWORD goes only to servers the user
    // confirmed (docs/database.md, "Safety"): ask before this project receives it. No: the
    // project still opens where the server needs no password or ~/.pgpass has one for it.
    try {
        const std::string data = loadProject(path.toStdString()).dataPath;
        if (isSourceUri(data) && pg::awaitsConfirmation(data) && m_interactive) {
            const QString server = QString::fromStdString(pg::serverOf(data));
            const auto answer = QMessageBox::question(
                m_dialogParent, tr("Send your database password?"),
                tr("%1 reads its data from the database server %2.\n\nSend your PGPASSWORD "
                   "to %2? Answer No unless you know this server: a project file from someone "
                   "else could name a server that collects passwords.")
                    .arg(QFileInfo(path).fileName(), server),
                QMessageBox::Yes | QMessageBox::No, QMessageBox::No);
            if (answer == QMessageBox::Yes) pg::confirmServer(data);
        }
    } catch (const std::exception&) {
        // A project that cannot be read is reported by the load below.
    }
#endif
    startLoad(tr("Opening %1").arg(QFileInfo(path).fileName()),
              [path](Feedback& f) { return loadProjectData(path, &f); });
}

void ProjectController::openCsv(const QString& path, const CsvOptions& options) {
    if (!maybeSave()) return;
    startLoad(tr("Loading %1").arg(QFileInfo(path).fileName()),
              [path, options](Feedback& f) { return loadCsvProject(path, options, &f); });
}

void ProjectController::openRecovery(const QString& recoveryPath, const QString& originalPath) {
    startLoad(
        tr("Restoring unsaved changes"),
        [recoveryPath](Feedback& f) { return loadProjectData(recoveryPath, &f); }, originalPath,
        true);
}

void ProjectController::startLoad(const QString& title,
                                  std::function<std::shared_ptr<ProjectData>(Feedback&)> load,
                                  const QString& originalPath, bool dirty) {
    // A new request cancels the old one.
    if (m_job) {
        m_job->cancel();
        m_job->deleteLater();
    }
    m_job = new Job(
        title, [load](Feedback& f) -> std::shared_ptr<void> { return load(f); }, this);
    connect(m_job, &Job::progressChanged, this, &ProjectController::progressChanged);
    connect(m_job, &Job::succeeded, this, [this, originalPath, dirty](std::shared_ptr<void> r) {
        adopt(std::static_pointer_cast<ProjectData>(r), originalPath, dirty);
    });
    connect(m_job, &Job::failed, this, [this](const QString& error) {
        emit loadFailed(error);
        if (m_interactive) QMessageBox::warning(m_dialogParent, tr("Cannot open"), error);
    });
    connect(m_job, &Job::cancelled, this, [this] { emit message(tr("Loading cancelled.")); });
    connect(m_job, &Job::finished, this, [this] { emit busyChanged(false, {}); });
    emit busyChanged(true, title);
    m_job->start();
}

void ProjectController::adopt(std::shared_ptr<ProjectData> data, const QString& originalPath,
                              bool dirty) {
    if (dirty) data->projectPath = originalPath;  // a recovered project saves to where it came from
    Project* old = m_project;
    m_project = new Project(std::move(data), this);
    if (dirty) m_project->setForcedDirty(true);
    if (!m_project->filePath().isEmpty() && !dirty) RecentProjects::add(m_project->filePath());
    // Dialogs not used yet start next to the project (or its data), not in the home folder.
    filedialogs::setFallbackFolder(
        QFileInfo(m_project->filePath().isEmpty() ? m_project->dataPath() : m_project->filePath())
            .absolutePath());
    emit projectChanged(m_project);
    if (old) old->deleteLater();
    const auto& t = m_project->table();
    QString text = tr("%1: %2, %3")
                       .arg(m_project->displayName(), countOfL(t.rowCount(), "row", "rows"),
                            countOf(t.columnCount(), "attribute", "attributes"));
    if (const auto dropped = m_project->loadReport().rowsDropped)
        text += tr(", %1 with missing values dropped").arg(countOfL(dropped, "row", "rows"));
    emit message(text);
    if (!m_project->loadWarnings().isEmpty() && m_interactive)
        QMessageBox::warning(m_dialogParent, tr("Opened with problems"),
                             m_project->loadWarnings().join("\n\n"));
}

void ProjectController::openDialog() {
    const QString path =
        filedialogs::openFile(m_dialogParent, filedialogs::Kind::Project, tr("Open project"),
                              tr("ldiv projects (*.ldiv.json *.json);;All files (*)"));
    if (!path.isEmpty()) openProjectFile(path);
}

void ProjectController::importDialog() {
    if (!maybeSave()) return;
    ImportDialog dialog(m_dialogParent);
    if (dialog.exec() == QDialog::Accepted && dialog.result()) adopt(dialog.result());
}

void ProjectController::databaseDialog() {
#ifdef LDIV_HAVE_POSTGRES
    if (!maybeSave()) return;
    DatabaseDialog dialog(m_dialogParent);
    if (dialog.exec() == QDialog::Accepted && dialog.result()) adopt(dialog.result());
#else
    if (m_interactive)
        QMessageBox::information(m_dialogParent, tr("Open database table"),
                                 tr("This build of ldiv has no PostgreSQL support."));
#endif
}

bool ProjectController::save() {
    if (!m_project) return false;
    if (m_project->filePath().isEmpty()) return saveAs();
    return saveTo(m_project->filePath());
}

bool ProjectController::saveAs() {
    if (!m_project) return false;
    QString suggestion = m_project->filePath();
    if (suggestion.isEmpty()) {
        const QFileInfo data(m_project->dataPath());
        // A new project: where projects were saved last, else next to its data.
        suggestion = data.completeBaseName() + ".ldiv.json";
        if (!filedialogs::hasFolder(filedialogs::Kind::Project))
            suggestion = data.absolutePath() + "/" + suggestion;
    }
    QString path =
        filedialogs::saveFile(m_dialogParent, filedialogs::Kind::Project, tr("Save project"),
                              suggestion, tr("ldiv projects (*.ldiv.json)"));
    if (path.isEmpty()) return false;
    if (!path.endsWith(".json")) path += ".ldiv.json";
    return saveTo(path);
}

bool ProjectController::saveTo(const QString& path) {
    if (!m_project) return false;
    try {
        m_project->save(path, hierarchiesAsFiles());
        RecentProjects::add(path);
        emit message(tr("Saved %1").arg(path));
        return true;
    } catch (const std::exception& e) {
        emit message(tr("Saving failed: %1").arg(QString::fromStdString(e.what())));
        if (m_interactive)
            QMessageBox::critical(m_dialogParent, tr("Cannot save"),
                                  QString::fromStdString(e.what()));
        return false;
    }
}

bool ProjectController::maybeSave() {
    if (!m_project || !m_project->isDirty() || !m_interactive) return true;
    const auto answer = QMessageBox::warning(
        m_dialogParent, tr("Unsaved changes"),
        tr("%1 has unsaved changes. Save them?").arg(m_project->displayName()),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    if (answer == QMessageBox::Save) return save();
    return answer == QMessageBox::Discard;
}

bool ProjectController::close() {
    if (!maybeSave()) return false;
    if (m_project) {
        Project* old = m_project;
        m_project = nullptr;
        filedialogs::setFallbackFolder({});
        emit projectChanged(nullptr);
        old->deleteLater();
    }
    return true;
}

void ProjectController::cancel() {
    if (m_job) m_job->cancel();
}

}  // namespace ldv::ui
