#include "workbench/startpage.h"

#include <QDir>
#include <QFileInfo>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>

#include "workbench/recentprojects.h"
#include "workbench/resourcepaths.h"

namespace ldv::ui {

StartPage::StartPage(QWidget* parent)
    : QWidget(parent),
      m_examples(new QWidget(this)),
      m_recent(new QListWidget(this)),
      m_missing(new QWidget(this)),
      m_missingText(new QLabel(m_missing)),
      m_removeMissing(new QPushButton(tr("&Remove from the list"), m_missing)) {
    auto* title = new QLabel(
        tr("<h1>ldiv workbench</h1><p>Publish microdata with k-anonymity, ℓ-diversity and "
           "(τ,ℓ)-diversity: load a table, mark quasi-identifiers and sensitive attributes, "
           "build hierarchies, explore the lattice and export.</p>"),
        this);
    title->setWordWrap(true);
    auto* start = new QGroupBox(tr("Start"), this);
    auto* startLayout = new QVBoxLayout(start);
    auto* open = new QPushButton(tr("Open project…"), start);
    auto* import = new QPushButton(tr("New project from CSV…"), start);
    open->setToolTip(tr("Open a saved ldiv project file (Ctrl+O)"));
    import->setToolTip(
        tr("Import a CSV table as a new project: separator, header and column types (Ctrl+N)"));
    m_recent->setToolTip(tr("Projects opened before; double-click one to open it again"));
    startLayout->addWidget(open);
    startLayout->addWidget(import);
    auto* examples = new QGroupBox(tr("Open example"), this);
    auto* exampleLayout = new QVBoxLayout(examples);
    exampleLayout->addWidget(m_examples);
    new QVBoxLayout(m_examples);
    m_examples->layout()->setContentsMargins(0, 0, 0, 0);
    auto* recent = new QGroupBox(tr("Recent projects"), this);
    auto* recentLayout = new QVBoxLayout(recent);
    recentLayout->addWidget(m_recent);
    // A project file moved or deleted since: said under the list, with the way out.
    m_recent->setObjectName("recentProjects");
    m_missing->setObjectName("recentMissing");
    m_missingText->setObjectName("recentMissingText");
    m_missingText->setWordWrap(true);
    m_missingText->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_missingText->setStyleSheet("color: #D55E00");
    m_removeMissing->setObjectName("recentRemove");
    m_removeMissing->setToolTip(tr("Forget this project: remove it from the recent projects"));
    auto* missingLayout = new QHBoxLayout(m_missing);
    missingLayout->setContentsMargins(0, 0, 0, 0);
    missingLayout->addWidget(m_missingText, 1);
    missingLayout->addWidget(m_removeMissing, 0, Qt::AlignTop);
    m_missing->hide();
    recentLayout->addWidget(m_missing);
    connect(m_removeMissing, &QPushButton::clicked, this, [this] {
        RecentProjects::remove(m_removeMissing->property("path").toString());
        refresh();
    });

    auto* column = new QVBoxLayout;
    column->addWidget(title);
    column->addWidget(start);
    column->addWidget(examples);
    column->addWidget(recent, 1);
    auto* outer = new QHBoxLayout(this);
    outer->addStretch(1);
    outer->addLayout(column, 3);
    outer->addStretch(1);

    connect(open, &QPushButton::clicked, this, &StartPage::openRequested);
    connect(import, &QPushButton::clicked, this, &StartPage::importRequested);
    connect(m_recent, &QListWidget::itemActivated, this,
            [this](QListWidgetItem* item) { activateRecent(item->data(Qt::UserRole).toString()); });
    refresh();
}

void StartPage::refresh() {
    auto* layout = m_examples->layout();
    while (QLayoutItem* item = layout->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    const QStringList descriptions{
        tr("Hospital — the 12-row inpatient table of the ℓ-diversity paper"),
        tr("Adult — 30,162 census records (UCI), 7 quasi-identifiers"),
        tr("Nursery — 12,960 applications (UCI)")};
    const QStringList names = exampleNames();
    for (int i = 0; i < names.size(); ++i) {
        const QString name = names[i];
        const bool hasProject = !exampleProject(name).isEmpty();
        const bool hasData = !exampleData(name).isEmpty();
        QString text = tr("Open example: %1").arg(descriptions.value(i, name));
        if (!hasProject && hasData) text += tr(" (data only, no project yet)");
        auto* button = new QPushButton(text, m_examples);
        button->setEnabled(hasProject || hasData);
        button->setToolTip(hasProject || hasData
                               ? tr("Open the bundled %1 example: data, roles, hierarchies and "
                                    "criteria ready to search")
                                     .arg(name)
                               : tr("The %1 example is not installed with this build").arg(name));
        button->setStyleSheet("text-align: left; padding: 6px;");
        connect(button, &QPushButton::clicked, this, [this, name] { emit exampleRequested(name); });
        layout->addWidget(button);
    }
    m_recent->clear();
    m_missing->hide();
    for (const QString& path : RecentProjects::entries()) {
        const QFileInfo info(path);
        const bool missing = !info.exists();
        auto* item = new QListWidgetItem(info.fileName() + "  —  " + info.absolutePath() +
                                             (missing ? tr("  (missing)") : QString()),
                                         m_recent);
        item->setData(Qt::UserRole, path);
        if (missing) {
            // Greyed, but still selectable: a double-click explains and offers to remove it.
            item->setForeground(palette().color(QPalette::Disabled, QPalette::Text));
            item->setToolTip(tr("%1\nNot found: moved, renamed or deleted since it was opened. "
                                "Double-click to remove it from the list.")
                                 .arg(QDir::toNativeSeparators(path)));
        } else {
            item->setToolTip(QDir::toNativeSeparators(path));
        }
    }
    if (m_recent->count() == 0) {
        auto* item = new QListWidgetItem(tr("No recent projects"), m_recent);
        item->setFlags(Qt::NoItemFlags);
    }
}

void StartPage::activateRecent(const QString& path) {
    // The file may have gone since the list was drawn: check now, not at refresh().
    if (!QFileInfo::exists(path)) return showMissing(path);
    m_missing->hide();
    emit projectRequested(path);
}

void StartPage::showMissing(const QString& path) {
    m_missingText->setText(
        tr("The project file %1 no longer exists: it was moved, renamed or deleted. Open it "
           "from its new place with Open project…, or remove it from this list.")
            .arg(QDir::toNativeSeparators(path)));
    m_removeMissing->setProperty("path", path);
    m_missing->show();
}

}  // namespace ldv::ui
