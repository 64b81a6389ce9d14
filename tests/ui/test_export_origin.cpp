// Issue 18, item 1: a click in the Lattice's list changed the node the Export perspective
// publishes without a word. Issue 37: any click (Ctrl+click to compare included) changed it, and
// a failing neighbour got published. Now a click only selects; the node Export publishes is
// chosen deliberately ("Use for export", double-click, Enter), Export says where it came from,
// and the status bar names the new and the old node.
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

#include "export/exportperspective.h"
#include "lattice/latticeperspective.h"
#include "lattice/latticeview.h"
#include "lattice/transformationlist.h"
#include "lattice/transformationmodel.h"
#include "ldiv/lattice/lattice.h"
#include "session/preparedinput.h"
#include "session/searchsession.h"
#include "ui_fixtures.h"
#include "workbench/mainwindow.h"

using namespace ldv;
using namespace ldv::ui;

namespace {
const QString kHospital = LDIV_RESOURCES "/examples/hospital/hospital.ldiv.json";

QString levelsOf(const SearchOutcome& outcome, NodeId id) {
    return QString::fromStdString(formatLevels(outcome.data->dataset().lattice().levels(id)));
}

/// Clicks the list's row of node `id` (scrolled into view first), as the user does.
bool clickListRow(TransformationList* list, NodeId id) {
    const TransformationModel* model = list->model();
    for (int r = 0; r < model->rowCount(); ++r) {
        if (model->nodeAt(r) != id) continue;
        QTableView* table = list->table();
        const QModelIndex index = table->model()->index(r, 0);
        table->scrollTo(index);
        QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, table->visualRect(index).center());
        return true;
    }
    return false;
}
}  // namespace

class TestExportOrigin : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private slots:
    void initTestCase() { QVERIFY(test::isolateWorkbench(m_dir, true)); }

    // Item 1: a click in the lattice's list changed the node Export publishes without a word.
    void latticeListClickShowsInExport() {
        MainWindow window;
        window.resize(1366, 768);
        window.show();
        const auto outcome = test::openAndSearch(window, kHospital);
        QVERIFY(outcome);
        QVERIFY(outcome->result.optimum);
        ExportPerspective* exporter = window.exportPerspective();
        const QString optimum = levelsOf(*outcome, *outcome->result.optimum);
        QTRY_COMPARE(exporter->nodeText(), optimum);
        QCOMPARE(exporter->nodeOrigin(), QString("the search's optimum"));
        auto* originLabel = exporter->findChild<QLabel*>("nodeOrigin");
        QVERIFY(originLabel);
        QCOMPARE(originLabel->text(), exporter->nodeOrigin());

        window.showPerspective(MainWindow::Lattice);
        LatticePerspective* lp = window.latticePerspective();
        TransformationList* list = lp->list();
        QCOMPARE(lp->chosenText(), QString("For export: [%1], the optimum").arg(optimum));
        // Two nodes other than the optimum: the top (most general) and the one below it.
        const Lattice& lattice = outcome->data->dataset().lattice();
        const NodeId top = lattice.top();
        QVERIFY(top != *outcome->result.optimum);
        // A click selects (the details show it) but Export keeps its node.
        QVERIFY(clickListRow(list, top));
        QTRY_VERIFY(!lp->isLoadingDetails());
        QCOMPARE(lp->view()->selection(), std::vector<NodeId>{top});
        QCOMPARE(exporter->nodeText(), optimum);
        QCOMPARE(exporter->nodeOrigin(), QString("the search's optimum"));
        // Enter on the list's row uses it for export.
        QTest::keyClick(list->table(), Qt::Key_Return);
        const QString topText = levelsOf(*outcome, top);
        QTRY_COMPARE(exporter->nodeText(), topText);
        QCOMPARE(exporter->nodeOrigin(),
                 QString("chosen in the Lattice; before: [%1], the search's optimum").arg(optimum));
        QCOMPARE(originLabel->text(), exporter->nodeOrigin());
        QCOMPARE(window.statusLabel()->text(),
                 QString("Node [%1] chosen in the Lattice: Export publishes it, Risk and Utility "
                         "assess it (was [%2]).")
                     .arg(topText, optimum));
        QVERIFY2(lp->chosenText().startsWith(QString("For export: [%1], ").arg(topText)),
                 qPrintable(lp->chosenText()));

        // Ctrl+click in the diagram compares; it never changes what Export publishes.
        NodeId other = lattice.size();
        for (NodeId id = 0; id < lattice.size(); ++id)
            if (id != top && id != *outcome->result.optimum) other = id;
        LatticeView* view = lp->view();
        view->centerOnNode(other);
        QTest::mouseClick(view->viewport(), Qt::LeftButton, Qt::ControlModifier,
                          view->nodeViewportPosition(other));
        QTRY_VERIFY(!lp->isLoadingDetails());
        QCOMPARE(view->selection().back(), other);
        QCOMPARE(exporter->nodeText(), topText);
        // The button uses the selection's last node, and names the node it replaces.
        QVERIFY(lp->useForExportButton()->isEnabled());
        QTest::mouseClick(lp->useForExportButton(), Qt::LeftButton);
        QTRY_COMPARE(exporter->nodeText(), levelsOf(*outcome, other));
        QCOMPARE(
            exporter->nodeOrigin(),
            QString("chosen in the Lattice; before: [%1], chosen in the Lattice").arg(topText));
        // A double-click on a node uses it too.
        view->centerOnNode(top);
        QTest::mouseDClick(view->viewport(), Qt::LeftButton, {}, view->nodeViewportPosition(top));
        QTRY_COMPARE(exporter->nodeText(), topText);

        // Typing levels says so too.
        window.showPerspective(MainWindow::Export);
        auto* levels = exporter->findChild<QLineEdit*>("nodeLevels");
        QVERIFY(levels);
        levels->selectAll();
        QTest::keyClicks(levels, optimum);
        QTest::keyClick(levels, Qt::Key_Return);
        QTRY_COMPARE(exporter->nodeText(), optimum);
        QCOMPARE(exporter->nodeOrigin(), QString("typed here"));
    }
};

QTEST_MAIN(TestExportOrigin)
#include "test_export_origin.moc"
