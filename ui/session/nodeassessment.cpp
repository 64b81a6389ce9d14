#include "session/nodeassessment.h"

#include <QLabel>
#include <QTimer>

#include "project/job.h"
#include "project/project.h"
#include "session/searchsession.h"

namespace ldv::ui {

void NodeAssessment::setSession(SearchSession* session) {
    if (m_session) m_session->disconnect(this);
    m_session = session;
    if (session) {
        connect(session, &SearchSession::outcomeChanged, this, [this] {
            m_node.reset();  // node ids belong to the previous outcome
            m_dataChanged = false;
            markStale(tr("the search ran again"));
        });
        connect(session, &SearchSession::staleChanged, this, [this](bool stale) {
            if (stale) markStale(tr("the project changed since the search"));
        });
        connect(session, &SearchSession::transformationChanged, this,
                [this] { transformationChanged(); });
    }
    setProject(session ? session->project() : nullptr);
}

void NodeAssessment::setProject(Project* project) {
    if (m_project) m_project->disconnect(this);
    cancel();
    m_project = project;
    m_node.reset();
    m_dataChanged = false;
    if (project) {
        const auto changed = [this] {
            m_dataChanged = true;
            projectDataChanged();
            markStale(tr("the project changed"));
        };
        connect(project, &Project::roleChanged, this, changed);
        connect(project, &Project::typeChanged, this, changed);
        connect(project, &Project::hierarchyChanged, this, changed);
        connect(project, &Project::searchSettingsChanged, this,
                [this] { searchSettingsChanged(); });
    }
    m_stale = true;
    projectChanged();
    if (project && isVisible()) compute();
}

void NodeAssessment::setNode(NodeId id) {
    if (m_node == id) return;
    m_node = id;
    markStale(tr("another node was chosen"));
}

void NodeAssessment::markStale(const QString& reason) {
    m_stale = true;
    if (hasResult() && m_status) m_status->setText(tr("Out of date: %1.").arg(reason));
    if (isVisible() && m_project)
        QTimer::singleShot(0, this, [this] {
            if (m_stale && isVisible() && !isRunning()) compute();
        });
}

void NodeAssessment::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    if (m_stale && m_project && !isRunning()) compute();
}

bool NodeAssessment::isRunning() const {
    return m_job && m_job->isRunning();
}

void NodeAssessment::cancel() {
    if (m_job) m_job->cancel();
}

void NodeAssessment::dropJob() {
    if (!m_job) return;
    m_job->cancel();
    m_job->disconnect(this);
    m_job->deleteLater();
    m_job = nullptr;
}

}  // namespace ldv::ui
