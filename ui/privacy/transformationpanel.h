#pragma once
// Privacy ▸ Transformation (issue #34): the steward chooses how the table is transformed —
// full-domain generalization (a node of the lattice, published from the Export perspective)
// or one of the transformations that generalize each class on its own (local recoding,
// Mondrian, microaggregation, cell suppression; transform/transformation.h). For those, the
// panel runs the model on the search's requirement in the background and shows it side by
// side with the full-domain optimum of the same search (workflow/publication_figures.h):
// classes, information loss, suppressed records and cells, risk. "Export table…" writes the
// model's table and its release record (release/transform_release.h), which `ldiv verify`
// checks on the published file itself.
#include <QGroupBox>
#include <QPointer>
#include <functional>
#include <memory>

#include "project/job.h"
#include "widgets/qtforward.h"

namespace ldv::ui {

class SearchSession;
struct ReportData;

class TransformationPanel : public QGroupBox {
    Q_OBJECT
public:
    explicit TransformationPanel(QWidget* parent = nullptr);
    void setSession(SearchSession* session);

    QComboBox* modelBox() const { return m_model; }
    QComboBox* aggregateBox() const { return m_aggregate; }
    QPushButton* compareButton() const { return m_compare; }
    QPushButton* exportButton() const { return m_export; }
    QPushButton* reportButton() const { return m_reportButton; }
    QTableWidget* table() const { return m_table; }
    QLabel* statusLabel() const { return m_status; }
    bool isRunning() const;

    /// Runs the chosen model on the search's outcome and shows it beside the optimum.
    void compare();
    /// Writes the chosen model's table to `path` (CSV) and, where ldiv verify can check its
    /// criteria, its release record beside it; exported() tells.
    void exportTo(const QString& path);

    /// Writes the report of the table last exported (HTML, or PDF by the suffix); false with
    /// the reason in the status when there is none or the file cannot be written.
    bool exportReportTo(const QString& path);

signals:
    void compared(bool ok);
    void exported(bool ok);

private:
    void modelChosen();
    /// Shows the session's (the project's) choice without choosing it again.
    void followSession();
    void showAvailability();
    void runJob(const QString& title, Job::Work work,
                std::function<void(std::shared_ptr<void>)> done, std::function<void()> failed);

    QPointer<SearchSession> m_session;
    QComboBox* m_model;
    QComboBox* m_aggregate;
    QPushButton* m_compare;
    QPushButton* m_export;
    QPushButton* m_cancel;
    QPushButton* m_reportButton;
    /// The report of the table last exported with the current choice (none after a change).
    std::shared_ptr<const ReportData> m_report;
    QTableWidget* m_table;
    QLabel* m_status;
    QPointer<Job> m_job;
    /// The status holds a job's message (progress, result, refusal), not the availability.
    bool m_jobSpoke = false;
};

}  // namespace ldv::ui
