#pragma once
// The Export perspective's (τ,ℓ) box: the publishable table of SWEEP (Tian & Zhang 2011 §4: local
// recoding of the QI, sensitive values generalized along the sensitive attribute's hierarchy where
// a class needs it), computed on a worker thread from the project and written as CSV. The written
// table is checked with checkTau before it is reported as (τ,ℓ)-diverse. Identifying attributes
// with a pseudonymization role are published as pseudonyms, through the core's
// pseudonymizeIdentifying and recodedTable as `ldiv sweep -o` does (the secret or the random
// mapping's file asked at each export, never stored).
#include <QGroupBox>
#include <QPointer>

#include "export/exportrun.h"
#include "export/pseudonymprompt.h"
#include "widgets/qtforward.h"

namespace ldv::ui {

class Project;

class SweepExportBox : public QGroupBox {
    Q_OBJECT
public:
    explicit SweepExportBox(QWidget* parent = nullptr);
    void setProject(Project* project);
    void setParameters(double tau, double l);
    /// Follows the perspective's "neutralise formulas" option (for the button).
    void setNeutralizeFormulas(bool on) { m_neutralize = on; }
    /// Starts SWEEP and writes its table to `path` when done (finished() tells).
    void exportTo(const QString& path, bool neutralizeFormulas);
    bool isRunning() const;
    QString status() const;
    /// Replaces the pseudonym dialog (tests give their answers).
    void setPseudonymPrompt(PseudonymPrompt prompt) { m_prompt = std::move(prompt); }
    /// The random pseudonyms' mapping file written with the last export, else "".
    QString pseudonymMappingPath() const { return m_mappingPath; }

signals:
    void finished(bool ok);
    /// The table was written to `path`.
    void wrote(const QString& path);

private:
    /// Enables the export button when the project has what SWEEP needs; the tooltip says why not.
    void updateAvailability();
    QPointer<Project> m_project;
    QDoubleSpinBox* m_tau;
    QSpinBox* m_l;
    QSpinBox* m_seed;
    ExportRun m_run;
    bool m_neutralize = true;
    PseudonymPrompt m_prompt;
    QString m_mappingPath;
};

}  // namespace ldv::ui
