#pragma once
// Setup shared by the workbench tests: settings and autosave files kept apart from the
// user's, and a project opened without the questions an interactive session would ask.
#include <QSettings>
#include <QStandardPaths>
#include <QString>
#include <QTemporaryDir>
#include <QtTest>
#include <memory>

#include "project/project.h"
#include "session/searchsession.h"
#include "workbench/autosave.h"
#include "workbench/mainwindow.h"
#include "workbench/projectcontroller.h"

namespace ldv::test {

/// For initTestCase: QStandardPaths test mode (so QSettings are the test's own), cleared when
/// `clearSettings`, and autosave files under `dir`. False when `dir` could not be created.
inline bool isolateWorkbench(const QTemporaryDir& dir, bool clearSettings = false) {
    QStandardPaths::setTestModeEnabled(true);
    if (clearSettings) QSettings().clear();
    if (!dir.isValid()) return false;
    ui::Autosave::setDirectory(dir.filePath("recovery"));
    return true;
}

/// Opens a bundled example by name ("hospital") or a project file in `window`,
/// non-interactively, and waits up to `timeoutMs`; nullptr when no project is open by then.
inline ui::Project* openProject(ui::MainWindow& window, const QString& what, int timeoutMs) {
    window.controller()->setInteractive(false);
    window.controller()->open(what);
    if (!QTest::qWaitFor([&] { return window.controller()->project() != nullptr; }, timeoutMs))
        return nullptr;
    return window.controller()->project();
}

/// openProject (20 s), then the search its Privacy settings describe; the search's outcome, or
/// nullptr when the project did not open or the search did not end within 120 s.
inline std::shared_ptr<const ui::SearchOutcome> openAndSearch(ui::MainWindow& window,
                                                              const QString& what) {
    if (!openProject(window, what, 20000)) return nullptr;
    window.searchSession()->run();
    if (!QTest::qWaitFor([&] { return !window.searchSession()->isRunning(); }, 120000))
        return nullptr;
    return window.searchSession()->outcome();
}

}  // namespace ldv::test
