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

}  // namespace ldv
