#pragma once
// A step of a multi-search experiment: the inner search reports 0..1, which maps to
// [from, to] of the outer job; the outer job's cancel flag reaches the inner search through
// the progress callback (the search polls its own Feedback once per node).
#include "ldiv/feedback.h"

namespace ldv::detail {

class SubFeedback {
public:
    SubFeedback(Feedback* outer, double from, double to)
        : m_outer(outer), m_from(from), m_to(to), m_inner([this](double f) { forward(f); }) {
        if (m_outer) {
            m_outer->checkCancelled();
            m_outer->setProgress(from);
        }
    }
    SubFeedback(const SubFeedback&) = delete;
    SubFeedback& operator=(const SubFeedback&) = delete;

    Feedback* get() { return &m_inner; }

private:
    void forward(double fraction) {
        if (!m_outer) return;
        m_outer->setProgress(m_from + (m_to - m_from) * fraction);
        if (m_outer->isCancelled()) m_inner.cancel();
    }

    Feedback* m_outer;
    double m_from, m_to;
    Feedback m_inner;
};

}  // namespace ldv::detail
