#include "widgets/lazytablemodel.h"

#include "ldiv/data/table.h"

namespace ldv::ui {

int LazyTableModel::rowCount(const QModelIndex& parent) const {
    const Table* t = table();
    return parent.isValid() || !t ? 0 : int(t->rowCount());
}

int LazyTableModel::columnCount(const QModelIndex& parent) const {
    const Table* t = table();
    return parent.isValid() || !t ? 0 : int(t->columnCount());
}

QVariant LazyTableModel::data(const QModelIndex& index, int role) const {
    const Table* t = table();
    if (!t || role != Qt::DisplayRole || !checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    return QString::fromStdString(t->value(std::size_t(index.row()), std::size_t(index.column())));
}

QVariant LazyTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    const Table* t = table();
    if (role != Qt::DisplayRole || !t) return {};
    if (orientation == Qt::Vertical) return section + 1;
    if (section < 0 || section >= int(t->columnCount())) return {};
    return QString::fromStdString(t->column(std::size_t(section)).name());
}

}  // namespace ldv::ui
