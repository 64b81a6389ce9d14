#include "table_model.h"

#include "ldiv/table.h"

namespace ldv::ui {

TableModel::TableModel(QObject* parent) : QAbstractTableModel(parent) {}

void TableModel::setTable(const Table* table) {
    beginResetModel();
    m_table = table;
    endResetModel();
}

int TableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() || !m_table ? 0 : int(m_table->rowCount());
}

int TableModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() || !m_table ? 0 : int(m_table->columnCount());
}

QVariant TableModel::data(const QModelIndex& index, int role) const {
    if (!m_table || !index.isValid() || (role != Qt::DisplayRole && role != Qt::ToolTipRole))
        return {};
    return QString::fromStdString(m_table->value(std::size_t(index.row()), std::size_t(index.column())));
}

QVariant TableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (role != Qt::DisplayRole || !m_table) return {};
    if (orientation == Qt::Horizontal) return QString::fromStdString(m_table->column(std::size_t(section)).name());
    return section + 1;
}

}  // namespace ldv::ui
