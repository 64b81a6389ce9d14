#include "workbench/mainwindow.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDesktopServices>
#include <QDir>
#include <QFileInfo>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QProgressBar>
#include <QScreen>
#include <QSettings>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTabWidget>
#include <QToolBar>
#include <QToolButton>
#include <QUndoGroup>
#include <QUrl>

#include "analysis/analysisperspective.h"
#include "data/dataperspective.h"
#include "export/exportperspective.h"
#include "help/userguide.h"
#include "hierarchy/hierarchyperspective.h"
#include "lattice/latticeperspective.h"
#include "privacy/privacyperspective.h"
#include "project/project.h"
#include "report/reportwriter.h"
#include "risk/riskperspective.h"
#include "session/resultkeeper.h"
#include "session/searchsession.h"
#include "utility/utilityperspective.h"
#include "workbench/autosave.h"
#include "workbench/projectcontroller.h"
#include "workbench/recentprojects.h"
#include "workbench/resourcepaths.h"
#include "workbench/startpage.h"

namespace ldv::ui {

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent),
      m_controller(new ProjectController(this, this)),
      m_autosave(new Autosave(this)),
      m_undoGroup(new QUndoGroup(this)),
      m_stack(new QStackedWidget(this)),
      m_start(new StartPage(this)),
      m_tabs(new QTabWidget(this)),
      m_data(new DataPerspective(this)),
      m_hierarchies(new HierarchyPerspective(this)),
      m_search(new SearchSession(this)),
      // Recomputes a saved search result on open and selects the node that was chosen for
      // export, which Export publishes again; the lattice stays fitted (centring on the node
      // zoomed a large lattice in to node size).
      m_keeper(new ResultKeeper(
          m_search,
          [this](const QString& levels) {
              if (!m_lattice->findNode(levels, false)) return false;
              m_lattice->useSelectedForExport();
              return true;
          },
          this)),
      m_privacy(new PrivacyPerspective(this)),
      m_lattice(new LatticePerspective(this)),
      m_analysis(new AnalysisPerspective(this)),
      m_export(new ExportPerspective(this)),
      m_risk(new RiskPerspective(this)),
      m_utility(new UtilityPerspective(this)),
      m_status(new QLabel(this)),
      m_progress(new QProgressBar(this)),
      m_cancel(new QToolButton(this)) {
    setObjectName("MainWindow");
    m_tabs->setDocumentMode(true);
    m_tabs->addTab(m_data, tr("&1 Data"));
    m_tabs->addTab(m_hierarchies, tr("&2 Hierarchies"));
    m_tabs->addTab(m_privacy, tr("&3 Privacy && search"));
    m_tabs->addTab(m_lattice, tr("&4 Lattice"));
    m_tabs->addTab(m_analysis, tr("&5 Analysis"));
    m_tabs->addTab(m_export, tr("&6 Export"));
    m_tabs->addTab(m_risk, tr("&7 Risk"));
    m_tabs->addTab(m_utility, tr("&8 Utility"));
    m_stack->addWidget(m_start);
    m_stack->addWidget(m_tabs);
    setCentralWidget(m_stack);

    createActions();
    createStatusBar();

    connect(m_controller, &ProjectController::projectChanged, this, &MainWindow::projectChanged);
    connect(m_start, &StartPage::exampleRequested, m_controller, &ProjectController::open);
    connect(m_start, &StartPage::projectRequested, m_controller,
            &ProjectController::openProjectFile);
    connect(m_start, &StartPage::openRequested, m_controller, &ProjectController::openDialog);
    connect(m_start, &StartPage::importRequested, m_controller, &ProjectController::importDialog);
    // The node chosen in the lattice is the one the Export perspective publishes: a click in
    // the Lattice's diagram or list changes what Export writes, so the status bar says so.
    connect(m_lattice, &LatticePerspective::nodeChosen, this, [this](NodeId id) {
        const QString before = m_export->nodeText();
        m_export->chooseNode(id);
        if (m_export->nodeText() != before)
            showStatus(tr("Node [%1] chosen in the Lattice: Export publishes it, Risk and "
                          "Utility assess it%2.")
                           .arg(m_export->nodeText(),
                                before.isEmpty() ? QString() : tr(" (was [%1])").arg(before)));
    });
    // ... and the one the Risk perspective compares with the original table.
    connect(m_lattice, &LatticePerspective::nodeChosen, m_risk, &RiskPerspective::setNode);
    connect(m_lattice, &LatticePerspective::nodeChosen, m_utility, &UtilityPerspective::setNode);
    connect(m_lattice, &LatticePerspective::nodeChosen, m_keeper, &ResultKeeper::nodeChosen);
    // The report carries the analysis charts computed in this session.
    m_export->setChartSource([this](const Levels& levels) {
        std::vector<ReportChart> charts = m_analysis->reportCharts();
        for (ReportChart& c : m_utility->reportCharts(levels)) charts.push_back(std::move(c));
        return charts;
    });
    m_export->setClassificationSource(
        [this](const Levels& levels) { return m_utility->classification(levels); });
    connect(m_undoGroup, &QUndoGroup::cleanChanged, this, &MainWindow::updateTitle);
    projectChanged(nullptr);

    // A comfortable size, but never larger than the screen (1366×768 laptops).
    QSize size(1400, 880);
    if (const QScreen* s = screen()) size = size.boundedTo(s->availableGeometry().size());
    resize(size);
    QSettings settings;
    restoreGeometry(settings.value("window/geometry").toByteArray());
    restoreState(settings.value("window/state").toByteArray());
}

MainWindow::~MainWindow() {
    // The project (owned by the controller) leaves the undo group while this window is
    // already half destroyed: cut the signals first.
    m_undoGroup->disconnect(this);
    m_controller->disconnect(this);
    if (Project* p = m_controller->project()) p->disconnect(this);
}

QStringList MainWindow::perspectiveNames() {
    return {"data", "hierarchies", "privacy", "lattice", "analysis", "export", "risk", "utility"};
}

bool MainWindow::showPerspective(const QString& name) {
    const int index = perspectiveNames().indexOf(name.toLower());
    if (index < 0) return false;
    showPerspective(Perspective(index));
    return true;
}

void MainWindow::showPerspective(Perspective perspective) {
    m_tabs->setCurrentIndex(int(perspective));
}

MainWindow::Perspective MainWindow::currentPerspective() const {
    return Perspective(m_tabs->currentIndex());
}

bool MainWindow::selectAttribute(const QString& name) {
    const Project* p = m_controller->project();
    const int column = p ? p->columnIndex(name.toStdString()) : -1;
    if (column < 0) return false;
    m_data->selectColumn(column);
    return m_hierarchies->selectAttribute(name);
}

void MainWindow::createActions() {
    QMenu* file = menuBar()->addMenu(tr("&File"));
    QAction* newAction = file->addAction(tr("&New project from CSV…"), QKeySequence::New,
                                         m_controller, &ProjectController::importDialog);
    QAction* openAction = file->addAction(tr("&Open project…"), QKeySequence::Open, m_controller,
                                          &ProjectController::openDialog);
    newAction->setToolTip(tr("Import a CSV table as a new project (separator, header, types)"));
    openAction->setToolTip(tr("Open a saved ldiv project file"));
    QAction* database = file->addAction(tr("Open &database table…"), m_controller,
                                        &ProjectController::databaseDialog);
    database->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_D));
    database->setToolTip(
        tr("Open a PostgreSQL table or query as a new project (the password is never saved)"));
#ifndef LDIV_HAVE_POSTGRES
    database->setEnabled(false);
    database->setToolTip(tr("This build of ldiv has no PostgreSQL support."));
#endif
    m_recentMenu = file->addMenu(tr("Open &recent"));
    connect(m_recentMenu, &QMenu::aboutToShow, this, &MainWindow::rebuildRecentMenu);
    QMenu* examples = file->addMenu(tr("Open &example"));
    for (const QString& name : exampleNames())
        examples
            ->addAction(name.at(0).toUpper() + name.mid(1), this,
                        [this, name] { m_controller->open(name); })
            ->setToolTip(tr("Open the bundled %1 example project").arg(name));
    file->addSeparator();
    QAction* save =
        file->addAction(tr("&Save"), QKeySequence::Save, m_controller, &ProjectController::save);
    QAction* saveAs = file->addAction(tr("Save &as…"), QKeySequence::SaveAs, m_controller,
                                      &ProjectController::saveAs);
    QAction* asFiles = file->addAction(tr("Save hierarchies as CSV files next to the project"));
    asFiles->setCheckable(true);
    asFiles->setChecked(m_controller->hierarchiesAsFiles());
    connect(asFiles, &QAction::toggled, m_controller, &ProjectController::setHierarchiesAsFiles);
    QAction* close = file->addAction(tr("&Close project"), QKeySequence::Close, m_controller,
                                     &ProjectController::close);
    save->setToolTip(tr("Save the project: roles, hierarchies, criteria, settings"));
    saveAs->setToolTip(tr("Save the project under another name"));
    asFiles->setToolTip(
        tr("Write each hierarchy as its own CSV file next to the project "
           "instead of embedding it in the project file"));
    close->setToolTip(tr("Close the project (asks to save unsaved changes)"));
    examples->setToolTipsVisible(true);
    m_recentMenu->setToolTipsVisible(true);
    file->setToolTipsVisible(true);
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close)
        ->setToolTip(tr("Quit the workbench (asks to save unsaved changes)"));
    m_projectActions = {save, saveAs, close};

    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    QAction* undo = m_undoGroup->createUndoAction(this, tr("&Undo"));
    undo->setShortcuts(QKeySequence::Undo);
    QAction* redo = m_undoGroup->createRedoAction(this, tr("&Redo"));
    redo->setShortcuts(
        {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z), QKeySequence(Qt::CTRL | Qt::Key_Y)});
    edit->addAction(undo);
    edit->addAction(redo);
    undo->setToolTip(tr("Undo the last edit of roles, types, hierarchies or settings"));
    redo->setToolTip(tr("Redo the edit undone last"));
    edit->setToolTipsVisible(true);

    QMenu* view = menuBar()->addMenu(tr("&View"));
    view->setToolTipsVisible(true);
    for (int i = 0; i < PerspectiveCount; ++i) {
        // "&3 Privacy && search" → "Privacy && search": drop the tab's mnemonic, keep the "&&"
        // that a menu shows as "&".
        const QString title = m_tabs->tabText(i).mid(3);
        QAction* a = view->addAction(title, this, [this, i] { showPerspective(Perspective(i)); });
        a->setObjectName(QStringLiteral("view_%1").arg(perspectiveNames().at(i)));
        a->setShortcut(QKeySequence(Qt::CTRL | Qt::Key(Qt::Key_1 + i)));
        a->setToolTip(tr("Show the %1 perspective (%2)")
                          .arg(QString(title).replace("&&", "&"),
                               a->shortcut().toString(QKeySequence::NativeText)));
        m_projectActions << a;
    }

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->setToolTipsVisible(true);
    QAction* guide = help->addAction(tr("&User guide"), QKeySequence::HelpContents, this,
                                     &MainWindow::showUserGuide);
    guide->setObjectName("helpUserGuide");
    guide->setToolTip(
        tr("The bundled user guide with a getting-started walkthrough (works offline)"));
    QAction* start = help->addAction(tr("&Getting started"), this, [this] {
        showUserGuide();
        userGuide()->showSection(QStringLiteral("getting-started"));
    });
    start->setToolTip(
        tr("The user guide's step-by-step walkthrough from a CSV file to a published table"));
    help->addSeparator();
    help->addAction(tr("&About ldiv"), this, &MainWindow::about)
        ->setToolTip(tr("Version and the papers behind ldiv"));
    help->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt)
        ->setToolTip(tr("The Qt version ldiv runs on"));

    QToolBar* bar = addToolBar(tr("Main"));
    bar->setObjectName("mainToolBar");
    bar->setToolButtonStyle(Qt::ToolButtonTextOnly);
    bar->addAction(newAction);
    bar->addAction(openAction);
    bar->addAction(save);
    bar->addSeparator();
    // The toolbar's Undo and Redo keep a short, fixed text (the menu's say what they undo): a
    // text that changes with every edit moved Redo and the buttons after it.
    for (auto [text, menuAction] : {std::pair{tr("Undo"), undo}, std::pair{tr("Redo"), redo}}) {
        auto* fixed = new QAction(text, this);
        fixed->setObjectName(menuAction == undo ? "toolbarUndo" : "toolbarRedo");
        // The tooltip names the edit (the menu's text), or says there is none.
        const QString none = menuAction == undo ? tr("Nothing to undo") : tr("Nothing to redo");
        const auto follow = [fixed, menuAction, none] {
            fixed->setEnabled(menuAction->isEnabled());
            fixed->setToolTip(menuAction->isEnabled() ? menuAction->text().remove('&') : none);
        };
        follow();
        connect(fixed, &QAction::triggered, menuAction, &QAction::trigger);
        connect(menuAction, &QAction::changed, fixed, follow);
        bar->addAction(fixed);
    }
}

void MainWindow::createStatusBar() {
    m_progress->setRange(0, 1000);
    m_progress->setMaximumWidth(220);
    m_progress->hide();
    m_cancel->setText(tr("Cancel"));
    m_cancel->setToolTip(tr("Stop the running job (search, analysis or load)"));
    m_progress->setToolTip(tr("Progress of the running job"));
    m_cancel->hide();
    // After an export: where the file went, and a button to open its folder.
    m_openFolder = new QToolButton(this);
    m_openFolder->setObjectName("openFolder");
    m_openFolder->setText(tr("Open folder"));
    m_openFolder->setToolTip(tr("Open the folder of the file just written"));
    m_openFolder->hide();
    connect(m_openFolder, &QToolButton::clicked, this, [this] {
        QDesktopServices::openUrl(QUrl::fromLocalFile(m_openFolder->property("folder").toString()));
    });
    connect(m_export, &ExportPerspective::wrote, this, &MainWindow::showWritten);
    connect(m_export, &ExportPerspective::randomlyDrawn, m_lattice,
            &LatticePerspective::showRandomizedChoice);
    // "Open folder" right after the path it opens, not at the far end of a wide status bar:
    // the message takes its own width, the stretch after the button the rest. (A minimum
    // width of 1 lets a long message be cut rather than widen the window past the screen.)
    m_status->setMinimumWidth(1);
    statusBar()->addWidget(m_status);
    statusBar()->addWidget(m_openFolder);
    statusBar()->addWidget(new QWidget(this), 1);
    statusBar()->addPermanentWidget(m_progress);
    statusBar()->addPermanentWidget(m_cancel);
    connect(m_cancel, &QToolButton::clicked, m_controller, &ProjectController::cancel);
    connect(m_controller, &ProjectController::message, this, &MainWindow::showStatus);
    connect(m_controller, &ProjectController::loadFailed, this, &MainWindow::showStatus);
    connect(m_controller, &ProjectController::progressChanged, this,
            [this](double f) { m_progress->setValue(int(f * 1000)); });
    // The search reports in the status bar too, so it can be followed from any perspective.
    connect(m_search, &SearchSession::runningChanged, this, [this](bool running) {
        m_progress->setVisible(running);
        m_cancel->setVisible(running);
        m_progress->setValue(0);
        showStatus(running ? tr("Searching the lattice…") : QString());
    });
    connect(m_search, &SearchSession::progressChanged, this,
            [this](double f) { m_progress->setValue(int(f * 1000)); });
    connect(m_cancel, &QToolButton::clicked, m_search, &SearchSession::cancel);
    connect(m_analysis, &AnalysisPerspective::runningChanged, this,
            [this](bool running, const QString& title) {
                m_progress->setVisible(running);
                m_cancel->setVisible(running);
                m_progress->setValue(0);
                showStatus(running ? title + QStringLiteral("…") : QString());
            });
    connect(m_analysis, &AnalysisPerspective::progressChanged, this,
            [this](double f) { m_progress->setValue(int(f * 1000)); });
    connect(m_cancel, &QToolButton::clicked, m_analysis, &AnalysisPerspective::cancel);
    connect(m_controller, &ProjectController::busyChanged, this,
            [this](bool busy, const QString& title) {
                m_progress->setVisible(busy);
                m_cancel->setVisible(busy);
                m_progress->setValue(0);
                if (busy) showStatus(title + QStringLiteral("…"));
            });
}

void MainWindow::showWritten(const QString& path) {
    const QFileInfo info(path);
    const QString folder = info.isDir() ? info.absoluteFilePath() : info.absolutePath();
    m_status->setText(info.isDir()
                          ? tr("Wrote the files to %1").arg(QDir::toNativeSeparators(folder))
                          : tr("Wrote %1").arg(QDir::toNativeSeparators(info.absoluteFilePath())));
    m_openFolder->setProperty("folder", folder);
    m_openFolder->setToolTip(
        tr("Open %1 in the file manager").arg(QDir::toNativeSeparators(folder)));
    m_openFolder->show();
}

void MainWindow::showStatus(const QString& text) {
    // Any other message replaces the export's, and its button goes with it.
    m_status->setText(text);
    m_openFolder->hide();
}

void MainWindow::projectChanged(Project* project) {
    if (project) {
        m_undoGroup->addStack(project->undoStack());
        m_undoGroup->setActiveStack(project->undoStack());
        connect(project, &Project::dirtyChanged, this, &MainWindow::updateTitle);
        connect(project, &Project::filePathChanged, this, &MainWindow::updateTitle);
    }
    m_data->setProject(project);
    m_hierarchies->setProject(project);
    m_search->setProject(project);
    m_analysis->setProject(project);
    m_privacy->setSession(m_search);
    m_lattice->setSession(m_search);
    m_export->setSession(m_search);
    m_risk->setSession(m_search);
    m_utility->setSession(m_search);
    m_keeper->setProject(project);
    m_autosave->setProject(project);
    m_stack->setCurrentWidget(project ? static_cast<QWidget*>(m_tabs) : m_start);
    if (!project) m_start->refresh();
    for (QAction* a : m_projectActions) a->setEnabled(project != nullptr);
    updateTitle();
}

void MainWindow::updateTitle() {
    const Project* p = m_controller->project();
    setWindowTitle(
        p ? QStringLiteral("%1%2 — ldiv workbench").arg(p->displayName(), p->isDirty() ? "*" : "")
          : tr("ldiv workbench"));
}

void MainWindow::rebuildRecentMenu() {
    m_recentMenu->clear();
    for (const QString& path : RecentProjects::list())
        m_recentMenu
            ->addAction(QFileInfo(path).fileName(), this,
                        [this, path] { m_controller->openProjectFile(path); })
            ->setToolTip(path);
    if (m_recentMenu->isEmpty())
        m_recentMenu->addAction(tr("No recent projects"))->setEnabled(false);
}

void MainWindow::about() {
    QMessageBox::about(
        this, tr("About ldiv"),
        tr("<h3>ldiv workbench %1</h3><p>Publishing microdata with k-anonymity, ℓ-diversity "
           "(Machanavajjhala et al., ICDE 2006) and (τ,ℓ)-diversity with generalized sensitive "
           "values.</p><p>Qt %2 · QCustomPlot 2.1</p>")
            .arg(QStringLiteral(LDIV_VERSION), QString::fromLatin1(qVersion())));
}

UserGuide* MainWindow::userGuide() {
    if (!m_guide) {
        m_guide = new UserGuide(this);
        connect(m_guide, &UserGuide::perspectiveRequested, this, [this](const QString& name) {
            // Perspectives need a project; without one the guide just stays where it is.
            if (m_controller->project()) {
                showPerspective(name);
                raise();
                activateWindow();
            }
        });
    }
    return m_guide;
}

void MainWindow::showUserGuide() {
    UserGuide* guide = userGuide();
    guide->show();
    guide->raise();
    guide->activateWindow();
}

void MainWindow::offerRecovery() {
    if (!Autosave::hasRecovery()) return;
    const QString original = Autosave::recoveredOriginalPath();
    const auto answer = QMessageBox::question(
        this, tr("Restore unsaved changes?"),
        tr("The last session ended without saving its changes%1. Restore them?")
            .arg(original.isEmpty() ? QString() : tr(" to %1").arg(original)),
        QMessageBox::Yes | QMessageBox::No, QMessageBox::Yes);
    if (answer == QMessageBox::Yes)
        m_controller->openRecovery(Autosave::recoveryProjectPath(), original);
    else
        Autosave::discard();
}

void MainWindow::closeEvent(QCloseEvent* event) {
    if (!m_controller->maybeSave()) {
        event->ignore();
        return;
    }
    QSettings settings;
    settings.setValue("window/geometry", saveGeometry());
    settings.setValue("window/state", saveState());
    Autosave::discard();
    event->accept();
}

}  // namespace ldv::ui
