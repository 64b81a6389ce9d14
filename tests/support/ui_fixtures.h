#pragma once
// Setup shared by the workbench tests: settings and autosave files kept apart from the
// user's, and a project opened without the questions an interactive session would ask.
#include <QJsonArray>
#include <QLabel>
#include <QSettings>
#include <QStandardPaths>
#include <QString>
#include <QTemporaryDir>
#include <QtTest>
#include <algorithm>
#include <memory>
#include <vector>

#include "privacy/privacyperspective.h"
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

/// The workbench's search of `project` as it stands (the SearchSession's own job); nullptr when it
/// fails (its message is logged) or takes over a minute.
inline std::shared_ptr<const ui::SearchOutcome> searchProject(ui::Project& project) {
    ui::SearchSession session;
    session.setProject(&project);
    QSignalSpy failed(&session, &ui::SearchSession::failed);
    session.run();
    if (!QTest::qWaitFor([&] { return !session.isRunning(); }, 60000)) return nullptr;
    if (!failed.isEmpty()) {
        qWarning() << failed.first().first().toString();
        return nullptr;
    }
    return session.outcome();
}

/// The Privacy perspective's feasibility line once its check has run ("timeout" after 20 s).
inline QString feasibilityText(ui::PrivacyPerspective* privacy) {
    if (!QTest::qWaitFor([&] { return !privacy->isCheckingFeasibility(); }, 20000))
        return "timeout";
    return privacy->warningsLabel()->text();
}

/// The levels of `ids`, sorted: node lists compared regardless of their order.
inline std::vector<Levels> sortedLevels(const Lattice& lattice, const std::vector<NodeId>& ids) {
    std::vector<Levels> out;
    for (NodeId id : ids) out.push_back(lattice.levels(id));
    std::sort(out.begin(), out.end());
    return out;
}

/// Levels as `ldiv … --json` writes them: [1, 2, 0].
inline Levels levelsOf(const QJsonArray& array) {
    Levels out;
    for (const QJsonValue& v : array) out.push_back(v.toInt());
    return out;
}

}  // namespace ldv::test
