#pragma once
// The Export perspective: the publishable table of a chosen node (CSV) or of SWEEP, the
// node's value-to-generalized-value mapping, the hierarchies (CSV files), the configuration
// (an ldiv project file that `ldiv generalize` re-runs on a new table) and the report (HTML,
// PDF) with the configuration, the node and its neighbours, risks and charts. The report's content is computed in the background when the
// node changes; the buttons write files.
#include <QPointer>
#include <QWidget>
#include <functional>
#include <memory>
#include <vector>

#include "ldiv/lattice.h"

class QCheckBox;
class QLabel;
class QLineEdit;
class QRadioButton;
class QTextBrowser;

namespace ldv::ui {

class BarChart;
class Job;
class SearchSession;
class SweepExportBox;
struct ReportChart;
struct ReportData;

class ExportPerspective : public QWidget {
    Q_OBJECT
public:
    explicit ExportPerspective(QWidget* parent = nullptr);
    void setSession(SearchSession* session);
    /// Where the report gets further charts (the Analysis perspective's results) when written.
    void setChartSource(std::function<std::vector<ReportChart>()> source) { m_chartSource = std::move(source); }

    /// Chooses the node to publish ("1,0,2"); false when there is no search or no such node.
    bool setNode(const QString& levels);
    void setNode(NodeId id);
    QString nodeText() const;
    bool isPreparing() const;
    /// The report of the chosen node (null until prepared).
    std::shared_ptr<const ReportData> report() const { return m_report; }

    void setMaskSuppressed(bool mask);
    void setNeutralizeFormulas(bool on);
    // Writers (used by the buttons after a file dialog); false with a message on failure.
    bool exportTable(const QString& path);
    bool exportHierarchies(const QString& directory);
    /// attribute,level,value,generalized,rows of the chosen node.
    bool exportValueMapping(const QString& path);
    /// The project's configuration as a self-contained project file (data path relative to
    /// it, edited hierarchies embedded) without changing the open project's file.
    bool exportConfiguration(const QString& path);
    SweepExportBox* sweepBox() const { return m_sweep; }
    bool exportReport(const QString& path);
    QString lastError() const { return m_error; }
    BarChart* classChart() const { return m_chart; }

private:
    void outcomeChanged();
    void prepare();
    QPointer<SearchSession> m_session;
    QLineEdit* m_node;
    QLabel* m_nodeInfo;
    QRadioButton* m_remove;
    QRadioButton* m_mask;
    QCheckBox* m_neutralize;
    QTextBrowser* m_preview;
    BarChart* m_chart;
    SweepExportBox* m_sweep;
    Job* m_job = nullptr;
    std::shared_ptr<const ReportData> m_report;
    QString m_error;
    std::function<std::vector<ReportChart>()> m_chartSource;
};

}  // namespace ldv::ui
