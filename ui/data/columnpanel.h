#pragma once
#include <QPointer>
#include <QWidget>
#include <string>

#include "widgets/qtforward.h"

namespace ldv {
struct ColumnLabels;
}

namespace ldv::ui {

class BarChart;
class Project;

/// Details of one attribute: editable type and role, for an identifying attribute how it is
/// published (left out, or pseudonymized: keyed hash, random identifiers, masked), distinct
/// and missing counts, and a bar chart of its most frequent values.
class ColumnPanel : public QWidget {
    Q_OBJECT
public:
    explicit ColumnPanel(QWidget* parent = nullptr);
    void setProject(Project* project);
    void setColumn(int column);
    int column() const { return m_column; }
    BarChart* chart() const { return m_chart; }
    /// How an identifying attribute is published (data: "", "hmac", "random", "mask", "mask-"
    /// for the last characters) and the characters a mask keeps.
    QComboBox* publishBox() const { return m_publish; }
    QSpinBox* maskKeepBox() const { return m_maskKeep; }
    /// Number of values shown in the chart.
    static constexpr int kTopValues = 15;

private:
    void refresh();
    void showLabels(const ColumnLabels* labels);
    /// The method chosen in the publish fields ("" = left out, "hmac", "mask:-3", …).
    std::string chosenMethod() const;
    void storeMethod();
    QPointer<Project> m_project;
    int m_column = -1;
    QLabel* m_title;
    QComboBox* m_type;
    QComboBox* m_role;
    QComboBox* m_publish;
    QSpinBox* m_maskKeep;
    QFormLayout* m_form;
    QLabel* m_stats;
    /// The variable label and value labels of a Stata, SPSS or SAS column (hidden without).
    QLabel* m_labels;
    BarChart* m_chart;
};

}  // namespace ldv::ui
