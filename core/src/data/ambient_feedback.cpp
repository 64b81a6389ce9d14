#include "ldiv/data/ambient_feedback.h"

#include <atomic>

namespace ldv {
namespace {
// Atomic, not thread_local: the job's own worker threads read it too.
std::atomic<Feedback*> g_ambient{nullptr};
}  // namespace

Feedback* ambientFeedback() {
    return g_ambient.load(std::memory_order_acquire);
}

AmbientFeedbackScope::AmbientFeedbackScope(Feedback* feedback)
    : m_previous(g_ambient.exchange(feedback, std::memory_order_acq_rel)) {}

AmbientFeedbackScope::~AmbientFeedbackScope() {
    g_ambient.store(m_previous, std::memory_order_release);
}

}  // namespace ldv
