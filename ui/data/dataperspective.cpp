#include "data/dataperspective.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListView>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>
#include <algorithm>

#include "data/columnlistmodel.h"
#include "data/columnpanel.h"
#include "data/combodelegate.h"
#include "data/roleproposals.h"
#include "data/tablemodel.h"
#include "format/rolestyle.h"
#include "ldiv/data/lookalikes.h"
#include "project/project.h"

namespace ldv::ui {

DataPerspective::DataPerspective(QWidget* parent)
    : QWidget(parent),
      m_tableModel(new TableModel(this)),
      m_columnModel(new ColumnListModel(this)),
      m_columns(new QTableView(this)),
      m_panel(new ColumnPanel(this)),
      m_table(new QTableView(this)),
      m_selectionLabel(new QLabel(this)),
      m_selectionRole(new QComboBox(this)),
      m_selectionApply(new QPushButton(tr("Set role"), this)),
      m_proposals(new RoleProposalPanel(this)),
      m_checks(new QLabel(this)) {
    m_columns->setModel(m_columnModel);
    m_columns->setItemDelegate(new ComboDelegate(ColumnListModel::ChoicesRole, this));
    m_columns->setSelectionBehavior(QAbstractItemView::SelectRows);
    // Several attributes at once (Ctrl/Shift-click) get one role with "Set role".
    m_columns->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_columns->setObjectName("attributeList");
    m_columns->setToolTip(
        tr("The attributes: double-click a role or type to change it; select "
           "several (Ctrl/Shift-click) to give them one role"));
    m_columns->setEditTriggers(QAbstractItemView::DoubleClicked |
                               QAbstractItemView::SelectedClicked |
                               QAbstractItemView::EditKeyPressed);
    m_columns->verticalHeader()->hide();
    m_columns->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_columns->horizontalHeader()->setSectionResizeMode(ColumnListModel::Name,
                                                        QHeaderView::Stretch);

    m_table->setModel(m_tableModel);
    m_table->setToolTip(tr("The data as loaded; click a column header to select its attribute"));
    // Uniform row heights: the view never measures rows, so 10 M rows scroll instantly.
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    m_table->horizontalHeader()->setDefaultSectionSize(110);
    m_table->setSelectionBehavior(QAbstractItemView::SelectItems);
    m_table->setWordWrap(false);

    m_selectionLabel->setObjectName("selectionCount");
    for (const QString& name : roleNames())
        m_selectionRole->addItem(roleIcon(*roleFromName(name)), name);
    m_selectionRole->setCurrentText(roleName(Role::QuasiIdentifying));
    m_selectionRole->setObjectName("selectionRole");
    // The list as wide as its longest entry with its icon (not elided to "quasi-i…tifying").
    m_selectionRole->view()->setMinimumWidth(m_selectionRole->view()->sizeHintForColumn(0) + 32);
    m_selectionRole->setToolTip(tr("The role to give the selected attributes"));
    m_selectionApply->setObjectName("selectionRoleApply");
    m_selectionApply->setToolTip(tr("Give every selected attribute this role (one undo step)"));
    auto* list = new QWidget(this);
    auto* listLayout = new QVBoxLayout(list);
    listLayout->setContentsMargins(0, 0, 0, 0);
    listLayout->addWidget(m_columns, 1);
    auto* selectionRow = new QHBoxLayout;
    selectionRow->addWidget(m_selectionLabel);
    selectionRow->addStretch(1);
    selectionRow->addWidget(m_selectionRole);
    selectionRow->addWidget(m_selectionApply);
    listLayout->addLayout(selectionRow);
    listLayout->addWidget(m_proposals);
    m_checks->setObjectName("dataChecks");
    m_checks->setWordWrap(true);
    m_checks->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_checks->setToolTip(
        tr("Checks of the quasi-identifiers and sensitive attributes that do not "
           "stop a search but deserve a look"));
    m_checks->hide();
    listLayout->addWidget(m_checks);

    auto* left = new QSplitter(Qt::Vertical, this);
    left->addWidget(list);
    left->addWidget(m_panel);
    left->setStretchFactor(0, 1);
    left->setStretchFactor(1, 1);
    left->setSizes({330, 420});
    auto* split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(left);
    split->addWidget(m_table);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);
    split->setSizes({480, 720});
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(split);

    connect(m_columns->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) { selectColumn(current.row()); });
    connect(m_table->horizontalHeader(), &QHeaderView::sectionClicked, this,
            &DataPerspective::selectColumn);
    connect(m_columns->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &DataPerspective::selectionChanged);
    connect(m_selectionApply, &QPushButton::clicked, this,
            [this] { setRoleOfSelection(*roleFromName(m_selectionRole->currentText())); });
    selectionChanged();
}

std::vector<int> DataPerspective::selectedColumns() const {
    std::vector<int> out;
    for (const QModelIndex& index : m_columns->selectionModel()->selectedRows())
        out.push_back(index.row());
    std::sort(out.begin(), out.end());
    return out;
}

void DataPerspective::setRoleOfSelection(Role role) {
    if (m_project) m_project->setRoles(selectedColumns(), role);
}

void DataPerspective::updateChecks() {
    m_checkTexts.clear();
    for (int c = 0; m_project && c < m_project->columnCount(); ++c) {
        const Role role = m_project->role(c);
        if (role != Role::QuasiIdentifying && role != Role::Sensitive) continue;
        if (const auto warning = whiteSpaceLookalikes(m_project->table().column(std::size_t(c))))
            m_checkTexts << QString::fromStdString(*warning);
    }
    QStringList lines;
    for (const QString& t : m_checkTexts) lines << QStringLiteral("⚠ ") + t.toHtmlEscaped();
    m_checks->setText(
        QStringLiteral("<span style='color:#805000'>%1</span>").arg(lines.join("<br>")));
    m_checks->setVisible(!m_checkTexts.isEmpty());
}

void DataPerspective::selectionChanged() {
    const std::size_t n = m_project ? selectedColumns().size() : 0;
    m_selectionLabel->setText(n == 1 ? tr("1 attribute selected")
                                     : tr("%1 attributes selected").arg(n));
    m_selectionApply->setEnabled(n > 0);
    m_selectionRole->setEnabled(n > 0);
}

void DataPerspective::setProject(Project* project) {
    if (m_project) m_project->disconnect(this);
    m_project = project;
    m_panel->setProject(project);
    m_tableModel->setProject(project);
    m_columnModel->setProject(project);
    m_proposals->setProject(project);
    if (project) connect(project, &Project::roleChanged, this, &DataPerspective::updateChecks);
    updateChecks();
    if (project && project->columnCount() > 0) selectColumn(0);
    selectionChanged();
    fitListHeight();
}

void DataPerspective::fitListHeight() {
    // Up to 8 attributes stay in view whatever appears below the list (role proposals, data
    // checks): the splitter takes the room from the attribute's details instead.
    const int rows = std::min(m_columnModel->rowCount(), 8);
    const int rowHeight = rows > 0 ? m_columns->rowHeight(0) : 0;
    m_columns->setMinimumHeight(m_columns->horizontalHeader()->sizeHint().height() +
                                rows * rowHeight + 2 * m_columns->frameWidth());
}

void DataPerspective::selectColumn(int column) {
    if (!m_project || column < 0 || column >= m_project->columnCount()) return;
    m_panel->setColumn(column);
    if (m_columns->currentIndex().row() != column)
        m_columns->setCurrentIndex(m_columnModel->index(column, ColumnListModel::Name));
    const QModelIndex cell = m_tableModel->index(qMax(0, m_table->rowAt(0)), column);
    if (cell.isValid()) m_table->scrollTo(cell, QAbstractItemView::EnsureVisible);
}

}  // namespace ldv::ui
