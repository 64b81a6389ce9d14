#pragma once
#include <QAbstractTableModel>
#include <QPointer>

namespace ldv::ui {

class Project;

/// Read-only view of the project's table: cells are read lazily by (row, column), so a
/// 10 M-row table costs nothing until it is scrolled to. The header is colour-coded by role.
class TableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    explicit TableModel(QObject* parent = nullptr);
    void setProject(Project* project);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    QPointer<Project> m_project;
};

}  // namespace ldv::ui
