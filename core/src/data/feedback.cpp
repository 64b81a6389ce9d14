#include "ldiv/data/feedback.h"

#include <algorithm>
#include <cmath>

#include "ldiv/data/error.h"

namespace ldv {

void Feedback::checkCancelled() const {
    if (isCancelled()) throw Cancelled();
}

void Feedback::setProgress(double fraction) {
    fraction = std::clamp(fraction, 0.0, 1.0);
    m_progress.store(fraction, std::memory_order_relaxed);
    // Throttle: a worker may report per node or per row; the GUI wants at most ~1000 updates.
    const int permille = static_cast<int>(std::lround(fraction * 1000.0));
    if (m_callback && permille != m_lastPermille) {
        m_lastPermille = permille;
        m_callback(fraction);
    }
}

SubFeedback::SubFeedback(Feedback* outer, double from, double to)
    : m_outer(outer), m_from(from), m_to(to), m_inner([this](double f) { forward(f); }) {
    if (m_outer) {
        m_outer->checkCancelled();
        m_outer->setProgress(from);
    }
}

void SubFeedback::forward(double fraction) {
    if (!m_outer) return;
    m_outer->setProgress(m_from + (m_to - m_from) * fraction);
    if (m_outer->isCancelled()) m_inner.cancel();
}

}  // namespace ldv
