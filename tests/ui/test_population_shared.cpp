// Issue 18, walking the workbench at 1366×768, item 11: the Risk perspective showed the
// population size as "1e+05", and Risk and Export each had their own field for it. Both now
// show and edit the project's one population_size, with digit grouping ("100,000").
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>

#include "export/exportperspective.h"
#include "format/populationtext.h"
#include "lattice/frontierpanel.h"
#include "lattice/latticeperspective.h"
#include "project/project.h"
#include "report/reportdata.h"
#include "risk/riskperspective.h"
#include "ui_fixtures.h"
#include "workbench/mainwindow.h"

using namespace ldv;
using namespace ldv::ui;

class TestPopulationShared : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private slots:
    void initTestCase() {
        QVERIFY(test::isolateWorkbench(m_dir, true));
        QLocale::setDefault(QLocale::c());
    }

    void textAndParsing_data() {
        QTest::addColumn<QString>("typed");
        QTest::addColumn<bool>("ok");
        QTest::addColumn<double>("value");
        QTest::addColumn<QString>("shown");
        QTest::newRow("plain") << "100000" << true << 100000.0 << "100,000";
        QTest::newRow("grouped") << "100,000" << true << 100000.0 << "100,000";
        QTest::newRow("exponent") << "1e5" << true << 100000.0 << "100,000";
        QTest::newRow("million") << " 2500000 " << true << 2500000.0 << "2,500,000";
        QTest::newRow("fraction") << "12345.5" << true << 12345.5 << "12,345.5";
        QTest::newRow("exactly the rows") << "12" << true << 12.0 << "12";
        QTest::newRow("below the rows") << "11" << false << 0.0 << "";
        QTest::newRow("zero") << "0" << false << 0.0 << "";
        QTest::newRow("word") << "many" << false << 0.0 << "";
    }
    void textAndParsing() {
        QFETCH(QString, typed);
        QFETCH(bool, ok);
        QFETCH(double, value);
        QFETCH(QString, shown);
        const PopulationInput input = parsePopulation(typed, 12);
        QCOMPARE(input.ok, ok);
        QCOMPARE(input.error.isEmpty(), ok);
        if (!ok) return;
        QCOMPARE(*input.value, value);
        QCOMPARE(populationText(input.value), shown);
    }

    void emptyMeansNotGiven() {
        const PopulationInput input = parsePopulation("  ", 12);
        QVERIFY(input.ok);
        QVERIFY(!input.value);
        QCOMPARE(populationText(std::nullopt), QString());
    }

    void riskAndExportShareTheProjectsValue() {
        MainWindow window;
        window.resize(1366, 768);
        window.show();
        const auto outcome = test::openAndSearch(window, "hospital");
        QVERIFY(outcome);
        Project* project = window.controller()->project();
        RiskPerspective* risk = window.riskPerspective();
        ExportPerspective* exporter = window.exportPerspective();
        auto* riskField = risk->findChild<QLineEdit*>("populationSize");
        auto* exportField = exporter->findChild<QLineEdit*>("populationSize");
        QVERIFY(riskField && exportField);
        QCOMPARE(riskField->text(), QString());
        QCOMPARE(exportField->text(), QString());

        // Typed in Risk: both show it grouped, the project holds it.
        window.showPerspective(MainWindow::Risk);
        riskField->setFocus();
        QTest::keyClicks(riskField, "100000");
        QTest::keyClick(riskField, Qt::Key_Return);
        QCOMPARE(project->searchSettings().populationSize, std::optional<double>(100000));
        QCOMPARE(riskField->text(), QString("100,000"));
        QCOMPARE(exportField->text(), QString("100,000"));
        // The report Export prepares uses it: the journalist risk needs N.
        QTRY_VERIFY_WITH_TIMEOUT(exporter->report() && !exporter->isPreparing(), 20000);
        QVERIFY(exporter->report()->reidentification.journalist.has_value());

        // Typed in Export: Risk follows.
        window.showPerspective(MainWindow::Export);
        exportField->setFocus();
        exportField->selectAll();
        QTest::keyClicks(exportField, "250,000");
        QTest::keyClick(exportField, Qt::Key_Return);
        QCOMPARE(project->searchSettings().populationSize, std::optional<double>(250000));
        QCOMPARE(riskField->text(), QString("250,000"));
        QCOMPARE(exportField->text(), QString("250,000"));

        // Refused in Export with Risk's words; nothing changes.
        exportField->selectAll();
        QTest::keyClicks(exportField, "5");
        QTest::keyClick(exportField, Qt::Key_Return);
        QVERIFY2(exporter->populationError().contains("at least its 12 records"),
                 qPrintable(exporter->populationError()));
        QCOMPARE(project->searchSettings().populationSize, std::optional<double>(250000));
        QCOMPARE(riskField->text(), QString("250,000"));

        // One undo step per edit, whichever field made it.
        project->undoStack()->undo();
        QCOMPARE(project->searchSettings().populationSize, std::optional<double>(100000));
        QCOMPARE(exportField->text(), QString("100,000"));
        QCOMPARE(exporter->populationError(), QString());
        QCOMPARE(riskField->text(), QString("100,000"));
        // Cleared in Export: not given anywhere, and the report has no journalist risk.
        exportField->selectAll();
        QTest::keyClick(exportField, Qt::Key_Delete);
        QTest::keyClick(exportField, Qt::Key_Return);
        QVERIFY(!project->searchSettings().populationSize);
        QCOMPARE(riskField->text(), QString());
        QTRY_VERIFY_WITH_TIMEOUT(exporter->report() && !exporter->isPreparing() &&
                                     !exporter->report()->reidentification.journalist,
                                 20000);
    }

    void frontierSharesTheProjectsValue() {
        MainWindow window;
        window.resize(1366, 768);
        window.show();
        QVERIFY(test::openAndSearch(window, "hospital"));
        Project* project = window.controller()->project();
        QVERIFY(project->setPopulationSize(100000));
        window.showPerspective(MainWindow::Lattice);
        FrontierPanel* frontier = window.latticePerspective()->frontierPanel();
        for (QTabWidget* tabs : window.latticePerspective()->findChildren<QTabWidget*>())
            if (tabs->indexOf(frontier) >= 0) tabs->setCurrentWidget(frontier);
        QTRY_VERIFY(frontier->isVisible());
        QCOMPARE(frontier->populationEdit()->text(), QString("100,000"));
        // A journalist frontier with another N typed here sets the project's one value.
        QComboBox* risk = frontier->riskBox();
        risk->setCurrentIndex(risk->findData(int(FrontierRisk::Journalist)));
        frontier->populationEdit()->setText("250,000");
        QVERIFY2(frontier->run(), qPrintable(frontier->status()->text()));
        QCOMPARE(project->searchSettings().populationSize, std::optional<double>(250000));
        QCOMPARE(window.riskPerspective()->findChild<QLineEdit*>("populationSize")->text(),
                 QString("250,000"));
        frontier->cancel();
        QTRY_VERIFY(!frontier->isRunning());
        // Too small for the table: refused with Risk's words, the project keeps its value.
        frontier->populationEdit()->setText("5");
        QVERIFY(!frontier->run());
        QVERIFY2(frontier->status()->text().contains("at least its 12 records"),
                 qPrintable(frontier->status()->text()));
        QCOMPARE(project->searchSettings().populationSize, std::optional<double>(250000));
    }
};

QTEST_MAIN(TestPopulationShared)
#include "test_population_shared.moc"
