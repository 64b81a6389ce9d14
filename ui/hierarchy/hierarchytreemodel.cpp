#include "hierarchy/hierarchytreemodel.h"

#include <algorithm>
#include <map>
#include <unordered_map>

#include "hierarchy/naturalorder.h"
#include "ldiv/hierarchy/hierarchy_edits.h"
#include "project/project.h"

namespace ldv::ui {

HierarchyTreeModel::HierarchyTreeModel(QObject* parent) : EditCommandModel(parent) {}

void HierarchyTreeModel::reload() {
    beginResetModel();
    m_nodes.clear();
    m_roots.clear();
    m_hierarchy = m_binding.current();
    if (!m_hierarchy.empty()) {
        const std::size_t width = m_hierarchy.rows().front().size();
        std::map<std::pair<int, std::string>, int> lookup;
        for (const auto& row : m_hierarchy.rows()) {
            if (row.size() != width) continue;  // ragged rows are listed by validation
            int parent = -1;
            for (int level = int(width) - 1; level >= 0; --level) {
                const std::string& value = row[std::size_t(level)];
                auto [it, fresh] =
                    lookup.emplace(std::make_pair(parent, value), int(m_nodes.size()));
                if (fresh) {
                    m_nodes.push_back({value, level, parent, 0, 0, {}});
                    // Only now take the reference: push_back may have moved the nodes.
                    std::vector<int>& siblings =
                        parent < 0 ? m_roots : m_nodes[std::size_t(parent)].children;
                    m_nodes.back().row = int(siblings.size());
                    siblings.push_back(it->second);
                }
                ++m_nodes[std::size_t(it->second)].leaves;
                parent = it->second;
            }
        }
    }
    // Siblings in natural order (numbers numerically, dates and months in calendar order).
    // Each distinct value is parsed once, not in every comparison.
    std::vector<std::string> distinct;
    for (const Node& n : m_nodes) distinct.push_back(n.value);
    std::sort(distinct.begin(), distinct.end());
    distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
    naturalorder::sort(distinct);
    std::unordered_map<std::string, std::size_t> rank;
    for (std::size_t i = 0; i < distinct.size(); ++i) rank[distinct[i]] = i;
    const auto order = [this, &rank](std::vector<int>& siblings) {
        std::stable_sort(siblings.begin(), siblings.end(), [this, &rank](int a, int b) {
            return rank[m_nodes[std::size_t(a)].value] < rank[m_nodes[std::size_t(b)].value];
        });
        for (std::size_t i = 0; i < siblings.size(); ++i)
            m_nodes[std::size_t(siblings[i])].row = int(i);
    };
    order(m_roots);
    for (Node& n : m_nodes) order(n.children);
    endResetModel();
}

const HierarchyTreeModel::Node* HierarchyTreeModel::node(const QModelIndex& index) const {
    if (!index.isValid() || index.internalId() >= m_nodes.size()) return nullptr;
    return &m_nodes[index.internalId()];
}

int HierarchyTreeModel::level(const QModelIndex& index) const {
    const Node* n = node(index);
    return n ? n->level : -1;
}

QModelIndex HierarchyTreeModel::index(int row, int column, const QModelIndex& parent) const {
    if (!hasIndex(row, column, parent)) return {};
    const std::vector<int>& siblings = parent.isValid() ? node(parent)->children : m_roots;
    return createIndex(row, column, quintptr(siblings[std::size_t(row)]));
}

QModelIndex HierarchyTreeModel::parent(const QModelIndex& child) const {
    const Node* n = node(child);
    if (!n || n->parent < 0) return {};
    return createIndex(m_nodes[std::size_t(n->parent)].row, 0, quintptr(n->parent));
}

int HierarchyTreeModel::rowCount(const QModelIndex& parent) const {
    if (!parent.isValid()) return int(m_roots.size());
    if (parent.column() != 0) return 0;
    const Node* n = node(parent);
    return n ? int(n->children.size()) : 0;
}

int HierarchyTreeModel::columnCount(const QModelIndex&) const {
    return ColumnCount;
}

QVariant HierarchyTreeModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid)) return {};
    const Node* n = node(index);
    if (role == Qt::DisplayRole || role == Qt::EditRole) {
        if (index.column() == Value) return QString::fromStdString(n->value);
        return n->level == 0 ? QVariant() : QVariant(qulonglong(n->leaves));
    }
    if (role == Qt::ToolTipRole && index.column() == Value)
        return n->level == 0 ? tr("Base value")
                             : tr("Level %1 group of %2 base values").arg(n->level).arg(n->leaves);
    if (role == Qt::TextAlignmentRole && index.column() == BaseValues)
        return int(Qt::AlignRight | Qt::AlignVCenter);
    return {};
}

bool HierarchyTreeModel::pushEdit(const QModelIndex& index, const QVariant& value) {
    const Node* n = node(index);
    if (!m_binding.project() || !n) return false;
    const std::string name = value.toString().trimmed().toStdString();
    if (name.empty() || name == n->value) return false;
    const std::string old = n->value;
    const int lvl = n->level;
    m_binding.project()->setHierarchy(
        m_binding.attributeName(), hierarchyedits::renameGroup(m_hierarchy, lvl, old, name),
        tr("Rename '%1' to '%2' at level %3 of '%4'")
            .arg(QString::fromStdString(old), QString::fromStdString(name))
            .arg(lvl)
            .arg(m_binding.attribute()));
    return true;
}

QStringList HierarchyTreeModel::parentChoices(const QModelIndex& index) const {
    const Node* n = node(index);
    QStringList out;
    if (!n || n->level >= m_hierarchy.height()) return out;
    for (const std::string& g : hierarchyedits::groupsAt(m_hierarchy, n->level + 1))
        out << QString::fromStdString(g);
    return out;
}

bool HierarchyTreeModel::moveNode(const QModelIndex& index, const QString& parent) {
    const Node* n = node(index);
    if (!m_binding.project() || !n || n->level >= m_hierarchy.height() ||
        parent.trimmed().isEmpty())
        return false;
    const std::string value = n->value;
    const int lvl = n->level;
    m_binding.project()->setHierarchy(
        m_binding.attributeName(),
        hierarchyedits::moveGroup(m_hierarchy, lvl, value, parent.trimmed().toStdString()),
        tr("Move '%1' under '%2' in '%3'")
            .arg(QString::fromStdString(value), parent.trimmed(), m_binding.attribute()));
    return true;
}

}  // namespace ldv::ui
