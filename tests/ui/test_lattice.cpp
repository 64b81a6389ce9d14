// The Lattice perspective (offscreen): node states and colours equal the SearchResult,
// clicking a node fills the details pane with the engine's numbers for that node, Ctrl+click
// compares nodes, nodes are found by levels, and a 46,656-node lattice paints and hit-tests
// quickly (one item, level of detail).
#include <QComboBox>
#include <QElapsedTimer>
#include <QImage>
#include <QLabel>
#include <QPainter>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

#include "app/autosave.h"
#include "app/mainwindow.h"
#include "app/projectcontroller.h"
#include "charts/barchart.h"
#include "lattice/latticeitem.h"
#include "lattice/latticeperspective.h"
#include "lattice/latticeview.h"
#include "lattice/nodedetailspanel.h"
#include "project/project.h"
#include "search/nodeanalysis.h"
#include "search/preparedinput.h"
#include "search/searchsession.h"

using namespace ldv;
using namespace ldv::ui;

namespace {
const QString kHospital = LDIV_RESOURCES "/examples/hospital/hospital.ldiv.json";
}

class TestLattice : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

    std::shared_ptr<const SearchOutcome> openAndSearch(MainWindow& window, const QString& target) {
        window.controller()->setInteractive(false);
        window.controller()->open(target);
        if (!QTest::qWaitFor([&] { return window.controller()->project() != nullptr; }, 20000)) return nullptr;
        window.searchSession()->run();
        if (!QTest::qWaitFor([&] { return !window.searchSession()->isRunning(); }, 120000)) return nullptr;
        return window.searchSession()->outcome();
    }

private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        Autosave::setDirectory(m_dir.filePath("recovery"));
    }

    void statesAndColoursMatchSearchResult() {
        MainWindow window;
        window.show();
        const auto outcome = openAndSearch(window, kHospital);
        QVERIFY(outcome);
        const SearchResult& r = outcome->result;
        // The session's result is the engine's for the project's settings.
        const SearchResult direct = search(*outcome->data->dataset, outcome->config);
        QCOMPARE(r.satisfies, direct.satisfies);
        QCOMPARE(r.minimal, direct.minimal);
        QCOMPARE(r.optimum, direct.optimum);
        LatticeItem* item = window.latticePerspective()->view()->item();
        QVERIFY(item);
        QCOMPARE(window.latticePerspective()->view()->layout().size(), r.latticeSize);
        std::size_t optimum = 0, minimal = 0;
        for (NodeId id = 0; id < r.latticeSize; ++id) {
            const bool isMinimal = std::binary_search(r.minimal.begin(), r.minimal.end(), id);
            NodeState expected = r.satisfies[id] ? NodeState::Satisfying : NodeState::Failing;
            if (isMinimal) expected = NodeState::Minimal;
            if (r.optimum == id) expected = NodeState::Optimum;
            QCOMPARE(item->state(id), expected);
            QCOMPARE(item->nodeColor(id), stateColor(expected));
            optimum += item->state(id) == NodeState::Optimum;
            minimal += item->state(id) == NodeState::Minimal;
        }
        QCOMPARE(optimum, std::size_t(r.optimum ? 1 : 0));
        QVERIFY(minimal <= r.minimal.size() && minimal + 1 >= r.minimal.size());
        // Colouring by a metric uses the measured values of every node.
        window.latticePerspective()->colorBox()->setCurrentIndex(3);  // discernibility
        const std::vector<double> values = window.latticePerspective()->colorValues();
        QCOMPARE(values.size(), std::size_t(r.latticeSize));
        if (r.optimum) QCOMPARE(values[*r.optimum], r.optimumMetrics.discernibility);
        for (NodeId id = 0; id < r.latticeSize; ++id)
            QCOMPARE(values[id], judgeNode(*outcome->data->dataset, outcome->config,
                                           outcome->data->dataset->lattice().levels(id)).metrics.discernibility);
    }

    void clickSelectsNodeAndFillsDetails() {
        MainWindow window;
        window.resize(1440, 900);
        window.show();
        const auto outcome = openAndSearch(window, kHospital);
        QVERIFY(outcome);
        QVERIFY(outcome->result.optimum);
        QVERIFY(window.showPerspective("lattice"));
        LatticePerspective* lp = window.latticePerspective();
        LatticeView* view = lp->view();
        const NodeId id = *outcome->result.optimum;
        view->centerOnNode(id);
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->nodeViewportPosition(id));
        QCOMPARE(view->selection(), std::vector<NodeId>{id});
        QTRY_VERIFY_WITH_TIMEOUT(!lp->isLoadingDetails(), 20000);
        const QString levels = QString::fromStdString(formatLevels(outcome->data->dataset->lattice().levels(id)));
        QVERIFY2(lp->details()->title()->text().contains(levels), qPrintable(lp->details()->title()->text()));

        // The engine's numbers for that node.
        const NodeMetrics& expected = outcome->result.optimumMetrics;
        const QStringList values = metricRowValues(expected);
        QTableWidget* table = lp->details()->metricsTable();
        QCOMPARE(table->rowCount(), int(values.size()));
        for (int r = 0; r < values.size(); ++r) QCOMPARE(table->item(r, 1)->text(), values[r]);
        QCOMPARE(table->item(1, 1)->text().toULongLong(), qulonglong(expected.classes));
        QCOMPARE(table->item(2, 1)->text().toULongLong(), qulonglong(expected.suppressedRows));
        // The histogram adds up to the published classes.
        double classes = 0;
        for (double v : lp->details()->histogram()->values()) classes += v;
        QCOMPARE(qulonglong(classes), qulonglong(expected.classes));
        // The preview is the generalized table: every row, identifying columns left out.
        QCOMPARE(lp->details()->previewView()->model()->rowCount(), int(outcome->data->dataset->rowCount()));

        // Ctrl+click a second node: side by side.
        const NodeId other = outcome->data->dataset->lattice().top();
        view->centerOnNode(other);
        QTest::mouseClick(view->viewport(), Qt::LeftButton, Qt::ControlModifier, view->nodeViewportPosition(other));
        QCOMPARE(view->selection().size(), std::size_t(2));
        QCOMPARE(lp->details()->comparisonTable()->columnCount(), 3);
        QCOMPARE(lp->details()->comparisonTable()->item(2, 2)->text(),
                 QString::number(qulonglong(outcome->metrics[other].classes)));

        // Find by levels.
        QVERIFY(lp->findNode("0,0,0"));
        QCOMPARE(view->selection(), std::vector<NodeId>{0});
        QVERIFY(!lp->findNode("9,9,9"));
        QVERIFY(!lp->findNode("x"));
    }

    void largeLatticeStaysFluid() {
        const Lattice lattice(std::vector<int>{5, 5, 5, 5, 5, 5});  // 46,656 nodes
        LatticeView view;
        view.resize(1000, 700);
        view.setLattice(lattice);
        QCOMPARE(view.layout().size(), NodeId(46656));
        std::vector<NodeState> states(lattice.size(), NodeState::Failing);
        for (NodeId id = lattice.size() / 2; id < lattice.size(); ++id) states[id] = NodeState::Satisfying;
        view.item()->setStates(states);
        QCOMPARE(view.item()->visibleCount(), std::size_t(lattice.size()));
        // Every node is laid out, found in its rectangle and hit by its position.
        QCOMPARE(view.layout().nodesIn(view.layout().bounds()).size(), std::size_t(lattice.size()));
        for (NodeId id = 0; id < lattice.size(); id += 997)
            QCOMPARE(view.layout().nodeAt(view.layout().position(id)).value_or(NodeId(-1)), id);
        QImage image(1000, 700, QImage::Format_ARGB32);
        QElapsedTimer clock;
        clock.start();
        {
            QPainter painter(&image);
            view.render(&painter);  // fitted: every node, no edges
        }
        const qint64 fitted = clock.restart();
        view.centerOnNode(lattice.size() / 2);
        for (int i = 0; i < 8; ++i) view.zoomIn();
        {
            QPainter painter(&image);
            view.render(&painter);  // zoomed in: a few nodes with edges and labels
        }
        const qint64 zoomed = clock.elapsed();
        qInfo("46,656 nodes: fitted paint %lld ms, zoomed paint %lld ms", fitted, zoomed);
        QVERIFY(fitted < 2000);
        QVERIFY(zoomed < 500);
    }
};

QTEST_MAIN(TestLattice)
#include "test_lattice.moc"
