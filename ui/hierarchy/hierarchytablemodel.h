#pragma once
#include <QAbstractTableModel>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "hierarchy/hierarchybinding.h"
#include "ldiv/hierarchy/hierarchy.h"
#include "widgets/editcommandmodel.h"

namespace ldv::ui {

class Project;

/// The levels of one attribute's hierarchy: rows = base values, columns = levels 0..h.
/// Editing a cell at level >= 1 moves that base value to the typed group (an undo command);
/// cells with validation issues are marked.
class HierarchyTableModel : public EditCommandModel<QAbstractTableModel> {
    Q_OBJECT
public:
    explicit HierarchyTableModel(QObject* parent = nullptr);
    void setProject(Project* project) { m_binding.setProject(project); }
    void setAttribute(const QString& attribute) { m_binding.setAttribute(attribute); }
    const QString& attribute() const { return m_binding.attribute(); }
    const Hierarchy& hierarchy() const { return m_hierarchy; }
    /// Marks cells (row, level; level -1 = the whole row) with the validation issues.
    void setIssues(const std::vector<HierarchyIssue>& issues);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;

private:
    /// "Level 0 (base)", "Level 1", …; the rows are numbered from 1.
    QString columnTitle(int section) const override;
    QVariant rowTitle(int section) const override { return section + 1; }
    /// Levels 1 and above: the base value moves to the typed group.
    bool editable(const QModelIndex& index) const override { return index.column() > 0; }
    bool pushEdit(const QModelIndex& index, const QVariant& value) override;
    void reload();
    HierarchyBinding m_binding{this, [this] { reload(); }};
    Hierarchy m_hierarchy;
    std::map<std::pair<int, int>, QString> m_issues;
};

}  // namespace ldv::ui
