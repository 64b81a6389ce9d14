// What a steward computed travels with the project (issue 37 item 8): the frontier's controls
// and points, and the analyses' charts (with whether each is out of date), are saved in the
// project file's workbench section and shown again when it is reopened. A population size
// change, which no analysis reads, leaves the charts current; a suppression change does not.
// A crafted file (a frontier node outside the lattice, a series shorter than its x values) is
// left out, never read past.
#include <qcustomplot.h>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

#include "analysis/analysisperspective.h"
#include "charts/chartdata.h"
#include "charts/chartjson.h"
#include "charts/reportchart.h"
#include "lattice/frontierpanel.h"
#include "lattice/latticeperspective.h"
#include "ldiv/search/frontier_result.h"
#include "project/project.h"
#include "session/searchsession.h"
#include "ui_fixtures.h"
#include "workbench/mainwindow.h"
#include "workbench/projectcontroller.h"

using namespace ldv;
using namespace ldv::ui;

namespace {
const QString kHospital = LDIV_RESOURCES "/examples/hospital/hospital.ldiv.json";

/// The file's text with `edit` applied to its workbench section, written to `to`.
bool rewrite(const QString& from, const QString& to,
             const std::function<void(QJsonObject&)>& edit) {
    QFile in(from);
    if (!in.open(QIODevice::ReadOnly)) return false;
    QJsonObject j = QJsonDocument::fromJson(in.readAll()).object();
    QJsonObject w = j["workbench"].toObject();
    edit(w);
    j["workbench"] = w;
    QFile out(to);
    if (!out.open(QIODevice::WriteOnly)) return false;
    out.write(QJsonDocument(j).toJson());
    return true;
}
}  // namespace

class TestSavedResults : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private slots:
    void initTestCase() { QVERIFY(ldv::test::isolateWorkbench(m_dir, true)); }

    void frontierIsSavedWithTheProject() {
        const QString path = m_dir.filePath("frontier.ldiv.json");
        std::shared_ptr<const FrontierResult> first;
        {
            MainWindow window;
            QVERIFY(ldv::test::openAndSearch(window, kHospital));
            FrontierPanel* fp = window.latticePerspective()->frontierPanel();
            fp->gridEdit()->setText("k=2..5");
            fp->suppressionEdit()->setText("0, 25");
            fp->keepOthersBox()->setChecked(false);
            QVERIFY2(fp->run(), qPrintable(fp->status()->text()));
            QTRY_VERIFY_WITH_TIMEOUT(!fp->isRunning() && fp->result(), 60000);
            first = fp->result();
            QVERIFY(!first->pareto.empty());
            window.controller()->project()->save(path);
        }
        MainWindow again;
        QVERIFY(ldv::test::openProject(again, path, 20000));
        FrontierPanel* fp = again.latticePerspective()->frontierPanel();
        QVERIFY(fp->result());
        QCOMPARE(fp->gridEdit()->text(), QString("k=2..5"));
        QCOMPARE(fp->suppressionEdit()->text(), QString("0, 25"));
        QVERIFY(!fp->keepOthersBox()->isChecked());
        const FrontierResult& r = *fp->result();
        QCOMPARE(r.points.size(), first->points.size());
        for (std::size_t i = 0; i < r.points.size(); ++i) {
            QCOMPARE(r.points[i].criteria, first->points[i].criteria);
            QCOMPARE(r.points[i].suppression, first->points[i].suppression);
            QCOMPARE(r.points[i].optimum, first->points[i].optimum);
            QCOMPARE(r.points[i].riskValue, first->points[i].riskValue);
            QCOMPARE(r.points[i].utility, first->points[i].utility);
            QCOMPARE(r.points[i].pareto, first->points[i].pareto);
        }
        QCOMPARE(r.pareto, first->pareto);
        QCOMPARE(r.elapsedMs, first->elapsedMs);
        // One legend entry each for the optima and the Pareto line, however often it is shown.
        QCOMPARE(fp->plot()->legend->itemCount(), 2);
        QCOMPARE(fp->table()->rowCount(), int(r.points.size()));

        // A node outside hospital's lattice (zip has height 2): the saved points are left out.
        const QString crafted = m_dir.filePath("frontier-crafted.ldiv.json");
        QVERIFY(rewrite(path, crafted, [](QJsonObject& w) {
            QJsonObject f = w["frontier"].toObject();
            QJsonArray points = f["points"].toArray();
            QJsonObject p = points[0].toObject();
            p["optimum"] = QJsonArray{99, 0, 0};
            points[0] = p;
            f["points"] = points;
            w["frontier"] = f;
        }));
        MainWindow third;
        QVERIFY(ldv::test::openProject(third, crafted, 20000));
        QVERIFY(!third.latticePerspective()->frontierPanel()->result());
        QCOMPARE(third.latticePerspective()->frontierPanel()->gridEdit()->text(),
                 QString("k=2..5"));
    }

    void analysesAreSavedWithTheProject() {
        const QString path = m_dir.filePath("analyses.ldiv.json");
        QString csv;
        {
            MainWindow window;
            Project* project = ldv::test::openProject(window, kHospital, 20000);
            QVERIFY(project);
            AnalysisPerspective* a = window.analysisPerspective();
            QVERIFY(a->setCurrentAnalysis("homogeneity"));
            a->run();
            QTRY_VERIFY_WITH_TIMEOUT(!a->isRunning() && a->hasResult(), 60000);
            QCOMPARE(a->reportCharts().size(), std::size_t(1));
            // N enters no analysis: the chart stays current.
            QVERIFY(project->setPopulationSize(1000));
            QVERIFY(!a->reportCharts()[0].note.contains("before the project's last change"));
            project->save(path);
            const QJsonObject saved = project->workbenchValue("analysis_results").toObject();
            const auto chart = chartFromJson(saved["homogeneity"].toObject()["chart"].toObject());
            QVERIFY(chart);
            csv = chartCsv(*chart);
            QVERIFY(csv.count('\n') > 2);
        }
        MainWindow again;
        Project* project = ldv::test::openProject(again, path, 20000);
        QVERIFY(project);
        AnalysisPerspective* a = again.analysisPerspective();
        QVERIFY(a->setCurrentAnalysis("homogeneity"));
        QVERIFY(a->hasResult());
        QCOMPARE(a->reportCharts().size(), std::size_t(1));
        const auto chart = chartFromJson(project->workbenchValue("analysis_results")
                                             .toObject()["homogeneity"]
                                             .toObject()["chart"]
                                             .toObject());
        QVERIFY(chart);
        QCOMPARE(chartCsv(*chart), csv);
        // The suppression limit is read by the analyses: the chart is now out of date, and
        // says so in the report and in the saved state.
        SearchSettings s = project->searchSettings();
        s.suppressionLimit = 0.25;
        project->setSearchSettings(s, "25 %");
        QVERIFY(a->reportCharts()[0].note.contains("before the project's last change"));
        QVERIFY(project->workbenchValue("analysis_results")
                    .toObject()["homogeneity"]
                    .toObject()["stale"]
                    .toBool());
    }

    void chartJsonRefusesWhatItDidNotWrite() {
        ChartData chart;
        chart.title = "t";
        ChartPanel p = linePanel("p", "x", "y", {1, 2, 3});
        p.series.push_back({"s", {0.5, std::nan(""), 2}, true});
        chart.panels << p;
        const QJsonObject j = chartToJson(chart);
        const auto back = chartFromJson(j);
        QVERIFY(back);
        QCOMPARE(chartCsv(*back), chartCsv(chart));
        QVERIFY(std::isnan(back->panels[0].series[0].values[1]));
        QVERIFY(back->panels[0].series[0].dashed);
        // One value short of the x values: refused.
        QJsonObject shortSeries = j;
        QJsonArray panels = shortSeries["panels"].toArray();
        QJsonObject panel = panels[0].toObject();
        panel["series"] = QJsonArray{QJsonObject{{"name", "s"}, {"values", QJsonArray{1, 2}}}};
        panels[0] = panel;
        shortSeries["panels"] = panels;
        QVERIFY(!chartFromJson(shortSeries));
        // A value that is not a number, a kind that does not exist: refused.
        panel["series"] = QJsonArray{QJsonObject{{"values", QJsonArray{1, "2", 3}}}};
        panels[0] = panel;
        shortSeries["panels"] = panels;
        QVERIFY(!chartFromJson(shortSeries));
        panel = j["panels"].toArray()[0].toObject();
        panel["kind"] = "pie";
        shortSeries["panels"] = QJsonArray{panel};
        QVERIFY(!chartFromJson(shortSeries));
    }
};

QTEST_MAIN(TestSavedResults)
#include "test_saved_results.moc"
