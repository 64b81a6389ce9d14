#pragma once
// The risk–utility frontier in the workbench (core: ldiv/search/frontier_result.h, as `ldiv
// frontier`): the user picks a criteria grid (and optionally a second one), suppression limits and
// a risk model; every requirement's optimum becomes a point (risk across, the project's utility
// metric up), the Pareto-optimal points are joined and highlighted. Clicking a point (or its
// row in the table) asks to select its node. Computed in the background with progress and
// cancel; the chart exports like every chart (PNG, PDF, SVG; CSV of the points).
#include <memory>

#include "lattice/sessionjobpanel.h"
#include "ldiv/search/frontier_result.h"
#include "widgets/qtforward.h"

class QCustomPlot;

namespace ldv::ui {

class FrontierPanel : public SessionJobPanel {
    Q_OBJECT
public:
    explicit FrontierPanel(QWidget* parent = nullptr);
    void setSession(SearchSession* session);

    /// Starts the computation with the controls' values (cancels a running one). False with a
    /// message in status() when a control's value is malformed.
    bool run();
    void cancel();
    std::shared_ptr<const FrontierResult> result() const { return m_result; }

    /// Widget-space centre of point `index` in the plot (for tests and tooltips).
    QPoint pointPixel(std::size_t index) const;
    /// Asks for point `index`'s node (nothing when it has no optimum).
    void choosePoint(std::size_t index);
    /// The chart (PNG, PDF or SVG by suffix) or, for .csv, the points.
    bool exportTo(const QString& path) const;
    QString csv() const;

    QLineEdit* gridEdit() const { return m_grid; }
    QLineEdit* secondGridEdit() const { return m_grid2; }
    QLineEdit* suppressionEdit() const { return m_suppression; }
    /// Also require the project's criteria of other kinds than the grids' (e.g. its ℓ).
    QCheckBox* keepOthersBox() const { return m_keepOthers; }
    QComboBox* riskBox() const { return m_risk; }
    QLineEdit* populationEdit() const { return m_population; }
    QCustomPlot* plot() const { return m_plot; }
    QTableWidget* table() const { return m_table; }
    QLabel* status() const { return m_status; }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    void showResult();
    /// The controls and the points in the project's workbench state ("frontier"), so that a
    /// saved project shows its frontier again (issue 37).
    void storeResult();
    void restoreResult();
    /// Shows the project's population size N, the one value Risk and Export edit too.
    void followPopulation();
    void setRunning(bool running);
    /// Index of the point nearest to `pos` within 10 px, or -1.
    int pointAt(const QPoint& pos) const;

    QLineEdit* m_grid;
    QLineEdit* m_grid2;
    QLineEdit* m_suppression;
    QCheckBox* m_keepOthers;
    QComboBox* m_risk;
    QLineEdit* m_population;
    QPushButton* m_run;
    QPushButton* m_cancel;
    QProgressBar* m_progress;
    QLabel* m_status;
    QCustomPlot* m_plot;
    QTableWidget* m_table;
    std::shared_ptr<const FrontierResult> m_result;
    QString m_metricName;
    QString m_riskName;
    std::size_t m_gridCount = 1;
};

}  // namespace ldv::ui
