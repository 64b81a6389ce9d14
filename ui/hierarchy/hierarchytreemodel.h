#pragma once
#include <QAbstractItemModel>
#include <vector>

#include "hierarchy/hierarchybinding.h"
#include "ldiv/hierarchy/hierarchy.h"
#include "widgets/editcommandmodel.h"

namespace ldv::ui {

class Project;

/// The same hierarchy as a tree: the top value(s) at the root, base values as leaves.
/// Renaming a node renames that group at its level (an undo command); moveNode() moves a
/// group under another parent.
class HierarchyTreeModel : public EditCommandModel<QAbstractItemModel> {
    Q_OBJECT
public:
    enum Column { Value, BaseValues, ColumnCount };
    explicit HierarchyTreeModel(QObject* parent = nullptr);
    void setProject(Project* project) { m_binding.setProject(project); }
    void setAttribute(const QString& attribute) { m_binding.setAttribute(attribute); }
    const QString& attribute() const { return m_binding.attribute(); }

    /// The level of the node at `index` (0 = base value).
    int level(const QModelIndex& index) const;
    /// Moves the group at `index` (and everything below it) under `parent` at the next level.
    bool moveNode(const QModelIndex& index, const QString& parent);
    /// Candidate parents for the node: the groups one level above it.
    QStringList parentChoices(const QModelIndex& index) const;

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;

private:
    QString columnTitle(int section) const override {
        return section == Value ? tr("Value") : tr("Base values");
    }
    /// A group's name (level 1 and above): renaming it renames the group at its level.
    bool editable(const QModelIndex& index) const override {
        return index.column() == Value && level(index) > 0;
    }
    bool pushEdit(const QModelIndex& index, const QVariant& value) override;
    struct Node {
        std::string value;
        int level = 0;
        int parent = -1;
        int row = 0;
        std::size_t leaves = 0;
        std::vector<int> children;
    };
    void reload();
    const Node* node(const QModelIndex& index) const;

    HierarchyBinding m_binding{this, [this] { reload(); }};
    Hierarchy m_hierarchy;
    std::vector<Node> m_nodes;
    std::vector<int> m_roots;
};

}  // namespace ldv::ui
