#pragma once
// What the Risk and Utility perspectives share: an assessment of the node chosen for export
// (or of the table alone) that goes out of date when the search runs again, the project
// changes or another node is chosen, and is computed again in a background Job when the
// perspective is on screen (several changes in a row coalesce into one computation).
#include <QPointer>
#include <QWidget>
#include <optional>

#include "ldiv/lattice/lattice.h"
#include "widgets/qtforward.h"

namespace ldv::ui {

class Job;
class Project;
class SearchSession;

class NodeAssessment : public QWidget {
    Q_OBJECT
public:
    using QWidget::QWidget;

    /// The session's project and search (its outcome gives the nodes).
    void setSession(SearchSession* session);
    /// The node assessed (from the lattice's "Use for export").
    void setNode(ldv::NodeId id);
    /// Starts the computation now (cancels a running one).
    virtual void compute() = 0;
    void cancel();
    bool isRunning() const;
    /// True when the shown result no longer matches the project, the search or the node.
    bool isStale() const { return m_stale; }

signals:
    void runningChanged(bool running);
    /// A computation ended (successfully or not).
    void finished();

protected:
    void showEvent(QShowEvent* event) override;
    /// Marks the result out of date (saying why in the status line when there is one) and
    /// computes again once control returns to the event loop, while on screen.
    void markStale(const QString& reason);
    /// Cancels the running job and lets it go (before a new one starts).
    void dropJob();
    /// The new project's own state: called by setSession after the shared wiring, with
    /// m_node and m_dataChanged reset; the subclass clears its result and shows it.
    virtual void projectChanged() = 0;
    /// The project's roles, types or hierarchies changed (m_dataChanged is set).
    virtual void projectDataChanged() {}
    /// The project's search settings changed.
    virtual void searchSettingsChanged() { markStale(tr("the project's settings changed")); }
    /// Privacy ▸ Transformation chose another model (only an assessment of the published
    /// table follows it).
    virtual void transformationChanged() {}
    /// A result is shown (its status line then says "Out of date").
    virtual bool hasResult() const = 0;

    QPointer<SearchSession> m_session;
    QPointer<Project> m_project;
    std::optional<ldv::NodeId> m_node;
    bool m_stale = true;
    /// Roles, types or hierarchies changed since the search.
    bool m_dataChanged = false;
    Job* m_job = nullptr;
    /// The status line (set by the subclass's constructor).
    QLabel* m_status = nullptr;

private:
    void setProject(Project* project);
};

}  // namespace ldv::ui
