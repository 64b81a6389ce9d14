// Issue 33 item 2 in the workbench: the quality model options (weights, gs-factor, aggregate)
// are set in a dialog beside the metric, saved in the project as one undoable edit, and the
// workbench's search with them finds the optimum `ldiv search
// --weight/--gs-factor/--metric-aggregate` finds.
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QJsonArray>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

#include "cli_runner.h"
#include "ldiv/metrics/node_metrics.h"
#include "privacy/metricoptionsdialog.h"
#include "privacy/privacyperspective.h"
#include "project/project.h"
#include "session/searchsession.h"
#include "test_paths.h"
#include "ui_fixtures.h"
#include "workbench/mainwindow.h"

using namespace ldv;
using namespace ldv::ui;

class TestMetricOptions : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private slots:
    void initTestCase() { QVERIFY(test::isolateWorkbench(m_dir, true)); }

    void optionsAreOneUndoableEditAndMatchTheCommandLine() {
        MainWindow window;
        Project* project = test::openProject(window, "adult", 20000);
        QVERIFY(project);
        const SearchSettings before = project->searchSettings();
        QCOMPARE(before.gsFactor, 0.5);
        QVERIFY(before.weights.empty());

        MetricOptionsDialog dialog(before, project->qiOrder());
        QCOMPARE(dialog.weightTable()->rowCount(), int(project->qiOrder().size()));
        dialog.gsFactorBox()->setValue(0.3);
        dialog.aggregateBox()->setCurrentIndex(dialog.aggregateBox()->findData("max"));
        int ageRow = -1;
        for (int i = 0; i < dialog.weightTable()->rowCount(); ++i)
            if (dialog.weightTable()->item(i, 0)->text() == "age") ageRow = i;
        QVERIFY(ageRow >= 0);
        static_cast<QDoubleSpinBox*>(dialog.weightTable()->cellWidget(ageRow, 1))->setValue(0);
        SearchSettings chosen = dialog.apply(before);
        chosen.metric = Metric::Entropy;
        const int undoBefore = project->undoStack()->count();
        window.privacyPerspective()->setMetricOptions(chosen);
        QCOMPARE(project->undoStack()->count(), undoBefore + 1);
        const SearchSettings now = project->searchSettings();
        QCOMPARE(now.gsFactor, 0.3);
        QCOMPARE(now.aggregate, QualityAggregate::Max);
        QCOMPARE(now.weights.size(), std::size_t(1));  // only the weight that is not 1
        QCOMPARE(now.weights.front().first, std::string("age"));
        QCOMPARE(now.weights.front().second, 0.0);
        QVERIFY(metricOptionsText(now).contains("age=0"));

        // The workbench's search with these options against `ldiv search` with the same.
        const auto outcome = test::searchProject(*project);
        QVERIFY(outcome && outcome->result.optimum);
        const test::CliResult r = test::runCli(
            {"search", "--project", QString::fromStdString(test::example("adult/adult.ldiv.json")),
             "--metric", "entropy", "--weight", "age=0", "--gs-factor", "0.3", "--metric-aggregate",
             "max", "--json"});
        QCOMPARE(r.exitCode, 0);
        const Lattice& lattice = outcome->data->dataset().lattice();
        QCOMPARE(test::levelsOf(r.json()["optimum"].toObject()["levels"].toArray()),
                 lattice.levels(*outcome->result.optimum));

        // Saved with the project and read back.
        const QString saved = m_dir.filePath("adult-options.ldiv.json");
        QVERIFY(window.controller()->saveTo(saved));
        const ProjectConfig reread = loadProject(saved.toStdString());
        QCOMPARE(reread.search.gsFactor, 0.3);
        QCOMPARE(reread.search.weights, now.weights);

        project->undoStack()->undo();
        QCOMPARE(project->searchSettings().gsFactor, 0.5);
        QVERIFY(project->searchSettings().weights.empty());
    }
};

QTEST_MAIN(TestMetricOptions)
#include "test_metric_options.moc"
