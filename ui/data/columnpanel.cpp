#include "data/columnpanel.h"

#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QSpinBox>
#include <QVBoxLayout>
#include <algorithm>
#include <cstdlib>
#include <numeric>

#include "charts/barchart.h"
#include "format/rolestyle.h"
#include "ldiv/crypto/pseudonyms.h"
#include "project/project.h"
#include "widgets/plural.h"

namespace ldv::ui {

ColumnPanel::ColumnPanel(QWidget* parent)
    : QWidget(parent),
      m_title(new QLabel(this)),
      m_type(new QComboBox(this)),
      m_role(new QComboBox(this)),
      m_publish(new QComboBox(this)),
      m_maskKeep(new QSpinBox(this)),
      m_form(new QFormLayout),
      m_stats(new QLabel(this)),
      m_labels(new QLabel(this)),
      m_chart(new BarChart(this)) {
    auto* layout = new QVBoxLayout(this);
    QFont bold = m_title->font();
    bold.setBold(true);
    bold.setPointSizeF(bold.pointSizeF() * 1.15);
    m_title->setFont(bold);
    layout->addWidget(m_title);
    auto* form = m_form;
    m_type->addItems(typeNames());
    for (const QString& name : roleNames()) m_role->addItem(roleIcon(*roleFromName(name)), name);
    // The methods of ldiv/crypto/pseudonyms.h; "mask-" keeps the last characters (mask:-N).
    m_publish->setObjectName("publishIdentifying");
    m_publish->addItem(tr("Drop (left out of the published data)"), QString());
    m_publish->addItem(tr("Pseudonymize: keyed hash (HMAC)"), QStringLiteral("hmac"));
    m_publish->addItem(tr("Pseudonymize: random identifiers"), QStringLiteral("random"));
    m_publish->addItem(tr("Mask: keep the first N characters"), QStringLiteral("mask"));
    m_publish->addItem(tr("Mask: keep the last N characters"), QStringLiteral("mask-"));
    m_publish->setToolTip(
        tr("How this identifying attribute is published. Drop: left out. Keyed hash: "
           "HMAC-SHA-256 with a secret asked at export (never saved), the same value and secret "
           "give the same pseudonym in every release. Random identifiers: a fresh identifier "
           "per value, the mapping written to a separate file asked at export (keep it apart "
           "from the data). Mask: keep N characters, the others become '*'. Saved in the "
           "project."));
    m_maskKeep->setObjectName("maskKeep");
    m_maskKeep->setRange(1, 999);
    m_maskKeep->setValue(4);
    m_maskKeep->setToolTip(tr("N, the characters the mask keeps"));
    form->addRow(tr("&Type:"), m_type);
    form->addRow(tr("&Role:"), m_role);
    form->addRow(tr("&Publish:"), m_publish);
    form->addRow(tr("&Keep N:"), m_maskKeep);
    form->addRow(m_stats);
    m_labels->setObjectName("valueLabels");
    m_labels->setWordWrap(true);
    m_labels->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_labels->setToolTip(
        tr("From the Stata, SPSS or SAS file: the column holds the labels in place of the codes, "
           "so hierarchies and the published table use the labels; publishing to the same "
           "format writes the codes back (docs/formats.md)"));
    m_labels->hide();
    form->addRow(m_labels);
    layout->addLayout(form);
    m_chart->setTitle(tr("Most frequent values"));
    m_chart->setEmptyText(tr("select an attribute"));
    layout->addWidget(m_chart, 1);
    connect(m_type, &QComboBox::activated, this, [this] {
        if (m_project && m_column >= 0)
            m_project->setType(m_column, typeFromName(m_type->currentText()));
    });
    connect(m_role, &QComboBox::activated, this, [this] {
        if (m_project && m_column >= 0)
            m_project->setRole(m_column, *roleFromName(m_role->currentText()));
    });
    connect(m_publish, &QComboBox::activated, this, &ColumnPanel::storeMethod);
    connect(m_maskKeep, &QSpinBox::editingFinished, this, &ColumnPanel::storeMethod);
    refresh();
}

void ColumnPanel::showLabels(const ColumnLabels* labels) {
    if (!labels || (labels->label.empty() && labels->valueLabels.empty())) {
        m_labels->clear();
        m_labels->hide();
        return;
    }
    QStringList lines;
    if (!labels->label.empty())
        lines << tr("Label: %1").arg(QString::fromStdString(labels->label).toHtmlEscaped());
    if (!labels->valueLabels.empty()) {
        // The first codes, then how many more (a label set can be long).
        constexpr std::size_t kShown = 12;
        QStringList pairs;
        for (std::size_t i = 0; i < labels->valueLabels.size() && i < kShown; ++i)
            pairs << QStringLiteral("%1 = %2").arg(
                QString::fromStdString(labels->valueLabels[i].first).toHtmlEscaped(),
                QString::fromStdString(labels->valueLabels[i].second).toHtmlEscaped());
        if (labels->valueLabels.size() > kShown)
            pairs << tr("… %1 more").arg(labels->valueLabels.size() - kShown);
        lines << tr("Value labels%1: %2")
                     .arg(labels->labelSet.empty()
                              ? QString()
                              : QStringLiteral(" (%1)").arg(
                                    QString::fromStdString(labels->labelSet).toHtmlEscaped()),
                          pairs.join(QStringLiteral(", ")));
    }
    m_labels->setText(lines.join(QStringLiteral("<br>")));
    m_labels->show();
}

std::string ColumnPanel::chosenMethod() const {
    const QString method = m_publish->currentData().toString();
    if (method == "mask") return "mask:" + std::to_string(m_maskKeep->value());
    if (method == "mask-") return "mask:-" + std::to_string(m_maskKeep->value());
    return method.toStdString();
}

void ColumnPanel::storeMethod() {
    if (m_project && m_column >= 0 && m_project->role(m_column) == Role::Identifying)
        m_project->setPseudonymize(m_column, chosenMethod());
    refresh();
}

void ColumnPanel::setProject(Project* project) {
    if (m_project) m_project->disconnect(this);
    m_project = project;
    m_column = -1;
    if (project) {
        const auto changed = [this](int column) {
            if (column == m_column) refresh();
        };
        connect(project, &Project::roleChanged, this, changed);
        connect(project, &Project::typeChanged, this, changed);
        connect(project, &Project::pseudonymizeChanged, this, changed);
    }
    refresh();
}

void ColumnPanel::setColumn(int column) {
    if (column == m_column) return;
    m_column = column;
    refresh();
}

void ColumnPanel::refresh() {
    const bool valid = m_project && m_column >= 0 && m_column < m_project->columnCount();
    m_type->setEnabled(valid);
    m_role->setEnabled(valid);
    if (!valid) {
        m_form->setRowVisible(m_publish, false);
        m_form->setRowVisible(m_maskKeep, false);
        m_type->setToolTip(tr("Select an attribute in the list to set its type"));
        m_role->setToolTip(tr("Select an attribute in the list to set its role"));
        m_title->setText(tr("No attribute selected"));
        m_stats->clear();
        showLabels(nullptr);
        m_chart->setBars({}, {}, {});
        return;
    }
    const Role role = m_project->role(m_column);
    const auto& column = m_project->table().column(std::size_t(m_column));
    m_title->setText(m_project->columnName(m_column));
    m_type->setCurrentText(typeName(m_project->type(m_column)));
    m_type->setToolTip(tr("How the values are read, compared and ordered (inferred type: %1)")
                           .arg(typeName(m_project->inferredType(m_column))));
    m_role->setToolTip(
        tr("Identifying: removed or pseudonymized; quasi-identifying: generalized by its "
           "hierarchy; sensitive: "
           "protected by the criteria; insensitive: published as is"));
    m_role->setCurrentText(roleName(role));
    // The publish choice of an identifying attribute (ProjectConfig's "pseudonymize").
    const bool identifying = role == Role::Identifying;
    const std::string method = identifying ? m_project->pseudonymize(m_column) : std::string();
    int index = 0, keep = m_maskKeep->value();
    if (method == "hmac") index = 1;
    if (method == "random") index = 2;
    if (method.starts_with("mask:")) {
        try {
            const PseudonymSpec spec = parsePseudonymSpec("c=" + method);
            index = spec.keep < 0 ? 4 : 3;
            keep = std::abs(spec.keep);
        } catch (const std::exception&) {
            index = 0;  // a bad method in a hand-edited file reads as "drop"
        }
    }
    m_publish->setCurrentIndex(index);
    m_maskKeep->setValue(keep);
    m_form->setRowVisible(m_publish, identifying);
    m_form->setRowVisible(m_maskKeep, identifying && index >= 3);
    const std::size_t rows = column.size();
    m_stats->setText(
        tr("%1 · %2 · %L3 missing (%4 %)")
            .arg(countOfL(rows, "row", "rows"),
                 countOfL(column.domainSize(), "distinct value", "distinct values"))
            .arg(column.missingCount())
            .arg(rows ? 100.0 * double(column.missingCount()) / double(rows) : 0.0, 0, 'f', 1));
    showLabels(m_project->columnLabels(m_column));
    // Top values by count: a partial sort over the dictionary, never over the rows.
    const auto& counts = m_project->valueCounts(m_column);
    std::vector<Code> order(counts.size());
    std::iota(order.begin(), order.end(), Code(0));
    const std::size_t n = std::min<std::size_t>(kTopValues, order.size());
    std::partial_sort(
        order.begin(), order.begin() + std::ptrdiff_t(n), order.end(),
        [&](Code a, Code b) { return counts[a] != counts[b] ? counts[a] > counts[b] : a < b; });
    QStringList labels;
    QVector<double> values;
    for (std::size_t i = 0; i < n; ++i) {
        const QString v = QString::fromStdString(column.value(order[i]));
        labels << (v.isEmpty() ? tr("(empty)") : v);
        values << counts[order[i]];
    }
    m_chart->setColor(roleColor(role));
    m_chart->setTitle(column.domainSize() > n
                          ? tr("Top %1 of %L2 values").arg(n).arg(column.domainSize())
                      : n == 1 ? tr("The only value")
                               : tr("All %1 values").arg(n));
    m_chart->setBars(labels, values, tr("rows"));
}

}  // namespace ldv::ui
