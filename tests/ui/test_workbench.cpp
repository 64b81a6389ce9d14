// The workbench end to end (offscreen): open the hospital example, change a role, build an
// interval hierarchy for age, undo/redo, save and reload identically; a malformed import
// shows the core's error and leaves the open project alone; autosave recovery; the
// scripted screenshot.
#include <QTemporaryDir>
#include <QUndoGroup>
#include <QtTest>

#include <QTableView>

#include "charts/barchart.h"
#include "data/columnlistmodel.h"
#include "data/dataperspective.h"
#include "data/importdialog.h"
#include "hierarchy/builderpanel.h"
#include "hierarchy/hierarchyperspective.h"
#include "hierarchy/hierarchytablemodel.h"
#include "project/job.h"
#include "project/project.h"
#include "ui_fixtures.h"
#include "workbench/autosave.h"
#include "workbench/mainwindow.h"
#include "workbench/projectcontroller.h"
#include "workbench/screenshotrunner.h"

using namespace ldv;
using namespace ldv::ui;

namespace {
const QString kHospital = LDIV_RESOURCES "/examples/hospital/hospital.ldiv.json";
}

class TestWorkbench : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private slots:
    void initTestCase() { QVERIFY(test::isolateWorkbench(m_dir)); }

    void roleHierarchyUndoSaveReload() {
        MainWindow window;
        window.show();
        Project* project = test::openProject(window, kHospital, 10000);
        QVERIFY(project);
        QCOMPARE(window.undoGroup()->activeStack(), project->undoStack());

        // Change a role through the column list (what the delegate does).
        auto* columns = window.dataPerspective()->columnView()->model();
        const int nationality = project->columnIndex("nationality");
        QVERIFY(
            columns->setData(columns->index(nationality, ColumnListModel::Role), "insensitive"));
        QVERIFY(project->role(nationality) == Role::Insensitive);
        QVERIFY(project->isDirty());
        QVERIFY(window.windowTitle().contains('*'));

        // Build an interval hierarchy for age in the Hierarchies perspective.
        QVERIFY(window.showPerspective("hierarchies"));
        HierarchyPerspective* hp = window.hierarchyPerspective();
        QVERIFY(hp->selectAttribute("age"));
        const Hierarchy fromFile = *project->hierarchy("age");
        BuilderSettings s;
        s.kind = BuilderSettings::Kind::Intervals;
        s.widths = "10,20";
        hp->builder()->setSettings(s);
        QVERIFY2(hp->builder()->preview(), qPrintable(hp->builder()->errorText()));
        QVERIFY(hp->builder()->apply());
        const Hierarchy built = *project->hierarchy("age");
        QCOMPARE(built.height(), 3);
        QCOMPARE(hp->tableModel()->columnCount(), 4);
        QTRY_VERIFY(!hp->isValidating());
        QVERIFY(hp->issues().empty());
        QVERIFY(hp->histogram()->barCount() > 0);

        // Undo / redo through the window's actions (the undo group).
        window.undoGroup()->undo();
        QCOMPARE(*project->hierarchy("age"), fromFile);
        QCOMPARE(hp->tableModel()->hierarchy(), fromFile);
        window.undoGroup()->undo();
        QVERIFY(project->role(nationality) == Role::QuasiIdentifying);
        window.undoGroup()->redo();
        window.undoGroup()->redo();
        QVERIFY(project->role(nationality) == Role::Insensitive);
        QCOMPARE(*project->hierarchy("age"), built);

        // Save, reopen, compare.
        const QString path = m_dir.filePath("hospital-copy.ldiv.json");
        QVERIFY(window.controller()->saveTo(path));
        QVERIFY(!project->isDirty());
        QVERIFY(!window.windowTitle().contains('*'));
        const std::string saved = formatProject(project->configForSave(path, false));
        window.controller()->open(path);
        QTRY_VERIFY(window.controller()->project() && window.controller()->project() != project);
        Project* reloaded = window.controller()->project();
        QCOMPARE(formatProject(reloaded->configForSave(path, false)), saved);
        QCOMPARE(*reloaded->hierarchy("age"), built);
        QVERIFY(reloaded->role(nationality) == Role::Insensitive);
        QCOMPARE(reloaded->table().rowCount(), std::size_t(12));
        QVERIFY(!reloaded->isDirty());
    }

    void malformedImportLeavesProjectAlone() {
        MainWindow window;
        Project* project = test::openProject(window, kHospital, 10000);
        QVERIFY(project);
        project->setRole(project->columnIndex("zip"), Role::Identifying);
        const QString bad = m_dir.filePath("bad.csv");
        QFile file(bad);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("a,b,c\n1,2,3\n4,\"5,6\n");
        file.close();
        ImportDialog dialog(&window);
        dialog.setPath(bad);
        QVERIFY(!dialog.errorText().isEmpty());
        QVERIFY2(dialog.errorText().startsWith(bad + ":3:"), qPrintable(dialog.errorText()));
        // Ragged rows are reported with their line too.
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("a,b,c\n1,2,3\n4,5\n");
        file.close();
        dialog.updatePreview();
        QVERIFY2(dialog.errorText().startsWith(bad + ":3"), qPrintable(dialog.errorText()));
        // Forcing the import anyway fails in the dialog, not in the project.
        dialog.startImport();
        QTRY_VERIFY(!dialog.isLoading());
        QVERIFY(!dialog.errorText().isEmpty());
        QVERIFY(!dialog.result());
        QCOMPARE(window.controller()->project(), project);
        QVERIFY(project->role(project->columnIndex("zip")) == Role::Identifying);
        QCOMPARE(project->table().rowCount(), std::size_t(12));
        // A good file imports.
        dialog.setPath(LDIV_RESOURCES "/examples/hospital/hospital.csv");
        QVERIFY(dialog.errorText().isEmpty());
        QCOMPARE(dialog.previewRows(), 12);
        dialog.startImport();
        QTRY_VERIFY(dialog.result());
        QCOMPARE(dialog.result()->table->rowCount(), std::size_t(12));
    }

    void autosaveRecovery() {
        MainWindow window;
        Project* project = test::openProject(window, kHospital, 10000);
        QVERIFY(project);
        QVERIFY(!Autosave::hasRecovery());
        window.autosave()->saveNow();
        QVERIFY(!Autosave::hasRecovery());  // nothing to save while clean
        project->setRole(project->columnIndex("age"), Role::Insensitive);
        window.autosave()->saveNow();
        QVERIFY(Autosave::hasRecovery());
        QCOMPARE(Autosave::recoveredOriginalPath(), QFileInfo(kHospital).absoluteFilePath());
        // "Crash": a new window restores the recovery file as an unsaved version.
        MainWindow second;
        second.controller()->setInteractive(false);
        second.controller()->openRecovery(Autosave::recoveryProjectPath(),
                                          Autosave::recoveredOriginalPath());
        QTRY_VERIFY(second.controller()->project());
        Project* restored = second.controller()->project();
        QVERIFY(restored->isDirty());
        QCOMPARE(restored->filePath(), QFileInfo(kHospital).absoluteFilePath());
        QVERIFY(restored->role(restored->columnIndex("age")) == Role::Insensitive);
        QCOMPARE(*restored->hierarchy("zip"), *project->hierarchy("zip"));
        // Undoing back to the saved state removes the recovery file.
        project->undoStack()->undo();
        QVERIFY(!Autosave::hasRecovery());
    }

    void examples() {
        MainWindow window;
        window.controller()->setInteractive(false);
        QVERIFY(!window.controller()->project());
        window.controller()->open("nursery");
        QTRY_VERIFY_WITH_TIMEOUT(window.controller()->project(), 20000);
        QVERIFY(window.controller()->project()->table().rowCount() > 10000);
        QSignalSpy failed(window.controller(), &ProjectController::loadFailed);
        window.controller()->open("no-such-example");
        QCOMPARE(failed.count(), 1);
        QVERIFY(window.controller()->project());  // untouched
    }

    void exampleWithoutProject() {
        // An example with data but no project file opens its CSV as a new, unsaved project.
        QTemporaryDir resources;
        QDir().mkpath(resources.filePath("examples/demo"));
        QFile csv(resources.filePath("examples/demo/demo.csv"));
        QVERIFY(csv.open(QIODevice::WriteOnly));
        csv.write("a;b\n1;x\n2;y\n");
        csv.close();
        const QByteArray old = qgetenv("LDIV_RESOURCES");
        qputenv("LDIV_RESOURCES", resources.path().toUtf8());
        MainWindow window;
        window.controller()->setInteractive(false);
        window.controller()->open("demo");
        QTRY_VERIFY(window.controller()->project());
        QVERIFY(window.controller()->project()->filePath().isEmpty());
        QCOMPARE(window.controller()->project()->table().rowCount(), std::size_t(2));
        qputenv("LDIV_RESOURCES", old);
    }

    void screenshot_data() {
        QTest::addColumn<QString>("target");
        QTest::addColumn<QString>("perspective");
        QTest::addColumn<int>("exitCode");
        QTest::newRow("hospital hierarchies") << "hospital"
                                              << "hierarchies" << 0;
        QTest::newRow("project file data") << kHospital << "data" << 0;
        QTest::newRow("placeholder") << "hospital"
                                     << "lattice" << 0;
        QTest::newRow("missing project") << m_dir.filePath("none.ldiv.json") << "data" << 1;
        QTest::newRow("bad perspective") << "hospital"
                                         << "nowhere" << 1;
    }

    void screenshot() {
        QFETCH(QString, target);
        QFETCH(QString, perspective);
        QFETCH(int, exitCode);
        MainWindow window;
        window.resize(1000, 700);
        window.show();
        const QString out =
            m_dir.filePath(QString("shot-%1.png").arg(QTest::currentDataTag()).replace(' ', '-'));
        ScreenshotRunner runner(&window, target, perspective, out);
        QSignalSpy finished(&runner, &ScreenshotRunner::finished);
        runner.start();
        QTRY_VERIFY_WITH_TIMEOUT(finished.count() == 1, 20000);
        QCOMPARE(finished.first().at(0).toInt(), exitCode);
        QCOMPARE(QFileInfo::exists(out), exitCode == 0);
        if (exitCode == 0) {
            QCOMPARE(window.currentPerspective(),
                     MainWindow::Perspective(MainWindow::perspectiveNames().indexOf(perspective)));
            QCOMPARE(QImage(out).size(), window.size());
        }
        QCOMPARE(Job::runningCount(), 0);
    }
};

QTEST_MAIN(TestWorkbench)
#include "test_workbench.moc"
