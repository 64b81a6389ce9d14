#include "privacy/criterioneditor.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QListWidget>

#include "ldiv/criteria_spec.h"
#include "ldiv/criteria_tau.h"
#include "ldiv/error.h"
#include "project/project.h"

namespace ldv::ui {

namespace {
QString escapeValue(QString v) {
    v.replace('\\', "\\\\").replace(';', "\\;").replace('|', "\\|").replace('@', "\\@");
    return v;
}
QStringList checked(const QListWidget* list) {
    QStringList out;
    for (int i = 0; i < list->count(); ++i)
        if (list->item(i)->checkState() == Qt::Checked) out << escapeValue(list->item(i)->text());
    return out;
}
QDoubleSpinBox* spin(QWidget* parent, double min, double max, double value, int decimals) {
    auto* s = new QDoubleSpinBox(parent);
    s->setRange(min, max);
    s->setDecimals(decimals);
    s->setValue(value);
    return s;
}
}  // namespace

CriterionEditor::CriterionEditor(QWidget* parent)
    : QWidget(parent),
      m_kind(new QComboBox(this)),
      m_attribute(new QComboBox(this)),
      m_main(spin(this, 1, 1e6, 5, 2)),
      m_c(spin(this, 0.01, 1e4, 3, 2)),
      m_c2(spin(this, 0, 99.99, 10, 2)),
      m_tau(spin(this, 0.01, 0.99, 0.5, 3)),
      m_dontCare(new QListWidget(this)),
      m_protected(new QListWidget(this)),
      m_multi(new QCheckBox(tr("also split by the other sensitive attributes"), this)),
      m_mainLabel(new QLabel(this)),
      m_preview(new QLabel(this)),
      m_problem(new QLabel(this)) {
    m_kind->addItem(tr("k-anonymity"), "k");
    m_kind->addItem(tr("distinct ℓ-diversity"), "distinct-l");
    m_kind->addItem(tr("entropy ℓ-diversity"), "entropy-l");
    m_kind->addItem(tr("recursive (c,ℓ)-diversity"), "recursive-cl");
    m_kind->addItem(tr("pd-recursive (c,ℓ) with don't-care set"), "pd-recursive-cl");
    m_kind->addItem(tr("npd-recursive (c1,c2,ℓ) with protected set"), "npd-recursive-cl");
    m_kind->addItem(tr("simple ℓ-diversity"), "simple-l");
    m_kind->addItem(tr("(τ,ℓ)-diversity"), "tau-l");
    // The lattice generalizes quasi-identifiers only, so a node's sensitive values are
    // published as they are; SWEEP is the algorithm that also generalizes them.
    const QString tauHelp =
        tr("(τ,ℓ)-diversity (Tian & Zhang 2011, Def. 11) on the published sensitive values of each "
           "class. Lattice nodes publish sensitive values as they are; to generalize them along "
           "the sensitive attribute's hierarchy (its taxonomy), export the SWEEP table in the "
           "Export perspective.");
    m_kind->setItemData(m_kind->count() - 1, tauHelp, Qt::ToolTipRole);
    m_tau->setToolTip(tauHelp);
    m_dontCare->setMaximumHeight(90);
    m_protected->setMaximumHeight(90);
    m_preview->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* form = new QFormLayout(this);
    form->setContentsMargins(0, 0, 0, 0);
    form->addRow(tr("Criterion"), m_kind);
    form->addRow(tr("Sensitive attribute"), m_attribute);
    form->addRow(m_mainLabel, m_main);
    form->addRow(tr("c (c1)"), m_c);
    form->addRow(tr("c2 (% of class)"), m_c2);
    form->addRow(tr("τ"), m_tau);
    form->addRow(tr("Don't-care values Y"), m_dontCare);
    form->addRow(tr("Protected values W"), m_protected);
    m_multi->setToolTip(
        tr("Multi-attribute ℓ-diversity (ℓ-Diversity Def. 4.6): the criterion must hold within "
           "every group of a class's rows that share the values of all other sensitive "
           "attributes. Needs two or more sensitive attributes; not with suppression."));
    form->addRow(tr("Multi-attribute"), m_multi);
    form->addRow(tr("Spec"), m_preview);
    m_problem->setWordWrap(true);
    m_problem->setStyleSheet("color: #D55E00");
    m_problem->setTextInteractionFlags(Qt::TextSelectableByMouse);
    form->addRow(QString(), m_problem);
    connect(m_kind, &QComboBox::currentIndexChanged, this, &CriterionEditor::updateFields);
    connect(m_attribute, &QComboBox::currentIndexChanged, this, &CriterionEditor::fillValues);
    for (QDoubleSpinBox* s : {m_main, m_c, m_c2, m_tau})
        connect(s, &QDoubleSpinBox::valueChanged, this, &CriterionEditor::refresh);
    connect(m_multi, &QCheckBox::toggled, this, &CriterionEditor::refresh);
    for (QListWidget* l : {m_dontCare, m_protected})
        connect(l, &QListWidget::itemChanged, this, &CriterionEditor::refresh);
    updateFields();
}

void CriterionEditor::setProject(Project* project) {
    m_project = project;
    m_attribute->clear();
    if (project)
        for (int c = 0; c < project->columnCount(); ++c)
            if (project->role(c) == Role::Sensitive) m_attribute->addItem(project->columnName(c));
    updateFields();
    fillValues();
}

void CriterionEditor::fillValues() {
    for (QListWidget* list : {m_dontCare, m_protected}) {
        list->clear();
        if (!m_project || m_attribute->currentText().isEmpty()) continue;
        const int column = m_project->columnIndex(m_attribute->currentText().toStdString());
        if (column < 0) continue;
        for (const std::string& v : m_project->table().column(std::size_t(column)).dictionary()) {
            auto* item = new QListWidgetItem(QString::fromStdString(v), list);
            item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
            item->setCheckState(Qt::Unchecked);
        }
    }
    refresh();
}

void CriterionEditor::refresh() {
    m_rejected.clear();
    const QString s = spec();
    m_preview->setText(s);
    m_problem->setText(checkSpec(s));
    emit specChanged(s);
}

void CriterionEditor::updateFields() {
    const QString kind = m_kind->currentData().toString();
    const bool k = kind == "k";
    m_mainLabel->setText(k ? tr("k") : tr("ℓ"));
    const bool integer = kind != "entropy-l" && kind != "simple-l";
    m_main->setDecimals(integer ? 0 : 2);
    m_attribute->setEnabled(!k);
    m_c->setEnabled(kind.contains("recursive"));
    m_c2->setEnabled(kind == "npd-recursive-cl");
    m_tau->setEnabled(kind == "tau-l");
    m_dontCare->setEnabled(kind == "pd-recursive-cl" || kind == "npd-recursive-cl" ||
                           kind == "entropy-l");
    m_protected->setEnabled(kind == "npd-recursive-cl");
    m_multi->setEnabled(!k && m_attribute->count() > 1);
    refresh();
}

QString CriterionEditor::spec() const {
    const QString kind = m_kind->currentData().toString();
    const QString main = QString::fromStdString(formatNumber(m_main->value()));
    QString s = kind + '=';
    if (kind == "k" || kind == "distinct-l" || kind == "entropy-l" || kind == "simple-l")
        s += main;
    else if (kind == "recursive-cl" || kind == "pd-recursive-cl")
        s += QString::fromStdString(formatNumber(m_c->value())) + ',' + main;
    else if (kind == "npd-recursive-cl")
        s += QString::fromStdString(formatNumber(m_c->value())) + ',' +
             QString::fromStdString(formatNumber(m_c2->value())) + ',' + main;
    else if (kind == "tau-l")
        s += QString::fromStdString(formatNumber(m_tau->value())) + ',' + main;
    if (kind != "k" && m_attribute->count() > 1 && !m_attribute->currentText().isEmpty())
        s += '@' + m_attribute->currentText();
    if (m_dontCare->isEnabled() && !checked(m_dontCare).isEmpty())
        s += ";dontcare=" + checked(m_dontCare).join('|');
    if (m_protected->isEnabled() && !checked(m_protected).isEmpty())
        s += ";protected=" + checked(m_protected).join('|');
    if (m_multi->isEnabled() && m_multi->isChecked()) s += ";multi";
    return s;
}

QString CriterionEditor::problem() const {
    return m_rejected.isEmpty() ? checkSpec(spec()) : m_rejected;
}

QString CriterionEditor::checkSpec(const QString& text) const {
    CriterionSpec parsed;
    try {
        parsed = parseCriterionSpec(text.toStdString());
    } catch (const ParameterError& e) {
        return QString::fromStdString(e.what());
    }
    if (parsed.kind == CriterionKind::KAnonymity || !m_project) return {};
    // The values of the sensitive attribute the criterion is on (the search binds a spec
    // without "@attribute" to the only, or first, sensitive attribute).
    QString attribute = QString::fromStdString(parsed.attribute);
    if (attribute.isEmpty()) {
        for (int c = 0; c < m_project->columnCount() && attribute.isEmpty(); ++c)
            if (m_project->role(c) == Role::Sensitive) attribute = m_project->columnName(c);
    }
    const int column = attribute.isEmpty() ? -1 : m_project->columnIndex(attribute.toStdString());
    if (column < 0 || m_project->role(column) != Role::Sensitive)
        return {};  // no sensitive attribute yet: the feasibility check says so
    const Column& values = m_project->table().column(std::size_t(column));
    const std::size_t m = values.domainSize();
    QStringList names;
    for (std::size_t v = 0; v < m && v < 10; ++v)
        names << QString::fromStdString(values.value(Code(v)));
    if (m > 10) names << QStringLiteral("…");
    const QString listed = names.join(", ");
    const double l = parsed.parameters.back();
    if (parsed.kind == CriterionKind::TauL) {
        try {
            validateTau(parsed.parameters[0], l, m);
        } catch (const ParameterError& e) {
            return tr("criterion '%1': %2; '%3' has %4 values (%5)")
                .arg(text, QString::fromStdString(e.what()), attribute)
                .arg(m)
                .arg(listed);
        }
        return {};
    }
    if (l > double(m))
        return tr("criterion '%1': l = %2 is larger than the %3 values of '%4' (%5)")
            .arg(text, QString::fromStdString(formatNumber(l)))
            .arg(m)
            .arg(attribute, listed);
    return {};
}

bool CriterionEditor::setSpec(const QString& text) {
    try {
        const CriterionSpec spec = parseCriterionSpec(text.toStdString());
        if (const QString problem = checkSpec(text); !problem.isEmpty())
            throw ParameterError(problem.toStdString());
        const int index = m_kind->findData(QString::fromUtf8(
            criterionName(spec.kind).data(), qsizetype(criterionName(spec.kind).size())));
        if (index < 0) return false;
        m_kind->setCurrentIndex(index);
        if (!spec.attribute.empty())
            m_attribute->setCurrentText(QString::fromStdString(spec.attribute));
        const auto& p = spec.parameters;
        m_main->setValue(p.back());
        if (p.size() >= 2 && m_c->isEnabled()) m_c->setValue(p[0]);
        if (p.size() == 3) m_c2->setValue(p[1]);
        if (m_tau->isEnabled() && p.size() == 2) m_tau->setValue(p[0]);
        m_multi->setChecked(spec.multiAttribute);
        refresh();
        return true;
    } catch (const ParameterError& e) {
        // Nothing changes: the refused spec's reason stays until the next edit.
        m_rejected = QString::fromStdString(e.what());
        m_problem->setText(m_rejected);
        return false;
    }
}

}  // namespace ldv::ui
