#pragma once
// The hierarchy of one attribute of a project, followed as the project edits it: what the table
// and the tree of the hierarchy editor both show. Each model holds one and reloads when it says
// the hierarchy changed.
#include <QPointer>
#include <QString>
#include <functional>

#include "ldiv/hierarchy/hierarchy.h"

namespace ldv::ui {

class Project;

class HierarchyBinding {
public:
    /// `owner` (the model holding this binding) owns the connection to the project; `changed`
    /// runs when the project, the attribute or the attribute's hierarchy changes.
    HierarchyBinding(QObject* owner, std::function<void()> changed);
    HierarchyBinding(const HierarchyBinding&) = delete;
    HierarchyBinding& operator=(const HierarchyBinding&) = delete;

    /// Follows `project` (none: nullptr); clears the attribute.
    void setProject(Project* project);
    void setAttribute(const QString& attribute);
    Project* project() const { return m_project; }
    const QString& attribute() const { return m_attribute; }
    std::string attributeName() const { return m_attribute.toStdString(); }
    /// The attribute's hierarchy (the identity when it has none); empty without an attribute.
    Hierarchy current() const;

private:
    QObject* m_owner;
    std::function<void()> m_changed;
    QPointer<Project> m_project;
    QString m_attribute;
};

}  // namespace ldv::ui
