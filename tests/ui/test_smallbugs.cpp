// Small workbench bugs of issue 18: `--help` without a display, the View menu's and the
// import dialog's ampersands, plurals, the delegate's double closeEditor, buttons that keep
// their place.
#include <QAction>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QListView>
#include <QListWidget>
#include <QMenuBar>
#include <QProcess>
#include <QPushButton>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QToolBar>
#include <QtTest>

#include "analysis/analysisperspective.h"
#include "data/columnlistmodel.h"
#include "data/dataperspective.h"
#include "data/importdialog.h"
#include "hierarchy/hierarchyperspective.h"
#include "privacy/criterioneditor.h"
#include "privacy/privacyperspective.h"
#include "project/project.h"
#include "widgets/plural.h"
#include "workbench/autosave.h"
#include "workbench/mainwindow.h"
#include "workbench/projectcontroller.h"

using namespace ldv;
using namespace ldv::ui;

class TestSmallBugs : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

    static QString workbench() {
        return QFileInfo(QStringLiteral(LDIV_CLI_PATH)).dir().filePath("ldiv-workbench");
    }

private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
        Autosave::setDirectory(m_dir.filePath("recovery"));
    }

    void helpWithoutDisplay_data() {
        QTest::addColumn<QString>("option");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("expected");
        QTest::newRow("help") << "--help" << 0 << "--perspective";
        QTest::newRow("version") << "--version" << 0 << LDIV_VERSION;
        QTest::newRow("unknown") << "--no-such-option" << 1 << "no-such-option";
    }

    void helpWithoutDisplay() {
        QFETCH(QString, option);
        QFETCH(int, exitCode);
        QFETCH(QString, expected);
        QVERIFY(QFileInfo::exists(workbench()));
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        // The X11 platform with no X server: a QApplication would abort here.
        env.remove("DISPLAY");
        env.remove("WAYLAND_DISPLAY");
        env.insert("QT_QPA_PLATFORM", "xcb");
        p.setProcessEnvironment(env);
        p.start(workbench(), {option});
        QVERIFY(p.waitForFinished(30000));
        const QString out = QString::fromUtf8(p.readAllStandardOutput() + p.readAllStandardError());
        QCOMPARE(p.exitStatus(), QProcess::NormalExit);
        QCOMPARE(p.exitCode(), exitCode);
        QVERIFY2(out.contains(expected), qPrintable(out));
    }

    void menusAndLabels() {
        MainWindow window;
        auto* privacy = window.findChild<QAction*>("view_privacy");
        QVERIFY(privacy);
        // "&&" is how a menu shows one "&".
        QCOMPARE(privacy->text(), QStringLiteral("Privacy && search"));
        QCOMPARE(window.findChild<QAction*>("view_data")->text(), QStringLiteral("Data"));
        ImportDialog dialog;
        bool found = false;
        for (QLabel* label : dialog.findChildren<QLabel*>())
            if (label->text() == "&File:") {
                found = true;
                QVERIFY(label->buddy());  // shown as "File:" with F underlined, not "&File:"
            }
        QVERIFY(found);
    }

    void plurals() {
        QCOMPARE(countOf(1, "level", "levels"), QStringLiteral("1 level"));
        QCOMPARE(countOf(0, "level", "levels"), QStringLiteral("0 levels"));
        QCOMPARE(countOf(3, "level", "levels"), QStringLiteral("3 levels"));
        // The CSV reader's message for a one-column header.
        const QString csv = m_dir.filePath("one.csv");
        QFile f(csv);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("a\n1\n2,3\n");
        f.close();
        ImportDialog dialog;
        dialog.setPath(csv);
        QTRY_VERIFY_WITH_TIMEOUT(dialog.errorText().contains("expected"), 10000);
        QVERIFY2(dialog.errorText().contains("expected 1 field (as in the header), found 2"),
                 qPrintable(dialog.errorText()));
    }

    void roleEditorClosesOnce() {
        MainWindow window;
        window.show();
        window.controller()->setInteractive(false);
        window.controller()->open("hospital");
        QTRY_VERIFY_WITH_TIMEOUT(window.controller()->project(), 20000);
        Project* project = window.controller()->project();
        QTest::failOnWarning(QRegularExpression("closeEditor|commitData"));
        QAbstractItemView* view = window.dataPerspective()->columnView();
        const int nationality = project->columnIndex("nationality");
        const QModelIndex index = view->model()->index(nationality, ColumnListModel::Role);
        view->setCurrentIndex(index);
        view->edit(index);
        auto* combo =
            view->indexWidget(index) ? qobject_cast<QComboBox*>(view->indexWidget(index)) : nullptr;
        if (!combo) combo = view->viewport()->findChild<QComboBox*>();
        QVERIFY(combo);
        const int target = combo->findText("insensitive", Qt::MatchContains);
        QVERIFY(target >= 0);
        // As a user does: open the list, move to the entry, press Return.
        combo->setFocus();
        combo->showPopup();
        QTRY_VERIFY(combo->view()->isVisible());
        combo->view()->setCurrentIndex(combo->model()->index(target, 0));
        QTest::keyClick(combo->view(), Qt::Key_Return);
        QCoreApplication::processEvents();
        QVERIFY(project->role(nationality) == Role::Insensitive);
        QTRY_VERIFY(!view->viewport()->findChild<QComboBox*>() ||
                    !view->viewport()->findChild<QComboBox*>()->isVisible());
    }

    void buttonsKeepTheirPlace() {
        MainWindow window;
        window.resize(1366, 700);
        window.show();
        window.controller()->setInteractive(false);
        window.controller()->open("hospital");
        QTRY_VERIFY_WITH_TIMEOUT(window.controller()->project(), 20000);
        // The main toolbar's Undo/Redo: fixed text, the command in the tooltip.
        auto* undo = window.findChild<QAction*>("toolbarUndo");
        QVERIFY(undo);
        QVERIFY(!undo->isEnabled());
        auto* mainBar = window.findChild<QToolBar*>("mainToolBar");
        QWidget* redoButton = mainBar->widgetForAction(window.findChild<QAction*>("toolbarRedo"));
        const QPoint redoAt = redoButton->mapTo(&window, QPoint());
        window.controller()->project()->setHierarchy("age", std::nullopt,
                                                     "Remove hierarchy of 'age'");
        QVERIFY(undo->isEnabled());
        QCOMPARE(undo->text(), QStringLiteral("Undo"));
        QVERIFY2(undo->toolTip().contains("Remove hierarchy of 'age'"),
                 qPrintable(undo->toolTip()));
        QCoreApplication::processEvents();
        QCOMPARE(redoButton->mapTo(&window, QPoint()), redoAt);
        undo->trigger();
        QVERIFY(window.controller()->project()->hierarchy("age"));
        // Hierarchies toolbar: an attribute with and one without a hierarchy (the heading's
        // text, and so its height, differ).
        window.showPerspective("hierarchies");
        HierarchyPerspective* h = window.hierarchyPerspective();
        auto* tools = h->findChild<QToolBar*>();
        QVERIFY(tools);
        QVERIFY(h->selectAttribute("age"));
        QCoreApplication::processEvents();
        const QPoint withHierarchy = tools->mapTo(&window, QPoint());
        QVERIFY(h->selectAttribute("condition"));
        QCoreApplication::processEvents();
        QCOMPARE(tools->mapTo(&window, QPoint()), withHierarchy);
        // Add criterion: every kind of criterion, the button stays.
        window.showPerspective("privacy");
        PrivacyPerspective* p = window.privacyPerspective();
        auto* add = p->findChild<QPushButton*>("addCriterion");
        QVERIFY(add);
        QComboBox* kind = p->editor()->kindBox();
        kind->setCurrentIndex(0);
        QCoreApplication::processEvents();
        const QPoint first = add->mapTo(&window, QPoint());
        for (int i = 1; i < kind->count(); ++i) {
            kind->setCurrentIndex(i);
            QCoreApplication::processEvents();
            QCOMPARE(add->mapTo(&window, QPoint()), first);
        }
        // The analysis' Run: every analysis (descriptions and options differ in length).
        window.showPerspective("analysis");
        QWidget* analysis = window.analysisPerspective();
        QPushButton* run = nullptr;
        for (QPushButton* b : analysis->findChildren<QPushButton*>())
            if (b->text() == "&Run") run = b;
        QVERIFY(run);
        auto* list = analysis->findChild<QListWidget*>();
        QVERIFY(list);
        list->setCurrentRow(0);
        QCoreApplication::processEvents();
        const QPoint runAt = run->mapTo(&window, QPoint());
        for (int i = 1; i < list->count(); ++i) {
            list->setCurrentRow(i);
            QCoreApplication::processEvents();
            QVERIFY2(run->mapTo(&window, QPoint()) == runAt, qPrintable(list->item(i)->text()));
        }
    }
};

QTEST_MAIN(TestSmallBugs)
#include "test_smallbugs.moc"
