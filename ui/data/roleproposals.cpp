#include "data/roleproposals.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QRegularExpression>
#include <QVBoxLayout>

#include "format/rolestyle.h"
#include "project/project.h"

namespace ldv::ui {

namespace {
// Names of direct identifiers, as whole words of the column name ("patient_name", "E-Mail").
const QRegularExpression kIdentifyingName(
    "(^|[^a-z])(name|first.?name|last.?name|surname|e.?mail|phone|telephone|mobile|ssn|"
    "social.?security|passport|iban|address|street)([^a-z]|$)",
    QRegularExpression::CaseInsensitiveOption);
}  // namespace

std::vector<RoleProposal> proposeRoles(const Project& project) {
    std::vector<RoleProposal> out;
    const std::size_t rows = project.table().rowCount();
    for (int c = 0; c < project.columnCount(); ++c) {
        if (project.role(c) == Role::Identifying) continue;
        const Column& column = project.table().column(std::size_t(c));
        const QString name = project.columnName(c);
        if (rows > 1 && column.domainSize() == rows && column.missingCount() == 0) {
            out.push_back({c, Role::Identifying,
                           QObject::tr("every one of the %L1 rows has its own value, so it "
                                       "points at one person")
                               .arg(rows)});
        } else if (kIdentifyingName.match(name).hasMatch()) {
            out.push_back({c, Role::Identifying,
                           QObject::tr("its name reads like a direct identifier (%L1 distinct "
                                       "values in %L2 rows)")
                               .arg(column.domainSize())
                               .arg(rows)});
        }
    }
    return out;
}

RoleProposalPanel::RoleProposalPanel(QWidget* parent)
    : QWidget(parent),
      m_title(new QLabel(this)),
      m_rows(new QWidget(this)),
      m_rowsLayout(new QVBoxLayout(m_rows)) {
    setObjectName("roleProposals");
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* head = new QHBoxLayout;
    m_title->setWordWrap(true);
    head->addWidget(m_title, 1);
    auto* all = new QPushButton(tr("Accept all"), this);
    all->setObjectName("roleProposalsAcceptAll");
    all->setToolTip(tr("Give every proposed attribute its proposed role (one undo step)"));
    connect(all, &QPushButton::clicked, this, &RoleProposalPanel::acceptAll);
    head->addWidget(all);
    layout->addLayout(head);
    m_rowsLayout->setContentsMargins(0, 0, 0, 0);
    m_rowsLayout->setSpacing(2);
    layout->addWidget(m_rows);
    hide();
}

void RoleProposalPanel::setProject(Project* project) {
    if (m_project) m_project->disconnect(this);
    m_project = project;
    m_rejected.clear();
    if (project) connect(project, &Project::roleChanged, this, &RoleProposalPanel::refresh);
    refresh();
}

void RoleProposalPanel::accept(int column) {
    if (m_project) m_project->setRole(column, Role::Identifying);
}

void RoleProposalPanel::reject(int column) {
    if (!m_project) return;
    m_rejected.insert(m_project->columnName(column));
    refresh();
}

void RoleProposalPanel::acceptAll() {
    if (!m_project) return;
    std::vector<int> columns;
    for (const RoleProposal& p : m_shown) columns.push_back(p.column);
    m_project->setRoles(columns, Role::Identifying);
}

void RoleProposalPanel::refresh() {
    m_shown.clear();
    if (m_project)
        for (RoleProposal& p : proposeRoles(*m_project))
            if (!m_rejected.contains(m_project->columnName(p.column)))
                m_shown.push_back(std::move(p));
    // deleteLater: this may run inside the click of one of these buttons.
    while (QLayoutItem* item = m_rowsLayout->takeAt(0)) {
        if (QWidget* w = item->widget()) {
            w->hide();
            w->deleteLater();
        }
        delete item;
    }
    setVisible(!m_shown.empty());
    if (m_shown.empty()) return;
    m_title->setText(tr("<b>Proposed roles</b> — check each: nothing changes until you accept."));
    for (const RoleProposal& p : m_shown) {
        const QString name = m_project->columnName(p.column);
        auto* row = new QWidget(m_rows);
        auto* layout = new QHBoxLayout(row);
        layout->setContentsMargins(0, 0, 0, 0);
        auto* text =
            new QLabel(tr("<b>%1</b> → %2: %3")
                           .arg(name.toHtmlEscaped(), roleName(p.role), p.reason.toHtmlEscaped()),
                       row);
        text->setWordWrap(true);
        text->setToolTip(tr("An identifying attribute is removed from the published table"));
        auto* yes = new QPushButton(tr("Accept"), row);
        auto* no = new QPushButton(tr("Reject"), row);
        yes->setObjectName("roleProposalAccept_" + name);
        no->setObjectName("roleProposalReject_" + name);
        yes->setToolTip(tr("Make '%1' %2 (undoable)").arg(name, roleName(p.role)));
        no->setToolTip(tr("Keep the role of '%1' as it is and stop proposing it").arg(name));
        const int column = p.column;
        connect(yes, &QPushButton::clicked, this, [this, column] { accept(column); });
        connect(no, &QPushButton::clicked, this, [this, column] { reject(column); });
        layout->addWidget(text, 1);
        layout->addWidget(yes);
        layout->addWidget(no);
        m_rowsLayout->addWidget(row);
    }
}

}  // namespace ldv::ui
