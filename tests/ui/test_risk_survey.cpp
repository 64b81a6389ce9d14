// Issue 36 item 2 in the workbench: a project with a weight and a household role shows
// individual risk (Benedetti & Franconi 1998) and household risk in the Risk perspective, the
// figures of `ldiv risk --project … --json` (one home: ldv::surveyRisk).
#include <QCheckBox>
#include <QFile>
#include <QJsonArray>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

#include "cli_runner.h"
#include "ldiv/lattice/lattice.h"
#include "ldiv/workflow/risk_report.h"
#include "report/reportdata.h"
#include "report/reportwriter.h"
#include "risk/riskperspective.h"
#include "ui_fixtures.h"
#include "workbench/mainwindow.h"

using namespace ldv;
using namespace ldv::ui;

class TestRiskSurvey : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

    QString write(const QString& name, const QByteArray& bytes) {
        QFile f(m_dir.filePath(name));
        if (!f.open(QIODevice::WriteOnly)) return {};
        f.write(bytes);
        return f.fileName();
    }

private slots:
    void initTestCase() { QVERIFY(test::isolateWorkbench(m_dir, true)); }

    void individualAndHouseholdRiskAsTheCommandLine() {
        // sdcMicro's sample of tests/cli/test_cli_survey_risk.cpp: classes (2,3,1) rows 1,3,8;
        // (3,3,3) row 2; (2,3,2) row 4; (3,3,1) rows 5,6; (1,4,1) row 7.
        write("s.csv",
              "A,B,C,weight,hh\n"
              "2,3,1,18.0,h1\n3,3,3,45.5,h1\n2,3,1,39.0,h2\n2,3,2,17.0,h2\n"
              "3,3,1,92.0,h3\n3,3,1,8.0,h3\n1,4,1,123.5,h4\n2,3,1,51,h4\n");
        const QString project = write("p.ldiv.json", R"({"format": "ldiv-project",
            "version": 1, "data": {"path": "s.csv"},
            "attributes": [{"name": "A", "role": "quasi-identifier"},
                           {"name": "B", "role": "quasi-identifier"},
                           {"name": "C", "role": "quasi-identifier"},
                           {"name": "weight", "role": "weight"},
                           {"name": "hh", "role": "household"}]})");
        const test::CliResult r = test::runCli({"risk", "--project", project, "--json"});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const double global = r.json()["individual_risk"].toObject()["global"].toDouble();
        const double highest = r.json()["household_risk"].toObject()["highest"].toDouble();
        QVERIFY(global > 0 && highest > 0);

        MainWindow window;
        QVERIFY(test::openProject(window, project, 20000));
        RiskPerspective* risk = window.riskPerspective();
        risk->compute();
        QVERIFY(QTest::qWaitFor([&] { return !risk->isRunning(); }, 30000));
        const auto report = risk->report();
        QVERIFY(report && report->before.survey && report->before.survey->individual);
        QVERIFY(std::abs(report->before.survey->individual->global - global) < 1e-12);
        QVERIFY(std::abs(report->before.survey->households->highest - highest) < 1e-12);
        // The rows the steward reads, with the CLI's figures.
        const QTableWidget* t = risk->figuresTable();
        QString expected, household;
        for (int row = 0; row < t->rowCount(); ++row) {
            const QString label = t->verticalHeaderItem(row)->text();
            if (label == "Individual risk: expected re-identifications")
                expected = t->item(row, 0)->text();
            if (label == "Household risk: highest") household = t->item(row, 0)->text();
        }
        QCOMPARE(expected, QLocale().toString(global, 'f', 2));
        QCOMPARE(household, QStringLiteral("%1 %").arg(highest * 100, 0, 'g', 4));

        // SUDA2 when asked for: the MSUs and the records that have one, as `ldiv risk --suda2`.
        const test::CliResult s = test::runCli({"risk", "--project", project, "--suda2", "--json"});
        QVERIFY2(s.exitCode == 0, s.err.constData());
        const QJsonArray records = s.json()["suda2"].toObject()["records"].toArray();
        qint64 msus = 0, withMsu = 0;
        for (const QJsonValue& rec : records) {
            const qint64 n = rec.toObject()["msus"].toArray().size();
            msus += n;
            withMsu += n > 0 ? 1 : 0;
        }
        QVERIFY(msus > 0);
        auto* suda = risk->findChild<QCheckBox*>("suda2");
        QVERIFY(suda);
        suda->setChecked(true);
        risk->compute();
        QVERIFY(QTest::qWaitFor([&] { return !risk->isRunning(); }, 30000));
        QString gotMsus, gotRecords;
        for (int row = 0; row < t->rowCount(); ++row) {
            const QString label = t->verticalHeaderItem(row)->text();
            if (label == "SUDA2: MSUs") gotMsus = t->item(row, 0)->text();
            if (label == "SUDA2: records with an MSU") gotRecords = t->item(row, 0)->text();
        }
        QCOMPARE(gotMsus, QLocale().toString(msus));
        QCOMPARE(gotRecords, QLocale().toString(withMsu));
        suda->setChecked(false);
    }

    void reportShowsSurveyRiskBeforeAndAfter() {
        // The report of a node: the survey figures of the input and of the published table
        // equal `ldiv risk --node` (the same weights; the node's generalized classes).
        write("r.csv",
              "A,B,C,weight,hh\n"
              "2,3,1,18.0,h1\n3,3,3,45.5,h1\n2,3,1,39.0,h2\n2,3,2,17.0,h2\n"
              "3,3,1,92.0,h3\n3,3,1,8.0,h3\n1,4,1,123.5,h4\n2,3,1,51,h4\n");
        write("h_a.csv", "1,*\n2,*\n3,*\n");
        write("h_b.csv", "3,*\n4,*\n");
        write("h_c.csv", "1,*\n2,*\n3,*\n");
        const QString project = write("r.ldiv.json", R"({"format": "ldiv-project",
            "version": 1, "data": {"path": "r.csv"},
            "attributes": [{"name": "A", "role": "quasi-identifying", "hierarchy": {"file": "h_a.csv"}},
                           {"name": "B", "role": "quasi-identifying", "hierarchy": {"file": "h_b.csv"}},
                           {"name": "C", "role": "quasi-identifying", "hierarchy": {"file": "h_c.csv"}},
                           {"name": "weight", "role": "weight"},
                           {"name": "hh", "role": "household"}],
            "criteria": ["k=2"], "suppression_limit": 0})");
        const test::CliResult r =
            test::runCli({"risk", "--project", project, "--node", "1,0,0", "--json"});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        MainWindow window;
        const auto outcome = test::openAndSearch(window, project);
        QVERIFY(outcome);
        const Lattice& lattice = outcome->data->dataset().lattice();
        const ReportData data =
            buildReportData(*outcome, lattice.id(Levels{1, 0, 0}), "survey", "chosen");
        QVERIFY2(data.surveyError.isEmpty(), qPrintable(data.surveyError));
        QVERIFY(data.surveyBefore && data.surveyBefore->individual && data.surveyAfter &&
                data.surveyAfter->individual && data.surveyAfter->households);
        const QJsonObject after = r.json()["individual_risk"].toObject();
        QVERIFY2(
            std::abs(data.surveyAfter->individual->global - after["global"].toDouble()) < 1e-12,
            r.out.constData());
        QVERIFY(std::abs(data.surveyAfter->households->highest -
                         r.json()["household_risk"].toObject()["highest"].toDouble()) < 1e-12);
        // Generalizing A merges classes: the expected re-identifications fall.
        QVERIFY(data.surveyAfter->individual->global < data.surveyBefore->individual->global);
        const QString html = reportHtml(data, {});
        QVERIFY(html.contains("<h2>Survey risk</h2>"));
        QVERIFY(html.contains("Benedetti, R. and Franconi, L. (1998)"));
    }
};

QTEST_MAIN(TestRiskSurvey)
#include "test_risk_survey.moc"
