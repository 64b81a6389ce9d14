// Issue 18, walking the workbench at 1366×768, item 10: a project reopened with its search
// result showed the lattice centred on the saved node at node size, a few nodes of
// thousands on screen. The saved node is selected (its ring marks it) and the lattice stays
// fitted: every node it shows is inside the view.
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include "lattice/latticeitem.h"
#include "lattice/latticeperspective.h"
#include "lattice/latticeview.h"
#include "ldiv/lattice/lattice.h"
#include "project/project.h"
#include "session/preparedinput.h"
#include "session/resultkeeper.h"
#include "session/searchsession.h"
#include "ui_fixtures.h"
#include "workbench/mainwindow.h"

using namespace ldv;
using namespace ldv::ui;

namespace {
// The adult example: 7 quasi-identifiers, a lattice of thousands of nodes, so that node size
// and fitted differ (the hospital's 24 nodes fit at node size).
const QString kAdult = LDIV_RESOURCES "/examples/adult/adult.ldiv.json";
}  // namespace

class TestLatticeReopenFit : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private slots:
    void initTestCase() { QVERIFY(test::isolateWorkbench(m_dir, true)); }

    void reopenedLatticeIsFitted() {
        const QString path = m_dir.filePath("adult-result.ldiv.json");
        QString chosen;
        {
            MainWindow window;
            window.resize(1366, 768);
            window.show();
            const auto outcome = test::openAndSearch(window, kAdult);
            QVERIFY(outcome && outcome->complete());
            const Lattice& lattice = outcome->data->dataset().lattice();
            QVERIFY(lattice.size() > 1000);
            // A node in the middle of the lattice, away from where a fitted view's centre is.
            NodeId middle = 0;
            for (NodeId id = 0; id < lattice.size(); ++id)
                if (lattice.height(id) == lattice.height(lattice.top()) / 2) middle = id;
            chosen = QString::fromStdString(formatLevels(lattice.levels(middle)));
            QVERIFY(window.latticePerspective()->findNode(chosen));
            window.latticePerspective()->useSelectedForExport();  // deliberately (issue 37)
            Project* project = window.controller()->project();
            QTRY_COMPARE_WITH_TIMEOUT(
                project->workbenchValue("search").toObject().value("selected").toString(), chosen,
                20000);
            project->save(path);
        }
        MainWindow window;
        window.resize(1366, 768);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.controller()->setInteractive(false);
        QSignalSpy restored(window.resultKeeper(), &ResultKeeper::restored);
        window.controller()->open(path);
        QTRY_VERIFY_WITH_TIMEOUT(window.controller()->project(), 30000);
        window.showPerspective(MainWindow::Lattice);
        QTRY_VERIFY_WITH_TIMEOUT(restored.count() == 1, 120000);
        LatticeView* view = window.latticePerspective()->view();
        const Lattice& lattice = window.searchSession()->outcome()->data->dataset().lattice();
        QCOMPARE(int(view->selection().size()), 1);
        QCOMPARE(QString::fromStdString(formatLevels(lattice.levels(view->selection().back()))),
                 chosen);
        QVERIFY(view->isFitted());
        QTest::qWait(50);  // a pending resize would refit: the check is after it
        const QRect shown = view->mapFromScene(view->item()->visibleBounds()).boundingRect();
        const QRect viewport = view->viewport()->rect().adjusted(-2, -2, 2, 2);
        QVERIFY2(viewport.contains(shown), qPrintable(QString("%1,%2 %3×%4 in %5×%6")
                                                          .arg(shown.x())
                                                          .arg(shown.y())
                                                          .arg(shown.width())
                                                          .arg(shown.height())
                                                          .arg(viewport.width())
                                                          .arg(viewport.height())));
        // Fitted, not a blob: the lattice spans most of the view's width or height.
        QVERIFY(shown.width() > viewport.width() / 2 || shown.height() > viewport.height() / 2);
    }
};

QTEST_MAIN(TestLatticeReopenFit)
#include "test_lattice_reopen_fit.moc"
