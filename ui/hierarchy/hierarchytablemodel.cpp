#include "hierarchy/hierarchytablemodel.h"

#include <QColor>

#include "ldiv/hierarchy/hierarchy_edits.h"
#include "project/project.h"

namespace ldv::ui {

HierarchyTableModel::HierarchyTableModel(QObject* parent) : EditCommandModel(parent) {}

void HierarchyTableModel::reload() {
    beginResetModel();
    m_issues.clear();
    m_hierarchy = m_binding.current();
    endResetModel();
}

void HierarchyTableModel::setIssues(const std::vector<HierarchyIssue>& issues) {
    m_issues.clear();
    for (const HierarchyIssue& issue : issues)
        if (issue.row >= 0) {
            QString& text = m_issues[{issue.row, issue.level}];
            text += (text.isEmpty() ? "" : "\n") + QString::fromStdString(issue.message);
        }
    if (rowCount() > 0) emit dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1));
}

int HierarchyTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(m_hierarchy.baseCount());
}

int HierarchyTableModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() || m_hierarchy.empty() ? 0 : m_hierarchy.height() + 1;
}

QVariant HierarchyTableModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid)) return {};
    const auto& row = m_hierarchy.rows()[std::size_t(index.row())];
    const std::size_t level = std::size_t(index.column());
    auto issue = m_issues.find({index.row(), index.column()});
    if (issue == m_issues.end()) issue = m_issues.find({index.row(), -1});
    switch (role) {
        case Qt::DisplayRole:
        case Qt::EditRole:
            return level < row.size() ? QString::fromStdString(row[level]) : QString();
        case Qt::BackgroundRole:
            if (issue != m_issues.end()) return QColor(0xFF, 0xD6, 0xD6);
            return index.column() == 0 ? QVariant(QColor(0xF2, 0xF2, 0xF2)) : QVariant();
        case Qt::ToolTipRole:
            if (issue != m_issues.end()) return issue->second;
            return index.column() > 0 ? tr("Type a group name to move '%1' into it")
                                            .arg(QString::fromStdString(row[0]))
                                      : QVariant();
        default:
            return {};
    }
}

QString HierarchyTableModel::columnTitle(int section) const {
    return section == 0 ? tr("Level 0 (base)") : tr("Level %1").arg(section);
}

bool HierarchyTableModel::pushEdit(const QModelIndex& index, const QVariant& value) {
    if (!m_binding.project()) return false;
    const std::string group = value.toString().trimmed().toStdString();
    const auto& row = m_hierarchy.rows()[std::size_t(index.row())];
    if (group.empty() || row[std::size_t(index.column())] == group) return false;
    Hierarchy edited =
        hierarchyedits::moveValue(m_hierarchy, std::size_t(index.row()), index.column(), group);
    // reload() through hierarchyChanged resets the model with the new rows.
    m_binding.project()->setHierarchy(
        m_binding.attributeName(), std::move(edited),
        tr("Move '%1' to '%2' at level %3 of '%4'")
            .arg(QString::fromStdString(row[0]), value.toString().trimmed())
            .arg(index.column())
            .arg(m_binding.attribute()));
    return true;
}

}  // namespace ldv::ui
