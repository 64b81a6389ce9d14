#pragma once
// The scriptable view: open a project or bundled example, show a perspective, wait until
// background work is done, save QWidget::grab() of the main window and finish with an exit
// code (0 = written, 1 = cannot open, 2 = cannot write or timed out). For the privacy,
// lattice and export perspectives the project's search is run and waited for first; for the
// analysis perspective the first analysis is run and waited for.
#include <QElapsedTimer>
#include <QObject>
#include <QStringList>
#include <QTimer>

namespace ldv::ui {

class MainWindow;

class ScreenshotRunner : public QObject {
    Q_OBJECT
public:
    ScreenshotRunner(MainWindow* window, QString target, QString perspective, QString output,
                     QObject* parent = nullptr);
    /// Starts; `finished` is emitted once with the exit code.
    void start();
    /// Attribute to select in the Data and Hierarchies perspectives once loaded.
    void setAttribute(const QString& attribute) { m_attribute = attribute; }
    /// Options ("key=value") set in the analysis' form before it runs (analysis perspective).
    void setAnalysisOptions(const QStringList& options) { m_analysisOptions = options; }
    /// Lattice nodes ("1,0,2") selected instead of the optimum; two or more are compared.
    void setNodes(const QStringList& nodes) { m_nodes = nodes; }

signals:
    void finished(int exitCode);

private:
    void poll();
    void fail(int code, const QString& message);
    MainWindow* m_window;
    QString m_target, m_perspective, m_output, m_attribute;
    QStringList m_analysisOptions, m_nodes;
    QTimer m_poll;
    QElapsedTimer m_clock;
    int m_quietTicks = 0;
    /// privacy, lattice, analysis, export: the project's search runs first (stage 1), then the
    /// perspective prepares its view (stage 2, e.g. the lattice selects the optimum); 3: the
    /// first analysis runs.
    int m_searchStage = 0;
    bool m_done = false;
};

}  // namespace ldv::ui
