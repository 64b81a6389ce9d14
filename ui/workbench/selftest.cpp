#include "workbench/selftest.h"

#include <qcustomplot.h>
#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QImage>
#include <QPixmap>
#include <QSet>
#include <QTextStream>
#include <QThread>
#include <functional>

#include "analysis/analysisperspective.h"
#include "charts/panelchart.h"
#include "lattice/latticelayout.h"
#include "lattice/latticeperspective.h"
#include "lattice/latticeview.h"
#include "ldiv/metrics/node_metrics.h"
#include "ldiv/project/workspace.h"
#include "ldiv/search/search_result.h"
#include "ldiv/workflow/requirement.h"
#include "project/job.h"
#include "project/project.h"
#include "session/preparedinput.h"
#include "session/searchsession.h"
#include "workbench/mainwindow.h"
#include "workbench/projectcontroller.h"
#include "workbench/resourcepaths.h"

namespace ldv::ui {

namespace {

constexpr int kTimeoutMs = 120 * 1000;

class Failed {
public:
    QString check, detail;
};

/// Spins the event loop until `done` holds; false after `timeoutMs`.
bool waitUntil(const std::function<bool()>& done, int timeoutMs = kTimeoutMs) {
    QElapsedTimer clock;
    clock.start();
    while (!done()) {
        if (clock.elapsed() > timeoutMs) return false;
        QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
        QThread::msleep(5);
    }
    return true;
}

/// Lets queued results and debounced previews land (a few rounds of the event loop).
void settle(MainWindow& window) {
    waitUntil([&] { return !window.controller()->isBusy() && Job::runningCount() == 0; });
    for (int i = 0; i < 5; ++i) {
        QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
        QThread::msleep(20);
    }
    waitUntil([&] { return Job::runningCount() == 0; });
}

/// Distinct colours among a grid of sampled pixels: 1 means a blank picture.
int sampledColours(const QPixmap& pixmap) {
    const QImage image = pixmap.toImage();
    QSet<QRgb> colours;
    for (int y = 0; y < image.height(); y += std::max(1, image.height() / 60))
        for (int x = 0; x < image.width(); x += std::max(1, image.width() / 60))
            colours.insert(image.pixel(x, y));
    return int(colours.size());
}

QString levelsText(const Lattice& lattice, NodeId id) {
    QStringList parts;
    for (int level : lattice.levels(id)) parts << QString::number(level);
    return parts.join(',');
}

QString nodesText(const Lattice& lattice, const std::vector<NodeId>& ids) {
    QStringList parts;
    for (NodeId id : ids) parts << '[' + levelsText(lattice, id) + ']';
    return parts.join(' ');
}

class SelfTest {
public:
    SelfTest(MainWindow& window, QTextStream& out) : m_window(window), m_out(out) {}

    void pass(const QString& check, const QString& detail) {
        m_out << "ok    " << check << ": " << detail << Qt::endl;
    }
    [[noreturn]] void fail(const QString& check, const QString& detail) {
        throw Failed{check, detail};
    }
    void require(bool condition, const QString& check, const QString& detail) {
        if (!condition) fail(check, detail);
    }

    void run(const QString& example) {
        ProjectController* controller = m_window.controller();
        controller->setInteractive(false);

        // 1. The bundled example, found as `--open hospital` finds it.
        const QString path = exampleProject(example);
        require(!path.isEmpty(), "example",
                QString("no bundled '%1' project under %2").arg(example, resourcesDir()));
        pass("example", QDir::toNativeSeparators(path));

        // 2. Open it through the controller (a load job on a worker thread).
        QString loadError;
        QObject::connect(controller, &ProjectController::loadFailed, controller,
                         [&loadError](const QString& e) { loadError = e; });
        controller->open(example);
        require(waitUntil([&] {
                    return (controller->project() && !controller->isBusy()) || !loadError.isEmpty();
                }),
                "open", "timed out");
        require(loadError.isEmpty() && controller->project(), "open", loadError);
        Project* project = controller->project();
        require(project->table().rowCount() > 0, "open", "the table has no rows");
        pass("open", QString("%1: %2 rows, %3 attributes")
                         .arg(project->displayName())
                         .arg(project->table().rowCount())
                         .arg(project->table().columnCount()));

        // 3. The project's search through the session the Privacy, Lattice and Export views
        //    share (what the scripted screenshot runs).
        SearchSession* session = m_window.searchSession();
        QString searchError;
        QObject::connect(session, &SearchSession::failed, session,
                         [&searchError](const QString& e) { searchError = e; });
        settle(m_window);
        session->run();
        require(waitUntil([&] {
                    return (!session->isRunning() && session->outcome()) || !searchError.isEmpty();
                }),
                "search", "timed out");
        require(searchError.isEmpty(), "search", searchError);
        const auto outcome = session->outcome();
        require(outcome != nullptr, "search", "no result");
        const Lattice& lattice = outcome->data->dataset().lattice();
        const SearchResult& gui = outcome->result;
        pass("search", QString("lattice of %1 nodes, %2 satisfying, minimal %3, optimum %4")
                           .arg(gui.latticeSize)
                           .arg(gui.satisfying.size())
                           .arg(nodesText(lattice, gui.minimal))
                           .arg(gui.optimum ? '[' + levelsText(lattice, *gui.optimum) + ']'
                                            : QString("none")));

        // 4. The same search without the workbench: the engine on the project file.
        const ProjectConfig config = loadProject(path.toStdString());
        const Workspace workspace(config, QFileInfo(path).absolutePath().toStdString());
        const Requirement direct = prepareRequirement(workspace, config.search);
        const SearchResult engine = search(*direct.data, direct.config);
        require(workspace.dataset().rowCount() == outcome->data->dataset().rowCount(), "engine",
                QString("%1 rows in the engine, %2 in the workbench")
                    .arg(workspace.dataset().rowCount())
                    .arg(outcome->data->dataset().rowCount()));
        require(engine.latticeSize == gui.latticeSize && engine.latticeSize == lattice.size(),
                "engine",
                QString("lattice of %1 nodes, the workbench has %2")
                    .arg(engine.latticeSize)
                    .arg(gui.latticeSize));
        require(engine.satisfying == gui.satisfying, "engine",
                QString("%1 satisfying nodes, the workbench has %2")
                    .arg(engine.satisfying.size())
                    .arg(gui.satisfying.size()));
        require(engine.minimal == gui.minimal, "engine",
                QString("minimal %1, the workbench has %2")
                    .arg(nodesText(lattice, engine.minimal), nodesText(lattice, gui.minimal)));
        require(engine.optimum == gui.optimum, "engine",
                "the optimum differs from the workbench's");
        require(!engine.minimal.empty() && engine.optimum.has_value(), "engine",
                "no node satisfies the example's criteria");
        pass(
            "engine",
            QString(
                "ldv::search gives the same lattice size, %1 satisfying, minimal and optimum nodes")
                .arg(engine.satisfying.size()));

        // 5. The lattice view draws every node.
        m_window.showPerspective(MainWindow::Lattice);
        LatticeView* view = m_window.latticePerspective()->view();
        require(waitUntil([&] { return view->hasLattice(); }), "lattice view", "no lattice shown");
        require(view->layout().size() == gui.latticeSize, "lattice view",
                QString("%1 nodes laid out, the lattice has %2")
                    .arg(view->layout().size())
                    .arg(gui.latticeSize));
        view->selectNode(*gui.optimum);
        pass("lattice view",
             QString("%1 nodes laid out, optimum selected").arg(view->layout().size()));

        // 6. Every perspective can be shown and grabbed.
        for (const QString& name : MainWindow::perspectiveNames()) {
            require(m_window.showPerspective(name), "perspective " + name, "cannot be shown");
            settle(m_window);
            const QPixmap shot = m_window.grab();
            require(!shot.isNull() && shot.width() > 0 && shot.height() > 0, "perspective " + name,
                    "empty picture");
            const int colours = sampledColours(shot);
            require(colours > 1, "perspective " + name, "the picture is blank");
            pass("perspective " + name, QString("%1x%2 picture, %3 colours sampled")
                                            .arg(shot.width())
                                            .arg(shot.height())
                                            .arg(colours));
        }

        // 7. A chart renders: the homogeneity analysis of the Analysis perspective.
        m_window.showPerspective(MainWindow::Analysis);
        AnalysisPerspective* analysis = m_window.analysisPerspective();
        require(analysis->setCurrentAnalysis(QStringLiteral("homogeneity")), "chart",
                "no homogeneity analysis");
        analysis->run();
        require(waitUntil([&] {
                    return !analysis->isRunning() &&
                           (analysis->hasResult() || !analysis->runError().isEmpty());
                }),
                "chart", "timed out");
        require(analysis->hasResult(), "chart", analysis->runError());
        settle(m_window);
        QCustomPlot* plot = analysis->chart()->plot();
        require(plot->plottableCount() > 0, "chart", "nothing plotted");
        const QPixmap chart = analysis->chart()->grab();
        require(!chart.isNull() && sampledColours(chart) > 2, "chart",
                "the chart picture is blank");
        pass("chart", QString("homogeneity: %1 plottables, %2x%3 picture")
                          .arg(plot->plottableCount())
                          .arg(chart.width())
                          .arg(chart.height()));
    }

private:
    MainWindow& m_window;
    QTextStream& m_out;
};

}  // namespace

int runSelfTest(MainWindow& window, QTextStream& out, const QString& example) {
    out << "ldiv-workbench " << QCoreApplication::applicationVersion() << " self-test" << Qt::endl;
    SelfTest test(window, out);
    try {
        test.run(example);
    } catch (const Failed& f) {
        out << "FAIL  " << f.check << ": " << f.detail << Qt::endl;
        out << "self-test failed: " << f.check << Qt::endl;
        return 1;
    } catch (const std::exception& e) {
        out << "FAIL  " << e.what() << Qt::endl;
        out << "self-test failed: " << e.what() << Qt::endl;
        return 1;
    }
    out << "self-test passed" << Qt::endl;
    return 0;
}

}  // namespace ldv::ui
