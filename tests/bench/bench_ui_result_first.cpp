// How soon the workbench shows a search's result (issue 37: "the result pane shows the optimum
// within 1.5× the CLI's elapsed_ms plus 200 ms"). Opens a project in the main window, presses
// Run, and times until the Privacy perspective's summary names the optimum; beside it the
// engine's own elapsed_ms (what `ldiv search --json` reports) and, for the before figure, how
// long measuring every node takes (measureLattice: what the workbench did after every search
// before the result was shown).
//
// Usage: bench_ui_result_first PROJECT [RUNS]   (QT_QPA_PLATFORM defaults to offscreen)
#include <QApplication>
#include <QElapsedTimer>
#include <QPushButton>
#include <QTextBrowser>
#include <cstdio>

#include "bench_timing.h"
#include "ldiv/search/search_result.h"
#include "privacy/privacyperspective.h"
#include "session/searchsession.h"
#include "workbench/mainwindow.h"
#include "workbench/projectcontroller.h"

using ldv::bench::median;

namespace {
/// Processes events until `done` or `ms` pass; false on the timeout.
template <class Done>
bool waitFor(Done done, int ms) {
    QElapsedTimer clock;
    clock.start();
    while (!done()) {
        if (clock.elapsed() > ms) return false;
        QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
    }
    return true;
}
}  // namespace

int main(int argc, char** argv) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    if (argc < 2) {
        std::fprintf(stderr, "usage: bench_ui_result_first PROJECT [RUNS]\n");
        return 2;
    }
    const int runs = argc > 2 ? std::max(1, std::atoi(argv[2])) : 5;
    ldv::ui::MainWindow window;
    window.resize(1366, 768);
    window.show();
    window.controller()->setInteractive(false);
    window.controller()->open(QString::fromLocal8Bit(argv[1]));
    if (!waitFor([&] { return window.controller()->project() != nullptr; }, 60000)) {
        std::fprintf(stderr, "%s did not open\n", argv[1]);
        return 1;
    }
    window.showPerspective("privacy");
    ldv::ui::SearchSession* session = window.searchSession();
    ldv::ui::PrivacyPerspective* privacy = window.privacyPerspective();
    std::vector<double> shown, engine, measured;
    for (int run = 0; run < runs; ++run) {
        QElapsedTimer clock;
        clock.start();
        privacy->runButton()->click();
        const bool ok = waitFor(
            [&] {
                return !session->isRunning() && session->outcome() &&
                       privacy->summary()->toPlainText().contains("Optimum [");
            },
            600000);
        const double ms = double(clock.nsecsElapsed()) / 1e6;
        if (!ok) {
            std::fprintf(stderr, "run %d: no optimum shown within 10 minutes\n", run + 1);
            return 1;
        }
        const auto outcome = session->outcome();
        shown.push_back(ms);
        engine.push_back(outcome->result.statistics.times.elapsedMs);
        const auto start = ldv::bench::Clock::now();
        const auto all = ldv::measureLattice(outcome->judged(), outcome->config);
        measured.push_back(ldv::bench::msSince(start));
        std::printf(
            "run %d: result shown %.0f ms, search %.0f ms, measuring every node (%zu) %.0f "
            "ms\n",
            run + 1, ms, engine.back(), all.size(), measured.back());
    }
    const double target = 1.5 * median(engine) + 200;
    std::printf(
        "median of %d: result shown %.0f ms (target %.0f ms = 1.5 x search + 200), search %.0f "
        "ms; before (search, then every node measured) about %.0f ms\n",
        runs, median(shown), target, median(engine), median(shown) + median(measured));
    return median(shown) <= target ? 0 : 3;
}
