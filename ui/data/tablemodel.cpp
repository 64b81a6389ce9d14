#include "data/tablemodel.h"

#include "format/rolestyle.h"
#include "project/project.h"

namespace ldv::ui {

TableModel::TableModel(QObject* parent) : LazyTableModel(parent) {}

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

const Table* TableModel::table() const {
    return m_project ? &m_project->table() : nullptr;
}

QVariant TableModel::data(const QModelIndex& index, int role) const {
    switch (role) {
        case Qt::ToolTipRole:
            return LazyTableModel::data(index, Qt::DisplayRole);
        case Qt::TextAlignmentRole: {
            if (!m_project || !checkIndex(index, CheckIndexOption::IndexIsValid)) return {};
            const ColumnType type = m_project->table().column(std::size_t(index.column())).type();
            const bool numeric = type == ColumnType::Integer || type == ColumnType::Decimal;
            return int((numeric ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter);
        }
        default:
            return LazyTableModel::data(index, role);
    }
}

QVariant TableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (m_project && orientation == Qt::Horizontal && section >= 0 && section < columnCount()) {
        const Role r = m_project->role(section);
        switch (role) {
            case Qt::DecorationRole:
                return roleIcon(r);
            case Qt::BackgroundRole:
                return roleTint(r);
            case Qt::ToolTipRole:
                return tr("%1 — %2, %3")
                    .arg(m_project->columnName(section), roleName(r),
                         typeName(m_project->type(section)));
            default:
                break;
        }
    }
    return LazyTableModel::headerData(section, orientation, role);
}

}  // namespace ldv::ui
