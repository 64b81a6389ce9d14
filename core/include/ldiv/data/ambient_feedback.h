#pragma once
// The feedback of the job this process is running, for callers that cannot hand a Feedback
// down: the Python module runs the CLI's commands in-process (python/ldiv_module.cpp), and
// the commands pass no Feedback to the engine. The long entry points (search, frontier, the
// table's loading) fall back to this one when given none, so the module's progress callback
// and Ctrl+C reach them without a second code path.
#include "ldiv/data/feedback.h"

namespace ldv {

/// The installed feedback, or null (the CLI and the workbench install none).
Feedback* ambientFeedback();
/// `feedback` if given, else the ambient one.
inline Feedback* orAmbientFeedback(Feedback* feedback) {
    return feedback ? feedback : ambientFeedback();
}

/// Installs a feedback for its lifetime (one job at a time per process).
class AmbientFeedbackScope {
public:
    explicit AmbientFeedbackScope(Feedback* feedback);
    ~AmbientFeedbackScope();
    AmbientFeedbackScope(const AmbientFeedbackScope&) = delete;
    AmbientFeedbackScope& operator=(const AmbientFeedbackScope&) = delete;

private:
    Feedback* m_previous;
};

}  // namespace ldv
