#pragma once
#include <QPointer>
#include <QWidget>

class QComboBox;
class QLabel;

namespace ldv::ui {

class BarChart;
class Project;

/// Details of one attribute: editable type and role, distinct and missing counts, and a
/// bar chart of its most frequent values.
class ColumnPanel : public QWidget {
    Q_OBJECT
public:
    explicit ColumnPanel(QWidget* parent = nullptr);
    void setProject(Project* project);
    void setColumn(int column);
    int column() const { return m_column; }
    BarChart* chart() const { return m_chart; }
    /// Number of values shown in the chart.
    static constexpr int kTopValues = 15;

private:
    void refresh();
    QPointer<Project> m_project;
    int m_column = -1;
    QLabel* m_title;
    QComboBox* m_type;
    QComboBox* m_role;
    QLabel* m_stats;
    BarChart* m_chart;
};

}  // namespace ldv::ui
