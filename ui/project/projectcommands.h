#pragma once
// The undo commands of the workbench: each stores the old and new state of one piece of the
// project and calls Project::apply*() in redo()/undo().
#include <QUndoCommand>
#include <optional>
#include <string>
#include <vector>

#include "ldiv/data/table.h"
#include "ldiv/hierarchy/hierarchy.h"
#include "project/project.h"

namespace ldv::ui {

class Project;

/// Changes an attribute's role; keeps the QI order in step (a new QI goes last).
class SetRoleCommand : public QUndoCommand {
public:
    SetRoleCommand(Project* project, int column, Role role);
    void redo() override;
    void undo() override;

private:
    Project* m_project;
    int m_column;
    Role m_old, m_new;
    bool m_oldDeclared;
    std::vector<std::string> m_oldOrder, m_newOrder;
};

/// Overrides the inferred type of a column (nullopt = back to the inferred type).
class SetTypeCommand : public QUndoCommand {
public:
    SetTypeCommand(Project* project, int column, std::optional<ColumnType> type);
    void redo() override;
    void undo() override;

private:
    Project* m_project;
    int m_column;
    std::optional<ColumnType> m_old, m_new;
};

/// Replaces an attribute's hierarchy: every hierarchy edit (rename, move, levels, builder,
/// import, clear) is one of these, so the editors stay simple and undo is exact.
class SetHierarchyCommand : public QUndoCommand {
public:
    SetHierarchyCommand(Project* project, std::string attribute, std::optional<Hierarchy> hierarchy,
                        const QString& text);
    void redo() override;
    void undo() override;

private:
    Project* m_project;
    std::string m_attribute;
    std::optional<Hierarchy> m_old, m_new;
    /// Where each state's hierarchy came from: undo gives the old one back its file or
    /// builder (so a save links to it again rather than embedding it). Each step first takes
    /// the current origin of the state it leaves, which a save may have set.
    std::optional<HierarchyOrigin> m_oldOrigin, m_newOrigin;
};

/// Replaces the criteria, suppression limit, metric and algorithm in one step.
class SetSearchSettingsCommand : public QUndoCommand {
public:
    /// `mergeable`: consecutive edits with the same text (a spin box) merge into one step.
    SetSearchSettingsCommand(Project* project, SearchSettings settings, const QString& text,
                             bool mergeable = false);
    void redo() override;
    void undo() override;
    int id() const override { return m_mergeable ? 9 : -1; }
    bool mergeWith(const QUndoCommand* other) override;

private:
    Project* m_project;
    SearchSettings m_old, m_new;
    bool m_mergeable;
};

/// Sets δ-presence's research subset (ProjectConfig::researchSubset: COL=VALUE or a CSV file
/// given by its absolute path; "" = none).
class SetResearchSubsetCommand : public QUndoCommand {
public:
    SetResearchSubsetCommand(Project* project, std::string subset);
    void redo() override;
    void undo() override;

private:
    Project* m_project;
    std::string m_old, m_new;
};

/// Sets the model that publishes the table (Privacy ▸ Transformation).
class SetTransformationCommand : public QUndoCommand {
public:
    SetTransformationCommand(Project* project, TransformationChoice choice);
    void redo() override;
    void undo() override;

private:
    Project* m_project;
    TransformationChoice m_old, m_new;
};

/// Sets how an identifying attribute is published (AttributeConfig::pseudonymize: "" = left
/// out, "hmac", "random", "mask:N").
class SetPseudonymizeCommand : public QUndoCommand {
public:
    SetPseudonymizeCommand(Project* project, int column, std::string method);
    void redo() override;
    void undo() override;

private:
    Project* m_project;
    int m_column;
    std::string m_old, m_new;
};

}  // namespace ldv::ui
