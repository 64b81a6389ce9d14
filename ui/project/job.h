#pragma once
// A background job: QtConcurrent::run + QFutureWatcher + a core Feedback object. The work
// runs on the thread pool, polls the feedback for cancellation and reports progress; the
// result is delivered on the GUI thread. Progress is polled by a timer (no callbacks across
// threads, no processEvents()).
#include <QFutureWatcher>
#include <QObject>
#include <QString>
#include <QTimer>
#include <functional>
#include <memory>

#include "ldiv/data/feedback.h"

namespace ldv::ui {

class Job : public QObject {
    Q_OBJECT
public:
    /// The work returns its result type-erased; it may throw (message shown to the user) or
    /// throw ldv::Cancelled.
    using Work = std::function<std::shared_ptr<void>(ldv::Feedback&)>;

    Job(QString title, Work work, QObject* parent = nullptr);
    ~Job() override;

    void start();
    void cancel();
    bool isRunning() const { return m_running; }
    const QString& title() const { return m_title; }
    /// Jobs running in this process (the scripted screenshot waits until it is 0).
    static int runningCount();

signals:
    void progressChanged(double fraction);
    void succeeded(std::shared_ptr<void> result);
    void failed(const QString& message);
    void cancelled();
    /// Emitted after succeeded/failed/cancelled.
    void finished();

private:
    struct Outcome {
        std::shared_ptr<void> value;
        QString error;
        bool cancelled = false;
    };
    void onFinished();
    void abandon();

    QString m_title;
    Work m_work;
    std::shared_ptr<ldv::Feedback> m_feedback;
    QFutureWatcher<Outcome> m_watcher;
    QTimer m_poll;
    bool m_running = false;
};

}  // namespace ldv::ui
