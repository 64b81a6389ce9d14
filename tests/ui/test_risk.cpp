// The Risk perspective (offscreen) on the hospital example (12 rows, every row unique on zip,
// age and nationality). Figures worked out by hand:
//  - original: 12 classes of 1 → prosecutor highest = average = 1, all records at the highest
//    and above 20 %, marketer 12/12 = 1, sample uniques 1; with N = 1000 the journalist risk
//    of a class of f is n/(f·N) = 12/1000.
//  - node [1,1,1] (zip 1305*/1306*/1485*, age 2*/3*/4*/5*, nationality *): 6 classes of 2 →
//    highest = average = 0.5, marketer 6/12, sample uniques 0.
//  - distinction / separation (Motwani & Xu 2007), n = 12, n(n−1) = 132:
//    {zip} original: 4 values of sizes 4,4,2,2 → 4/12 and 1 − (12+12+2+2)/132 = 104/132;
//    {age}: all distinct → 1, 1; {nationality}: American 6, 2, 2, 2 → 4/12, 1 − 36/132;
//    {zip} at the node: 3 groups of 4 → 3/12, 1 − 36/132; {nationality} at the node: 1/12, 0.
#include <QAbstractButton>
#include <QAbstractItemView>
#include <QAbstractSpinBox>
#include <QAction>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QLineEdit>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTextBrowser>
#include <QtTest>

#include "charts/panelchart.h"
#include "help/userguide.h"
#include "ldiv/workflow/risk_report.h"
#include "privacy/criterioneditor.h"
#include "privacy/privacyperspective.h"
#include "risk/riskcombinationmodel.h"
#include "risk/riskperspective.h"
#include "session/preparedinput.h"
#include "session/searchsession.h"
#include "ui_fixtures.h"
#include "workbench/mainwindow.h"

using namespace ldv;
using namespace ldv::ui;

namespace {

bool waitIdle(RiskPerspective* risk) {
    return QTest::qWaitFor([&] { return !risk->isRunning(); }, 60000);
}

const AttributeCombinationRisk* combination(const RiskSide& side, std::vector<std::size_t> qi) {
    for (const AttributeCombinationRisk& c : side.combinations)
        if (c.columns == qi) return &c;
    return nullptr;
}

}  // namespace

class TestRisk : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

    // Opens hospital with k=2, runs the search and chooses node [1,1,1].
    Project* openWithNode(MainWindow& window) {
        Project* project = test::openProject(window, "hospital", 30000);
        if (!project) return nullptr;
        SearchSettings s = project->searchSettings();
        s.criteria = {"k=2"};
        project->setSearchSettings(s, "k=2");
        window.searchSession()->run();
        if (!QTest::qWaitFor([&] { return !window.searchSession()->isRunning(); }, 60000))
            return nullptr;
        const auto outcome = window.searchSession()->outcome();
        if (!outcome) return nullptr;
        const Levels levels{1, 1, 1};
        window.riskPerspective()->setNode(outcome->data->dataset().lattice().id(levels));
        return project;
    }

private slots:
    void initTestCase() { QVERIFY(test::isolateWorkbench(m_dir)); }

    void figuresBeforeAndAfter() {
        MainWindow window;
        Project* project = openWithNode(window);
        QVERIFY(project);
        RiskPerspective* risk = window.riskPerspective();
        risk->compute();
        QVERIFY(waitIdle(risk));
        const auto report = risk->report();
        QVERIFY2(report, qPrintable(risk->statusText()));
        QVERIFY(!risk->isStale());
        const RiskAnalysis& before = report->before.analysis;
        QCOMPARE(before.rows, std::size_t(12));
        QCOMPARE(before.classes, std::size_t(12));
        QCOMPARE(before.prosecutor.highest, 1.0);
        QCOMPARE(before.prosecutor.average, 1.0);
        QCOMPARE(before.prosecutor.recordsAtHighest, 1.0);
        QCOMPARE(before.prosecutor.recordsAboveThreshold, 1.0);
        QCOMPARE(before.marketer, 1.0);
        QCOMPARE(before.sampleUniques, 1.0);
        QVERIFY(!before.journalist);
        QVERIFY(!before.populationUniques);
        QVERIFY(report->after);
        QCOMPARE(report->levels, (Levels{1, 1, 1}));
        const RiskAnalysis& after = report->after->analysis;
        QCOMPARE(after.rows, std::size_t(12));
        QCOMPARE(after.classes, std::size_t(6));
        QCOMPARE(after.prosecutor.highest, 0.5);
        QCOMPARE(after.prosecutor.average, 0.5);
        QCOMPARE(after.prosecutor.recordsAtHighest, 1.0);
        QCOMPARE(after.marketer, 0.5);
        QCOMPARE(after.sampleUniques, 0.0);

        // Attribute combinations: 2^3 − 1 on each side, the same order.
        QCOMPARE(report->before.combinations.size(), std::size_t(7));
        QCOMPARE(report->after->combinations.size(), std::size_t(7));
        const auto* zip = combination(report->before, {0});
        const auto* age = combination(report->before, {1});
        const auto* nationality = combination(report->before, {2});
        QVERIFY(zip && age && nationality);
        QCOMPARE(zip->distinction, 4.0 / 12);
        QCOMPARE(zip->separation, 104.0 / 132);
        QCOMPARE(age->distinction, 1.0);
        QCOMPARE(age->separation, 1.0);
        QCOMPARE(nationality->distinction, 4.0 / 12);
        QCOMPARE(nationality->separation, 96.0 / 132);
        QCOMPARE(combination(*report->after, {0})->distinction, 3.0 / 12);
        QCOMPARE(combination(*report->after, {0})->separation, 96.0 / 132);
        QCOMPARE(combination(*report->after, {2})->distinction, 1.0 / 12);
        QCOMPARE(combination(*report->after, {2})->separation, 0.0);
        QCOMPARE(combinationName(*report, *combination(report->before, {0, 2})),
                 std::string("zip, nationality"));

        // The table view: every combination, sortable by the numbers.
        QTableView* view = risk->combinationView();
        QCOMPARE(view->model()->rowCount(), 7);
        QCOMPARE(view->model()->columnCount(), int(RiskCombinationModel::ColumnCount));
        view->sortByColumn(RiskCombinationModel::DistinctionAfter, Qt::AscendingOrder);
        QCOMPARE(view->model()->index(0, RiskCombinationModel::Attributes).data().toString(),
                 QString("nationality"));
        QCOMPARE(view->model()
                     ->index(0, RiskCombinationModel::DistinctionAfter)
                     .data(Qt::UserRole)
                     .toDouble(),
                 1.0 / 12);
        QCOMPARE(view->model()->index(0, RiskCombinationModel::DistinctionAfter).data().toString(),
                 QString("8.33 %"));
        const QString csv = risk->combinationModel()->csv();
        QVERIFY2(csv.startsWith("Attributes,Size,Distinction (original),Separation (original),"
                                "Distinction (node),Separation (node)\n"),
                 qPrintable(csv));
        QVERIFY2(csv.contains("\nzip,1,0.3333333333,0.7878787879,0.25,0.7272727273\n"),
                 qPrintable(csv));

        // The figures table: original and node side by side.
        QTableWidget* figures = risk->figuresTable();
        QCOMPARE(figures->columnCount(), 2);
        QCOMPARE(figures->verticalHeaderItem(1)->text(), QString("Classes"));
        QCOMPARE(figures->item(1, 0)->text(), QString("12"));
        QCOMPARE(figures->item(1, 1)->text(), QString("6"));
        QCOMPARE(figures->item(2, 1)->text(), QString("50 %"));  // prosecutor highest

        // The histogram: all original records in the band up to 100 %, the node's up to 50 %.
        const ChartData chart = risk->chart()->data();
        QCOMPARE(chart.panels.size(), 1);
        QCOMPARE(chart.panels[0].categories, (QStringList{"50", "100"}));
        QCOMPARE(chart.panels[0].series.size(), 2);
        QCOMPARE(chart.panels[0].series[0].values, (QVector<double>{0, 100}));
        QCOMPARE(chart.panels[0].series[1].values, (QVector<double>{100, 0}));
        for (const QString suffix : {"png", "svg", "pdf", "csv"}) {
            const QString path = m_dir.filePath("risk." + suffix);
            QVERIFY(risk->exportChart(path));
            QVERIFY(QFileInfo(path).size() > 0);
        }
        QFile csvFile(m_dir.filePath("risk.csv"));
        QVERIFY(csvFile.open(QIODevice::ReadOnly));
        QVERIFY(QString::fromUtf8(csvFile.readAll()).contains(",50,"));
    }

    void populationSizeIsAProjectSetting() {
        MainWindow window;
        Project* project = test::openProject(window, "hospital", 30000);
        QVERIFY(project);
        RiskPerspective* risk = window.riskPerspective();
        // Refused with the reason next to the field; the project is unchanged.
        QVERIFY(!risk->setPopulationText("5"));
        QVERIFY2(risk->populationError().contains("at least its 12 records"),
                 qPrintable(risk->populationError()));
        QVERIFY(!risk->setPopulationText("many"));
        QVERIFY(risk->populationError().contains("'many' is not allowed"));
        QVERIFY(!project->config().search.populationSize);
        // Accepted: stored in the project (undoable), used by the next computation.
        const int commands = project->undoStack()->count();
        QVERIFY(risk->setPopulationText("1000"));
        QCOMPARE(risk->populationError(), QString());
        QCOMPARE(project->config().search.populationSize, std::optional<double>(1000));
        QCOMPARE(project->undoStack()->count(), commands + 1);
        QVERIFY(risk->isStale());
        risk->compute();
        QVERIFY(waitIdle(risk));
        const auto report = risk->report();
        QVERIFY(report);
        QVERIFY(!report->after);  // no search: the original table only
        QVERIFY(report->before.analysis.journalist);
        QCOMPARE(report->before.analysis.journalist->highest, 12.0 / 1000);
        QVERIFY(report->before.analysis.populationUniques);
        // Saved with the project and read back.
        const QString path = m_dir.filePath("hospital-risk.ldiv.json");
        project->save(path);
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QVERIFY(file.readAll().contains("\"population_size\": 1000"));
        // Undo clears it, and the field follows.
        project->undoStack()->undo();
        QVERIFY(!project->config().search.populationSize);
        QCOMPARE(risk->populationEdit()->text(), QString());
        QVERIFY(risk->isStale());
    }

    void resultsGoStaleWhenInputsChange() {
        MainWindow window;
        Project* project = openWithNode(window);
        QVERIFY(project);
        RiskPerspective* risk = window.riskPerspective();
        risk->compute();
        QVERIFY(waitIdle(risk));
        QVERIFY(risk->report() && !risk->isStale());
        risk->thresholdBox()->setValue(10);
        QVERIFY(risk->isStale());
        QVERIFY(risk->statusText().startsWith("Out of date"));
        risk->compute();
        QVERIFY(waitIdle(risk));
        QVERIFY(!risk->isStale());
        QCOMPARE(risk->report()->before.analysis.threshold, 0.1);
        // The population size alone leaves the search's nodes valid: the node stays, now with
        // journalist risk (node [1,1,1]: classes of 2 → n/(f·N) = 12/(2·1000)).
        QVERIFY(risk->setPopulationText("1000"));
        QVERIFY(window.searchSession()->isStale());
        risk->compute();
        QVERIFY(waitIdle(risk));
        QVERIFY(risk->report()->after);
        QVERIFY(risk->report()->after->analysis.journalist);
        QCOMPARE(risk->report()->after->analysis.journalist->highest, 12.0 / 2000);
        // A role change makes the search, and so the node, out of date: the next report has the
        // original table only.
        project->setRole(project->columnIndex("nationality"), Role::Insensitive);
        QVERIFY(risk->isStale());
        risk->compute();
        QVERIFY(waitIdle(risk));
        QVERIFY(!risk->report()->after);
        QCOMPARE(risk->report()->qiNames, (std::vector<std::string>{"zip", "age"}));
        QCOMPARE(risk->report()->before.combinations.size(), std::size_t(3));
    }

    void shownByMenuAndShortcutAndRecomputedWhenShown() {
        MainWindow window;
        window.resize(1366, 768);
        window.show();
        QVERIFY(test::openProject(window, "hospital", 30000));
        auto* action = window.findChild<QAction*>("view_risk");
        QVERIFY(action);
        QCOMPARE(action->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_7));
        action->trigger();
        QCOMPARE(window.currentPerspective(), MainWindow::Risk);
        // Shown with nothing computed: it computes by itself.
        QVERIFY(
            QTest::qWaitFor([&] { return window.riskPerspective()->report() != nullptr; }, 30000));
        QVERIFY(!window.riskPerspective()->isStale());
    }

    void everyControlHasATooltip() {
        MainWindow window;
        window.show();
        QVERIFY(test::openProject(window, "hospital", 30000));
        int checked = 0;
        for (QWidget* root : {static_cast<QWidget*>(window.riskPerspective()),
                              static_cast<QWidget*>(window.privacyPerspective()->editor()),
                              static_cast<QWidget*>(window.userGuide())}) {
            for (QWidget* w : root->findChildren<QWidget*>()) {
                const bool control =
                    qobject_cast<QAbstractButton*>(w) || qobject_cast<QComboBox*>(w) ||
                    qobject_cast<QAbstractSpinBox*>(w) || qobject_cast<QAbstractItemView*>(w);
                const bool lineEdit = qobject_cast<QLineEdit*>(w) &&
                                      !qobject_cast<QComboBox*>(w->parentWidget()) &&
                                      !qobject_cast<QAbstractSpinBox*>(w->parentWidget());
                // Qt's own parts (a combo's popup list, a line edit's clear button) are not ours.
                if (w->objectName().startsWith("qt_") ||
                    qobject_cast<QComboBox*>(w->parentWidget()) ||
                    w->inherits("QLineEditIconButton") ||
                    w->parentWidget()->inherits("QComboBoxPrivateContainer"))
                    continue;
                if (!control && !lineEdit) continue;
                if (qobject_cast<QTextBrowser*>(w)) continue;  // the guide's text itself
                if (w->inherits("QHeaderView") ||
                    qobject_cast<QAbstractItemView*>(w->parentWidget()))
                    continue;  // a table's own parts: its sections explain themselves
                ++checked;
                QVERIFY2(!w->toolTip().isEmpty(),
                         qPrintable(QString("%1 %2 '%3' in %4")
                                        .arg(w->metaObject()->className(), w->objectName())
                                        .arg(w->property("text").toString(),
                                             root->metaObject()->className())));
            }
        }
        QVERIFY2(checked >= 25, qPrintable(QString::number(checked)));  // the test saw the controls
    }

    void userGuideOpensWithF1AndLinksToPerspectives() {
        MainWindow window;
        window.show();
        QVERIFY(test::openProject(window, "hospital", 30000));
        auto* guideAction = window.findChild<QAction*>("helpUserGuide");
        QVERIFY(guideAction);
        QCOMPARE(guideAction->shortcut(), QKeySequence(QKeySequence::HelpContents));
        guideAction->trigger();
        UserGuide* guide = window.userGuide();
        QVERIFY(guide->isVisible());
        const QString text = guide->browser()->toPlainText();
        QVERIFY2(text.contains("Getting started"), qPrintable(text.left(200)));
        QVERIFY(text.contains("Motwani & Xu 2007"));
        // No internal paper numbers such as "000 §3" in what a user reads.
        QVERIFY(!text.contains(QRegularExpression("\\b00\\d\\s*§")));
        // A perspective link switches the workbench.
        emit guide->browser()->anchorClicked(QUrl("perspective:risk"));
        QCOMPARE(window.currentPerspective(), MainWindow::Risk);
        emit guide->browser()->anchorClicked(QUrl("perspective:hierarchies"));
        QCOMPARE(window.currentPerspective(), MainWindow::Hierarchies);
        guide->showSection("getting-started");
        QCOMPARE(guide->browser()->source().fragment(), QString("getting-started"));
    }
};

QTEST_MAIN(TestRisk)
#include "test_risk.moc"
