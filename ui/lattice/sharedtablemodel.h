#pragma once
// Read-only, lazy view of a core Table held by shared ownership (a generalized table
// computed on a worker thread): cells are read by (row, column) on demand.
#include <QAbstractTableModel>
#include <memory>

#include "ldiv/data/table.h"

namespace ldv::ui {

class SharedTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    explicit SharedTableModel(QObject* parent = nullptr);
    void setTable(std::shared_ptr<const Table> table);
    const Table* table() const { return m_table.get(); }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    std::shared_ptr<const Table> m_table;
};

}  // namespace ldv::ui
