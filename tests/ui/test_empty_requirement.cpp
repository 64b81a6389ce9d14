// Issue 18, walking the workbench at 1366×768, item 6: with every criterion removed the
// Privacy perspective said "✓ Every criterion is achievable" in green. An empty requirement
// asks for nothing: it now says to add a criterion, and the green check comes back with one.
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>

#include "privacy/privacyperspective.h"
#include "project/project.h"
#include "ui_fixtures.h"
#include "workbench/mainwindow.h"

using namespace ldv;
using namespace ldv::ui;

class TestEmptyRequirement : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private slots:
    void initTestCase() { QVERIFY(test::isolateWorkbench(m_dir, true)); }

    void emptyRequirementIsNotAchievable() {
        MainWindow window;
        window.resize(1366, 768);
        window.show();
        Project* project = test::openProject(window, "hospital", 20000);
        QVERIFY(project);
        window.showPerspective(MainWindow::Privacy);
        PrivacyPerspective* privacy = window.privacyPerspective();
        QVERIFY(test::feasibilityText(privacy).startsWith("✓ Every criterion is achievable"));
        QVERIFY(privacy->warningsLabel()->styleSheet().contains("#009E73"));
        // Remove every criterion as the user does: select it, press Remove.
        QListWidget* list = privacy->criteriaList();
        const int criteria = list->count();
        QVERIFY(criteria > 0);
        QPushButton* remove = nullptr;
        for (QPushButton* b : privacy->findChildren<QPushButton*>())
            if (b->text().remove('&').startsWith("Remove")) remove = b;
        QVERIFY(remove);
        while (list->count() > 0) {
            list->setCurrentRow(0);
            QTest::mouseClick(remove, Qt::LeftButton);
        }
        QVERIFY(project->searchSettings().criteria.empty());
        const QString text = test::feasibilityText(privacy);
        QCOMPARE(text, QString("Add a criterion: the requirement is empty, so the search would "
                               "check nothing."));
        QVERIFY(!privacy->warningsLabel()->styleSheet().contains("#009E73"));
        // One criterion back (undo): the check is green again.
        project->undoStack()->undo();
        QVERIFY(test::feasibilityText(privacy).startsWith("✓ Every criterion is achievable"));
        QVERIFY(privacy->warningsLabel()->styleSheet().contains("#009E73"));
    }
};

QTEST_MAIN(TestEmptyRequirement)
#include "test_empty_requirement.moc"
