#pragma once
// Assembles the workbench: perspectives, menus, toolbar, status bar. Document logic lives in
// ProjectController, views in the perspectives.
#include <QMainWindow>
#include <QPointer>

#include "widgets/qtforward.h"

class QUndoGroup;

namespace ldv::ui {

class AnalysisPerspective;
class Autosave;
class DataPerspective;
class ExportPerspective;
class HierarchyPerspective;
class LatticePerspective;
class PrivacyPerspective;
class RiskPerspective;
class UserGuide;
class Project;
class ResultKeeper;
class SearchSession;
class ProjectController;
class StartPage;
class UtilityPerspective;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    enum Perspective {
        Data,
        Hierarchies,
        Privacy,
        Lattice,
        Analysis,
        Export,
        Risk,
        Utility,
        PerspectiveCount
    };

    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    ProjectController* controller() const { return m_controller; }
    Autosave* autosave() const { return m_autosave; }
    DataPerspective* dataPerspective() const { return m_data; }
    HierarchyPerspective* hierarchyPerspective() const { return m_hierarchies; }
    PrivacyPerspective* privacyPerspective() const { return m_privacy; }
    LatticePerspective* latticePerspective() const { return m_lattice; }
    AnalysisPerspective* analysisPerspective() const { return m_analysis; }
    ExportPerspective* exportPerspective() const { return m_export; }
    RiskPerspective* riskPerspective() const { return m_risk; }
    UtilityPerspective* utilityPerspective() const { return m_utility; }
    /// The bundled user guide (Help → User guide, F1); created on first use.
    UserGuide* userGuide();
    /// The open project's search, shared by the Privacy, Lattice, Analysis and Export views.
    SearchSession* searchSession() const { return m_search; }
    ResultKeeper* resultKeeper() const { return m_keeper; }
    StartPage* startPage() const { return m_start; }
    QUndoGroup* undoGroup() const { return m_undoGroup; }

    /// Perspective names as used on the command line: data, hierarchies, privacy, …
    static QStringList perspectiveNames();
    /// Shows a perspective by name; false when the name is unknown.
    bool showPerspective(const QString& name);
    void showPerspective(Perspective perspective);
    Perspective currentPerspective() const;
    /// Selects an attribute in the Data and Hierarchies perspectives; false when unknown.
    bool selectAttribute(const QString& name);
    /// Offers to restore the changes of a session that did not end cleanly.
    void offerRecovery();
    /// Says in the status bar where an export wrote, with an "Open folder" button.
    void showWritten(const QString& path);
    QLabel* statusLabel() const { return m_status; }
    QToolButton* openFolderButton() const { return m_openFolder; }

protected:
    void closeEvent(QCloseEvent* event) override;

private:
    void createActions();
    void createStatusBar();
    void projectChanged(Project* project);
    void updateTitle();
    void rebuildRecentMenu();
    void about();
    void showUserGuide();
    void showStatus(const QString& text);

    ProjectController* m_controller;
    Autosave* m_autosave;
    QUndoGroup* m_undoGroup;
    QStackedWidget* m_stack;
    StartPage* m_start;
    QTabWidget* m_tabs;
    DataPerspective* m_data;
    HierarchyPerspective* m_hierarchies;
    SearchSession* m_search;
    ResultKeeper* m_keeper;
    PrivacyPerspective* m_privacy;
    LatticePerspective* m_lattice;
    AnalysisPerspective* m_analysis;
    ExportPerspective* m_export;
    RiskPerspective* m_risk;
    UtilityPerspective* m_utility;
    UserGuide* m_guide = nullptr;
    QMenu* m_recentMenu = nullptr;
    QList<QAction*> m_projectActions;
    QLabel* m_status;
    QProgressBar* m_progress;
    QToolButton* m_cancel;
    QToolButton* m_openFolder = nullptr;
};

}  // namespace ldv::ui
