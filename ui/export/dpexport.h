#pragma once
// The Export perspective's differential-privacy box: SafePub (Bild, Kuhn & Prasser 2018) draws
// the node with the exponential mechanism, samples the rows and suppresses the classes below its
// k; the workflow's publishDifferentiallyPrivate (the code of `ldiv generalize -c
// differential-privacy=EPS,DELTA`) runs on a worker thread from the project's files, writes the
// table and, when asked, its release record (makeDpRelease). PRAM (Gouweleeuw et al. 1998) may
// perturb chosen columns; their matrices can be inspected after the run. docs/dp.md.
#include <QGroupBox>
#include <QPointer>

#include <vector>

#include "export/exportrun.h"
#include "export/pseudonymprompt.h"
#include "ldiv/transform/pram_columns.h"
#include "widgets/qtforward.h"

namespace ldv::ui {

class Project;

class DpExportBox : public QGroupBox {
    Q_OBJECT
public:
    explicit DpExportBox(QWidget* parent = nullptr);
    void setProject(Project* project);
    /// Follows the perspective's "neutralise formulas" option.
    void setNeutralizeFormulas(bool on) { m_neutralize = on; }
    /// Runs SafePub and writes its table to `path` (and the record next to it when asked);
    /// finished() tells.
    void exportTo(const QString& path);
    bool isRunning() const;
    QString status() const;
    void setPseudonymPrompt(PseudonymPrompt prompt) { m_prompt = std::move(prompt); }
    /// The PRAM matrices of the last run, as CSV under "# COL (p = P)" lines ("" if none).
    QString pramMatrices() const { return m_matrices; }
    /// The record written with the last run, else "".
    QString releasePath() const { return m_releasePath; }

    // The settings, for tests and remembered settings.
    QDoubleSpinBox* epsilonBox() const { return m_epsilon; }
    QLineEdit* deltaEdit() const { return m_delta; }
    QCheckBox* reproducibleBox() const { return m_reproducible; }
    QSpinBox* seedBox() const { return m_seed; }
    QLineEdit* pramEdit() const { return m_pram; }
    QCheckBox* releaseBox() const { return m_release; }

signals:
    void finished(bool ok);
    void wrote(const QString& path);
    /// The mechanism drew `levels` ("1,0,2"); `explanation` says that the choice was random.
    void drawn(const QString& levels, const QString& explanation);

private:
    void updateAvailability();
    void showMatrices();
    QPointer<Project> m_project;
    QDoubleSpinBox* m_epsilon;
    QLineEdit* m_delta;
    QComboBox* m_score;
    QSpinBox* m_steps;
    QCheckBox* m_reproducible;
    QSpinBox* m_seed;
    QLineEdit* m_pram;
    QCheckBox* m_release;
    ExportRun m_run;
    QPushButton* m_matricesButton;
    bool m_neutralize = true;
    PseudonymPrompt m_prompt;
    QString m_matrices;
    std::vector<PramApplied> m_pramApplied;
    QString m_releasePath;
};

}  // namespace ldv::ui
