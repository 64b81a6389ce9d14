#include "data/dataperspective.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QSplitter>
#include <QTableView>

#include "data/columnlistmodel.h"
#include "data/columnpanel.h"
#include "data/combodelegate.h"
#include "data/tablemodel.h"
#include "project/project.h"

namespace ldv::ui {

DataPerspective::DataPerspective(QWidget* parent)
    : QWidget(parent), m_tableModel(new TableModel(this)), m_columnModel(new ColumnListModel(this)),
      m_columns(new QTableView(this)), m_panel(new ColumnPanel(this)), m_table(new QTableView(this)) {
    m_columns->setModel(m_columnModel);
    m_columns->setItemDelegate(new ComboDelegate(ColumnListModel::ChoicesRole, this));
    m_columns->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_columns->setSelectionMode(QAbstractItemView::SingleSelection);
    m_columns->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::SelectedClicked |
                               QAbstractItemView::EditKeyPressed);
    m_columns->verticalHeader()->hide();
    m_columns->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_columns->horizontalHeader()->setSectionResizeMode(ColumnListModel::Name, QHeaderView::Stretch);

    m_table->setModel(m_tableModel);
    // Uniform row heights: the view never measures rows, so 10 M rows scroll instantly.
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    m_table->horizontalHeader()->setDefaultSectionSize(110);
    m_table->setSelectionBehavior(QAbstractItemView::SelectItems);
    m_table->setWordWrap(false);

    auto* left = new QSplitter(Qt::Vertical, this);
    left->addWidget(m_columns);
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
    connect(m_table->horizontalHeader(), &QHeaderView::sectionClicked, this, &DataPerspective::selectColumn);
}

void DataPerspective::setProject(Project* project) {
    m_project = project;
    m_panel->setProject(project);
    m_tableModel->setProject(project);
    m_columnModel->setProject(project);
    if (project && project->columnCount() > 0) selectColumn(0);
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
