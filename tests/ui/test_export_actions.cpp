// Export (issue 18, item 9): actions are disabled until there is something to export and
// say why; typed levels are published without a search, byte for byte as `ldiv generalize`
// writes them; after writing, the status bar names the file and offers "Open folder".
#include <QFileDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QTemporaryDir>
#include <QTimer>
#include <QToolButton>
#include <QtTest>

#include "cli_runner.h"
#include "export/exportperspective.h"
#include "project/project.h"
#include "report/reportdata.h"
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

        // Through the button and its (real) file dialog, as a user does. Node 1,1,1 fails the
        // project's distinct-3 (issue 37): the export is refused with the failing criterion and
        // its counts, and "Publish anyway" (never the default) writes it.
        const QString ours = m_dir.filePath("gui.csv");
        e->setKeepOrder(true);  // compared with the CLI's --keep-order below
        QString refusal;
        bool defaultIsCancel = false;
        auto answer = [&](bool anyway) {
            QTimer::singleShot(200, this, [&, anyway] {
                auto* dialog = qobject_cast<QFileDialog*>(QApplication::activeModalWidget());
                QVERIFY(dialog);
                // What a user types in the file name field.
                dialog->findChild<QLineEdit*>("fileNameEdit")->setText(ours);
                // The refusal comes once the file is chosen.
                QTimer::singleShot(300, this, [&, anyway] {
                    auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
                    QVERIFY(box);
                    refusal = box->text();
                    defaultIsCancel = box->defaultButton() == box->button(QMessageBox::Cancel);
                    for (QAbstractButton* b : box->buttons())
                        if (anyway ? b->text() == "Publish anyway"
                                   : b == box->button(QMessageBox::Cancel))
                            b->click();
                });
                static_cast<QDialog*>(dialog)->accept();
            });
        };
        answer(false);
        QTest::mouseClick(button(e, "exportTable"), Qt::LeftButton);
        QVERIFY(!QFileInfo::exists(ours));
        QVERIFY(defaultIsCancel);
        QVERIFY2(refusal.contains("node 1,1,1 does not satisfy the criteria") &&
                     refusal.contains("distinct-l=3 fails in 6 classes (12 rows)"),
                 qPrintable(refusal));
        QVERIFY(e->refusedFailingNode());
        answer(true);
        QTest::mouseClick(button(e, "exportTable"), Qt::LeftButton);
        QVERIFY2(QFileInfo::exists(ours), qPrintable(e->lastError()));
        const QString theirs = m_dir.filePath("cli.csv");
        // The CLI writes it only with --allow-failing.
        QCOMPARE(ldv::test::runCli({"generalize", "--project", kProject, "--node", "1,1,1",
                                    "--keep-order", "--output", theirs})
                     .exitCode,
                 3);
        const auto cli = ldv::test::runCli({"generalize", "--project", kProject, "--node", "1,1,1",
                                            "--allow-failing", "--keep-order", "--output", theirs});
        QCOMPARE(cli.exitCode, 0);
        QCOMPARE(contents(ours), contents(theirs));
        // Its release record says which criterion fails, and verify rejects it (exit 3).
        const QString record = e->releasePath();
        QVERIFY(QFileInfo::exists(record));
        const auto verify = ldv::test::runCli({"verify", record, "--published", ours, "--original",
                                               LDIV_RESOURCES "/examples/hospital/hospital.csv"});
        QCOMPARE(verify.exitCode, 3);
        QVERIFY2(verify.out.contains("distinct-l=3") && verify.out.contains("FAIL"),
                 qPrintable(verify.out));
        // The status bar says where, and offers the folder.
        QVERIFY2(window.statusLabel()->text().contains(ours),
                 qPrintable(window.statusLabel()->text()));
        QVERIFY(window.openFolderButton()->isVisibleTo(&window));
        QCOMPARE(window.openFolderButton()->property("folder").toString(), m_dir.path());
        // The next message replaces it, button included.
        window.controller()->open(kProject);
        QTRY_VERIFY(!window.openFolderButton()->isVisibleTo(&window));
    }

    // Issue 32 item 4: a column nobody gave a role (an e-mail address) is not published
    // verbatim; choosing "insensitive" declares it, and undo takes the declaration back.
    void unroledColumnsAreRefusedUntilDeclared() {
        QFile csv(m_dir.filePath("people.csv"));
        QVERIFY(csv.open(QIODevice::WriteOnly));
        csv.write(
            "zip,email,condition\n13053,ann@x.org,flu\n13068,bob@x.org,cold\n"
            "13053,cem@x.org,cold\n13068,dan@x.org,flu\n");
        csv.close();
        QFile project(m_dir.filePath("people.ldiv.json"));
        QVERIFY(project.open(QIODevice::WriteOnly));
        project.write(R"({"format": "ldiv-project", "version": 1,
            "data": {"path": "people.csv", "separator": ",", "header": true},
            "attributes": [{"name": "zip", "role": "quasi-identifying",
                            "hierarchy": {"builder": "mask"}},
                           {"name": "condition", "role": "sensitive"}],
            "criteria": ["k=2"], "suppression_limit": 0, "metric": "dm"})");
        project.close();
        MainWindow window;
        window.show();
        Project* p = test::openProject(window, project.fileName(), 20000);
        QVERIFY(p);
        const int email = p->columnIndex("email");
        QVERIFY(!p->hasRole(email));
        QVERIFY(p->role(email) == Role::Insensitive);  // shown so, in italics
        QCOMPARE(p->unroledColumns(), std::vector<std::string>{"email"});
        window.searchSession()->run();
        QTRY_VERIFY_WITH_TIMEOUT(!window.searchSession()->isRunning(), 20000);
        ExportPerspective* e = window.exportPerspective();
        QTRY_VERIFY_WITH_TIMEOUT(!e->isPreparing() && e->report(), 20000);
        const QString out = m_dir.filePath("people-published.csv");
        QVERIFY(!e->exportTable(out));
        QVERIFY2(e->lastError().contains("email without a role"), qPrintable(e->lastError()));
        QVERIFY(!QFileInfo::exists(out));
        // Declared insensitive (an undoable step): published as it is.
        p->setRole(email, Role::Insensitive);
        QVERIFY(p->hasRole(email));
        QCOMPARE(p->undoStack()->count(), 1);
        QVERIFY2(e->exportTable(out), qPrintable(e->lastError()));
        QVERIFY(contents(out).contains("ann@x.org"));
        // Saved as a role, so the command line publishes it too.
        p->save(project.fileName());
        QVERIFY(contents(project.fileName()).contains(R"("insensitive")"));
        p->undoStack()->undo();
        QVERIFY(!p->hasRole(email));
        QVERIFY(!e->exportTable(m_dir.filePath("again.csv")));
    }
};

QTEST_MAIN(TestExportActions)
#include "test_export_actions.moc"
