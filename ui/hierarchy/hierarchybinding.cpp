#include "hierarchy/hierarchybinding.h"

#include "project/project.h"

namespace ldv::ui {

HierarchyBinding::HierarchyBinding(QObject* owner, std::function<void()> changed)
    : m_owner(owner), m_changed(std::move(changed)) {}

void HierarchyBinding::setProject(Project* project) {
    if (m_project) m_project->disconnect(m_owner);
    m_project = project;
    m_attribute.clear();
    if (project)
        QObject::connect(project, &Project::hierarchyChanged, m_owner, [this](const QString& a) {
            if (a == m_attribute) m_changed();
        });
    m_changed();
}

void HierarchyBinding::setAttribute(const QString& attribute) {
    m_attribute = attribute;
    m_changed();
}

Hierarchy HierarchyBinding::current() const {
    return m_project && !m_attribute.isEmpty()
               ? m_project->hierarchyOrIdentity(m_attribute.toStdString())
               : Hierarchy();
}

}  // namespace ldv::ui
