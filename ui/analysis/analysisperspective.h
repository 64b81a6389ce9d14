#pragma once
// The Analysis perspective: the list of analyses (analyses.h) on the left, the chosen one's
// description and chart on the right. Run computes it in the background (Job: progress and
// Cancel here and in the status bar); results are kept per analysis until the project's
// roles, hierarchies or settings change (then they are marked out of date, never undone).
// Export writes the chart as PNG, PDF or SVG and the plotted data as CSV. Each analysis has
// an options form above the chart; its values are validated before a run and saved in the
// project file (with the chosen sensitive attribute), so they travel with the project.
// reportCharts() renders the session's results for the report.
#include <QPointer>
#include <QWidget>
#include <optional>
#include <vector>

#include "analysis/analysisoptions.h"
#include "charts/chartdata.h"
#include "ldiv/project/search_settings.h"
#include "widgets/qtforward.h"

namespace ldv::ui {

class AnalysisOptionsForm;
class Job;
class PanelChart;
class Project;
struct ReportChart;

class AnalysisPerspective : public QWidget {
    Q_OBJECT
public:
    explicit AnalysisPerspective(QWidget* parent = nullptr);
    void setProject(Project* project);

    int analysisCount() const;
    int currentAnalysis() const;
    /// Selects an analysis by index or id ("homogeneity", "utility", "timing", "tau-protection",
    /// "tau-information", "diagnosis", "diagnosis-sets", "beliefs").
    void setCurrentAnalysis(int index);
    bool setCurrentAnalysis(const QString& id);
    /// Runs the selected analysis (cancels a running one).
    void run();
    void cancel();
    bool isRunning() const;
    /// True when the selected analysis has a result.
    bool hasResult() const;
    PanelChart* chart() const { return m_chart; }
    /// PNG, PDF, SVG or CSV by suffix; false with lastError() when there is nothing or writing
    /// fails.
    bool exportChart(const QString& path);
    /// The option texts of the selected analysis (as in its form).
    OptionValues options() const;
    /// Sets one option of the selected analysis in its form (false: no such option).
    bool setOption(const QString& key, const QString& text);
    AnalysisOptionsForm* optionsForm() const { return m_options; }
    /// Every chart computed in this session (in list order) as an image with its title and
    /// note, for the report; results older than the project's last change say so.
    std::vector<ReportChart> reportCharts() const;
    QString lastError() const { return m_error; }
    /// The sensitive attribute the analyses read (those that read one read only one): the
    /// project's first by default. False when `name` is not a sensitive attribute.
    QString sensitiveAttribute() const;
    bool setSensitiveAttribute(const QString& name);
    /// Why the selected analysis' last run failed (invalid options, engine error, Cancelled).
    QString runError() const;

signals:
    void runningChanged(bool running, const QString& title);
    void progressChanged(double fraction);
    /// A run ended (successfully or not).
    void finished();

private:
    void followProjectSuppression();
    /// Writes the options and the chosen sensitive attribute into the project.
    void storeOptions();
    void showCurrent();
    void markStale();
    void exportDialog(const QString& suffix);
    void setRunning(bool running);
    /// Enables Run, its tooltip saying why not when it is disabled.
    void updateRunButton(bool running);
    void fillSensitive();
    QPointer<Project> m_project;
    QListWidget* m_list;
    QLabel* m_title;
    QLabel* m_description;
    QLabel* m_status;
    PanelChart* m_chart;
    QComboBox* m_sensitive;
    AnalysisOptionsForm* m_options;
    int m_shown = -1;
    /// The project's suppression limit as last applied to the analyses' options.
    /// The charts (and whether each is out of date) in the project's workbench state.
    void storeResults();
    void restoreResults();
    QString m_projectSuppression;
    /// The project's settings when last seen: a change marks the results out of date only
    /// when an analysis reads what changed.
    SearchSettings m_settings;  ///< the analysis whose options the form holds
    QPushButton* m_run;
    QPushButton* m_cancel;
    QProgressBar* m_progress;
    QList<QPushButton*> m_exports;
    Job* m_job = nullptr;
    int m_jobAnalysis = -1;
    struct Slot {
        std::optional<ChartData> chart;
        bool stale = false;
        QString error;
    };
    std::vector<Slot> m_results;
    std::vector<OptionValues> m_values;  ///< per analysis, the form's texts
    QString m_error;
};

}  // namespace ldv::ui
