#pragma once
// The node panels of the Lattice perspective (Explain, the frontier) each follow the search
// session, run one background job at a time on it, and may ask the perspective to select a
// node. That shared part lives here; each panel adds its controls and what its job computes.
#include <QPointer>
#include <QWidget>

namespace ldv::ui {

class Job;
class SearchSession;

class SessionJobPanel : public QWidget {
    Q_OBJECT
public:
    using QWidget::QWidget;
    /// Whether the panel's background job is running.
    bool isRunning() const;

signals:
    /// The user picked a node in the panel (a fix, a frontier point): select it ("1,2,0").
    void nodeRequested(const QString& levels);

protected:
    /// Follows `session` (nullptr: none): the previous session's connections to this panel
    /// are dropped, so a reopened project never reaches a stale panel.
    void follow(SearchSession* session);

    QPointer<SearchSession> m_session;
    /// The latest job (a new one deletes it); nullptr before the first.
    Job* m_job = nullptr;
};

}  // namespace ldv::ui
