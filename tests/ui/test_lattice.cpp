// The Lattice perspective (offscreen): node states and colours equal the SearchResult,
// clicking a node fills the details pane with the engine's numbers for that node, Ctrl+click
// compares nodes, nodes are found by levels, and a 46,656-node lattice paints and hit-tests
// quickly (one item, level of detail).
#include <QComboBox>
#include <QElapsedTimer>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QPainter>
#include <QProcess>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>
#include <map>
#include <set>

#include "charts/barchart.h"
#include "format/nodemetricstext.h"
#include "lattice/latticeitem.h"
#include "lattice/latticeperspective.h"
#include "lattice/latticeview.h"
#include "lattice/nodedetailspanel.h"
#include "lattice/nodesource.h"
#include "ldiv/publish/published_node.h"
#include "project/project.h"
#include "session/nodeanalysis.h"
#include "session/preparedinput.h"
#include "session/searchsession.h"
#include "ui_fixtures.h"
#include "workbench/autosave.h"
#include "workbench/mainwindow.h"
#include "workbench/projectcontroller.h"

using namespace ldv;
using namespace ldv::ui;

namespace {
const QString kHospital = LDIV_RESOURCES "/examples/hospital/hospital.ldiv.json";
}

class TestLattice : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        Autosave::setDirectory(m_dir.filePath("recovery"));
    }

    void statesAndColoursMatchSearchResult() {
        MainWindow window;
        window.show();
        const auto outcome = test::openAndSearch(window, kHospital);
        QVERIFY(outcome);
        const SearchResult& r = outcome->result;
        // The session's result is the engine's for the project's settings.
        const SearchResult direct = search(outcome->data->dataset(), outcome->config);
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
        // Colouring by a metric measures every node in the background (the search measured
        // its optimum only), then uses those values.
        LatticePerspective* lp = window.latticePerspective();
        QVERIFY(!lp->nodes()->hasAllMetrics());
        QVERIFY(lp->colorValues().empty());
        // The height is the lattice's own: coloured at once, nothing measured.
        lp->colorBox()->setCurrentIndex(1);
        const std::vector<double> heights = lp->colorValues();
        QCOMPARE(heights.size(), std::size_t(r.latticeSize));
        for (NodeId id = 0; id < r.latticeSize; ++id)
            QCOMPARE(heights[id], double(outcome->data->dataset().lattice().height(id)));
        QVERIFY(!lp->nodes()->hasAllMetrics() && !lp->nodes()->isMeasuringAll());
        lp->colorBox()->setCurrentIndex(3);  // discernibility
        QTRY_VERIFY_WITH_TIMEOUT(lp->nodes()->hasAllMetrics(), 30000);
        QCOMPARE(lp->colorBox()->currentIndex(), 3);
        const std::vector<double> values = lp->colorValues();
        QCOMPARE(values.size(), std::size_t(r.latticeSize));
        if (r.optimum) QCOMPARE(values[*r.optimum], r.optimumMetrics.discernibility);
        for (NodeId id = 0; id < r.latticeSize; ++id)
            QCOMPARE(values[id], judgeNode(outcome->data->dataset(), outcome->config,
                                           outcome->data->dataset().lattice().levels(id))
                                     .metrics.discernibility);
    }

    void adultStatesMatchTheCommandLine() {
        // Every node's state (and so its colour) on Adult agrees with `ldiv search` run as a
        // separate process on the project file: satisfying count, minimal nodes, optimum.
        MainWindow window;
        window.show();
        const auto outcome = test::openAndSearch(window, "adult");
        QVERIFY(outcome);
        QProcess cli;
        cli.start(LDIV_CLI_PATH, {"search", "--project",
                                  LDIV_RESOURCES "/examples/adult/adult.ldiv.json", "--json"});
        QVERIFY(cli.waitForFinished(120000));
        QCOMPARE(cli.exitCode(), 0);
        const QJsonObject j = QJsonDocument::fromJson(cli.readAllStandardOutput()).object();
        const Lattice& lattice = outcome->data->dataset().lattice();
        LatticeItem* item = window.latticePerspective()->view()->item();
        QCOMPARE(qulonglong(j["lattice_size"].toInteger()),
                 qulonglong(outcome->result.latticeSize));
        std::set<Levels> minimal;
        for (const QJsonValue v : j["minimal_nodes"].toArray()) {
            Levels levels;
            for (const QJsonValue l : v.toArray()) levels.push_back(l.toInt());
            minimal.insert(levels);
        }
        Levels optimum;
        for (const QJsonValue l : j["optimum"].toObject()["levels"].toArray())
            optimum.push_back(l.toInt());
        std::size_t satisfying = 0;
        for (NodeId id = 0; id < outcome->result.latticeSize; ++id) {
            const Levels levels = lattice.levels(id);
            const NodeState state = item->state(id);
            NodeState expected = NodeState::Failing;
            if (levels == optimum)
                expected = NodeState::Optimum;
            else if (minimal.count(levels))
                expected = NodeState::Minimal;
            else if (state != NodeState::Failing)
                expected = NodeState::Satisfying;
            QCOMPARE(state, expected);
            QCOMPARE(item->nodeColor(id), stateColor(expected));
            satisfying += state != NodeState::Failing;
        }
        QCOMPARE(qulonglong(satisfying), qulonglong(j["satisfying_count"].toInteger()));
        QVERIFY(satisfying > 0 && satisfying < outcome->result.latticeSize);
    }

    void clickSelectsNodeAndFillsDetails() {
        MainWindow window;
        window.resize(1440, 900);
        window.show();
        const auto outcome = test::openAndSearch(window, kHospital);
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
        const QString levels =
            QString::fromStdString(formatLevels(outcome->data->dataset().lattice().levels(id)));
        QVERIFY2(lp->details()->title()->text().contains(levels),
                 qPrintable(lp->details()->title()->text()));

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
        QCOMPARE(lp->details()->previewView()->model()->rowCount(),
                 int(outcome->data->dataset().rowCount()));

        // Ctrl+click a second node: side by side.
        const NodeId other = outcome->data->dataset().lattice().top();
        view->centerOnNode(other);
        QTest::mouseClick(view->viewport(), Qt::LeftButton, Qt::ControlModifier,
                          view->nodeViewportPosition(other));
        QCOMPARE(view->selection().size(), std::size_t(2));
        // (its metrics are measured on demand: the table fills when they arrive)
        QTRY_COMPARE_WITH_TIMEOUT(lp->details()->comparisonTable()->columnCount(), 3, 20000);
        QCOMPARE(
            lp->details()->comparisonTable()->item(2, 2)->text(),
            QString::number(qulonglong(judgeNode(outcome->data->dataset(), outcome->config,
                                                 outcome->data->dataset().lattice().levels(other))
                                           .metrics.classes)));

        // The value diff of the two published tables, checked cell by cell against the core.
        QTRY_VERIFY_WITH_TIMEOUT(!lp->isDiffing(), 20000);
        const Dataset& data = outcome->data->dataset();
        const Levels from = data.lattice().levels(id), to = data.lattice().levels(other);
        PublishOptions masked;
        masked.maskSuppressed = true;
        const Table a =
            publishNode(data, outcome->config, from, outcome->data->identifyingColumns(), masked)
                .table;
        const Table b =
            publishNode(data, outcome->config, to, outcome->data->identifyingColumns(), masked)
                .table;
        std::map<std::tuple<std::string, std::string, std::string>, qulonglong> changes;
        std::size_t rowsChanged = 0;
        for (std::size_t r = 0; r < a.rowCount(); ++r) {
            bool changed = false;
            for (const std::string& name : outcome->data->qiNames()) {
                const std::string& x = a.value(r, a.requireColumn(name));
                const std::string& y = b.value(r, b.requireColumn(name));
                if (x == y) continue;
                ++changes[{name, x, y}];
                changed = true;
            }
            rowsChanged += changed;
        }
        QTableWidget* diff = lp->details()->diffTable();
        QCOMPARE(diff->rowCount(), int(changes.size()));
        QVERIFY(!changes.empty());
        for (int r = 0; r < diff->rowCount(); ++r) {
            const auto key = std::make_tuple(diff->item(r, 0)->text().toStdString(),
                                             diff->item(r, 1)->text().toStdString(),
                                             diff->item(r, 2)->text().toStdString());
            QVERIFY(changes.count(key));
            QCOMPARE(diff->item(r, 3)->text().toULongLong(), changes[key]);
        }
        QVERIFY2(lp->details()->diffSummary()->text().contains(
                     QStringLiteral(": %1 rows").arg(rowsChanged)),
                 qPrintable(lp->details()->diffSummary()->text()));

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
        for (NodeId id = lattice.size() / 2; id < lattice.size(); ++id)
            states[id] = NodeState::Satisfying;
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
