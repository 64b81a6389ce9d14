// The lattice view at thousands of nodes (issue 18, item 2): it opens fitted to the view,
// the filter hides nodes together with their edges, Fit fits what the filter shows, and the
// whole viewport is repainted while panning (no edges cut off at old borders).
#include <QImage>
#include <QScrollBar>
#include <QtTest>

#include "format/nodestyle.h"
#include "lattice/latticeitem.h"
#include "lattice/latticelayout.h"
#include "lattice/latticeview.h"

using namespace ldv;
using namespace ldv::ui;

namespace {
// 4·4·4·3·3·3·2·2 = 6,912 nodes, like a lattice of eight attributes.
const std::vector<int> kHeights{3, 3, 3, 2, 2, 2, 1, 1};

// How much of the viewport the scene rectangle covers, per axis.
QSizeF coverage(const LatticeView& view, const QRectF& scene) {
    const QRectF r = view.mapFromScene(scene).boundingRect();
    return {r.width() / view.viewport()->width(), r.height() / view.viewport()->height()};
}

/// Counts the resize events of the object it filters.
class ResizeCounter : public QObject {
public:
    explicit ResizeCounter(int* count) : m_count(count) {}
    bool eventFilter(QObject*, QEvent* event) override {
        if (event->type() == QEvent::Resize) ++*m_count;
        return false;
    }

private:
    int* m_count;
};

bool fitted(const LatticeView& view, const QRectF& scene) {
    const QSizeF c = coverage(view, scene);
    // Inside the viewport, and filling it along one axis.
    return c.width() <= 1.01 && c.height() <= 1.01 && std::max(c.width(), c.height()) >= 0.9;
}
}  // namespace

class TestLatticeView : public QObject {
    Q_OBJECT
private slots:
    // Issue 37: in the fitted overview a click on the optimum's marker selected a failing
    // neighbour (the nearest node centre, a pixel away, won). A click on a marker selects the
    // marked node; elsewhere the node under the pointer.
    void clickOnTheOptimumsMarkerSelectsIt() {
        LatticeView view;
        const Lattice lattice(kHeights);
        view.setLattice(lattice);
        view.resize(900, 600);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        // The optimum in the widest row, its neighbours in the row failing.
        const int middle = lattice.height(lattice.top()) / 2;
        NodeId optimum = 0;
        for (NodeId id = 0; id < lattice.size(); ++id)
            if (lattice.height(id) == middle) optimum = id;
        std::vector<NodeState> states(lattice.size(), NodeState::Failing);
        states[optimum] = NodeState::Optimum;
        view.item()->setStates(states);
        QVERIFY(view.item()->drawsStrips(view.transform().m11(),
                                         view.mapToScene(view.viewport()->rect()).boundingRect()));
        const QPoint at = view.nodeViewportPosition(optimum);
        // 3 px off the centre: inside the marker (drawn ±4.8 px), nearer other nodes' centres.
        const QPoint off = at + QPoint(at.x() > 450 ? -3 : 3, 0);
        const double slack = 3 / view.transform().m11();
        const auto nearest = view.layout().nodeAt(view.mapToScene(off), slack);
        QVERIFY(!nearest || *nearest != optimum);  // what a plain nearest-node pick gives
        QTest::mouseClick(view.viewport(), Qt::LeftButton, {}, off);
        QCOMPARE(view.selection(), std::vector<NodeId>{optimum});
        // Far from any marker: the node under the pointer, not the optimum.
        const QPoint away = view.nodeViewportPosition(lattice.bottom());
        QTest::mouseClick(view.viewport(), Qt::LeftButton, {}, away);
        QCOMPARE(view.selection(), std::vector<NodeId>{lattice.bottom()});
    }

    void opensFitted() {
        LatticeView view;
        const Lattice lattice(kHeights);
        QCOMPARE(lattice.size(), NodeId(6912));
        view.setLattice(lattice);  // while hidden: the viewport has no real size yet
        view.resize(900, 600);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QVERIFY2(fitted(view, view.layout().bounds()),
                 qPrintable(QStringLiteral("%1 x %2")
                                .arg(coverage(view, view.layout().bounds()).width())
                                .arg(coverage(view, view.layout().bounds()).height())));
        // A resize refits until the user zooms.
        view.resize(600, 500);
        QCoreApplication::processEvents();
        QVERIFY(fitted(view, view.layout().bounds()));
        view.zoomIn();
        const double zoomed = view.transform().m11();
        view.resize(700, 500);
        QCoreApplication::processEvents();
        QCOMPARE(view.transform().m11(), zoomed);
        QCOMPARE(view.viewportUpdateMode(), QGraphicsView::FullViewportUpdate);
    }

    // While the view refits itself it shows no scroll bars: a scroll bar appearing shrank
    // the viewport, the refit hid it again, and the two resized each other for ever (the
    // workbench froze maximized at 1366×768). The user's zoom brings them back.
    void fittingHasNoScrollBarsAndSettles() {
        LatticeView view;
        view.setLattice(Lattice(kHeights));
        int resizes = 0;
        ResizeCounter counter(&resizes);
        view.viewport()->installEventFilter(&counter);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        for (int width = 600; width <= 660; width += 3) {
            view.resize(width, 330);
            for (int i = 0; i < 5; ++i) QCoreApplication::processEvents();
            QVERIFY(!view.horizontalScrollBar()->isVisible());
            QVERIFY(!view.verticalScrollBar()->isVisible());
            const QSizeF c = coverage(view, view.item()->visibleBounds());
            QVERIFY2(fitted(view, view.item()->visibleBounds()),
                     qPrintable(QStringLiteral("%1: %2 x %3, viewport %4x%5")
                                    .arg(width)
                                    .arg(c.width())
                                    .arg(c.height())
                                    .arg(view.viewport()->width())
                                    .arg(view.viewport()->height())));
        }
        QVERIFY2(resizes <= 2 * 21 + 2, qPrintable(QString::number(resizes)));
        view.zoomIn();
        view.zoomIn();
        QCOMPARE(view.horizontalScrollBarPolicy(), Qt::ScrollBarAsNeeded);
        QCOMPARE(view.verticalScrollBarPolicy(), Qt::ScrollBarAsNeeded);
        view.fitAll();
        QCOMPARE(view.horizontalScrollBarPolicy(), Qt::ScrollBarAlwaysOff);
    }

    void fitRespectsTheFilter() {
        LatticeView view;
        view.resize(900, 600);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        const Lattice lattice(kHeights);
        view.setLattice(lattice);
        // Show only the nodes with the first attribute at its top level and the second at 0.
        LatticeFilter filter;
        filter.levels.assign(kHeights.size(), {0, 3});
        filter.levels[0] = {3, 3};
        filter.levels[1] = {0, 0};
        view.item()->setFilter(filter);
        const QRectF shown = view.item()->visibleBounds();
        QVERIFY(!shown.isNull());
        std::size_t count = 0;
        for (NodeId id = 0; id < lattice.size(); ++id) {
            const bool in = lattice.levels(id)[0] == 3 && lattice.levels(id)[1] == 0;
            QCOMPARE(view.item()->passesFilter(id), in);
            if (in) {
                ++count;
                QVERIFY(shown.contains(view.layout().position(id)));
            }
        }
        QCOMPARE(view.item()->visibleCount(), count);
        QVERIFY(shown.width() * shown.height() <
                view.layout().bounds().width() * view.layout().bounds().height());
        view.fitAll();
        QVERIFY(fitted(view, shown));
    }

    void hiddenNodesTakeTheirEdges() {
        LatticeView view;
        view.resize(600, 400);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setLattice(
            Lattice(std::vector<int>{2, 2}));  // 9 nodes: discs and edges at full detail
        auto drawn = [&] {
            QImage image(view.viewport()->size(), QImage::Format_ARGB32);
            image.fill(Qt::white);
            QPainter painter(&image);
            view.render(&painter, QRectF(), view.viewport()->rect());
            painter.end();
            const QRgb background = view.backgroundBrush().color().rgb();
            int marked = 0;
            for (int y = 0; y < image.height(); ++y)
                for (int x = 0; x < image.width(); ++x)
                    marked += image.pixel(x, y) != background ? 1 : 0;
            return marked;
        };
        QVERIFY(drawn() > 100);
        // Every node hidden: nothing is drawn, not even an edge.
        LatticeFilter none;
        none.states.assign(kNodeStateCount, false);
        view.item()->setFilter(none);
        QCOMPARE(drawn(), 0);
    }
};

QTEST_MAIN(TestLatticeView)
#include "test_lattice_view.moc"
