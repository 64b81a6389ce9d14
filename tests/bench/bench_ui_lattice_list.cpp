// The list of transformations at 202,500 rows (heights 4,4,4,4,2,2,2,2,1,1): frame time of
// the table while scrolling (page steps and random jumps, drawn into an image as a repaint
// does), and the wall time of a sort by a metric and a state filter, which run in the
// background. States and metrics are synthetic (seeded); the model reads them lazily.
// Prints medians; the target is 16 ms per frame (60 frames/s).
//   build/tests/bench/bench_ui_lattice_list
#include <QApplication>
#include <QComboBox>
#include <QElapsedTimer>
#include <QImage>
#include <QPainter>
#include <QScrollBar>
#include <QTableView>
#include <algorithm>
#include <cstdio>
#include <random>

#include "bench_timing.h"
#include "lattice/nodesource.h"
#include "lattice/transformationlist.h"
#include "lattice/transformationmodel.h"
#include "session/searchsession.h"

using ldv::bench::median;

namespace {}  // namespace

int main(int argc, char** argv) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    const ldv::Lattice lattice(std::vector<int>{4, 4, 4, 4, 2, 2, 2, 2, 1, 1});
    auto outcome = std::make_shared<ldv::ui::SearchOutcome>();
    outcome->result.latticeSize = lattice.size();
    outcome->result.satisfies.resize(lattice.size());
    auto metrics = std::make_shared<std::vector<ldv::NodeMetrics>>(lattice.size());
    std::mt19937 random(3);
    for (ldv::NodeId id = 0; id < lattice.size(); ++id) {
        outcome->result.satisfies[id] = random() % 2;
        auto& m = (*metrics)[id];
        m.height = lattice.height(id);
        m.classes = random() % 5000;
        m.discernibility = double(random() % 1000000);
        m.klDivergence = double(random() % 1000) / 100;
        m.loss = double(random() % 1000) / 1000;
        m.averageClassSize = double(random() % 100) + 1;
    }
    ldv::ui::NodeSource source;
    source.setOutcome(outcome, lattice.size());
    source.setAllMetrics(metrics);
    ldv::ui::TransformationList list(&source);
    list.resize(1366, 420);
    list.show();
    QElapsedTimer open;
    open.start();
    list.setLattice(lattice, {});
    QCoreApplication::processEvents();
    std::printf("list: %d rows, %d columns, table %dx%d; setLattice %.2f ms\n",
                list.model()->rowCount(), list.model()->columnCount(),
                list.table()->viewport()->width(), list.table()->viewport()->height(),
                double(open.nsecsElapsed()) / 1e6);

    QTableView* table = list.table();
    QImage image(table->viewport()->size(), QImage::Format_ARGB32_Premultiplied);
    auto frame = [&] {
        QElapsedTimer clock;
        clock.start();
        QCoreApplication::processEvents();  // the scroll's layout work
        QPainter painter(&image);
        table->viewport()->render(&painter);
        painter.end();
        return double(clock.nsecsElapsed()) / 1e6;
    };
    QScrollBar* bar = table->verticalScrollBar();
    frame();
    std::vector<double> pages, jumps;
    for (int i = 0; i < 60; ++i) {
        bar->setValue(bar->value() + bar->pageStep());
        pages.push_back(frame());
    }
    for (int i = 0; i < 60; ++i) {
        bar->setValue(int(random() % std::uint32_t(bar->maximum() + 1)));
        jumps.push_back(frame());
    }
    std::printf("scroll by page:   median %.2f ms, max %.2f (60 frames)\n", median(pages),
                *std::max_element(pages.begin(), pages.end()));
    std::printf("scroll by jump:   median %.2f ms, max %.2f (60 frames)\n", median(jumps),
                *std::max_element(jumps.begin(), jumps.end()));

    auto timed = [&](auto action) {
        QElapsedTimer clock;
        clock.start();
        action();
        const double gui = double(clock.nsecsElapsed()) / 1e6;
        while (list.model()->isBusy())
            QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 5);
        return std::pair{gui, double(clock.nsecsElapsed()) / 1e6};
    };
    std::vector<double> sortGui, sortAll, filterAll;
    for (int i = 0; i < 5; ++i) {
        const auto [g, a] = timed([&] {
            list.model()->sort(list.model()->column(ldv::ui::TransformationModel::Discernibility),
                               i % 2 ? Qt::AscendingOrder : Qt::DescendingOrder);
        });
        sortGui.push_back(g);
        sortAll.push_back(a);
    }
    for (int i = 0; i < 5; ++i) {
        const auto [g, a] = timed([&] { list.stateFilter()->setCurrentIndex(i % 2 ? 0 : 1); });
        filterAll.push_back(a);
    }
    std::printf("sort by discernibility: GUI thread %.2f ms, until shown %.2f ms (median of 5)\n",
                median(sortGui), median(sortAll));
    std::printf("state filter (+ sort):  until shown %.2f ms (median of 5)\n", median(filterAll));
    // Scrolling the sorted list.
    std::vector<double> sorted;
    for (int i = 0; i < 60; ++i) {
        bar->setValue(int(random() % std::uint32_t(bar->maximum() + 1)));
        sorted.push_back(frame());
    }
    std::printf("scroll sorted:    median %.2f ms, max %.2f (60 frames)\n", median(sorted),
                *std::max_element(sorted.begin(), sorted.end()));
    return 0;
}
