#include "project/job.h"

#include <QtConcurrent/QtConcurrentRun>
#include <atomic>

#include "ldiv/data/error.h"

namespace ldv::ui {

namespace {
std::atomic<int> g_running{0};
}

Job::Job(QString title, Work work, QObject* parent)
    : QObject(parent), m_title(std::move(title)), m_work(std::move(work)) {
    m_poll.setInterval(100);
    connect(&m_poll, &QTimer::timeout, this, [this] {
        if (m_feedback) emit progressChanged(m_feedback->progress());
    });
    connect(&m_watcher, &QFutureWatcher<Outcome>::finished, this, &Job::onFinished);
}

Job::~Job() {
    // The worker owns copies of its inputs and of the feedback: cancel it and let it finish
    // on the pool without waiting for it here.
    abandon();
}

void Job::abandon() {
    if (!m_running) return;
    m_feedback->cancel();
    m_poll.stop();
    m_running = false;
    --g_running;
}

int Job::runningCount() {
    return g_running.load();
}

void Job::start() {
    // A new request cancels the old one; its result is dropped.
    abandon();
    m_feedback = std::make_shared<ldv::Feedback>();
    m_running = true;
    ++g_running;
    auto feedback = m_feedback;
    auto work = m_work;
    m_watcher.setFuture(QtConcurrent::run([feedback, work]() -> Outcome {
        Outcome out;
        try {
            out.value = work(*feedback);
        } catch (const ldv::Cancelled&) {
            out.cancelled = true;
        } catch (const std::exception& e) {
            out.error = QString::fromStdString(e.what());
        }
        return out;
    }));
    m_poll.start();
    emit progressChanged(0);
}

void Job::cancel() {
    if (m_running && m_feedback) m_feedback->cancel();
}

void Job::onFinished() {
    if (!m_running || !m_watcher.future().isFinished()) return;
    m_poll.stop();
    m_running = false;
    --g_running;
    const Outcome out = m_watcher.result();
    if (out.cancelled)
        emit cancelled();
    else if (!out.error.isEmpty())
        emit failed(out.error);
    else
        emit succeeded(out.value);
    emit finished();
}

}  // namespace ldv::ui
