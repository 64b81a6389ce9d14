// The ldiv workbench executable: argument parsing only; the window lives in ldv::ui.
#include <QApplication>
#include <QCommandLineParser>
#include <QCoreApplication>
#include <QScreen>
#include <QSettings>
#include <QStandardPaths>
#include <QStringList>
#include <QStyleFactory>
#include <QTextStream>
#include <QTimer>
#include <csignal>

#include "workbench/autosave.h"
#include "workbench/mainwindow.h"
#include "workbench/projectcontroller.h"
#include "workbench/screenshotrunner.h"
#include "workbench/selftest.h"
#ifdef LDIV_HAVE_POSTGRES
#include "ldiv/postgres.h"
#endif

namespace {
struct Options {
    QCommandLineOption open{"open", "Project file or bundled example (hospital, adult, nursery).",
                            "project"};
    QCommandLineOption perspective{
        "perspective",
        "Perspective to show: data, hierarchies, privacy, lattice, analysis, export, risk.",
        "name"};
    QCommandLineOption screenshot{
        "screenshot", "Save a picture of the window to FILE.png once loaded, then exit.", "file"};
    QCommandLineOption attribute{
        "attribute", "Attribute to select in the Data and Hierarchies perspectives.", "name"};
    QCommandLineOption analysis{
        "analysis",
        "Analysis to run for --perspective analysis (homogeneity, utility, timing, "
        "tau-protection, tau-information, diagnosis, diagnosis-sets, beliefs).",
        "id"};
    QCommandLineOption analysisOption{
        "analysis-option", "KEY=VALUE set in the analysis' options (repeatable).", "option"};
    QCommandLineOption selfTest{
        "self-test",
        "Open the bundled hospital example, run its search, compare it with the "
        "engine, show every perspective and render a chart; print one line per "
        "check, exit 0 when all pass, 1 otherwise."};
    QCommandLineOption nodes{
        "node",
        "Lattice node (levels, e.g. 0,1,2) to select for --perspective lattice; "
        "repeat it to compare nodes.",
        "levels"};

    void addTo(QCommandLineParser& parser) const {
        parser.setApplicationDescription(
            "ldiv workbench: publish microdata without disclosing who is who");
        parser.addHelpOption();
        parser.addVersionOption();
        parser.addOptions(
            {open, perspective, screenshot, attribute, analysis, analysisOption, nodes, selfTest});
        parser.addPositionalArgument("project", "Project file to open (same as --open).",
                                     "[project]");
    }
};

void setNames() {
    QCoreApplication::setApplicationName("ldiv");
    QCoreApplication::setOrganizationName("ldiv");
    QCoreApplication::setApplicationVersion(LDIV_VERSION);
}

// --help, --version and unknown options need no window: they are answered before a
// QApplication exists, so they work without a display (in a terminal over ssh, in CI).
bool answeredWithoutDisplay(int argc, char** argv) {
    QStringList args;
    for (int i = 0; i < argc; ++i) args << QString::fromLocal8Bit(argv[i]);
    QCommandLineParser parser;
    Options options;
    options.addTo(parser);
    const bool parsed = parser.parse(args);
    return !parsed || parser.isSet("help") || parser.isSet("help-all") || parser.isSet("version");
}
}  // namespace

int main(int argc, char** argv) {
    // Past a file-size limit the kernel sends SIGXFSZ, which would kill the workbench with
    // the user's unsaved work; ignored, the write fails with EFBIG and is reported.
    std::signal(SIGXFSZ, SIG_IGN);
    if (answeredWithoutDisplay(argc, argv)) {
        QCoreApplication core(argc, argv);
        setNames();
        QCommandLineParser parser;
        Options options;
        options.addTo(parser);
        parser.process(core);  // prints help, the version or the error and exits
        return 1;
    }
    QApplication app(argc, argv);
    setNames();
#ifdef LDIV_HAVE_POSTGRES
    ldv::pg::registerPostgres();  // postgresql:// as a project's data, File ▸ Open database table…
#endif
    QApplication::setStyle(QStyleFactory::create("Fusion"));
    QCommandLineParser parser;
    const Options options;
    options.addTo(parser);
    parser.process(app);
    const auto& [open, perspective, screenshot, attribute, analysis, analysisOption, selfTest,
                 nodes] = options;
    QString target = parser.value(open);
    if (target.isEmpty() && !parser.positionalArguments().isEmpty())
        target = parser.positionalArguments().first();

    if (parser.isSet(selfTest)) {
        // Settings, recent files and autosave go to Qt's test locations: a self-test leaves
        // the user's configuration alone.
        QStandardPaths::setTestModeEnabled(true);
        ldv::ui::MainWindow window;
        window.resize(1440, 900);
        window.show();
        QTextStream out(stdout);
        return ldv::ui::runSelfTest(window, out);
    }
    ldv::ui::MainWindow window;
    if (parser.isSet(screenshot)) {
        // Deterministic size (a 1366×768 laptop screen), no prompts, nothing restored from
        // earlier sessions.
        window.resize(1366, 768);
        ldv::ui::ScreenshotRunner runner(&window, target, parser.value(perspective),
                                         parser.value(screenshot));
        QObject::connect(&runner, &ldv::ui::ScreenshotRunner::finished, &app, &QApplication::exit,
                         Qt::QueuedConnection);
        window.show();
        runner.setAttribute(parser.isSet(analysis) ? parser.value(analysis)
                                                   : parser.value(attribute));
        runner.setAnalysisOptions(parser.values(analysisOption));
        runner.setNodes(parser.values(nodes));
        runner.start();
        const int code = app.exec();
        return code;
    }
    // The first start on a small screen (a 1366×768 laptop) is maximized: a window as large as
    // the screen would put its title bar or its status bar off-screen. Later starts restore
    // the geometry saved on quit.
    const QScreen* screen = window.screen();
    if (!QSettings().contains("window/geometry") && screen &&
        screen->availableGeometry().height() < 900)
        window.showMaximized();
    else
        window.show();
    if (!target.isEmpty())
        window.controller()->open(target);
    else
        QTimer::singleShot(0, &window, &ldv::ui::MainWindow::offerRecovery);
    if (parser.isSet(perspective)) window.showPerspective(parser.value(perspective));
    return app.exec();
}
