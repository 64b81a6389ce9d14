#include "workbench/screenshotrunner.h"

#include <QPixmap>

#include "analysis/analysisperspective.h"
#include "lattice/latticeperspective.h"
#include "lattice/latticeview.h"
#include "ldiv/lattice/lattice.h"
#include "project/job.h"
#include "session/preparedinput.h"
#include "session/searchsession.h"
#include "workbench/mainwindow.h"
#include "workbench/projectcontroller.h"

namespace ldv::ui {

namespace {
// Long enough for a (τ,ℓ) grid on Nursery in a Debug build (SWEEP takes seconds per cell).
constexpr int kTimeoutMs = 600 * 1000;
}  // namespace

ScreenshotRunner::ScreenshotRunner(MainWindow* window, QString target, QString perspective,
                                   QString output, QObject* parent)
    : QObject(parent),
      m_window(window),
      m_target(std::move(target)),
      m_perspective(std::move(perspective)),
      m_output(std::move(output)) {
    m_poll.setInterval(100);
    connect(&m_poll, &QTimer::timeout, this, &ScreenshotRunner::poll);
}

void ScreenshotRunner::start() {
    ProjectController* controller = m_window->controller();
    controller->setInteractive(false);
    if (!m_perspective.isEmpty() &&
        !MainWindow::perspectiveNames().contains(m_perspective.toLower()))
        return fail(1, tr("unknown perspective '%1' (use one of: %2)")
                           .arg(m_perspective, MainWindow::perspectiveNames().join(", ")));
    connect(controller, &ProjectController::loadFailed, this,
            [this](const QString& e) { fail(1, e); });
    m_clock.start();
    if (!m_target.isEmpty()) controller->open(m_target);
    m_poll.start();
}

void ScreenshotRunner::poll() {
    if (m_done) return;
    if (m_clock.elapsed() > kTimeoutMs) return fail(2, tr("timed out waiting for background work"));
    const bool loaded = m_target.isEmpty() || m_window->controller()->project();
    if (!loaded || m_window->controller()->isBusy() || Job::runningCount() > 0) {
        m_quietTicks = 0;
        return;
    }
    if (m_quietTicks++ == 0) {
        if (!m_perspective.isEmpty()) m_window->showPerspective(m_perspective);
        const int p = int(m_window->currentPerspective());
        if (m_searchStage == 0 && !m_perspective.isEmpty() && p == MainWindow::Analysis) {
            // The analyses do not need the search: run the first one and wait for it.
            m_searchStage = 3;
            // --attribute (or --analysis) names the analysis here (homogeneity, utility, timing,
            // …).
            AnalysisPerspective* analysis = m_window->analysisPerspective();
            if (m_attribute.isEmpty())
                analysis->setCurrentAnalysis(0);
            else if (!analysis->setCurrentAnalysis(m_attribute))
                return fail(1, tr("no analysis '%1'").arg(m_attribute));
            m_attribute.clear();
            for (const QString& option : m_analysisOptions)
                if (!analysis->setOption(option.section('=', 0, 0).trimmed(),
                                         option.section('=', 1)))
                    return fail(
                        1, tr("the analysis has no option '%1'").arg(option.section('=', 0, 0)));
            analysis->run();
            m_quietTicks = 0;
            return;
        }
        if (m_searchStage == 0 && !m_perspective.isEmpty() && p >= MainWindow::Privacy) {
            m_searchStage = 1;
            m_window->searchSession()->run();
            m_quietTicks = 0;
            return;
        }
        if (m_searchStage == 1) {
            m_searchStage = 2;
            const auto outcome = m_window->searchSession()->outcome();
            if (!outcome) return fail(1, tr("the search did not produce a result"));
            // Show the optimum's details where nodes are chosen, or the nodes asked for.
            LatticeView* view = m_window->latticePerspective()->view();
            const Lattice& lattice = outcome->data->dataset().lattice();
            for (const QString& node : m_nodes) {
                Levels levels;
                try {
                    levels = parseLevels(node.toStdString());
                } catch (const std::exception&) {
                }
                if (!lattice.contains(levels))
                    return fail(1, tr("'%1' is not a node of the lattice").arg(node));
                view->selectNode(lattice.id(levels), &node != &m_nodes.front());
            }
            if (m_nodes.isEmpty() && outcome->result.optimum)
                view->selectNode(*outcome->result.optimum);
            m_quietTicks = 0;
            return;
        }
        if (m_searchStage == 3 && !m_window->analysisPerspective()->hasResult())
            return fail(1, tr("the analysis did not produce a result"));
        if (!m_attribute.isEmpty() && !m_window->selectAttribute(m_attribute))
            return fail(1, tr("no attribute '%1' in the project").arg(m_attribute));
        m_quietTicks = 1;
        return;  // selecting starts validation and previews: wait for them too
    }
    // A few quiet ticks let debounced previews and queued results land before the grab.
    if (m_quietTicks < 4) return;
    m_done = true;
    m_poll.stop();
    if (!m_output.isEmpty() && !m_window->grab().save(m_output)) {
        m_done = false;
        return fail(2, tr("cannot write %1").arg(m_output));
    }
    emit finished(0);
}

void ScreenshotRunner::fail(int code, const QString& message) {
    if (m_done) return;
    m_done = true;
    m_poll.stop();
    qCritical("ldiv-workbench: %s", qPrintable(message));
    emit finished(code);
}

}  // namespace ldv::ui
