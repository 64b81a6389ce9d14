// A workbench session for ui/test_autosave_kill, run as a separate process so the test can
// kill it: opens PROJECT in a MainWindow, edits it through the normal edit path (the column
// list's role editor, which pushes an undo command), waits for the autosave timer to write
// the recovery file into RECOVERY_DIR and prints "autosaved". Then
//   crash: keeps running until killed (SIGKILL from the test), like a session that crashes;
//   clean: closes the window and quits, like a user ending the session without saving.
// Usage: autosave_session crash|clean PROJECT RECOVERY_DIR
#include <QApplication>
#include <QStandardPaths>
#include <QTableView>
#include <QTimer>
#include <QUndoStack>
#include <cstdio>

#include "data/columnlistmodel.h"
#include "data/dataperspective.h"
#include "project/project.h"
#include "workbench/autosave.h"
#include "workbench/mainwindow.h"
#include "workbench/projectcontroller.h"

using namespace ldv::ui;

namespace {
void say(const char* line) {
    std::printf("%s\n", line);
    std::fflush(stdout);  // the test reads lines as they come
}
}  // namespace

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    if (argc != 4) {
        std::fprintf(stderr, "usage: autosave_session crash|clean PROJECT RECOVERY_DIR\n");
        return 2;
    }
    const QString mode = argv[1], project = argv[2];
    QStandardPaths::setTestModeEnabled(
        true);  // recent projects etc. stay out of the user's settings
    Autosave::setDirectory(argv[3]);
    MainWindow window;
    window.controller()->setInteractive(false);  // no prompt may block the session
    window.autosave()->setInterval(1);           // the timer, not a direct saveNow(): as in the app
    window.show();
    QObject::connect(window.controller(), &ProjectController::loadFailed, &app,
                     [](const QString& e) {
                         std::fprintf(stderr, "cannot open: %s\n", qPrintable(e));
                         QCoreApplication::exit(3);
                     });
    QObject::connect(window.controller(), &ProjectController::projectChanged, &app,
                     [&](Project* p) {
                         if (!p) return;
                         auto* columns = window.dataPerspective()->columnView()->model();
                         const int nationality = p->columnIndex("nationality");
                         if (nationality < 0 ||
                             !columns->setData(columns->index(nationality, ColumnListModel::Role),
                                               "insensitive") ||
                             p->undoStack()->count() != 1) {
                             std::fprintf(stderr, "the edit did not go through the undo stack\n");
                             QCoreApplication::exit(4);
                             return;
                         }
                         say("edited");
                     });
    // Both recovery files are written in one call on this thread, so seeing the project file
    // here means the metadata is there too.
    QTimer poll;
    QObject::connect(&poll, &QTimer::timeout, &app, [&] {
        if (!Autosave::hasRecovery()) return;
        poll.stop();
        say("autosaved");
        if (mode == "clean") {
            window.close();  // closeEvent: unsaved changes discarded (not interactive), recovery
                             // removed
            QCoreApplication::quit();
        }
    });
    poll.start(20);
    // A crash session the test failed to kill must not linger.
    QTimer::singleShot(120000, &app, [] { QCoreApplication::exit(5); });
    window.controller()->open(project);
    return app.exec();
}
