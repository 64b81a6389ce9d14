#include "lattice/sharedtablemodel.h"

namespace ldv::ui {

SharedTableModel::SharedTableModel(QObject* parent) : LazyTableModel(parent) {}

void SharedTableModel::setTable(std::shared_ptr<const Table> table) {
    beginResetModel();
    m_table = std::move(table);
    endResetModel();
}

}  // namespace ldv::ui
