#pragma once
#include <QAbstractTableModel>

namespace ldv {
class Table;
}

namespace ldv::ui {

/// Read-only view of a core Table: cells are read lazily by (row, column), so a 10 M-row
/// table costs nothing until it is scrolled to.
class TableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    explicit TableModel(QObject* parent = nullptr);
    void setTable(const Table* table);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    const Table* m_table = nullptr;
};

}  // namespace ldv::ui
