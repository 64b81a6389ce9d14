#include "hierarchy/builderpanel.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QStackedWidget>
#include <QTableWidget>
#include <QVBoxLayout>
#include <algorithm>

#include "hierarchy/hierarchyedits.h"
#include "ldiv/csv.h"
#include "project/project.h"
#include "widgets/filedialogs.h"
#include "widgets/plural.h"

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
      m_order(new QPlainTextEdit(this)),
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
    m_maskSteps->setPlaceholderText(tr("one more character per level"));
    m_order->setPlaceholderText(tr("One value per line; empty = sorted"));
    m_edges->setPlaceholderText(tr("parent,child — one edge per line"));
    auto* loadEdges = new QPushButton(tr("Load edges…"), this);
    m_pages->addWidget(page(this, {{tr("Widths:"), m_widths},
                                   {tr("Origin:"), m_origin},
                                   {tr("Bottom coding:"), m_bottom},
                                   {tr("Top coding:"), m_top}}));
    m_pages->addWidget(page(this, {{tr("Characters:"), m_maskSteps}}));
    m_pages->addWidget(page(this, {{QString(), new QLabel(tr("day → month → year → top"), this)}}));
    m_pages->addWidget(page(this, {{tr("Group sizes:"), m_groupSizes}, {tr("Order:"), m_order}}));
    m_pages->addWidget(page(this, {{QString(), new QLabel(tr("every value → top"), this)}}));
    m_pages->addWidget(page(this, {{tr("Edges:"), m_edges}, {QString(), loadEdges}}));
    m_order->setMaximumHeight(70);
    m_edges->setMaximumHeight(90);
    m_status->setWordWrap(true);
    m_table->setHorizontalHeaderLabels(
        {tr("Level"), tr("Groups"), tr("Rows per group"), tr("Example")});
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
    m_table->setMinimumHeight(6 * (m_table->fontMetrics().height() + 6));
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);

    auto* form = new QFormLayout;
    form->addRow(tr("&Builder:"), m_kind);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(form);
    layout->addWidget(m_pages);
    auto* topForm = new QFormLayout;
    topForm->addRow(tr("Top value:"), m_topValue);
    layout->addLayout(topForm);
    layout->addWidget(m_status);
    layout->addWidget(m_table, 1);
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
    connect(m_order, &QPlainTextEdit::textChanged, this, later);
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
    updatePreview();
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
    s.order = m_order->toPlainText();
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
    m_order->setPlainText(s.order);
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
        QStringList examples;
        for (std::size_t i = 0; i < groups.size() && i < 4; ++i)
            examples << QString::fromStdString(groups[i].value);
        m_table->setItem(
            level, 3, new QTableWidgetItem(examples.join(", ") + (groups.size() > 4 ? ", …" : "")));
    }
    m_table->resizeColumnsToContents();
    m_status->setText(tr("%1 above the base for %2.")
                          .arg(countOf(std::size_t(m_preview->height()), "level", "levels"),
                               countOf(m_preview->baseCount(), "value", "values")));
    m_apply->setEnabled(true);
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
