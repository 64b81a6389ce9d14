// Export (issue 18, item 9): actions are disabled until there is something to export and
// say why; typed levels are published without a search, byte for byte as `ldiv generalize`
// writes them; after writing, the status bar names the file and offers "Open folder".
#include <QFileDialog>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTemporaryDir>
#include <QTimer>
#include <QToolButton>
#include <QtTest>

#include "cli_runner.h"
#include "export/exportperspective.h"
#include "export/reportdata.h"
#include "project/project.h"
#include "session/searchsession.h"
#include "ui_fixtures.h"
#include "workbench/autosave.h"
#include "workbench/mainwindow.h"
#include "workbench/projectcontroller.h"

using namespace ldv;
using namespace ldv::ui;

namespace {
const QString kProject = LDIV_RESOURCES "/examples/hospital/hospital.ldiv.json";

QByteArray contents(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

QPushButton* button(ExportPerspective* e, const char* name) {
    return e->findChild<QPushButton*>(name);
}
}  // namespace

class TestExportActions : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private slots:
    void initTestCase() { QVERIFY(test::isolateWorkbench(m_dir)); }

    void disabledUntilThereIsSomethingToExport() {
        MainWindow window;
        window.show();
        ExportPerspective* e = window.exportPerspective();
        for (QPushButton* b : e->exportButtons()) {
            QVERIFY(!b->isEnabled());
            QVERIFY2(b->toolTip().contains("Open a project first"), qPrintable(b->toolTip()));
        }
        QVERIFY(test::openProject(window, kProject, 20000));
        for (const char* name : {"exportTable", "exportMapping", "exportHtml", "exportPdf"}) {
            QVERIFY2(!button(e, name)->isEnabled(), name);
            QVERIFY2(button(e, name)->toolTip().startsWith("Nothing to export yet"),
                     qPrintable(button(e, name)->toolTip()));
        }
        for (const char* name : {"exportHierarchies", "exportConfiguration"}) {
            QVERIFY2(button(e, name)->isEnabled(), name);
            QVERIFY(!button(e, name)->toolTip().isEmpty());
        }
    }

    void typedLevelsArePublishedWithoutASearch() {
        MainWindow window;
        window.show();
        QVERIFY(test::openProject(window, kProject, 20000));
        QVERIFY(!window.searchSession()->outcome());
        ExportPerspective* e = window.exportPerspective();
        QVERIFY(!e->setNode("9,9,9"));  // not a node
        QVERIFY(e->setNode("1,1,1"));
        QTRY_VERIFY_WITH_TIMEOUT(!e->isPreparing() && e->report(), 20000);
        QVERIFY(e->report()->nodeState.contains("without a search"));
        for (QPushButton* b : e->exportButtons())
            QVERIFY2(b->isEnabled(), qPrintable(b->objectName()));

        // Through the button and its (real) file dialog, as a user does.
        const QString ours = m_dir.filePath("gui.csv");
        QTimer::singleShot(200, this, [&] {
            auto* dialog = qobject_cast<QFileDialog*>(QApplication::activeModalWidget());
            QVERIFY(dialog);
            // What a user types in the file name field.
            dialog->findChild<QLineEdit*>("fileNameEdit")->setText(ours);
            static_cast<QDialog*>(dialog)->accept();
        });
        QTest::mouseClick(button(e, "exportTable"), Qt::LeftButton);
        QVERIFY2(QFileInfo::exists(ours), qPrintable(e->lastError()));
        const QString theirs = m_dir.filePath("cli.csv");
        // Node 1,1,1 fails the project's criteria: the CLI writes it only with --allow-failing
        // (the workbench's report states the node's verdict beside the table).
        const auto cli = ldv::test::runCli({"generalize", "--project", kProject, "--node", "1,1,1",
                                            "--allow-failing", "--keep-order", "--output", theirs});
        QCOMPARE(cli.exitCode, 0);
        QCOMPARE(contents(ours), contents(theirs));
        // The status bar says where, and offers the folder.
        QVERIFY2(window.statusLabel()->text().contains(ours),
                 qPrintable(window.statusLabel()->text()));
        QVERIFY(window.openFolderButton()->isVisibleTo(&window));
        QCOMPARE(window.openFolderButton()->property("folder").toString(), m_dir.path());
        // The next message replaces it, button included.
        window.controller()->open(kProject);
        QTRY_VERIFY(!window.openFolderButton()->isVisibleTo(&window));
    }
};

QTEST_MAIN(TestExportActions)
#include "test_export_actions.moc"
