// Frame time of the lattice view: a 45,000-node lattice (heights 4,4,4,4,1,1,1,2,2) in a
// 1366×700 view, drawn into an image through the view's transform (what a repaint does),
// at the fitted overview (density strips), a middle zoom and full detail (discs, edges,
// labels), centred on the widest row; then the overview of 3^25 and 3^32 lattices, which
// are never enumerated.
// Prints the median of 15 frames per zoom; the workbench's target is 16 ms (60 frames/s).
//   build/tests/bench/bench_ui_lattice_frame
#include <QApplication>
#include <QElapsedTimer>
#include <QImage>
#include <QPainter>
#include <algorithm>
#include <cstdio>
#include <random>

#include "format/nodestyle.h"
#include "lattice/latticeitem.h"
#include "lattice/latticelayout.h"
#include "lattice/latticeview.h"

int main(int argc, char** argv) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    ldv::ui::LatticeView view;
    view.resize(1366, 700);
    view.show();
    const ldv::Lattice lattice(std::vector<int>{4, 4, 4, 4, 1, 1, 1, 2, 2});
    view.setLattice(lattice);
    std::mt19937 random(7);
    std::vector<ldv::ui::NodeState> states(lattice.size());
    for (auto& s : states) s = ldv::ui::NodeState(random() % ldv::ui::kNodeStateCount);
    view.item()->setStates(states);
    QCoreApplication::processEvents();
    std::printf("lattice: %zu nodes, view %dx%d\n", std::size_t(lattice.size()),
                view.viewport()->width(), view.viewport()->height());
    QImage image(view.viewport()->size(), QImage::Format_ARGB32_Premultiplied);
    auto frame = [&] {
        QElapsedTimer clock;
        clock.start();
        QPainter painter(&image);
        view.render(&painter, QRectF(), view.viewport()->rect());
        painter.end();
        return double(clock.nsecsElapsed()) / 1e6;
    };
    struct Zoom {
        const char* name;
        double scale;  // 0 = fitted
    };
    for (const Zoom& z :
         {Zoom{"fitted overview", 0}, Zoom{"middle (0.3)", 0.3}, Zoom{"detail (1.5)", 1.5}}) {
        view.fitAll();
        if (z.scale > 0) {
            view.resetTransform();
            view.scale(z.scale, z.scale);
            int widest = 0;
            for (int h = 0; h < view.layout().rowCount(); ++h)
                if (view.layout().rowSize(h) > view.layout().rowSize(widest)) widest = h;
            view.centerOn(view.layout().position(widest, view.layout().rowSize(widest) / 2));
        }
        const QRectF shown = view.mapToScene(view.viewport()->rect()).boundingRect();
        const bool strips = view.item()->drawsStrips(view.transform().m11(), shown);
        std::vector<double> ms;
        frame();  // warm-up
        for (int i = 0; i < 15; ++i) ms.push_back(frame());
        std::sort(ms.begin(), ms.end());
        std::printf(
            "%-16s scale %.4f (%s, %llu nodes in view): median %.2f ms, min %.2f, max %.2f "
            "(15 frames)\n",
            z.name, view.transform().m11(), strips ? "strips" : "nodes",
            (unsigned long long)view.layout().countIn(shown), ms[ms.size() / 2], ms.front(),
            ms.back());
    }
    for (int attributes : {25, 32}) {
        ldv::ui::LatticeView huge;
        huge.resize(1366, 700);
        huge.show();
        QElapsedTimer open;
        open.start();
        huge.setLattice(ldv::Lattice(std::vector<int>(std::size_t(attributes), 2)));
        const double openMs = double(open.nsecsElapsed()) / 1e6;
        QCoreApplication::processEvents();
        std::vector<double> ms;
        QImage hugeImage(huge.viewport()->size(), QImage::Format_ARGB32_Premultiplied);
        for (int i = 0; i < 16; ++i) {
            QElapsedTimer clock;
            clock.start();
            QPainter painter(&hugeImage);
            huge.render(&painter, QRectF(), huge.viewport()->rect());
            painter.end();
            if (i > 0) ms.push_back(double(clock.nsecsElapsed()) / 1e6);
        }
        std::sort(ms.begin(), ms.end());
        std::printf(
            "3^%d nodes overview: setLattice %.2f ms, frame median %.2f ms, max %.2f (15 frames)\n",
            attributes, openMs, ms[ms.size() / 2], ms.back());
    }
    return 0;
}
