// Frame time of the lattice view: a 45,000-node lattice (heights 4,4,4,4,1,1,1,2,2) in a
// 1366×700 view, drawn into an image through the view's transform (what a repaint does),
// at the fitted overview, a middle zoom and full detail (discs, edges, labels).
// Prints the median of 15 frames per zoom; the workbench's target is 16 ms (60 frames/s).
//   build/tests/bench/bench_ui_lattice_frame
#include <QApplication>
#include <QElapsedTimer>
#include <QImage>
#include <QPainter>
#include <algorithm>
#include <cstdio>
#include <random>

#include "lattice/latticeitem.h"
#include "lattice/latticelayout.h"
#include "lattice/latticeview.h"
#include "lattice/nodestyle.h"

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
            view.centerOn(view.layout().bounds().center());
        }
        std::vector<double> ms;
        frame();  // warm-up
        for (int i = 0; i < 15; ++i) ms.push_back(frame());
        std::sort(ms.begin(), ms.end());
        std::printf("%-16s scale %.4f: median %.2f ms, min %.2f, max %.2f (15 frames)\n", z.name,
                    view.transform().m11(), ms[ms.size() / 2], ms.front(), ms.back());
    }
    return 0;
}
