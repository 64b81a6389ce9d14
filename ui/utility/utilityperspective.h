#pragma once
// The Utility perspective: what publishing the node chosen in the lattice cost the data, input
// against output (docs/utility.md; the same core function as `ldiv utility`): per attribute
// the two distributions (chart and table) and summary statistics, and for two chosen
// attributes their two-way tables as heatmaps with Cramér's V. Suppressed rows are counted
// apart, never mixed into the output.
//
// Like the Risk perspective it follows the chosen node, and its results are derived: a change
// of the project, the search or the node marks them out of date, and they are recomputed in
// the background (Job: progress, Cancel) while the perspective is shown.
#include <QPointer>
#include <QWidget>
#include <memory>
#include <optional>
#include <vector>

#include "charts/reportchart.h"
#include "ldiv/lattice/lattice.h"
#include "ldiv/utility/utility_report.h"
#include "session/nodeassessment.h"
#include "widgets/qtforward.h"

namespace ldv::ui {

class Job;
class PanelChart;
class Project;
class SearchSession;

/// A computed comparison and the node it is of.
struct UtilityView {
    ldv::UtilityReport report;
    ldv::Levels levels;
    QString nodeName;
};

class UtilityPerspective : public NodeAssessment {
    Q_OBJECT
public:
    explicit UtilityPerspective(QWidget* parent = nullptr);
    /// The node's published table is compared with the input (NodeAssessment).
    void compute() override;
    std::shared_ptr<const UtilityView> view() const { return m_view; }

    QComboBox* attributeBox() const { return m_attribute; }
    QComboBox* firstBox() const { return m_first; }
    QComboBox* secondBox() const { return m_second; }
    /// The target attribute of the classification panel ("" = none: no classifiers run).
    QComboBox* targetBox() const { return m_target; }
    /// Model, input accuracy, output accuracy, baseline, relative accuracy, accuracy on the
    /// suppressed rows; Qt::UserRole holds the exact number.
    QTableWidget* classificationTable() const { return m_classification; }
    /// Attribute, statistic, input, output; Qt::UserRole holds the exact number (or text).
    QTableWidget* summaryTable() const { return m_summary; }
    /// Input value, rows, output value, rows of the attribute shown.
    QTableWidget* distributionTable() const { return m_distribution; }
    PanelChart* distributionChart() const { return m_distributionChart; }
    PanelChart* contingencyChart() const { return m_contingencyChart; }
    QString statusText() const;
    /// The shown distribution and heatmap, rendered for the publication report (nothing when
    /// no utility is computed, or it is of another node than `levels`).
    std::vector<ReportChart> reportCharts(const ldv::Levels& levels) const;
    /// The classification computed for `levels`, if any (for the report).
    std::optional<ldv::ClassificationReport> classification(const ldv::Levels& levels) const;

protected:
    void transformationChanged() override { markStale(tr("another transformation was chosen")); }
    void projectChanged() override;
    void projectDataChanged() override { fillAttributeChoices(); }
    bool hasResult() const override { return m_view != nullptr; }

private:
    void fillAttributeChoices();
    void showView();
    void fillSummary();
    void fillClassification();
    void showAttribute();
    void setRunning(bool running);
    QWidget* exportButtons(PanelChart* chart, const QString& baseName);

    std::shared_ptr<const UtilityView> m_view;

    QLabel* m_title;
    QComboBox* m_attribute;
    QComboBox* m_first;
    QComboBox* m_second;
    QComboBox* m_target;
    QLabel* m_classificationNote;
    QTableWidget* m_classification;
    QPushButton* m_compute;
    QPushButton* m_cancel;
    QProgressBar* m_progress;
    QTableWidget* m_summary;
    QTableWidget* m_distribution;
    PanelChart* m_distributionChart;
    PanelChart* m_contingencyChart;
    QList<QPushButton*> m_exports;
};

}  // namespace ldv::ui
