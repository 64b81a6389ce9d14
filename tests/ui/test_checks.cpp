// Honest checks before the search (issue 18, item 4): a quasi-identifier that cannot be
// generalized is named; feasibility judges the most general node the hierarchies reach, not
// the table as one class; messages go away as soon as their cause is gone.
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QTemporaryDir>
#include <QTextBrowser>
#include <QUndoStack>
#include <QtTest>
#include <map>

#include "ldiv/io/csv_table_reader.h"
#include "privacy/criterioneditor.h"
#include "privacy/privacyperspective.h"
#include "project/project.h"
#include "session/searchsession.h"
#include "ui_fixtures.h"
#include "workbench/autosave.h"
#include "workbench/mainwindow.h"
#include "workbench/projectcontroller.h"

using namespace ldv;
using namespace ldv::ui;

class TestChecks : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private slots:
    void initTestCase() { QVERIFY(test::isolateWorkbench(m_dir)); }

    void rigidQuasiIdentifierIsNamed() {
        MainWindow window;
        window.show();
        Project* project = test::openProject(window, "hospital", 20000);
        QVERIFY(project);
        PrivacyPerspective* privacy = window.privacyPerspective();
        QVERIFY(test::feasibilityText(privacy).contains("achievable"));
        project->setHierarchy("age", std::nullopt, "remove age");
        const QString text = test::feasibilityText(privacy);
        QVERIFY2(text.contains("age has no hierarchy: it can never be generalized"),
                 qPrintable(text));
        QVERIFY(!text.contains("achievable"));
        // Undo: the cause is gone, so is the message.
        project->undoStack()->undo();
        QVERIFY2(!test::feasibilityText(privacy).contains("age has no hierarchy"),
                 qPrintable(privacy->warningsLabel()->text()));
    }

    void feasibilityUsesTheHierarchies() {
        MainWindow window;
        window.show();
        Project* project = test::openProject(window, "hospital", 20000);
        QVERIFY(project);
        // k=2 with age kept as it is: the most general node groups rows by age alone. The
        // rows whose age occurs once fail; counted here straight from the CSV.
        const Table table = readCsv(LDIV_RESOURCES "/examples/hospital/hospital.csv");
        const std::size_t age = *table.columnIndex("age");
        std::map<std::string, int> counts;
        for (std::size_t r = 0; r < table.rowCount(); ++r) ++counts[table.value(r, age)];
        int single = 0;
        for (const auto& [value, n] : counts) single += n == 1 ? 1 : 0;
        QVERIFY(single > 0);
        SearchSettings s = project->searchSettings();
        s.criteria = {"k=2"};
        s.suppressionLimit = 0;
        project->setSearchSettings(s, "k=2");
        project->setHierarchy("age", std::nullopt, "remove age");
        QString text = test::feasibilityText(window.privacyPerspective());
        const QString expected =
            QStringLiteral("leaves %1 %2 in failing classes and the suppression limit allows 0")
                .arg(single)
                .arg(single == 1 ? "row" : "rows");
        QVERIFY2(text.contains(expected), qPrintable(text + " / expected " + expected));
        // The most general node keeps age (second QI) at level 0.
        const QString top = QStringLiteral("[%1,0,%2]")
                                .arg(project->hierarchy("zip")->height())
                                .arg(project->hierarchy("nationality")->height());
        QVERIFY2(text.contains(top), qPrintable(text + " / " + top));
        // A suppression limit that covers those rows makes the requirement reachable.
        s.suppressionLimit = double(single) / double(table.rowCount()) + 1e-6;
        project->setSearchSettings(s, "suppression");
        text = test::feasibilityText(window.privacyPerspective());
        QVERIFY2(!text.contains("most general node"), qPrintable(text));
        QVERIFY(text.contains("age has no hierarchy"));  // still true
    }

    void searchFailureGoesAwayWithItsCause() {
        MainWindow window;
        window.show();
        Project* project = test::openProject(window, "hospital", 20000);
        QVERIFY(project);
        PrivacyPerspective* privacy = window.privacyPerspective();
        SearchSettings s = project->searchSettings();
        // A project file may hold a limit the spin box cannot: validate() refuses it, in the
        // editor's warnings before the search and as the search's failure.
        s.suppressionLimit = 1.5;
        project->setSearchSettings(s, "bad suppression");
        const QByteArray message =
            "the suppression limit must be a fraction between 0 and 1 (e.g. 0.02), not 1.5";
        QVERIFY2(test::feasibilityText(privacy).contains("Cannot search:</b> " + message),
                 qPrintable(test::feasibilityText(privacy)));
        QSignalSpy failed(window.searchSession(), &SearchSession::failed);
        window.searchSession()->run();
        QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 1, 20000);
        QVERIFY2(privacy->failure().contains(message), qPrintable(privacy->failure()));
        QVERIFY(privacy->summary()->toPlainText().contains("Search failed"));
        project->undoStack()->undo();
        QVERIFY(privacy->failure().isEmpty());
        QVERIFY2(!privacy->summary()->toPlainText().contains("Search failed"),
                 qPrintable(privacy->summary()->toPlainText()));
    }

    void refusalGoesAwayWhenTheCriterionChanges() {
        MainWindow window;
        window.show();
        Project* project = test::openProject(window, "hospital", 20000);
        QVERIFY(project);
        PrivacyPerspective* privacy = window.privacyPerspective();
        CriterionEditor* editor = privacy->editor();
        editor->kindBox()->setCurrentIndex(
            editor->kindBox()->findText("distinct", Qt::MatchContains));
        // ℓ above the number of conditions: refused with a message.
        QDoubleSpinBox* l = nullptr;
        for (QDoubleSpinBox* box : editor->findChildren<QDoubleSpinBox*>())
            if (box->isVisibleTo(editor) && !l) l = box;
        QVERIFY(l);
        l->setValue(50);
        QVERIFY(!editor->problem().isEmpty());
        QVERIFY(!privacy->addCriterion());
        QVERIFY(!privacy->editorErrorLabel()->text().isEmpty());
        // Switching the criterion removes the refusal.
        editor->kindBox()->setCurrentIndex(0);
        QVERIFY2(privacy->editorErrorLabel()->text().isEmpty(),
                 qPrintable(privacy->editorErrorLabel()->text()));
    }
};

QTEST_MAIN(TestChecks)
#include "test_checks.moc"
