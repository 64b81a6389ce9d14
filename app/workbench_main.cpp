// The ldiv workbench executable: argument parsing only; the window lives in ldv::ui.
#include <QApplication>
#include <QCommandLineParser>

#include "main_window.h"
#include "resource_paths.h"

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    QApplication::setApplicationName("ldiv");
    QApplication::setOrganizationName("ldiv");
    QApplication::setApplicationVersion(LDIV_VERSION);
    QCommandLineParser parser;
    parser.setApplicationDescription("ldiv workbench: publish microdata without disclosing who is who");
    parser.addHelpOption();
    parser.addVersionOption();
    QCommandLineOption open("open", "Project file or bundled example (hospital, adult, nursery).", "project");
    parser.addOption(open);
    parser.process(app);

    ldv::ui::MainWindow window;
    if (parser.isSet(open)) {
        QString target = parser.value(open);
        const QString example = ldv::ui::exampleProject(target);
        window.openProject(example.isEmpty() ? target : example);
    }
    window.show();
    return app.exec();
}
