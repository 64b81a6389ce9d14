#pragma once
// The Risk perspective: re-identification risk of the original table and of the node chosen
// in the lattice, side by side (before/after). Prosecutor, journalist and marketer risk (El
// Emam & Dankar 2008), sample and population uniqueness (Pitman after Hoshino 2001, Zayatz
// 1991, SNB after Chen & McNulty 1998, and the decision rule of Dankar et al. 2012), the
// prosecutor-risk histogram (an exportable chart), and the distinction and separation of
// every combination of quasi-identifiers (Motwani & Xu 2007) in a sortable table.
//
// The population size N is a project setting (saved in the project file, undoable), set
// here. Results are derived: any change of the project, the search or the chosen node marks
// them out of date, and they are recomputed in the background (Job: progress, Cancel) when
// the perspective is shown.
#include <QPointer>
#include <QWidget>
#include <memory>
#include <optional>

#include "ldiv/lattice/lattice.h"
#include "session/nodeassessment.h"
#include "widgets/qtforward.h"

class QSortFilterProxyModel;

namespace ldv {
struct RiskReport;
}

namespace ldv::ui {

class Job;
class PanelChart;
class Project;
class RiskCombinationModel;
class SearchSession;
struct ChartData;
struct SearchOutcome;

class RiskPerspective : public NodeAssessment {
    Q_OBJECT
public:
    explicit RiskPerspective(QWidget* parent = nullptr);
    /// The node's published table is compared with the original (NodeAssessment).
    void compute() override;
    std::shared_ptr<const RiskReport> report() const { return m_report; }

    /// Sets the project's population size from text ("" = none). False, with the reason
    /// next to the field (populationError()), when it is not a number of at least the table's
    /// rows.
    bool setPopulationText(const QString& text);
    QString populationError() const;
    QLineEdit* populationEdit() const { return m_population; }
    QDoubleSpinBox* thresholdBox() const { return m_threshold; }
    QTableWidget* figuresTable() const { return m_figures; }
    QTableView* combinationView() const { return m_combinationView; }
    RiskCombinationModel* combinationModel() const { return m_combinations; }
    PanelChart* chart() const { return m_chart; }
    QString statusText() const;
    /// PNG, PDF, SVG or CSV by suffix; false when there is nothing to export or writing fails.
    bool exportChart(const QString& path);

protected:
    void transformationChanged() override { markStale(tr("another transformation was chosen")); }
    void projectChanged() override;
    void searchSettingsChanged() override;
    bool hasResult() const override { return m_report != nullptr; }

private:
    void showReport();
    void fillFigures();
    void setRunning(bool running);
    void populationEdited();
    void followProjectPopulation();
    void exportDialog(const QString& suffix);
    void exportCombinations();
    /// The search's outcome when its nodes still describe the project (nodechoice.h).
    std::shared_ptr<const SearchOutcome> usableOutcome() const;

    std::shared_ptr<const RiskReport> m_report;
    QString m_reportNode;  ///< "node [1, 0, 2]" or "" for the table only

    QLabel* m_title;
    QLineEdit* m_population;
    QLabel* m_populationError;
    QDoubleSpinBox* m_threshold;
    /// SUDA2's special uniques among the figures (can take a while on many QIs).
    QCheckBox* m_suda2;
    QPushButton* m_compute;
    QPushButton* m_cancel;
    QProgressBar* m_progress;
    QTableWidget* m_figures;
    PanelChart* m_chart;
    QList<QPushButton*> m_exports;
    RiskCombinationModel* m_combinations;
    QSortFilterProxyModel* m_sorted;
    QTableView* m_combinationView;
    QLabel* m_combinationNote;
    QLineEdit* m_combinationFilter;
    QPushButton* m_combinationCsv;
};

/// The histogram of prosecutor risk (percent of records per risk band) of a report: one
/// series for the original table, one for the node; bands empty on both sides are left out.
ChartData riskChartData(const RiskReport& report, const QString& nodeName);

}  // namespace ldv::ui
