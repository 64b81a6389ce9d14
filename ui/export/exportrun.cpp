#include "export/exportrun.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>

#include "project/job.h"

namespace ldv::ui {

ExportRun::ExportRun(QWidget* box, const QString& buttonText, const QString& cancelTip)
    : button(new QPushButton(buttonText, box)),
      cancel(new QPushButton(QObject::tr("Cancel"), box)),
      status(new QLabel(box)) {
    cancel->setEnabled(false);
    cancel->setToolTip(cancelTip);
    status->setWordWrap(true);
    status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QObject::connect(cancel, &QPushButton::clicked, box, [this] {
        if (job) job->cancel();
    });
}

bool ExportRun::isRunning() const {
    return job && job->isRunning();
}

QWidget* ExportRun::buttonRow(QWidget* extra) const {
    auto* buttons = new QWidget(button->parentWidget());
    auto* row = new QHBoxLayout(buttons);
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(button, 1);
    row->addWidget(cancel);
    if (extra) row->addWidget(extra);
    return buttons;
}

void ExportRun::allow(const QString& missing, const QString& does) {
    button->setEnabled(missing.isEmpty() && !isRunning());
    button->setToolTip(missing.isEmpty() ? does : missing);
}

void ExportRun::start(Job* next, const QString& runningText) {
    delete job;
    job = next;
    button->setEnabled(false);
    cancel->setEnabled(true);
    status->setText(runningText);
    QObject::connect(job, &Job::finished, cancel, [c = cancel] { c->setEnabled(false); });
    job->start();
}

}  // namespace ldv::ui
