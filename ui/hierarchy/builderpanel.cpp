#include "hierarchy/builderpanel.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QStackedWidget>
#include <QTableWidget>
#include <QVBoxLayout>
#include <algorithm>

#include "hierarchy/naturalorder.h"
#include "ldiv/hierarchy/hierarchy_edits.h"
#include "ldiv/io/csv_table_reader.h"
#include "project/project.h"
#include "widgets/filedialogs.h"
#include "widgets/plural.h"
#include "widgets/scrollpanel.h"

namespace ldv::ui {

namespace {
QWidget* page(QWidget* parent, std::initializer_list<std::pair<QString, QWidget*>> rows) {
    auto* w = new QWidget(parent);
    auto* form = new QFormLayout(w);
    form->setContentsMargins(0, 0, 0, 0);
    for (const auto& [label, field] : rows) form->addRow(label, field);
    return w;
}
}  // namespace

BuilderPanel::BuilderPanel(QWidget* parent)
    : QWidget(parent),
      m_kind(new QComboBox(this)),
      m_pages(new QStackedWidget(this)),
      m_widths(new QLineEdit(this)),
      m_origin(new QDoubleSpinBox(this)),
      m_bottom(new QLineEdit(this)),
      m_top(new QLineEdit(this)),
      m_maskSteps(new QLineEdit(this)),
      m_groupSizes(new QLineEdit(this)),
      m_order(new QListWidget(this)),
      m_edges(new QPlainTextEdit(this)),
      m_topValue(new QLineEdit("*", this)),
      m_status(new QLabel(this)),
      m_table(new QTableWidget(0, 4, this)),
      m_apply(new QPushButton(tr("&Apply to attribute"), this)) {
    m_kind->addItems(BuilderSettings::kindNames());
    m_origin->setRange(-1e9, 1e9);
    m_bottom->setPlaceholderText(tr("none"));
    m_top->setPlaceholderText(tr("none"));
    m_widths->setToolTip(tr("Bin width per level, each dividing the next, e.g. 5,10,20"));
    m_kind->setObjectName("builderKind");
    m_kind->setToolTip(
        tr("How the levels are built: numeric intervals, masking characters from "
           "the right, day → month → year, groups of consecutive values, every "
           "value to the top, or a parent/child taxonomy"));
    m_origin->setToolTip(tr("Where the first interval starts: bins are origin + i·width"));
    m_bottom->setToolTip(
        tr("Values below this number become one group \"<bound\"; the "
           "intervals above it start at the bound, so no label overlaps it"));
    m_top->setToolTip(
        tr("Values at or above this number become one group \">=bound\"; the "
           "intervals below it end at the bound, so no label overlaps it"));
    m_maskSteps->setToolTip(
        tr("Characters masked from the right at each level, e.g. 1,2 (empty: one per level)"));
    m_groupSizes->setToolTip(
        tr("How many groups of the level below each group joins, per level, "
           "e.g. 3,2 makes quarters then half-years from months"));
    m_edges->setToolTip(tr("One parent,child pair per line; every data value must be a child"));
    m_topValue->setToolTip(tr("The label of the top level that every value generalizes to"));
    m_apply->setToolTip(tr("Replace the attribute's hierarchy with the preview (undoable)"));
    m_table->setToolTip(
        tr("Per level: how many groups there are, the smallest and largest number "
           "of data rows in a group, and the first groups in natural order"));
    m_maskSteps->setPlaceholderText(tr("one more character per level"));
    // The ordered builder starts in natural order (months in calendar order, numbers
    // numerically) and the user fixes what is left by dragging or with Up/Down.
    m_order->setObjectName("builderOrderList");
    m_order->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_order->setDragDropMode(QAbstractItemView::InternalMove);
    m_order->setDefaultDropAction(Qt::MoveAction);
    m_order->setToolTip(
        tr("The values in the order they are grouped: drag to reorder, or select "
           "and use Up/Down"));
    auto* orderUp = new QPushButton(tr("Up"), this);
    auto* orderDown = new QPushButton(tr("Down"), this);
    auto* orderNatural = new QPushButton(tr("Natural order"), this);
    orderUp->setObjectName("builderOrderUp");
    orderDown->setObjectName("builderOrderDown");
    orderNatural->setObjectName("builderOrderNatural");
    orderUp->setToolTip(tr("Move the selected values one place up"));
    orderDown->setToolTip(tr("Move the selected values one place down"));
    orderNatural->setToolTip(
        tr("Put the values back in natural order: numbers numerically, "
           "dates and month names in calendar order, text alphabetically"));
    auto* orderBox = new QWidget(this);
    auto* orderRow = new QHBoxLayout(orderBox);
    orderRow->setContentsMargins(0, 0, 0, 0);
    orderRow->addWidget(m_order, 1);
    auto* orderButtons = new QVBoxLayout;
    orderButtons->addWidget(orderUp);
    orderButtons->addWidget(orderDown);
    orderButtons->addWidget(orderNatural);
    orderButtons->addStretch(1);
    orderRow->addLayout(orderButtons);
    m_edges->setPlaceholderText(tr("parent,child — one edge per line"));
    auto* loadEdges = new QPushButton(tr("Load edges…"), this);
    loadEdges->setToolTip(tr("Read parent,child pairs from a CSV file into the edge list"));
    m_pages->addWidget(page(this, {{tr("Widths:"), m_widths},
                                   {tr("Origin:"), m_origin},
                                   {tr("Bottom coding:"), m_bottom},
                                   {tr("Top coding:"), m_top}}));
    m_pages->addWidget(page(this, {{tr("Characters:"), m_maskSteps}}));
    m_pages->addWidget(page(this, {{QString(), new QLabel(tr("day → month → year → top"), this)}}));
    m_pages->addWidget(page(this, {{tr("Group sizes:"), m_groupSizes}, {tr("Order:"), orderBox}}));
    m_pages->addWidget(page(this, {{QString(), new QLabel(tr("every value → top"), this)}}));
    m_pages->addWidget(page(this, {{tr("Edges:"), m_edges}, {QString(), loadEdges}}));
    m_order->setMinimumHeight(5 * (m_order->fontMetrics().height() + 4));
    m_order->setMaximumHeight(9 * (m_order->fontMetrics().height() + 4));
    m_edges->setMaximumHeight(90);
    m_status->setWordWrap(true);
    m_table->setHorizontalHeaderLabels(
        {tr("Level"), tr("Groups"), tr("Rows per group"), tr("Example")});
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
    // Header and five levels (base and four above it, as most interval hierarchies have),
    // whatever the height of the settings above: those scroll, the preview does not.
    const auto previewHeight = [this](int rows) {
        return m_table->horizontalHeader()->sizeHint().height() +
               rows * (m_table->fontMetrics().height() + 6) +
               m_table->horizontalScrollBar()->sizeHint().height() + 2 * m_table->frameWidth();
    };
    // Beyond five levels the preview scrolls: the rest of the panel goes to the settings.
    m_table->setFixedHeight(previewHeight(5));
    m_table->setObjectName("builderPreview");
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);

    auto* form = new QFormLayout;
    form->addRow(tr("&Builder:"), m_kind);
    // The settings scroll (the perspective must fit 1366×768); the preview below them keeps
    // room for five levels (at 1366×768 it showed two rows, the rest scrolled out of the
    // panel), and Apply stays in view whatever the builder shows.
    auto* content = new QWidget(this);
    auto* contentLayout = new QVBoxLayout(content);
    contentLayout->setContentsMargins(0, 0, 0, 0);
    contentLayout->addLayout(form);
    contentLayout->addWidget(m_pages);
    auto* topForm = new QFormLayout;
    topForm->addRow(tr("Top value:"), m_topValue);
    contentLayout->addLayout(topForm);
    contentLayout->addStretch(1);
    auto* settings = scrollPanel(content, this);
    settings->setMinimumHeight(2 * (fontMetrics().height() + 12));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(settings, 1);
    layout->addWidget(m_status);
    layout->addWidget(m_table);
    layout->addWidget(m_apply);

    m_debounce.setSingleShot(true);
    m_debounce.setInterval(150);
    connect(&m_debounce, &QTimer::timeout, this, &BuilderPanel::updatePreview);
    const auto later = [this] { m_debounce.start(); };
    connect(m_kind, &QComboBox::currentIndexChanged, this, [this, later](int i) {
        m_pages->setCurrentIndex(i);
        later();
    });
    // The stack takes the height of the current page only, not of the tallest one.
    connect(m_pages, &QStackedWidget::currentChanged, this, [this](int current) {
        for (int i = 0; i < m_pages->count(); ++i)
            m_pages->widget(i)->setSizePolicy(
                QSizePolicy::Preferred, i == current ? QSizePolicy::Maximum : QSizePolicy::Ignored);
        m_pages->adjustSize();
    });
    for (QLineEdit* e : {m_widths, m_bottom, m_top, m_maskSteps, m_groupSizes, m_topValue})
        connect(e, &QLineEdit::textChanged, this, later);
    connect(m_origin, &QDoubleSpinBox::valueChanged, this, later);
    // A drag-and-drop move arrives as rows removed and inserted.
    connect(m_order->model(), &QAbstractItemModel::rowsMoved, this, later);
    connect(m_order->model(), &QAbstractItemModel::rowsInserted, this, later);
    connect(m_order->model(), &QAbstractItemModel::rowsRemoved, this, later);
    connect(orderUp, &QPushButton::clicked, this, [this] { moveOrderSelection(-1); });
    connect(orderDown, &QPushButton::clicked, this, [this] { moveOrderSelection(+1); });
    connect(orderNatural, &QPushButton::clicked, this, &BuilderPanel::resetOrder);
    connect(m_edges, &QPlainTextEdit::textChanged, this, later);
    connect(m_apply, &QPushButton::clicked, this, &BuilderPanel::apply);
    connect(loadEdges, &QPushButton::clicked, this, [this] {
        const QString path = filedialogs::openFile(
            this, filedialogs::Kind::Hierarchy, tr("Taxonomy edges"), tr("CSV (*.csv);;All (*)"));
        if (path.isEmpty()) return;
        try {
            m_edges->setPlainText(QString::fromStdString(readFileText(path.toStdString())));
        } catch (const std::exception& e) {
            m_status->setText(QString::fromStdString(e.what()));
        }
    });
    setSettings(BuilderSettings{});
}

void BuilderPanel::setProject(Project* project) {
    m_project = project;
    m_attribute.clear();
    updatePreview();
}

void BuilderPanel::setAttribute(const QString& attribute) {
    m_attribute = attribute;
    suggestKind();
    resetOrder();
    updatePreview();
}

void BuilderPanel::resetOrder() {
    m_order->clear();
    const int column = m_project && !m_attribute.isEmpty()
                           ? m_project->columnIndex(m_attribute.toStdString())
                           : -1;
    if (column >= 0) {
        // The values the ordered builder groups: missing-value tokens go under the top value.
        const auto& missing = m_project->config().csv.missingTokens;
        std::vector<std::string> values;
        for (const std::string& v : m_project->table().column(std::size_t(column)).dictionary())
            if (std::find(missing.begin(), missing.end(), v) == missing.end()) values.push_back(v);
        naturalorder::sort(values);
        for (const std::string& v : values) m_order->addItem(QString::fromStdString(v));
    }
    m_debounce.start();
}

void BuilderPanel::moveOrderSelection(int step) {
    QList<int> rows;
    for (const QListWidgetItem* item : m_order->selectedItems()) rows << m_order->row(item);
    if (rows.isEmpty()) return;
    std::sort(rows.begin(), rows.end());
    // A block at the edge stays; the others move past their neighbour one at a time.
    if ((step < 0 && rows.front() == 0) || (step > 0 && rows.back() == m_order->count() - 1))
        return;
    if (step > 0) std::reverse(rows.begin(), rows.end());
    for (int r : rows) {
        QListWidgetItem* item = m_order->takeItem(r);
        m_order->insertItem(r + step, item);
    }
    m_order->clearSelection();
    for (int r : rows) m_order->item(r + step)->setSelected(true);
    m_order->setCurrentRow(rows.front() + step, QItemSelectionModel::NoUpdate);
    m_debounce.start();
}

void BuilderPanel::suggestKind() {
    if (!m_project || m_attribute.isEmpty()) return;
    const int column = m_project->columnIndex(m_attribute.toStdString());
    if (column < 0) return;
    using Kind = BuilderSettings::Kind;
    switch (m_project->type(column)) {
        case ColumnType::Integer:
        case ColumnType::Decimal:
            m_kind->setCurrentIndex(int(Kind::Intervals));
            break;
        case ColumnType::Date:
            m_kind->setCurrentIndex(int(Kind::Dates));
            break;
        case ColumnType::Text:
            m_kind->setCurrentIndex(int(Kind::Suppression));
            break;
    }
}

BuilderSettings BuilderPanel::settings() const {
    BuilderSettings s;
    s.kind = BuilderSettings::Kind(m_kind->currentIndex());
    s.widths = m_widths->text();
    s.origin = m_origin->value();
    s.bottom = m_bottom->text();
    s.top = m_top->text();
    s.maskSteps = m_maskSteps->text();
    s.groupSizes = m_groupSizes->text();
    QStringList order;
    for (int i = 0; i < m_order->count(); ++i) order << m_order->item(i)->text();
    s.order = order.join('\n');
    s.edges = m_edges->toPlainText();
    s.topValue = m_topValue->text();
    return s;
}

void BuilderPanel::setSettings(const BuilderSettings& s) {
    m_kind->setCurrentIndex(int(s.kind));
    m_pages->setCurrentIndex(int(s.kind));
    m_widths->setText(s.widths);
    m_origin->setValue(s.origin);
    m_bottom->setText(s.bottom);
    m_top->setText(s.top);
    m_maskSteps->setText(s.maskSteps);
    m_groupSizes->setText(s.groupSizes);
    if (s.order.trimmed().isEmpty()) {
        resetOrder();
    } else {
        m_order->clear();
        for (const QString& line : s.order.split('\n', Qt::SkipEmptyParts))
            if (!line.trimmed().isEmpty()) m_order->addItem(line.trimmed());
    }
    m_edges->setPlainText(s.edges);
    m_topValue->setText(s.topValue);
    updatePreview();
}

QString BuilderPanel::errorText() const {
    return m_preview ? QString() : m_status->text();
}

void BuilderPanel::updatePreview() {
    m_debounce.stop();
    m_preview.reset();
    m_table->setRowCount(0);
    m_apply->setEnabled(false);
    m_apply->setToolTip(
        tr("Replace the attribute's hierarchy with the preview (disabled until "
           "an attribute is selected and the settings are valid)"));
    const int column = m_project && !m_attribute.isEmpty()
                           ? m_project->columnIndex(m_attribute.toStdString())
                           : -1;
    if (column < 0) {
        m_status->setText(tr("Select an attribute."));
        return;
    }
    const Column& data = m_project->table().column(std::size_t(column));
    try {
        m_preview = buildHierarchy(settings(), data, m_project->config().csv.missingTokens);
    } catch (const std::exception& e) {
        m_status->setText(QStringLiteral("<span style='color:#b00020'>%1</span>")
                              .arg(QString::fromStdString(e.what()).toHtmlEscaped()));
        return;
    }
    const auto& counts = m_project->valueCounts(column);
    const auto recordsOf = [&](const std::string& base) -> std::size_t {
        const auto code = data.find(base);
        return code ? counts[*code] : 0;
    };
    const int levels = m_preview->height() + 1;
    m_table->setRowCount(levels);
    for (int level = 0; level < levels; ++level) {
        const auto groups = hierarchyedits::groupSizes(*m_preview, level, recordsOf);
        std::size_t lo = SIZE_MAX, hi = 0;
        for (const auto& g : groups) {
            lo = std::min(lo, g.records);
            hi = std::max(hi, g.records);
        }
        m_table->setItem(level, 0, new QTableWidgetItem(QString::number(level)));
        m_table->setItem(level, 1, new QTableWidgetItem(QString::number(groups.size())));
        m_table->setItem(
            level, 2,
            new QTableWidgetItem(groups.empty() ? QString()
                                                : QStringLiteral("%L1 – %L2").arg(lo).arg(hi)));
        QStringList names;
        for (const auto& g : groups) names << QString::fromStdString(g.value);
        naturalorder::sort(names);
        const QStringList examples = names.mid(0, 4);
        m_table->setItem(
            level, 3, new QTableWidgetItem(examples.join(", ") + (groups.size() > 4 ? ", …" : "")));
    }
    m_table->resizeColumnsToContents();
    m_status->setText(tr("%1 above the base for %2.")
                          .arg(countOf(std::size_t(m_preview->height()), "level", "levels"),
                               countOf(m_preview->baseCount(), "value", "values")));
    m_apply->setEnabled(true);
    m_apply->setToolTip(tr("Replace the attribute's hierarchy with the preview (undoable)"));
}

bool BuilderPanel::apply() {
    if (m_debounce.isActive()) updatePreview();
    if (!m_project || !m_preview) return false;
    m_project->setHierarchy(
        m_attribute.toStdString(), *m_preview,
        tr("Build %1 hierarchy for '%2'").arg(settings().description(), m_attribute));
    return true;
}

}  // namespace ldv::ui
