#pragma once
// Progress and cancellation for long jobs (QGIS-style feedback object): created by the
// caller, polled by the worker. Thread-safe.
#include <atomic>
#include <functional>

namespace ldv {

class Feedback {
public:
    using ProgressCallback = std::function<void(double fraction)>;

    Feedback() = default;
    explicit Feedback(ProgressCallback callback) : m_callback(std::move(callback)) {}

    void cancel() { m_cancelled.store(true, std::memory_order_relaxed); }
    bool isCancelled() const { return m_cancelled.load(std::memory_order_relaxed); }
    /// Throws Cancelled when cancel() was called.
    void checkCancelled() const;
    /// Reports progress in [0,1]; calls the callback at most once per 1/1000 step.
    void setProgress(double fraction);
    double progress() const { return m_progress.load(std::memory_order_relaxed); }

private:
    std::atomic<bool> m_cancelled{false};
    std::atomic<double> m_progress{0.0};
    int m_lastPermille = -1;
    ProgressCallback m_callback;
};

/// One step of a job made of several long calls (an experiment running one search per k, an
/// analysis running a search and then an attack): the step's 0..1 maps to [from, to] of the
/// outer feedback, and the outer Cancel reaches the inner call through the progress callback
/// (the inner call polls its own Feedback). `outer` may be null.
class SubFeedback {
public:
    SubFeedback(Feedback* outer, double from, double to);
    SubFeedback(Feedback& outer, double from, double to) : SubFeedback(&outer, from, to) {}
    SubFeedback(const SubFeedback&) = delete;
    SubFeedback& operator=(const SubFeedback&) = delete;

    /// The feedback to hand to the inner call.
    Feedback* get() { return &m_inner; }

private:
    void forward(double fraction);
    Feedback* m_outer;
    double m_from, m_to;
    Feedback m_inner;
};

}  // namespace ldv
