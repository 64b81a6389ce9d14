// Analyses follow the project (issue 18): an analysis' suppression limit is the project's
// (Adult's project says 2 %, the analysis default is 0) until the user types another one;
// the options and the chosen sensitive attribute are saved in the project file, not per
// machine; identical series are named in the chart's note.
#include <QFile>
#include <QJsonObject>
#include <QSettings>
#include <QTemporaryDir>
#include <QtTest>

#include "analysis/analyses.h"
#include "analysis/analysishelpers.h"

#include "analysis/analysisperspective.h"
#include "project/project.h"
#include "ui_fixtures.h"
#include "workbench/autosave.h"
#include "workbench/mainwindow.h"
#include "workbench/projectcontroller.h"

using namespace ldv;
using namespace ldv::ui;

class TestAnalysisProject : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private slots:
    void initTestCase() { QVERIFY(ldv::test::isolateWorkbench(m_dir, true)); }

    void suppressionFollowsTheProject() {
        MainWindow window;
        Project* project = ldv::test::openProject(window, "adult", 30000);
        QVERIFY(project);
        const double limit = project->searchSettings().suppressionLimit;
        QVERIFY(limit > 0);
        AnalysisPerspective* a = window.analysisPerspective();
        QVERIFY(a->setCurrentAnalysis("homogeneity"));
        QCOMPARE(a->options().value("suppression").toDouble(), limit);
        // The project changes: so does the analysis.
        SearchSettings s = project->searchSettings();
        s.suppressionLimit = 0.05;
        project->setSearchSettings(s, "5 %");
        QCOMPARE(a->options().value("suppression"), QStringLiteral("0.05"));
        // The user's own value is kept when the project changes again.
        QVERIFY(a->setOption("suppression", "0.1"));
        s.suppressionLimit = 0.01;
        project->setSearchSettings(s, "1 %");
        QCOMPARE(a->options().value("suppression"), QStringLiteral("0.1"));
    }

    void optionsTravelWithTheProject() {
        const QString path = m_dir.filePath("hospital-options.ldiv.json");
        {
            MainWindow window;
            Project* project = ldv::test::openProject(window, "hospital", 20000);
            QVERIFY(project);
            QVERIFY(!project->workbenchValue("analysis").isObject());
            AnalysisPerspective* a = window.analysisPerspective();
            QVERIFY(a->setCurrentAnalysis("homogeneity"));
            QVERIFY(a->setOption("ks", "2, 3"));
            QVERIFY(a->setOption("thresholds", "0.5"));
            const QJsonObject saved = project->workbenchValue("analysis").toObject();
            const QJsonObject homogeneity = saved["options"].toObject()["homogeneity"].toObject();
            QCOMPARE(homogeneity["ks"].toString(), QString("2, 3"));
            QCOMPARE(homogeneity["thresholds"].toString(), QString("0.5"));
            // The suppression limit follows the project: it is not stored.
            QVERIFY(!homogeneity.contains("suppression"));
            QVERIFY(project->isDirty());
            project->save(path);
            QVERIFY(!project->isDirty());
        }
        // Nothing per machine.
        for (const QString& key : QSettings().allKeys())
            QVERIFY2(!key.startsWith("analysis/"), qPrintable(key));
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QVERIFY(file.readAll().contains("\"workbench\""));
        MainWindow window;
        Project* project = ldv::test::openProject(window, path, 20000);
        QVERIFY(project);
        AnalysisPerspective* a = window.analysisPerspective();
        QVERIFY(a->setCurrentAnalysis("homogeneity"));
        QCOMPARE(a->options().value("ks"), QString("2, 3"));
        QCOMPARE(a->options().value("thresholds"), QString("0.5"));
        QVERIFY(a->setCurrentAnalysis("utility"));
        for (const AnalysisDef& def : analyses())
            if (def.id == "utility") QCOMPARE(a->options(), defaultOptions(def.options));
    }

    void identicalSeriesAreNamed() {
        ChartData chart;
        chart.note = "Hospital";
        ChartPanel p;
        p.title = "Homogeneity";
        p.x = {2, 3, 4};
        p.series = {{"p = 1", {0.5, 0.25, std::nan("")}},
                    {"p = 0.8", {0.5, 0.25, std::nan("")}},
                    {"p = 0.5", {0.75, 0.25, 0}},
                    {"p = 0.3", {0.5, 0.25, std::nan("")}}};
        chart.panels << p;
        QCOMPARE(analysis::coincidingSeries(chart),
                 QStringList{"Homogeneity: p = 1 = p = 0.8 = p = 0.3"});
        analysis::noteCoincidingSeries(chart);
        QCOMPARE(chart.note,
                 QString("Hospital\nIdentical series, drawn on top of each other (told apart "
                         "by their markers): Homogeneity: p = 1 = p = 0.8 = p = 0.3"));
        chart.panels[0].series[1].values[2] = 1;
        QCOMPARE(analysis::coincidingSeries(chart), QStringList{"Homogeneity: p = 1 = p = 0.3"});

        // The same coincidence in every panel is said once, not once per panel.
        ChartData three;
        for (const char* title : {"Affected tables", "Affected classes", "Affected rows"}) {
            ChartPanel q;
            q.title = title;
            q.x = {2, 5};
            q.series = {{"100 %", {3, 0}}, {"95 %", {3, 0}}, {"all", {9, 4}}};
            three.panels << q;
        }
        analysis::noteCoincidingSeries(three);
        QCOMPARE(three.note, QString("Identical in every panel, drawn on top of each other (told "
                                     "apart by their markers): 100 % = 95 %"));
        // Different coincidences: one line each.
        three.panels[2].series[1].values[1] = 1;
        three.note.clear();
        analysis::noteCoincidingSeries(three);
        QCOMPARE(three.note, QString("Identical series, drawn on top of each other (told apart by "
                                     "their markers): Affected tables: 100 % = 95 %\n"
                                     "Affected classes: 100 % = 95 %"));
    }
};

QTEST_MAIN(TestAnalysisProject)
#include "test_analysis_project.moc"
