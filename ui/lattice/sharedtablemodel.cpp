#include "lattice/sharedtablemodel.h"

namespace ldv::ui {

SharedTableModel::SharedTableModel(QObject* parent) : QAbstractTableModel(parent) {}

void SharedTableModel::setTable(std::shared_ptr<const Table> table) {
    beginResetModel();
    m_table = std::move(table);
    endResetModel();
}

int SharedTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() || !m_table ? 0 : int(m_table->rowCount());
}

int SharedTableModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() || !m_table ? 0 : int(m_table->columnCount());
}

QVariant SharedTableModel::data(const QModelIndex& index, int role) const {
    if (!m_table || !index.isValid() || role != Qt::DisplayRole) return {};
    return QString::fromStdString(
        m_table->value(std::size_t(index.row()), std::size_t(index.column())));
}

QVariant SharedTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (role != Qt::DisplayRole || !m_table) return {};
    if (orientation == Qt::Vertical) return section + 1;
    if (section < 0 || section >= int(m_table->columnCount())) return {};
    return QString::fromStdString(m_table->column(std::size_t(section)).name());
}

}  // namespace ldv::ui
