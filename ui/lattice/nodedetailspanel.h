#pragma once
// The selected node: its levels and state, its metrics, each criterion's result, its class-
// size histogram and a preview of the generalized table; with two or more nodes selected, a
// side-by-side comparison of their metrics and the value diff of the first and last node's
// published tables.
#include <QWidget>
#include <memory>
#include <vector>

#include "ldiv/metrics/node_metrics.h"
#include "ldiv/workflow/node_comparison.h"
#include "session/nodeanalysis.h"
#include "widgets/qtforward.h"

namespace ldv::ui {

class BarChart;
class SharedTableModel;

class NodeDetailsPanel : public QWidget {
    Q_OBJECT
public:
    explicit NodeDetailsPanel(QWidget* parent = nullptr);
    void clear(const QString& message);
    void showLoading(const QString& levelsText);
    /// `qiNames` label the levels.
    void setDetails(const NodeDetails& details, const std::vector<std::string>& qiNames,
                    const QString& state);
    /// Comparison: one column per node.
    void setComparison(const std::vector<NodeMetrics>& nodes, const QStringList& states);
    /// The value diff below the comparison (`message` instead while it is computed).
    void setDiff(const NodeDiff& diff, const std::vector<std::string>& qiNames);
    void setDiffMessage(const QString& message);

    QLabel* title() const { return m_title; }
    /// The title's first line as shown ("Node [4,3,…] · satisfying", elided to the panel's
    /// width; the whole of it in the title's tooltip); empty while the title is a message.
    QString heading() const { return m_heading; }
    QTableWidget* metricsTable() const { return m_metrics; }
    QTableWidget* criteriaTable() const { return m_criteria; }
    QTableWidget* comparisonTable() const { return m_compare; }
    QTableWidget* diffTable() const { return m_diff; }
    QLabel* diffSummary() const { return m_diffSummary; }
    BarChart* histogram() const { return m_histogram; }
    QTableView* previewView() const { return m_preview; }
    SharedTableModel* previewModel() const { return m_model; }
    QTabWidget* tabs() const { return m_tabs; }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    /// The title: `bold` then `rest` on the first line (elided to the width), `below` under it.
    void setHeading(const QString& bold, const QString& rest, const QString& below);
    void updateHeading();
    /// The histogram's title with the node's levels when they fit its width, else without.
    void updateHistogramTitle();

    QLabel* m_title;
    QString m_headBold, m_headRest, m_headBelow;
    QString m_heading;
    QString m_histogramTitle, m_histogramShortTitle, m_histogramShown;
    QTabWidget* m_tabs;
    QTableWidget* m_metrics;
    QTableWidget* m_criteria;
    BarChart* m_histogram;
    QTableView* m_preview;
    SharedTableModel* m_model;
    QTableWidget* m_compare;
    QLabel* m_diffSummary;
    QTableWidget* m_diff;
};

}  // namespace ldv::ui
