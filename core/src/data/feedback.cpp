#include "ldiv/feedback.h"

#include <algorithm>
#include <cmath>

#include "ldiv/error.h"

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

}  // namespace ldv
