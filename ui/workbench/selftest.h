#pragma once
// `ldiv-workbench --self-test`: checks that an installed workbench works end to end without a
// user. It opens the bundled hospital example as `--open hospital` does, runs the project's
// search through the same SearchSession the scripted screenshots use, compares the result
// with ldv::search called directly on the project (lattice size, satisfying, minimal and
// optimal nodes), shows and grabs every perspective and renders an analysis chart. One line
// per check goes to `out`; the last line is "self-test passed" or "self-test failed: CHECK".
#include <QString>

class QTextStream;

namespace ldv::ui {

class MainWindow;

/// Runs the checks on a shown window (spinning the event loop while background work runs)
/// and returns the exit code: 0 when every check passed, 1 at the first failing check.
int runSelfTest(MainWindow& window, QTextStream& out,
                const QString& example = QStringLiteral("hospital"));

}  // namespace ldv::ui
