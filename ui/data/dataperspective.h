#pragma once
#include <QPointer>
#include <QWidget>

class QTableView;

namespace ldv::ui {

class ColumnListModel;
class ColumnPanel;
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

private:
    QPointer<Project> m_project;
    TableModel* m_tableModel;
    ColumnListModel* m_columnModel;
    QTableView* m_columns;
    ColumnPanel* m_panel;
    QTableView* m_table;
};

}  // namespace ldv::ui
