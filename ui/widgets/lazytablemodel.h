#pragma once
// Read-only, lazy view of a core Table: cells are read by (row, column) on demand, so a 10 M-row
// table costs nothing until it is scrolled to. The project's table (TableModel) and a generalized
// table computed on a worker thread (SharedTableModel) are both shown through it: a subclass says
// which table it views and may add roles to the cells and the header.
#include <QAbstractTableModel>

namespace ldv {
class Table;
}

namespace ldv::ui {

class LazyTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    using QAbstractTableModel::QAbstractTableModel;

    /// The table viewed (null: none, the model is empty).
    virtual const Table* table() const = 0;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    /// The cell's value as text (DisplayRole).
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    /// The column names across and the row numbers from 1 down (DisplayRole).
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;
};

}  // namespace ldv::ui
