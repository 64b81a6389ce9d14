// Issue 18, after the first round (walking the workbench at 1366×768), item 1: a click in the
// Lattice's list changed the node the Export perspective publishes without a word. Export
// now says where its node came from, and the status bar names the new and the old node.
#include <QLabel>
#include <QLineEdit>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

#include "export/exportperspective.h"
#include "lattice/latticeperspective.h"
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
        TransformationList* list = window.latticePerspective()->list();
        // Two nodes other than the optimum: the top (most general) and the one below it.
        const Lattice& lattice = outcome->data->dataset().lattice();
        const NodeId top = lattice.top();
        QVERIFY(top != *outcome->result.optimum);
        QVERIFY(clickListRow(list, top));
        const QString topText = levelsOf(*outcome, top);
        QTRY_COMPARE(exporter->nodeText(), topText);
        QCOMPARE(exporter->nodeOrigin(),
                 QString("chosen in the Lattice; before: [%1], the search's optimum").arg(optimum));
        QCOMPARE(originLabel->text(), exporter->nodeOrigin());
        QCOMPARE(window.statusLabel()->text(),
                 QString("Node [%1] chosen in the Lattice: Export publishes it and Risk assesses "
                         "it (was [%2]).")
                     .arg(topText, optimum));

        // A second click names the node it replaces, not the whole chain.
        NodeId other = lattice.size();
        for (NodeId id = 0; id < lattice.size(); ++id)
            if (id != top && id != *outcome->result.optimum) other = id;
        QVERIFY(clickListRow(list, other));
        QTRY_COMPARE(exporter->nodeText(), levelsOf(*outcome, other));
        QCOMPARE(
            exporter->nodeOrigin(),
            QString("chosen in the Lattice; before: [%1], chosen in the Lattice").arg(topText));

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
