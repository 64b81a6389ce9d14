#include "data/tablemodel.h"

#include "format/rolestyle.h"
#include "project/project.h"

namespace ldv::ui {

TableModel::TableModel(QObject* parent) : QAbstractTableModel(parent) {}

void TableModel::setProject(Project* project) {
    beginResetModel();
    if (m_project) m_project->disconnect(this);
    m_project = project;
    if (project) {
        const auto header = [this](int column) {
            emit headerDataChanged(Qt::Horizontal, column, column);
        };
        connect(project, &Project::roleChanged, this, header);
        connect(project, &Project::typeChanged, this, header);
    }
    endResetModel();
}

int TableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() || !m_project ? 0 : int(m_project->table().rowCount());
}

int TableModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() || !m_project ? 0 : int(m_project->table().columnCount());
}

QVariant TableModel::data(const QModelIndex& index, int role) const {
    if (!m_project || !checkIndex(index, CheckIndexOption::IndexIsValid)) return {};
    const auto& table = m_project->table();
    const std::size_t column = std::size_t(index.column());
    switch (role) {
        case Qt::DisplayRole:
        case Qt::ToolTipRole:
            return QString::fromStdString(table.value(std::size_t(index.row()), column));
        case Qt::TextAlignmentRole: {
            const ColumnType type = table.column(column).type();
            const bool numeric = type == ColumnType::Integer || type == ColumnType::Decimal;
            return int((numeric ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter);
        }
        default:
            return {};
    }
}

QVariant TableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (!m_project) return {};
    if (orientation == Qt::Vertical)
        return role == Qt::DisplayRole ? QVariant(section + 1) : QVariant();
    if (section < 0 || section >= columnCount()) return {};
    const Role r = m_project->role(section);
    switch (role) {
        case Qt::DisplayRole:
            return m_project->columnName(section);
        case Qt::DecorationRole:
            return roleIcon(r);
        case Qt::BackgroundRole:
            return roleTint(r);
        case Qt::ToolTipRole:
            return tr("%1 — %2, %3")
                .arg(m_project->columnName(section), roleName(r),
                     typeName(m_project->type(section)));
        default:
            return {};
    }
}

}  // namespace ldv::ui
