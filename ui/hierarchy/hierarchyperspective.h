#pragma once
// The Hierarchies perspective: per attribute, the levels table and the tree (both
// editable), builders with live preview, import/export, live validation against the data
// (on a worker thread) and a per-level group-size histogram.
#include <QList>
#include <QPair>
#include <QPointer>
#include <QStringList>
#include <QWidget>
#include <vector>

#include "ldiv/hierarchy/hierarchy.h"
#include "widgets/qtforward.h"

namespace ldv::ui {

class BarChart;
class BuilderPanel;
class HierarchyTableModel;
class HierarchyTreeModel;
class Job;
class NaturalSortProxy;
class Project;

class HierarchyPerspective : public QWidget {
    Q_OBJECT
public:
    explicit HierarchyPerspective(QWidget* parent = nullptr);
    void setProject(Project* project);
    /// Shows the hierarchy of an attribute (by name); false when there is no such attribute.
    bool selectAttribute(const QString& attribute);
    QString attribute() const { return m_attribute; }

    /// Replaces the hierarchy by a CSV file's; returns the error message ("" on success).
    QString importHierarchy(const QString& path);
    QString exportHierarchy(const QString& path) const;
    /// Asks for one or several hierarchy files, shows how they match attributes by name and
    /// imports the confirmed ones.
    void importDialog();
    /// Imports (file, attribute) pairs as one undo step; returns the errors of files that
    /// could not be read (naming file, line and column), the others are imported.
    QStringList importHierarchies(const QList<QPair<QString, QString>>& matches);
    void addLevel();
    void removeLevel();
    void removeHierarchy();

    BuilderPanel* builder() const { return m_builder; }
    HierarchyTableModel* tableModel() const { return m_tableModel; }
    HierarchyTreeModel* treeModel() const { return m_treeModel; }
    QTableView* tableView() const { return m_tableView; }
    QTreeView* treeView() const { return m_treeView; }
    QListWidget* issueList() const { return m_issues; }
    BarChart* histogram() const { return m_histogram; }
    /// The issues of the last finished validation.
    const std::vector<HierarchyIssue>& issues() const { return m_lastIssues; }
    bool isValidating() const;

private:
    void refreshAttributes();
    void attributeChanged();
    void hierarchyChanged(const QString& attribute);
    void validate();
    void showIssues(const std::vector<HierarchyIssue>& issues);
    void updateHistogram();
    void treeMenu(const QPoint& pos);

    QPointer<Project> m_project;
    QString m_attribute;
    QListWidget* m_attributes;
    QLabel* m_heading;
    QTabWidget* m_editors;
    HierarchyTableModel* m_tableModel;
    HierarchyTreeModel* m_treeModel;
    NaturalSortProxy* m_tableProxy;
    QTableView* m_tableView;
    QTreeView* m_treeView;
    BuilderPanel* m_builder;
    QListWidget* m_issues;
    QSpinBox* m_level;
    BarChart* m_histogram;
    Job* m_validation = nullptr;
    std::vector<HierarchyIssue> m_lastIssues;
};

}  // namespace ldv::ui
