#pragma once
// What the Export perspective's SWEEP and SafePub boxes share to publish on a worker thread: the
// button that starts the run, its Cancel, the status line and the Job; the box keeps what its
// run computes and says.
#include <QString>

#include "widgets/qtforward.h"

namespace ldv::ui {

class Job;

struct ExportRun {
    /// The button (`buttonText`), Cancel (off until a run starts; `cancelTip`) and a selectable,
    /// word-wrapped status line, children of `box`. Cancel cancels the running job.
    ExportRun(QWidget* box, const QString& buttonText, const QString& cancelTip);
    ExportRun(const ExportRun&) = delete;
    ExportRun& operator=(const ExportRun&) = delete;

    bool isRunning() const;
    /// The button and Cancel side by side (then `extra`, if given), for the box's form.
    QWidget* buttonRow(QWidget* extra = nullptr) const;
    /// Enables the button when nothing is `missing` and no run is going; its tooltip says what
    /// the button does (`does`) or what is missing.
    void allow(const QString& missing, const QString& does);
    /// Starts `job` (the box has connected to its results) in place of the previous one, which
    /// is deleted: the button off, Cancel on and `runningText` in the status line until the job
    /// finishes, when Cancel goes off again.
    void start(Job* job, const QString& runningText);

    QPushButton* button;
    QPushButton* cancel;
    QLabel* status;
    Job* job = nullptr;
};

}  // namespace ldv::ui
