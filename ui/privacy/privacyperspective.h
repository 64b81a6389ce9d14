#pragma once
// The Privacy & search perspective: the criteria (stored in the project, undoable), the
// suppression limit, utility metric, algorithm and the heuristic's time limit; what the
// algorithm will do on this lattice; feasibility warnings computed in the background before
// running; the search with progress and Cancel (the heuristic's best node while it runs); a
// summary of the result.
#include <QPointer>
#include <QTimer>
#include <QWidget>

#include "ldiv/project/search_settings.h"
#include "widgets/qtforward.h"

namespace ldv::ui {

class CriterionEditor;
class Job;
class Project;
class SearchSession;
class TransformationPanel;

class PrivacyPerspective : public QWidget {
    Q_OBJECT
public:
    explicit PrivacyPerspective(QWidget* parent = nullptr);
    void setSession(SearchSession* session);

    CriterionEditor* editor() const { return m_editor; }
    QListWidget* criteriaList() const { return m_criteria; }
    QLabel* warningsLabel() const { return m_warnings; }
    QLabel* editorErrorLabel() const { return m_editorError; }
    /// The message of the last failed search while its cause is unchanged ("" = none).
    QString failure() const { return m_failure; }
    QTextBrowser* summary() const { return m_summary; }
    /// The Transformation choice and its comparison with the full-domain optimum.
    TransformationPanel* transformationPanel() const { return m_transformation; }
    QPushButton* runButton() const { return m_run; }
    QPushButton* cancelButton() const { return m_cancel; }
    QDoubleSpinBox* suppressionBox() const { return m_suppression; }
    QComboBox* metricBox() const { return m_metric; }
    /// "Options…" beside the metric: weights, gs-factor and aggregate (MetricOptionsDialog).
    QPushButton* metricOptionsButton() const { return m_metricOptions; }
    /// Applies the options dialog's choices as one undoable edit (what OK does).
    void setMetricOptions(const SearchSettings& settings);
    QComboBox* algorithmBox() const { return m_algorithm; }
    /// The heuristic's time limit: on = a limit of timeLimitBox()'s seconds, off = none.
    QCheckBox* timeLimitCheck() const { return m_timeLimitOn; }
    QDoubleSpinBox* timeLimitBox() const { return m_timeLimit; }
    /// What the chosen algorithm will do on this lattice (algorithmRuleText).
    QLabel* algorithmRuleLabel() const { return m_rule; }
    bool isCheckingFeasibility() const;
    /// δ-presence's research subset (Project::researchSubset): COL=VALUE or a CSV file.
    QLineEdit* researchSubsetEdit() const { return m_subset; }
    /// What the subset holds ("4 of 8 rows are published") or why it cannot be used.
    QLabel* researchSubsetStatus() const { return m_subsetStatus; }
    /// Sets the project's research subset from text ("" = none); a file path relative to the
    /// project's folder is made absolute. False, with the reason in researchSubsetStatus(),
    /// when it does not resolve against the table (unknown column or value, a file row that
    /// is not in the table): the project keeps its subset.
    bool setResearchSubsetText(const QString& text);
    /// Chooses a CSV file of the subset's rows (remembered folder) and sets it.
    void browseResearchSubset();

    /// Adds the editor's criterion (false with a message when it does not parse).
    bool addCriterion();
    void removeSelectedCriterion();

private:
    void loadSettings();
    void storeSettings(const QString& text, bool mergeable);
    void checkFeasibility();
    void showOutcome();
    void showRule();
    void showBestSoFar();
    void setRunning(bool running);
    void clearFailure();
    void showResearchSubset();
    /// Folder that relative research-subset files are read from.
    QString subsetBaseDir() const;
    Project* project() const;

    QPointer<SearchSession> m_session;
    CriterionEditor* m_editor;
    QListWidget* m_criteria;
    QDoubleSpinBox* m_suppression;
    QComboBox* m_metric;
    QPushButton* m_metricOptions;
    QComboBox* m_algorithm;
    QCheckBox* m_timeLimitOn;
    QDoubleSpinBox* m_timeLimit;
    QLabel* m_rule;
    QLabel* m_warnings;
    QLabel* m_editorError;
    QPushButton* m_run;
    QPushButton* m_cancel;
    QProgressBar* m_progress;
    QLineEdit* m_subset;
    QLabel* m_subsetStatus;
    QTextBrowser* m_summary;
    TransformationPanel* m_transformation;
    QTimer m_debounce;
    Job* m_feasibilityJob = nullptr;
    bool m_loading = false;
    /// Why the last search failed, shown until the project changes ("" = none).
    QString m_failure;
};

}  // namespace ldv::ui
