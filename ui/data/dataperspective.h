#pragma once
#include <QPointer>
#include <QStringList>
#include <QWidget>
#include <vector>

#include "ldiv/data/table.h"
#include "widgets/qtforward.h"

namespace ldv::ui {

class ColumnListModel;
class ColumnPanel;
class RoleProposalPanel;
class Project;
class TableModel;

/// The Data perspective: the attribute list (role and type editable), the details of the
/// selected attribute and the virtual table of all rows.
class DataPerspective : public QWidget {
    Q_OBJECT
public:
    explicit DataPerspective(QWidget* parent = nullptr);
    void setProject(Project* project);
    void selectColumn(int column);

    QTableView* tableView() const { return m_table; }
    QTableView* columnView() const { return m_columns; }
    ColumnPanel* columnPanel() const { return m_panel; }
    RoleProposalPanel* roleProposals() const { return m_proposals; }
    /// The attributes selected in the attribute list (several with Ctrl/Shift).
    std::vector<int> selectedColumns() const;
    /// Gives every selected attribute `role` (one undo step).
    void setRoleOfSelection(Role role);
    /// The data checks shown under the attribute list (the core's Workspace::warnings():
    /// values of a quasi-identifier or sensitive attribute that differ only in white space).
    QStringList checks() const { return m_checkTexts; }

private:
    void selectionChanged();
    void updateChecks();
    void fitListHeight();
    QPointer<Project> m_project;
    TableModel* m_tableModel;
    ColumnListModel* m_columnModel;
    QTableView* m_columns;
    ColumnPanel* m_panel;
    QTableView* m_table;
    QLabel* m_selectionLabel;
    QComboBox* m_selectionRole;
    QPushButton* m_selectionApply;
    RoleProposalPanel* m_proposals;
    QLabel* m_checks;
    QStringList m_checkTexts;
};

}  // namespace ldv::ui
