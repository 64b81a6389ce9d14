#include "hierarchy/hierarchyperspective.h"

#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QListWidget>
#include <QMenu>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QToolBar>
#include <QTreeView>
#include <QUndoStack>
#include <QVBoxLayout>
#include <algorithm>
#include <unordered_map>

#include "charts/barchart.h"
#include "format/rolestyle.h"
#include "hierarchy/builderpanel.h"
#include "hierarchy/hierarchyimportdialog.h"
#include "hierarchy/hierarchytablemodel.h"
#include "hierarchy/hierarchytreemodel.h"
#include "hierarchy/naturalorder.h"
#include "hierarchy/naturalsortproxy.h"
#include "ldiv/hierarchy/hierarchy_edits.h"
#include "project/job.h"
#include "project/project.h"
#include "widgets/filedialogs.h"
#include "widgets/plural.h"

namespace ldv::ui {

namespace {
constexpr int kHistogramBars = 30;

QGroupBox* box(const QString& title, QWidget* content, QWidget* parent) {
    auto* group = new QGroupBox(title, parent);
    auto* layout = new QVBoxLayout(group);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addWidget(content);
    return group;
}
}  // namespace

HierarchyPerspective::HierarchyPerspective(QWidget* parent)
    : QWidget(parent),
      m_attributes(new QListWidget(this)),
      m_heading(new QLabel(this)),
      m_editors(new QTabWidget(this)),
      m_tableModel(new HierarchyTableModel(this)),
      m_treeModel(new HierarchyTreeModel(this)),
      m_tableProxy(new NaturalSortProxy(this)),
      m_tableView(new QTableView(this)),
      m_treeView(new QTreeView(this)),
      m_builder(new BuilderPanel(this)),
      m_issues(new QListWidget(this)),
      m_level(new QSpinBox(this)),
      m_histogram(new BarChart(this)) {
    // Base values in natural order (9, 10, 11; dates and months in calendar order); every
    // column header sorts, so the groups of a level can be listed together.
    m_attributes->setToolTip(
        tr("The attributes; select one to edit, build or import its hierarchy"));
    m_issues->setToolTip(
        tr("What is wrong with the hierarchy (levels that do not nest, data values it does not "
           "cover); double-click an issue to show its row"));
    m_tableProxy->setSourceModel(m_tableModel);
    m_tableView->setModel(m_tableProxy);
    m_tableView->setObjectName("hierarchyLevelsTable");
    m_tableView->setSortingEnabled(true);
    m_tableView->setToolTip(
        tr("One row per data value, one column per level: edit a cell of a level to move the "
           "value into another group"));
    m_tableView->sortByColumn(0, Qt::AscendingOrder);
    m_tableView->horizontalHeader()->setToolTip(
        tr("Click a level's header to sort by it (numbers numerically, dates and months in "
           "calendar order); click again to reverse"));
    m_tableView->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_tableView->verticalHeader()->setDefaultSectionSize(m_tableView->fontMetrics().height() + 6);
    m_tableView->horizontalHeader()->setDefaultSectionSize(120);
    m_treeView->setModel(m_treeModel);
    m_treeView->setUniformRowHeights(true);
    m_treeView->setObjectName("hierarchyTree");
    m_treeView->setToolTip(
        tr("Groups and their members in natural order; right-click to rename or move a group"));
    m_treeView->setContextMenuPolicy(Qt::CustomContextMenu);
    m_treeView->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_treeView->header()->setStretchLastSection(false);
    m_editors->addTab(m_tableView, tr("Levels"));
    m_editors->addTab(m_treeView, tr("Tree"));

    auto* tools = new QToolBar(this);
    tools->addAction(tr("Add level"), this, &HierarchyPerspective::addLevel)
        ->setToolTip(tr("Copy the selected level into a new level above it"));
    tools->addAction(tr("Remove level"), this, &HierarchyPerspective::removeLevel)
        ->setToolTip(tr("Remove the selected level"));
    tools->addSeparator();
    tools->addAction(tr("Import CSV…"), this, &HierarchyPerspective::importDialog)
        ->setToolTip(tr(
            "Import one or several hierarchy files; each is matched to an attribute by its name"));
    tools
        ->addAction(tr("Export CSV…"), this,
                    [this] {
                        const QString path = filedialogs::saveFile(
                            this, filedialogs::Kind::Hierarchy, tr("Export hierarchy"),
                            m_attribute + ".csv", tr("CSV (*.csv)"));
                        if (!path.isEmpty()) {
                            const QString error = exportHierarchy(path);
                            if (!error.isEmpty()) m_heading->setText(error.toHtmlEscaped());
                        }
                    })
        ->setToolTip(tr("Write the selected attribute's hierarchy to a CSV file, one row per "
                        "value, one column per level"));
    tools->addSeparator();
    tools->addAction(tr("Remove hierarchy"), this, &HierarchyPerspective::removeHierarchy)
        ->setToolTip(tr("Remove the selected attribute's hierarchy (undoable); a "
                        "quasi-identifier without one cannot be generalized"));

    auto* center = new QWidget(this);
    auto* centerLayout = new QVBoxLayout(center);
    centerLayout->setContentsMargins(0, 0, 0, 0);
    m_heading->setWordWrap(true);
    // The toolbar first: the heading's height changes with its text, the buttons keep their place.
    centerLayout->addWidget(tools);
    centerLayout->addWidget(m_heading);
    centerLayout->addWidget(m_editors, 1);

    auto* histogram = new QWidget(this);
    auto* histogramLayout = new QVBoxLayout(histogram);
    histogramLayout->setContentsMargins(0, 0, 0, 0);
    auto* levelRow = new QHBoxLayout;
    levelRow->addWidget(new QLabel(tr("Level:"), this));
    levelRow->addWidget(m_level);
    levelRow->addStretch(1);
    histogramLayout->addLayout(levelRow);
    histogramLayout->addWidget(m_histogram, 1);
    m_histogram->setEmptyText(tr("no groups"));
    m_level->setObjectName("hierarchyHistogramLevel");
    m_level->setToolTip(tr("The level whose groups the chart shows"));
    m_histogram->setObjectName("hierarchyHistogram");
    m_histogram->setToolTip(
        tr("Rows of the data per group at this level, groups in natural order (the 30 largest "
           "when there are more)"));

    auto* right = new QSplitter(Qt::Vertical, this);
    // The builder's forms scroll inside it (its Apply button stays in view): the perspective
    // must fit a 1366×768 screen.
    right->addWidget(box(tr("Build"), m_builder, this));
    right->addWidget(box(tr("Validation"), m_issues, this));
    right->addWidget(box(tr("Group sizes"), histogram, this));
    right->setStretchFactor(0, 4);
    right->setStretchFactor(1, 1);
    right->setStretchFactor(2, 2);
    // The builder (settings and preview) first; the validation usually says one line.
    right->setSizes({560, 60, 260});

    auto* split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(box(tr("Attributes"), m_attributes, this));
    split->addWidget(center);
    split->addWidget(right);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 3);
    split->setStretchFactor(2, 2);
    split->setSizes({200, 620, 480});
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(split);

    connect(m_attributes, &QListWidget::currentRowChanged, this,
            &HierarchyPerspective::attributeChanged);
    connect(m_level, &QSpinBox::valueChanged, this, &HierarchyPerspective::updateHistogram);
    connect(m_treeView, &QTreeView::customContextMenuRequested, this,
            &HierarchyPerspective::treeMenu);
    connect(m_tableView->selectionModel(), &QItemSelectionModel::currentColumnChanged, this,
            [this](const QModelIndex& current) {
                if (current.isValid()) m_level->setValue(current.column());
            });
    connect(m_issues, &QListWidget::itemActivated, this, [this](QListWidgetItem* item) {
        const int row = item->data(Qt::UserRole).toInt();
        const int level = item->data(Qt::UserRole + 1).toInt();
        if (row < 0) return;
        m_editors->setCurrentWidget(m_tableView);
        m_tableView->setCurrentIndex(
            m_tableProxy->mapFromSource(m_tableModel->index(row, std::max(level, 0))));
    });
}

void HierarchyPerspective::setProject(Project* project) {
    if (m_project) m_project->disconnect(this);
    m_project = project;
    m_attribute.clear();
    m_tableModel->setProject(project);
    m_treeModel->setProject(project);
    m_builder->setProject(project);
    if (project) {
        connect(project, &Project::hierarchyChanged, this, &HierarchyPerspective::hierarchyChanged);
        connect(project, &Project::roleChanged, this, &HierarchyPerspective::refreshAttributes);
        connect(project, &Project::typeChanged, this, [this] { m_builder->updatePreview(); });
    }
    refreshAttributes();
    // Start with the first quasi-identifier: that is what needs a hierarchy.
    if (project) {
        const auto qi = project->qiOrder();
        selectAttribute(qi.empty() ? project->columnName(0) : QString::fromStdString(qi.front()));
    }
}

void HierarchyPerspective::refreshAttributes() {
    const QString keep = m_attribute;
    const QSignalBlocker block(m_attributes);
    m_attributes->clear();
    if (!m_project) return;
    for (int c = 0; c < m_project->columnCount(); ++c) {
        const QString name = m_project->columnName(c);
        const Hierarchy* h = m_project->hierarchy(name.toStdString());
        auto* item = new QListWidgetItem(
            roleIcon(m_project->role(c)),
            h ? tr("%1  (height %2)").arg(name).arg(h->height()) : name, m_attributes);
        item->setData(Qt::UserRole, name);
        item->setToolTip(roleName(m_project->role(c)));
        if (name == keep) m_attributes->setCurrentItem(item);
    }
}

bool HierarchyPerspective::selectAttribute(const QString& attribute) {
    for (int i = 0; i < m_attributes->count(); ++i)
        if (m_attributes->item(i)->data(Qt::UserRole).toString() == attribute) {
            m_attributes->setCurrentRow(i);
            if (m_attribute != attribute) attributeChanged();
            return true;
        }
    return false;
}

void HierarchyPerspective::attributeChanged() {
    QListWidgetItem* item = m_attributes->currentItem();
    m_attribute = item ? item->data(Qt::UserRole).toString() : QString();
    m_tableModel->setAttribute(m_attribute);
    m_treeModel->setAttribute(m_attribute);
    m_builder->setAttribute(m_attribute);
    m_treeView->expandToDepth(0);
    hierarchyChanged(m_attribute);
}

void HierarchyPerspective::hierarchyChanged(const QString& attribute) {
    if (attribute != m_attribute) return refreshAttributes();
    refreshAttributes();
    const Hierarchy* h =
        m_project && !attribute.isEmpty() ? m_project->hierarchy(attribute.toStdString()) : nullptr;
    if (attribute.isEmpty())
        m_heading->setText(tr("Select an attribute."));
    else if (!h)
        m_heading->setText(
            tr("<b>%1</b> has no hierarchy yet: it is shown as its base values. Build one, import "
               "a CSV, or add a level and rename groups.")
                .arg(attribute.toHtmlEscaped()));
    else
        m_heading->setText(tr("<b>%1</b>: %2 base values, height %3. Edit a cell to move a value "
                              "into another group; "
                              "rename groups in the tree.")
                               .arg(attribute.toHtmlEscaped())
                               .arg(h->baseCount())
                               .arg(h->height()));
    // A sort by a level this hierarchy does not have would leave the rows unsorted.
    if (m_tableProxy->sortColumn() >= m_tableModel->columnCount())
        m_tableView->sortByColumn(0, Qt::AscendingOrder);
    m_level->setRange(0, std::max(0, m_tableModel->columnCount() - 1));
    if (m_tableModel->columnCount() > 1 && m_level->value() == 0) m_level->setValue(1);
    m_treeView->expandToDepth(0);
    updateHistogram();
    validate();
}

void HierarchyPerspective::validate() {
    if (!m_project || m_attribute.isEmpty()) return showIssues({});
    const int column = m_project->columnIndex(m_attribute.toStdString());
    auto hierarchy = std::make_shared<Hierarchy>(m_tableModel->hierarchy());
    auto table = m_project->sharedTable();
    // A new request cancels the old one (its result is dropped).
    delete m_validation;
    m_validation = new Job(
        tr("Validating %1").arg(m_attribute),
        [hierarchy, table, column](Feedback&) -> std::shared_ptr<void> {
            return std::make_shared<std::vector<HierarchyIssue>>(
                validateHierarchy(*hierarchy, &table->column(std::size_t(column))));
        },
        this);
    connect(m_validation, &Job::succeeded, this, [this](std::shared_ptr<void> r) {
        showIssues(*std::static_pointer_cast<std::vector<HierarchyIssue>>(r));
    });
    connect(m_validation, &Job::failed, this, [this](const QString& e) {
        m_issues->clear();
        m_issues->addItem(e);
    });
    m_validation->start();
}

bool HierarchyPerspective::isValidating() const {
    return m_validation && m_validation->isRunning();
}

void HierarchyPerspective::showIssues(const std::vector<HierarchyIssue>& issues) {
    m_lastIssues = issues;
    m_tableModel->setIssues(issues);
    m_issues->clear();
    for (const HierarchyIssue& issue : issues) {
        auto* item = new QListWidgetItem(QString::fromStdString(issue.message), m_issues);
        item->setForeground(isError(issue) ? QColor(0xB0, 0x00, 0x20) : QColor(0x80, 0x60, 0x00));
        item->setData(Qt::UserRole, issue.row);
        item->setData(Qt::UserRole + 1, issue.level);
        item->setToolTip(item->text());
    }
    if (issues.empty() && !m_attribute.isEmpty())
        new QListWidgetItem(tr("✓ Valid: every level nests and every data value is covered."),
                            m_issues);
}

void HierarchyPerspective::updateHistogram() {
    const int column = m_project && !m_attribute.isEmpty()
                           ? m_project->columnIndex(m_attribute.toStdString())
                           : -1;
    if (column < 0) return m_histogram->setBars({}, {}, {});
    const Column& data = m_project->table().column(std::size_t(column));
    const auto& counts = m_project->valueCounts(column);
    const int level = m_level->value();
    auto groups = hierarchyedits::groupSizes(m_tableModel->hierarchy(), level,
                                             [&](const std::string& base) -> std::size_t {
                                                 const auto code = data.find(base);
                                                 return code ? counts[*code] : 0;
                                             });
    const std::size_t total = groups.size();
    if (groups.size() > std::size_t(kHistogramBars)) {
        std::stable_sort(groups.begin(), groups.end(),
                         [](const auto& a, const auto& b) { return a.records > b.records; });
        groups.resize(std::size_t(kHistogramBars));
    }
    // Bars in the natural order of the groups (ages 0-9, 10-19, …; months in calendar order).
    std::vector<std::string> names;
    for (const auto& g : groups) names.push_back(g.value);
    naturalorder::sort(names);
    std::unordered_map<std::string, std::size_t> position;
    for (std::size_t i = 0; i < names.size(); ++i) position[names[i]] = i;
    std::sort(groups.begin(), groups.end(), [&position](const auto& a, const auto& b) {
        return position[a.value] < position[b.value];
    });
    QStringList labels;
    QVector<double> values;
    for (const auto& g : groups) {
        labels << QString::fromStdString(g.value);
        values << double(g.records);
    }
    m_histogram->setColor(roleColor(m_project->role(column)));
    m_histogram->setTitle(
        total > groups.size()
            ? tr("Level %1: largest %2 of %3 groups").arg(level).arg(groups.size()).arg(total)
            : tr("Level %1: %2").arg(level).arg(countOf(total, "group", "groups")));
    m_histogram->setBars(labels, values, tr("rows per group"));
}

QString HierarchyPerspective::importHierarchy(const QString& path) {
    if (!m_project || m_attribute.isEmpty()) return tr("Select an attribute first.");
    try {
        Hierarchy h = readHierarchy(path.toStdString());
        m_project->setHierarchy(m_attribute.toStdString(), std::move(h),
                                tr("Import hierarchy of '%1' from %2").arg(m_attribute, path));
        return {};
    } catch (const std::exception& e) {
        return QString::fromStdString(e.what());
    }
}

void HierarchyPerspective::importDialog() {
    if (!m_project) return;
    const QStringList paths =
        filedialogs::openFiles(this, filedialogs::Kind::Hierarchy, tr("Import hierarchies"),
                               tr("Hierarchies (*.csv *.xlsx);;All (*)"));
    if (paths.isEmpty()) return;
    QStringList attributes;
    for (int c = 0; c < m_project->columnCount(); ++c) attributes << m_project->columnName(c);
    HierarchyImportDialog dialog(paths, attributes, m_attribute, this);
    if (dialog.exec() != QDialog::Accepted) return;
    const QStringList errors = importHierarchies(dialog.matches());
    if (!errors.isEmpty())
        m_heading->setText(errors.join("\n").toHtmlEscaped().replace("\n", "<br>"));
}

QStringList HierarchyPerspective::importHierarchies(const QList<QPair<QString, QString>>& matches) {
    QStringList errors;
    if (!m_project) return {tr("No project is open.")};
    // Read every file first: one undo step for the files that read, nothing for those that fail.
    std::vector<std::pair<QString, Hierarchy>> read;
    for (const auto& [path, attribute] : matches) {
        try {
            read.emplace_back(attribute, readHierarchy(path.toStdString()));
        } catch (const std::exception& e) {
            errors << QString::fromStdString(e.what());
        }
    }
    if (read.empty()) return errors;
    QUndoStack* undo = m_project->undoStack();
    if (read.size() > 1) undo->beginMacro(tr("Import %1 hierarchies").arg(read.size()));
    for (auto& [attribute, h] : read)
        m_project->setHierarchy(attribute.toStdString(), std::move(h),
                                tr("Import hierarchy of '%1'").arg(attribute));
    if (read.size() > 1) undo->endMacro();
    return errors;
}

QString HierarchyPerspective::exportHierarchy(const QString& path) const {
    try {
        writeHierarchy(m_tableModel->hierarchy(), path.toStdString());
        return {};
    } catch (const std::exception& e) {
        return QString::fromStdString(e.what());
    }
}

void HierarchyPerspective::addLevel() {
    const Hierarchy& h = m_tableModel->hierarchy();
    if (!m_project || h.empty()) return;
    const QModelIndex current = m_tableView->currentIndex();
    const int level = current.isValid() ? current.column() : std::max(0, h.height() - 1);
    m_project->setHierarchy(m_attribute.toStdString(), hierarchyedits::addLevel(h, level),
                            tr("Add level %1 to '%2'").arg(level + 1).arg(m_attribute));
}

void HierarchyPerspective::removeLevel() {
    const Hierarchy& h = m_tableModel->hierarchy();
    if (!m_project || h.empty() || h.height() < 1) return;
    const QModelIndex current = m_tableView->currentIndex();
    const int level = current.isValid() && current.column() > 0 ? current.column() : h.height();
    m_project->setHierarchy(m_attribute.toStdString(), hierarchyedits::removeLevel(h, level),
                            tr("Remove level %1 of '%2'").arg(level).arg(m_attribute));
}

void HierarchyPerspective::removeHierarchy() {
    if (m_project && !m_attribute.isEmpty())
        m_project->setHierarchy(m_attribute.toStdString(), std::nullopt,
                                tr("Remove hierarchy of '%1'").arg(m_attribute));
}

void HierarchyPerspective::treeMenu(const QPoint& pos) {
    const QModelIndex index = m_treeView->indexAt(pos).siblingAtColumn(0);
    if (!index.isValid()) return;
    QMenu menu(this);
    QAction* rename =
        menu.addAction(tr("Rename group…"), this, [this, index] { m_treeView->edit(index); });
    rename->setEnabled(m_treeModel->level(index) > 0);
    QAction* move = menu.addAction(tr("Move to group…"), this, [this, index] {
        bool ok = false;
        const QString parent =
            QInputDialog::getItem(this, tr("Move to group"), tr("New parent group:"),
                                  m_treeModel->parentChoices(index), 0, true, &ok);
        if (ok) m_treeModel->moveNode(index, parent);
    });
    move->setEnabled(!m_treeModel->parentChoices(index).isEmpty());
    menu.exec(m_treeView->viewport()->mapToGlobal(pos));
}

}  // namespace ldv::ui
