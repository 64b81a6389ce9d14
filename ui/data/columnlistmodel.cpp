#include "data/columnlistmodel.h"

#include <QFont>

#include "format/rolestyle.h"
#include "project/project.h"

namespace ldv::ui {

ColumnListModel::ColumnListModel(QObject* parent) : EditCommandModel(parent) {}

void ColumnListModel::setProject(Project* project) {
    beginResetModel();
    if (m_project) m_project->disconnect(this);
    m_project = project;
    if (project) {
        connect(project, &Project::roleChanged, this, &ColumnListModel::rowChanged);
        connect(project, &Project::typeChanged, this, &ColumnListModel::rowChanged);
    }
    endResetModel();
}

void ColumnListModel::rowChanged(int row) {
    emit dataChanged(index(row, 0), index(row, ColumnCount - 1));
}

int ColumnListModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() || !m_project ? 0 : m_project->columnCount();
}

int ColumnListModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ColumnListModel::data(const QModelIndex& index, int role) const {
    if (!m_project || !checkIndex(index, CheckIndexOption::IndexIsValid)) return {};
    const int row = index.row();
    const auto& column = m_project->table().column(std::size_t(row));
    if (role == Qt::DisplayRole || role == Qt::EditRole) {
        switch (index.column()) {
            case Name:
                return m_project->columnName(row);
            case Role:
                return roleName(m_project->role(row));
            case Type:
                return typeName(m_project->type(row));
            case Distinct:
                return qulonglong(column.domainSize());
            case Missing:
                return qulonglong(column.missingCount());
        }
    }
    if (role == Qt::DecorationRole && index.column() == Name) return roleIcon(m_project->role(row));
    if (role == Qt::BackgroundRole && index.column() == Role) return roleTint(m_project->role(row));
    // A column nobody gave a role: shown insensitive, in italics, and refused at export
    // until a role is chosen (issue 32 item 4).
    if (role == Qt::FontRole && index.column() == Role && !m_project->hasRole(row)) {
        QFont italic;
        italic.setItalic(true);
        return italic;
    }
    if (role == Qt::ToolTipRole && index.column() == Role && !m_project->hasRole(row))
        return tr(
            "No role given yet: Export refuses to publish this column until it has one. "
            "Choose insensitive to publish its values as they are.");
    if (role == Qt::ToolTipRole && index.column() == Type)
        return tr("Inferred: %1").arg(typeName(m_project->inferredType(row)));
    if (role == Qt::TextAlignmentRole && index.column() >= Distinct)
        return int(Qt::AlignRight | Qt::AlignVCenter);
    if (role == ChoicesRole && index.column() == Role) return ldv::ui::roleNames();
    if (role == ChoicesRole && index.column() == Type) return typeNames();
    return {};
}

QString ColumnListModel::columnTitle(int section) const {
    switch (section) {
        case Name:
            return tr("Attribute");
        case Role:
            return tr("Role");
        case Type:
            return tr("Type");
        case Distinct:
            return tr("Distinct");
        case Missing:
            return tr("Missing");
    }
    return {};
}

bool ColumnListModel::editable(const QModelIndex& index) const {
    return index.column() == Role || index.column() == Type;
}

bool ColumnListModel::pushEdit(const QModelIndex& index, const QVariant& value) {
    if (!m_project) return false;
    if (index.column() == Role) {
        const auto r = roleFromName(value.toString());
        if (!r) return false;
        m_project->setRole(index.row(), *r);  // emits roleChanged → dataChanged
        return true;
    }
    if (index.column() == Type) {
        const auto t = typeFromName(value.toString());
        if (!t) return false;
        m_project->setType(index.row(), *t);
        return true;
    }
    return false;
}

}  // namespace ldv::ui
