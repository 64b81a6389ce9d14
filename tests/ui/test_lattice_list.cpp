// The list of transformations beside the lattice (issue 18, item 2; issue 19, item 4): one
// lazy row per node with the levels, state, height, every metric and the prosecutor risk;
// sorted through an index permutation (in the background for large lattices), filtered by
// state, height and text, and kept in sync with the lattice's selection both ways.
// Checked against the search's own numbers on the hospital example and against brute-force
// orderings, and on a synthetic 202,500-node outcome for the background sort.
#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>
#include <numeric>
#include <random>
#include <set>

#include "lattice/latticeitem.h"
#include "lattice/latticeperspective.h"
#include "lattice/latticeview.h"
#include "lattice/nodedetailspanel.h"
#include "lattice/nodesource.h"
#include "lattice/transformationlist.h"
#include "lattice/transformationmodel.h"
#include "ldiv/publish/published_node.h"
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

std::vector<NodeId> listed(const TransformationModel& model) {
    std::vector<NodeId> ids;
    for (int r = 0; r < model.rowCount(); ++r) ids.push_back(model.nodeAt(r));
    return ids;
}

/// A classified outcome without data, with every node's metrics (NodeSource::setAllMetrics):
/// states and metrics from a seeded generator.
std::pair<std::shared_ptr<SearchOutcome>, std::shared_ptr<std::vector<NodeMetrics>>>
syntheticOutcome(const Lattice& lattice) {
    auto outcome = std::make_shared<SearchOutcome>();
    auto metrics = std::make_shared<std::vector<NodeMetrics>>(lattice.size());
    outcome->result.latticeSize = lattice.size();
    outcome->result.satisfies.resize(lattice.size());
    std::mt19937 random(3);
    for (NodeId id = 0; id < lattice.size(); ++id) {
        outcome->result.satisfies[id] = lattice.height(id) > 8 ? 1 : 0;
        NodeMetrics& m = (*metrics)[id];
        m.height = lattice.height(id);
        m.discernibility = double(random() % 100000);
        m.classes = random() % 500;
        m.loss = double(random() % 1000) / 1000;
    }
    return {outcome, metrics};
}
}  // namespace

class TestLatticeList : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        Autosave::setDirectory(m_dir.filePath("recovery"));
    }

    void rowsAreTheSearchsNumbersAndSortAndFilter() {
        MainWindow window;
        window.resize(1366, 768);
        window.show();
        const auto outcome = test::openAndSearch(window, kHospital);
        QVERIFY(outcome);
        window.showPerspective(MainWindow::Lattice);
        LatticePerspective* perspective = window.latticePerspective();
        TransformationList* list = perspective->list();
        TransformationModel* model = list->model();
        QAbstractItemModelTester tester(model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        const Lattice& lattice = outcome->data->dataset().lattice();
        const std::size_t d = lattice.dimensions();
        QCOMPARE(NodeId(model->rowCount()), lattice.size());
        QCOMPARE(model->columnCount(), int(d) + TransformationModel::FixedColumns);
        // Level columns are named after the attributes.
        for (std::size_t i = 0; i < d; ++i)
            QCOMPARE(model->headerData(int(i), Qt::Horizontal).toString(),
                     QString::fromStdString(outcome->data->qiNames()[i]));
        for (int c = 0; c < model->columnCount(); ++c)
            QVERIFY(!model->headerData(c, Qt::Horizontal, Qt::ToolTipRole).toString().isEmpty());
        // Each row is its node: levels, height, state and metrics as the search judges the
        // node. Metrics are measured on demand: the rows ask, the figures arrive.
        std::vector<NodeMetrics> judged(lattice.size());
        for (NodeId id = 0; id < lattice.size(); ++id)
            judged[id] = judgeNode(outcome->judged(), outcome->config, lattice.levels(id)).metrics;
        const int dmColumn = model->column(TransformationModel::Discernibility);
        for (int r = 0; r < model->rowCount(); ++r) model->data(model->index(r, dmColumn));
        QVERIFY(QTest::qWaitFor(
            [&] {
                for (int r = 0; r < model->rowCount(); ++r)
                    if (!perspective->nodes()->metrics(model->nodeAt(r))) return false;
                return true;
            },
            20000));
        QVERIFY(!perspective->nodes()->hasAllMetrics());  // each asked for, not the lattice
        for (int r = 0; r < model->rowCount(); ++r) {
            const NodeId id = model->nodeAt(r);
            const Levels levels = lattice.levels(id);
            for (std::size_t i = 0; i < d; ++i)
                QCOMPARE(model->data(model->index(r, int(i))).toInt(), levels[i]);
            QCOMPARE(
                model->data(model->index(r, model->column(TransformationModel::Height))).toInt(),
                lattice.height(id));
            QCOMPARE(
                model->data(model->index(r, model->column(TransformationModel::State))).toString(),
                stateName(perspective->view()->item()->state(id)));
            QCOMPARE(
                model->data(model->index(r, model->column(TransformationModel::Discernibility)))
                    .toString(),
                QString::number(judged[id].discernibility, 'f', 0));
            QCOMPARE(model->data(model->index(r, model->column(TransformationModel::Classes)))
                         .toULongLong(),
                     qulonglong(judged[id].classes));
        }

        // Sorted by discernibility, descending: the brute-force order (ties by id).
        model->sort(model->column(TransformationModel::Discernibility), Qt::DescendingOrder);
        QVERIFY(QTest::qWaitFor([&] { return !model->isBusy(); }, 10000));
        std::vector<NodeId> expected(lattice.size());
        std::iota(expected.begin(), expected.end(), NodeId(0));
        std::stable_sort(expected.begin(), expected.end(), [&](NodeId a, NodeId b) {
            return judged[a].discernibility > judged[b].discernibility;
        });
        QCOMPARE(listed(*model), expected);

        // Filter: minimal and optimum only = the search's minimal nodes (the optimum is one).
        list->stateFilter()->setCurrentIndex(2);
        QVERIFY(QTest::qWaitFor([&] { return !model->isBusy(); }, 10000));
        std::vector<NodeId> minimal = listed(*model);
        std::sort(minimal.begin(), minimal.end());
        QCOMPARE(minimal, outcome->result.minimal);
        // Height range and text: brute force over the lattice.
        list->stateFilter()->setCurrentIndex(0);
        list->minHeight()->setValue(2);
        list->maxHeight()->setValue(3);
        list->textFilter()->setText(QStringLiteral("1,"));
        QVERIFY(QTest::qWaitFor([&] { return !model->isBusy(); }, 10000));
        std::set<NodeId> want;
        for (NodeId id = 0; id < lattice.size(); ++id) {
            const int h = lattice.height(id);
            if (h >= 2 && h <= 3 &&
                formatLevels(lattice.levels(id)).find("1,") != std::string::npos)
                want.insert(id);
        }
        const std::vector<NodeId> got = listed(*model);
        QCOMPARE(std::set<NodeId>(got.begin(), got.end()), want);
        QVERIFY(!want.empty());
        // Still sorted by discernibility within the filter.
        for (std::size_t i = 1; i < got.size(); ++i)
            QVERIFY(judged[got[i - 1]].discernibility >= judged[got[i]].discernibility);
        QVERIFY(list->status()->text().startsWith(QString::number(want.size())));
    }

    void selectionIsSyncedBothWays() {
        MainWindow window;
        window.resize(1366, 768);
        window.show();
        const auto outcome = test::openAndSearch(window, kHospital);
        QVERIFY(outcome);
        window.showPerspective(MainWindow::Lattice);
        LatticePerspective* perspective = window.latticePerspective();
        TransformationList* list = perspective->list();
        QTableView* table = list->table();
        const Lattice& lattice = outcome->data->dataset().lattice();
        // List → lattice → details: click a row.
        const int row = 7;
        const NodeId id = list->model()->nodeAt(row);
        table->scrollTo(list->model()->index(row, 0));
        QTest::mouseClick(table->viewport(), Qt::LeftButton, {},
                          table->visualRect(list->model()->index(row, 0)).center());
        QCOMPARE(perspective->view()->selection(), std::vector<NodeId>{id});
        QVERIFY(QTest::qWaitFor([&] { return !perspective->isLoadingDetails(); }, 10000));
        QVERIFY(perspective->details()->title()->text().contains(
            QString::fromStdString(formatLevels(lattice.levels(id)))));
        // Lattice → list: selecting a node selects (and scrolls to) its row.
        const NodeId other = lattice.top();
        perspective->view()->selectNode(other);
        const QModelIndex current = table->selectionModel()->currentIndex();
        QVERIFY(current.isValid());
        QCOMPARE(list->model()->nodeAt(current.row()), other);
        QCOMPARE(table->selectionModel()->selectedRows().size(), 1);
        // Ctrl+click adds to both.
        perspective->view()->selectNode(id, true);
        QCOMPARE(table->selectionModel()->selectedRows().size(), 2);
        // Survives a sort: the same nodes stay selected.
        list->model()->sort(list->model()->column(TransformationModel::Height),
                            Qt::DescendingOrder);
        QVERIFY(QTest::qWaitFor([&] { return !list->model()->isBusy(); }, 10000));
        // ... and the current one is scrolled into view.
        QVERIFY(table->viewport()->rect().intersects(
            table->visualRect(table->selectionModel()->currentIndex())));
        std::set<NodeId> selected;
        for (const QModelIndex& i : table->selectionModel()->selectedRows())
            selected.insert(list->model()->nodeAt(i.row()));
        QCOMPARE(selected, (std::set<NodeId>{id, other}));
    }

    void riskIsComputedOnDemandAndSorts() {
        MainWindow window;
        window.resize(1366, 768);
        window.show();
        const auto outcome = test::openAndSearch(window, kHospital);
        QVERIFY(outcome);
        window.showPerspective(MainWindow::Lattice);
        LatticePerspective* perspective = window.latticePerspective();
        TransformationModel* model = perspective->list()->model();
        NodeSource* nodes = perspective->nodes();
        const int highest = model->column(TransformationModel::RiskHighest);
        const int average = model->column(TransformationModel::RiskAverage);
        // Hand check from the published class sizes the details pane shows (analyzeNode):
        // highest = 1/smallest class, average = classes/rows.
        auto expected = [&](NodeId id) {
            const NodeDetails details = analyzeNode(*outcome->data, outcome->config, id);
            double classes = 0, rows = 0;
            for (const auto& [size, count] : details.classSizes) {
                classes += count;
                rows += double(size) * count;
            }
            const double smallest =
                details.classSizes.empty() ? 0 : details.classSizes.front().first;
            return std::pair{smallest > 0 ? 1 / smallest : 0.0, rows > 0 ? classes / rows : 0.0};
        };
        // Asked for → "…" → computed in the background.
        const NodeId first = model->nodeAt(0);
        // (The table may already have asked for it while painting.)
        QVERIFY(model->data(model->index(0, highest)).toString() == QStringLiteral("…") ||
                nodes->risk(first).has_value());
        QVERIFY(QTest::qWaitFor([&] { return nodes->risk(first).has_value(); }, 20000));
        QCOMPARE(model->data(model->index(0, highest)).toString(),
                 QString::number(expected(first).first, 'f', 4));
        QCOMPARE(model->data(model->index(0, average)).toString(),
                 QString::number(expected(first).second, 'f', 4));
        // Sorting by risk computes every listed node's risk (background) and orders by it.
        model->sort(highest, Qt::AscendingOrder);
        QVERIFY(QTest::qWaitFor([&] { return !model->isBusy(); }, 60000));
        QCOMPARE(NodeId(nodes->riskCount()), outcome->result.latticeSize);
        for (int r = 1; r < model->rowCount(); ++r) {
            const double a = nodes->risk(model->nodeAt(r - 1))->highest;
            const double b = nodes->risk(model->nodeAt(r))->highest;
            QVERIFY(a < b || (a == b && model->nodeAt(r - 1) < model->nodeAt(r)));
        }
        for (NodeId id : {NodeId(0), outcome->result.latticeSize - 1, *outcome->result.optimum}) {
            QCOMPARE(nodes->risk(id)->highest, expected(id).first);
            QCOMPARE(nodes->risk(id)->average, expected(id).second);
        }
        // Risk as a colouring metric: known nodes get the scale's colour, on a 0..1 scale.
        QComboBox* color = perspective->colorBox();
        color->setCurrentIndex(color->findText("Risk (highest, prosecutor)"));
        QVERIFY(perspective->colorsByRisk());
        LatticeItem* item = perspective->view()->item();
        const NodeId top = outcome->result.latticeSize - 1;
        QCOMPARE(item->nodeColor(top), scaleColor(nodes->risk(top)->highest));
        QCOMPARE(item->metricRange(), (std::pair<double, double>{0.0, 1.0}));
    }

    void largeListSortsInTheBackground() {
        // 5^4·3^4·2^2 = 202,500 nodes.
        const Lattice lattice(std::vector<int>{4, 4, 4, 4, 2, 2, 2, 2, 1, 1});
        QCOMPARE(lattice.size(), NodeId(202500));
        NodeSource source;
        const auto synthetic = syntheticOutcome(lattice);
        const auto& outcome = synthetic.first;
        const auto& metrics = synthetic.second;
        source.setOutcome(outcome, lattice.size());
        source.setAllMetrics(metrics);
        TransformationList list(&source);
        list.resize(1000, 500);
        list.show();
        list.setLattice(lattice, {});
        TransformationModel* model = list.model();
        QCOMPARE(model->rowCount(), 202500);
        // Without data nothing can be judged: the risk columns stay empty (no "…" waiting for
        // a figure that never comes), the metrics are the ones given.
        QVERIFY(
            model->data(model->index(0, model->column(TransformationModel::RiskHighest))).isNull());
        QCOMPARE(model->data(model->index(0, model->column(TransformationModel::Discernibility)))
                     .toString(),
                 QString::number((*metrics)[model->nodeAt(0)].discernibility, 'f', 0));
        model->sort(model->column(TransformationModel::Loss), Qt::AscendingOrder);
        QVERIFY(model->isBusy());  // above kSyncLimit: not on the GUI thread
        QVERIFY(list.status()->text().contains("sorting"));
        QVERIFY(QTest::qWaitFor([&] { return !model->isBusy(); }, 30000));
        const std::vector<NodeId> got = listed(*model);
        QCOMPARE(got.size(), std::size_t(202500));
        for (std::size_t i = 1; i < got.size(); ++i) {
            const double a = (*metrics)[got[i - 1]].loss, b = (*metrics)[got[i]].loss;
            QVERIFY(a < b || (a == b && got[i - 1] < got[i]));
        }
        // Satisfying only: the nodes above height 8.
        list.stateFilter()->setCurrentIndex(1);
        QVERIFY(QTest::qWaitFor([&] { return !model->isBusy(); }, 30000));
        NodeId expected = 0;
        for (NodeId id = 0; id < lattice.size(); ++id) expected += lattice.height(id) > 8 ? 1 : 0;
        QCOMPARE(NodeId(model->rowCount()), expected);
        for (int r = 0; r < model->rowCount(); r += 997)
            QVERIFY(lattice.height(model->nodeAt(r)) > 8);
    }
};

QTEST_MAIN(TestLatticeList)
#include "test_lattice_list.moc"
