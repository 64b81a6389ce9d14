#include "lattice/sessionjobpanel.h"

#include "project/job.h"
#include "session/searchsession.h"

namespace ldv::ui {

bool SessionJobPanel::isRunning() const {
    return m_job && m_job->isRunning();
}

void SessionJobPanel::follow(SearchSession* session) {
    if (m_session) m_session->disconnect(this);
    m_session = session;
}

}  // namespace ldv::ui
