#pragma once
// Roles the workbench proposes for a new project, each with the reason, shown to the user to
// accept or reject (never applied silently): a column whose value differs in every row, or
// whose name reads like a direct identifier (name, e-mail, phone, social security number),
// is proposed as identifying, so it is removed from the published table.
#include <QPointer>
#include <QSet>
#include <QString>
#include <QWidget>
#include <vector>

#include "ldiv/data/table.h"
#include "widgets/qtforward.h"

namespace ldv::ui {

class Project;

struct RoleProposal {
    int column = -1;
    Role role = Role::Identifying;
    QString reason;
};

/// The proposals for the project's columns whose role differs from the proposed one.
std::vector<RoleProposal> proposeRoles(const Project& project);

/// A short list of proposals, each with Accept and Reject; hidden when there is none left.
/// A rejected proposal is not shown again for the project.
class RoleProposalPanel : public QWidget {
    Q_OBJECT
public:
    explicit RoleProposalPanel(QWidget* parent = nullptr);
    void setProject(Project* project);
    /// The proposals shown now.
    const std::vector<RoleProposal>& proposals() const { return m_shown; }
    void accept(int column);
    void reject(int column);
    void acceptAll();

private:
    void refresh();
    QPointer<Project> m_project;
    QSet<QString> m_rejected;  ///< column names
    std::vector<RoleProposal> m_shown;
    QLabel* m_title;
    QWidget* m_rows;
    QVBoxLayout* m_rowsLayout;
};

}  // namespace ldv::ui
