// Very large lattices in the workbench (issue 24, item 2): projects with 25 and 32
// quasi-identifiers of height 2 (3^25 ≈ 8.5·10^11 and 3^32 ≈ 1.9·10^15 nodes) aborted with
// bad_alloc or SIGSEGV on open. They must open in the Lattice perspective quickly, with
// memory that does not grow with the lattice (nothing is stored per node), draw as density
// strips at overview, and materialise only the nodes of a zoomed-in window. 32 QIs of height
// 3 (4^32 = 2^64 nodes, beyond a 64-bit node number) is refused with a clear message. The
// 16-attribute mach2019 table (85,030,560 nodes) opens the same way.
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QPainter>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>
#include <fstream>

#include "lattice/latticeitem.h"
#include "lattice/latticeperspective.h"
#include "lattice/latticeview.h"
#include "lattice/transformationlist.h"
#include "lattice/transformationmodel.h"
#include "process_memory.h"
#include "project/project.h"
#include "workbench/autosave.h"
#include "workbench/mainwindow.h"
#include "workbench/projectcontroller.h"

using namespace ldv;
using namespace ldv::ui;

namespace {
using test::residentMiB;

/// A project of `attributes` QIs, each with values 0..3 and an embedded hierarchy of the
/// given height (2: 0,1→a, 2,3→b, then *; 3: one more level).
QString writeProject(const QString& dir, int attributes, int height) {
    QFile csv(dir + "/wide.csv");
    if (!csv.open(QIODevice::WriteOnly)) return {};
    QStringList header;
    for (int a = 0; a < attributes; ++a) header << QStringLiteral("q%1").arg(a);
    header << QStringLiteral("s");
    csv.write((header.join(',') + "\n").toUtf8());
    for (int r = 0; r < 12; ++r) {
        QStringList row;
        for (int a = 0; a < attributes; ++a) row << QString::number((r + a) % 4);
        row << QString::number(r % 3);
        csv.write((row.join(',') + "\n").toUtf8());
    }
    csv.close();
    QString levels =
        height == 2
            ? R"([["0","a","*"],["1","a","*"],["2","b","*"],["3","b","*"]])"
            : R"([["0","a","x","*"],["1","a","x","*"],["2","b","x","*"],["3","b","x","*"]])";
    QStringList attrs, order;
    for (int a = 0; a < attributes; ++a) {
        attrs << QStringLiteral(
                     R"({"name": "q%1", "role": "quasi-identifying", "hierarchy": {"levels": %2}})")
                     .arg(a)
                     .arg(levels);
        order << QStringLiteral("\"q%1\"").arg(a);
    }
    attrs << QStringLiteral(R"({"name": "s", "role": "sensitive"})");
    const QString json = QStringLiteral(R"({"format": "ldiv-project", "version": 1,
 "data": {"path": "wide.csv", "separator": ",", "header": true},
 "attributes": [%1], "qi_order": [%2], "criteria": ["k=2"], "suppression_limit": 0,
 "metric": "dm", "algorithm": "fast"})")
                             .arg(attrs.join(",\n"), order.join(','));
    const QString path = dir + QStringLiteral("/wide%1x%2.ldiv.json").arg(attributes).arg(height);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly)) return {};
    file.write(json.toUtf8());
    return path;
}

/// Pixels of the viewport that are not background, after a real render.
int drawnPixels(LatticeView* view, double* ms) {
    QImage image(view->viewport()->size(), QImage::Format_ARGB32);
    image.fill(Qt::white);
    QElapsedTimer clock;
    clock.start();
    QPainter painter(&image);
    view->render(&painter, QRectF(), view->viewport()->rect());
    painter.end();
    *ms = double(clock.nsecsElapsed()) / 1e6;
    const QRgb background = view->backgroundBrush().color().rgb();
    int n = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x) n += image.pixel(x, y) != background ? 1 : 0;
    return n;
}
}  // namespace

class TestLatticeLarge : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

    /// Opens the project and shows the Lattice perspective; the time it took in ms.
    qint64 open(MainWindow& window, const QString& path) {
        window.controller()->setInteractive(false);
        QElapsedTimer clock;
        clock.start();
        window.controller()->open(path);
        if (!QTest::qWaitFor([&] { return window.controller()->project() != nullptr; }, 60000))
            return -1;
        window.showPerspective(MainWindow::Lattice);
        QCoreApplication::processEvents();
        return clock.elapsed();
    }

private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        Autosave::setDirectory(m_dir.filePath("recovery"));
    }

    void opensWithoutAllocatingPerNode_data() {
        QTest::addColumn<int>("attributes");
        QTest::addColumn<double>("nodes");
        QTest::newRow("25 QIs of height 2") << 25 << 847288609443.0;
        QTest::newRow("32 QIs of height 2") << 32 << 1853020188851841.0;
    }
    void opensWithoutAllocatingPerNode() {
        QFETCH(int, attributes);
        QFETCH(double, nodes);
        const QString path = writeProject(m_dir.path(), attributes, 2);
        QVERIFY(!path.isEmpty());
        const double before = residentMiB();
        MainWindow window;
        window.resize(1366, 768);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        const qint64 ms = open(window, path);
        QVERIFY(ms >= 0);
        LatticePerspective* lattice = window.latticePerspective();
        QVERIFY2(lattice->refusal().isEmpty(), qPrintable(lattice->refusal()));
        LatticeView* view = lattice->view();
        QCOMPARE(double(view->layout().size()), nodes);
        // Nothing per node: no state array, no mark, memory nowhere near the lattice's size.
        QCOMPARE(view->item()->storedNodes(), std::size_t(0));
        QVERIFY2(residentMiB() - before < 400, qPrintable(QString::number(residentMiB() - before)));
        QVERIFY2(ms < 5000, qPrintable(QString::number(ms)));  // (includes loading the project)
        QCOMPARE(double(view->item()->visibleCount()), nodes);

        // Overview: density strips, drawn quickly.
        double frame = 0;
        QVERIFY(view->item()->drawsStrips(
            view->transform().m11(), view->mapToScene(view->viewport()->rect()).boundingRect()));
        QVERIFY(drawnPixels(view, &frame) > 500);
        QVERIFY2(frame < 200, qPrintable(QString::number(frame)));

        // A level filter is counted combinatorially: q0 at level 2 leaves a third.
        LatticeFilter filter;
        filter.levels.assign(std::size_t(attributes), {0, 2});
        filter.levels[0] = {2, 2};
        view->item()->setFilter(filter);
        QCOMPARE(double(view->item()->visibleCount()), nodes / 3);
        QVERIFY(!view->item()->visibleBounds().isNull());
        view->item()->setFilter({});

        // Zoomed in as far as the view goes: still strips (rows this wide are compressed),
        // and painting never enumerates the row.
        view->resetTransform();
        view->scale(8, 8);
        view->centerOn(view->layout().position(attributes, view->layout().rowSize(attributes) / 2));
        QVERIFY(drawnPixels(view, &frame) > 100);
        QVERIFY2(frame < 200, qPrintable(QString::number(frame)));

        // Nodes on demand: finding one selects and centres it.
        QStringList levels;
        for (int a = 0; a < attributes; ++a) levels << QString::number(a % 3);
        QVERIFY(lattice->findNode(levels.join(',')));
        QCOMPARE(view->selection().size(), std::size_t(1));
        QCOMPARE(QString::fromStdString(
                     formatLevels(view->layout().lattice().levels(view->selection()[0]))),
                 levels.join(','));

        // The list shows the first nodes in id order, without sorting or filtering, below the
        // found node (beyond those: listed on top, selected).
        TransformationModel* model = lattice->list()->model();
        QVERIFY(model->identity());
        const NodeId found = view->selection()[0];
        QVERIFY(found >= TransformationModel::kListLimit);
        QCOMPARE(NodeId(model->rowCount()), TransformationModel::kListLimit + 1);
        QCOMPARE(model->nodeAt(0), found);
        QVERIFY(lattice->list()->table()->selectionModel()->isRowSelected(0));
        QVERIFY(!lattice->list()->textFilter()->isEnabled());
        QCOMPARE(model->data(model->index(6, model->column(TransformationModel::Height))).toInt(),
                 view->layout().lattice().height(5));
        // A short status line (it wrapped to six lines at 1366x768), explained in its tooltip.
        const QLabel* status = lattice->list()->status();
        QVERIFY2(status->text().startsWith("16,777,216 of ") &&
                     status->text().endsWith(" listed · 1 pinned"),
                 qPrintable(status->text()));
        QVERIFY2(status->toolTip().contains("too many to sort") &&
                     status->toolTip().contains("the first 16,777,216 are listed") &&
                     status->toolTip().contains("Pinned on top: 1 node chosen"),
                 qPrintable(status->toolTip()));
        QVERIFY2(residentMiB() - before < 600, qPrintable(QString::number(residentMiB() - before)));
    }

    void beyondTheEngineIsRefused() {
        const QString path = writeProject(m_dir.path(), 32, 3);
        MainWindow window;
        window.resize(1366, 768);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(open(window, path) >= 0);
        const QString refusal = window.latticePerspective()->refusal();
        QVERIFY2(refusal.contains("4^32"), qPrintable(refusal));
        QVERIFY(refusal.contains("cannot be shown"));
        auto* label = window.latticePerspective()->findChild<QLabel*>("latticeRefusal");
        QVERIFY(label && label->isVisible());
    }

    void mach2019SixteenAttributes() {
        const QString dir = QStringLiteral(LDIV_SOURCE_DIR "/../shared/data/mach2019");
        if (!QFile::exists(dir + "/mach2019_int.csv")) QSKIP("../shared/data/mach2019 is not here");
        // A project over the shared table and its 16 hierarchy files.
        QStringList attrs, order;
        for (const QString name :
             {"age", "familysize", "gender", "married", "race", "religion", "Q1A", "Q2A", "Q3A",
              "Q4A", "Q5A", "Q6A", "Q7A", "Q8A", "Q9A", "Q10A"}) {
            attrs
                << QStringLiteral(
                       R"({"name": "%1", "role": "quasi-identifying", "hierarchy": {"file": "%2/mach2019_int_hierarchy_%1.csv"}})")
                       .arg(name, dir);
            order << QStringLiteral("\"%1\"").arg(name);
        }
        const QString json = QStringLiteral(R"({"format": "ldiv-project", "version": 1,
 "data": {"path": "%1/mach2019_int.csv", "separator": ";", "header": true},
 "attributes": [%2], "qi_order": [%3], "criteria": ["k=5"], "suppression_limit": 0,
 "metric": "dm", "algorithm": "fast"})")
                                 .arg(dir, attrs.join(",\n"), order.join(','));
        const QString path = m_dir.filePath("mach.ldiv.json");
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(json.toUtf8());
        file.close();
        const double before = residentMiB();
        MainWindow window;
        window.resize(1366, 768);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(open(window, path) >= 0);
        LatticeView* view = window.latticePerspective()->view();
        QVERIFY2(window.latticePerspective()->refusal().isEmpty(),
                 qPrintable(window.latticePerspective()->refusal()));
        QCOMPARE(view->layout().size(), NodeId(85030560));
        QCOMPARE(view->item()->storedNodes(), std::size_t(0));
        double frame = 0;
        QVERIFY(drawnPixels(view, &frame) > 500);
        QVERIFY2(frame < 200, qPrintable(QString::number(frame)));
        QVERIFY2(residentMiB() - before < 600, qPrintable(QString::number(residentMiB() - before)));
    }
};

QTEST_MAIN(TestLatticeLarge)
#include "test_lattice_large.moc"
