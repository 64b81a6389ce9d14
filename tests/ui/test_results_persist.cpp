// The search result persists (#18 item 8): after a search and a node chosen in the lattice,
// the project file records that there is a result and which node was chosen; reopening the
// project recomputes the search (with progress) and selects that node again, with the level
// filters named after the attributes.
#include <QJsonObject>
#include <QLabel>
#include <QTemporaryDir>
#include <QtTest>

#include "export/exportperspective.h"
#include "lattice/latticeperspective.h"
#include "lattice/latticeview.h"
#include "ldiv/lattice/dataset.h"
#include "project/project.h"
#include "session/preparedinput.h"
#include "session/resultkeeper.h"
#include "session/searchsession.h"
#include "ui_fixtures.h"
#include "workbench/mainwindow.h"

using namespace ldv;
using namespace ldv::ui;

class TestResultsPersist : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private slots:
    void initTestCase() { QVERIFY(test::isolateWorkbench(m_dir, true)); }

    void resultAndSelectionSurviveReopening() {
        const QString path = m_dir.filePath("hospital-result.ldiv.json");
        QString chosen;
        std::vector<std::string> qiNames;
        {
            MainWindow window;
            window.show();
            Project* project = test::openProject(window, "hospital", 20000);
            QVERIFY(project);
            // A project opened without a saved result does not search by itself.
            QVERIFY(!window.resultKeeper()->isRestoring());
            QVERIFY(!project->workbenchValue("search").isObject());
            SearchSession* session = window.searchSession();
            session->run();
            QTRY_VERIFY_WITH_TIMEOUT(!session->isRunning() && session->outcome(), 20000);
            QVERIFY(session->outcome()->complete());
            QCOMPARE(project->workbenchValue("search").toObject().value("result").toBool(), true);
            // Choose a node that is not the bottom: the top of the lattice.
            const auto outcome = session->outcome();
            const Lattice& lattice = outcome->data->dataset().lattice();
            chosen = QString::fromStdString(formatLevels(lattice.levels(lattice.top())));
            qiNames = outcome->data->qiNames();
            QVERIFY(window.latticePerspective()->findNode(chosen));
            window.latticePerspective()->useSelectedForExport();  // deliberately (issue 37)
            QTRY_COMPARE_WITH_TIMEOUT(
                project->workbenchValue("search").toObject().value("selected").toString(), chosen,
                10000);
            // Kept for the next save, without asking to save on close.
            QVERIFY(!project->isDirty());
            project->save(path);
        }
        MainWindow window;
        window.show();
        Project* project = test::openProject(window, path, 20000);
        QVERIFY(project);
        QVERIFY(window.resultKeeper()->isRestoring());
        QSignalSpy restored(window.resultKeeper(), &ResultKeeper::restored);
        QTRY_VERIFY_WITH_TIMEOUT(restored.count() == 1, 20000);
        const auto outcome = window.searchSession()->outcome();
        QVERIFY(outcome && outcome->complete());
        const Lattice& lattice = outcome->data->dataset().lattice();
        const auto& selection = window.latticePerspective()->view()->selection();
        QCOMPARE(int(selection.size()), 1);
        QCOMPARE(QString::fromStdString(formatLevels(lattice.levels(selection.back()))), chosen);
        // ... and Export publishes it again, as chosen before saving.
        QTRY_COMPARE_WITH_TIMEOUT(window.exportPerspective()->nodeText(), chosen, 10000);
        // The level filters carry the attribute names, not "QI 1…".
        QStringList labels;
        for (const QLabel* l : window.latticePerspective()->findChildren<QLabel*>())
            labels << l->text();
        for (const std::string& name : qiNames)
            QVERIFY2(labels.contains(QString::fromStdString(name)), name.c_str());
        QVERIFY(!labels.contains("QI 1"));
        // Restoring changed nothing: the project is as saved.
        QVERIFY(!project->isDirty());
    }
};

QTEST_MAIN(TestResultsPersist)
#include "test_results_persist.moc"
