// Analyses follow the project (issue 18): an analysis' suppression limit is the project's
// (Adult's project says 2 %, the analysis default is 0) until the user types another one.
#include <QTemporaryDir>
#include <QtTest>

#include "analysis/analysisperspective.h"
#include "app/autosave.h"
#include "app/mainwindow.h"
#include "app/projectcontroller.h"
#include "project/project.h"
#include "ui_fixtures.h"

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
};

QTEST_MAIN(TestAnalysisProject)
#include "test_analysis_project.moc"
