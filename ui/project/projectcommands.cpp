#include "project/projectcommands.h"

#include <algorithm>

#include "project/project.h"

namespace ldv::ui {

namespace {
QString roleText(Role r) {
    return QString::fromUtf8(toString(r).data(), qsizetype(toString(r).size()));
}
}  // namespace

SetRoleCommand::SetRoleCommand(Project* project, int column, Role role)
    : m_project(project),
      m_column(column),
      m_old(project->role(column)),
      m_new(role),
      m_oldDeclared(project->hasRole(column)) {
    const std::string name = project->table().column(std::size_t(column)).name();
    m_oldOrder = project->config().qiOrder;
    m_newOrder = m_oldOrder;
    // An explicit QI order stays explicit; an empty one means "the order of attributes".
    if (!m_newOrder.empty()) {
        std::erase(m_newOrder, name);
        if (role == Role::QuasiIdentifying) m_newOrder.push_back(name);
    }
    setText(
        QObject::tr("Set role of '%1' to %2").arg(QString::fromStdString(name), roleText(role)));
}

void SetRoleCommand::redo() {
    m_project->applyRole(m_column, m_new, true, m_newOrder);
}
void SetRoleCommand::undo() {
    m_project->applyRole(m_column, m_old, m_oldDeclared, m_oldOrder);
}

SetTypeCommand::SetTypeCommand(Project* project, int column, std::optional<ColumnType> type)
    : m_project(project), m_column(column), m_old(project->typeOverride(column)), m_new(type) {
    const ColumnType shown = type.value_or(project->inferredType(column));
    setText(QObject::tr("Set type of '%1' to %2")
                .arg(project->columnName(column),
                     QString::fromStdString(std::string(toString(shown)))));
}

void SetTypeCommand::redo() {
    m_project->applyType(m_column, m_new);
}
void SetTypeCommand::undo() {
    m_project->applyType(m_column, m_old);
}

SetHierarchyCommand::SetHierarchyCommand(Project* project, std::string attribute,
                                         std::optional<Hierarchy> hierarchy, const QString& text)
    : m_project(project), m_attribute(std::move(attribute)), m_new(std::move(hierarchy)) {
    if (const Hierarchy* old = project->hierarchy(m_attribute)) m_old = *old;
    m_oldOrigin = project->hierarchyOrigin(m_attribute);
    setText(text);
}

void SetHierarchyCommand::redo() {
    m_oldOrigin = m_project->hierarchyOrigin(m_attribute);
    m_project->applyHierarchy(m_attribute, m_new, m_newOrigin);
}

void SetHierarchyCommand::undo() {
    m_newOrigin = m_project->hierarchyOrigin(m_attribute);
    m_project->applyHierarchy(m_attribute, m_old, m_oldOrigin);
}

SetSearchSettingsCommand::SetSearchSettingsCommand(Project* project, SearchSettings settings,
                                                   const QString& text, bool mergeable)
    : m_project(project),
      m_old(project->searchSettings()),
      m_new(std::move(settings)),
      m_mergeable(mergeable) {
    setText(text);
}

void SetSearchSettingsCommand::redo() {
    m_project->applySearchSettings(m_new);
}
void SetSearchSettingsCommand::undo() {
    m_project->applySearchSettings(m_old);
}

bool SetSearchSettingsCommand::mergeWith(const QUndoCommand* other) {
    const auto* o = static_cast<const SetSearchSettingsCommand*>(other);
    if (!o->m_mergeable || o->text() != text() || o->m_project != m_project) return false;
    m_new = o->m_new;
    return true;
}

SetResearchSubsetCommand::SetResearchSubsetCommand(Project* project, std::string subset)
    : m_project(project), m_old(project->config().researchSubset), m_new(std::move(subset)) {
    setText(m_new.empty()
                ? QObject::tr("Clear research subset")
                : QObject::tr("Set research subset to %1").arg(QString::fromStdString(m_new)));
}

void SetResearchSubsetCommand::redo() {
    m_project->applyResearchSubset(m_new);
}
void SetResearchSubsetCommand::undo() {
    m_project->applyResearchSubset(m_old);
}

SetTransformationCommand::SetTransformationCommand(Project* project, TransformationChoice choice)
    : m_project(project), m_old(project->config().transformation), m_new(std::move(choice)) {
    setText(QObject::tr("Publish with %1").arg(QString::fromStdString(m_new.model)));
}

void SetTransformationCommand::redo() {
    m_project->applyTransformation(m_new);
}
void SetTransformationCommand::undo() {
    m_project->applyTransformation(m_old);
}

SetPseudonymizeCommand::SetPseudonymizeCommand(Project* project, int column, std::string method)
    : m_project(project),
      m_column(column),
      m_old(project->pseudonymize(column)),
      m_new(std::move(method)) {
    setText(
        m_new.empty()
            ? QObject::tr("Leave '%1' out of the published data").arg(project->columnName(column))
            : QObject::tr("Pseudonymize '%1' (%2)")
                  .arg(project->columnName(column), QString::fromStdString(m_new)));
}

void SetPseudonymizeCommand::redo() {
    m_project->applyPseudonymize(m_column, m_new);
}
void SetPseudonymizeCommand::undo() {
    m_project->applyPseudonymize(m_column, m_old);
}

}  // namespace ldv::ui
