#include "privacy/criterioneditor.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <set>

#include "ldiv/criteria/criterion_spec.h"
#include "ldiv/criteria/sensitive_taxonomy.h"
#include "ldiv/data/error.h"
#include "ldiv/evaluation/search_config.h"
#include "ldiv/search/search_result.h"
#include "ldiv/workflow/requirement.h"
#include "project/project.h"
#include "session/missinginputs.h"
#include "session/preparedinput.h"
#include "widgets/plural.h"

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
// The criteria with fields of their own; every other name of knownCriterionNames() uses the
// generic parameters and variant fields.
const std::set<QString>& ownFieldKinds() {
    static const std::set<QString> kinds{"k",
                                         "distinct-l",
                                         "entropy-l",
                                         "recursive-cl",
                                         "pd-recursive-cl",
                                         "npd-recursive-cl",
                                         "simple-l",
                                         "tau-l"};
    return kinds;
}

// What the editor can say about a generic criterion before the core checks it: a label, what
// the parameters are, the variants, whether it is about a sensitive attribute. Names not
// listed here (added to the core later) still work: their name is the label, the core's
// message says what the parameters are.
struct GenericHint {
    QString label, parameters, help;
    QStringList variants;
    bool sensitive = true;
};

GenericHint hintFor(const QString& name) {
    if (name == "t-closeness")
        return {QObject::tr("t-closeness"),
                QObject::tr("T in (0, 1]"),
                QObject::tr("t-closeness (Li, Li & Venkatasubramanian 2007): the earth mover's "
                            "distance between each class's distribution of the sensitive values "
                            "and the whole table's is at most T. Variant: none (equal distance), "
                            "hierarchical (over the sensitive attribute's hierarchy) or ordered "
                            "(numeric or ordered values)."),
                {"", "hierarchical", "ordered"}};
    if (name == "delta-disclosure")
        return {QObject::tr("δ-disclosure privacy"),
                QObject::tr("D > 0"),
                QObject::tr("δ-disclosure privacy (Brickell & Shmatikov 2008): for every class "
                            "and sensitive value s, |ln(p(s | class) / p(s))| < D."),
                {}};
    if (name == "beta-likeness")
        return {QObject::tr("β-likeness"),
                QObject::tr("B > 0"),
                QObject::tr("β-likeness (Cao & Karras 2012): a class may raise the frequency of a "
                            "sensitive value by at most the factor B relative to the table. "
                            "Variant: enhanced (the bound also shrinks for frequent values)."),
                {"", "enhanced"}};
    if (name == "k-map")
        return {QObject::tr("k-map (needs the population size)"),
                QObject::tr("K ≥ 1, whole"),
                QObject::tr("k-map (El Emam & Dankar 2008): every class stands for at least K "
                            "people of the population. Needs the population size N, set in the "
                            "Risk perspective."),
                {},
                false};
    if (name == "average-risk")
        return {QObject::tr("average re-identification risk"),
                QObject::tr("R in (0, 1]"),
                QObject::tr("The average prosecutor re-identification risk of the records is at "
                            "most R (El Emam & Dankar 2008)."),
                {},
                false};
    if (name == "sample-uniqueness")
        return {QObject::tr("sample uniqueness"),
                QObject::tr("U in [0, 1]"),
                QObject::tr("At most the fraction U of the records is unique in the table."),
                {},
                false};
    if (name == "population-uniqueness")
        return {QObject::tr("population uniqueness (needs the population size)"),
                QObject::tr("U in [0, 1]"),
                QObject::tr("At most the fraction U of the population is unique, as estimated by "
                            "the variant's model: pitman (Hoshino 2001), zayatz (Zayatz 1991), snb "
                            "(Chen & McNulty 1998) or dankar (Dankar et al. 2012). Needs the "
                            "population size N, set in the Risk perspective."),
                {"dankar", "pitman", "zayatz", "snb"},
                false};
    if (name == "differential-privacy")
        return {QObject::tr("differential privacy (SafePub: publish from Export)"),
                QObject::tr("EPSILON,DELTA"),
                QObject::tr("(ε,δ)-differential privacy is not a property of a node that the "
                            "search can check: SafePub (Bild, Kuhn & Prasser 2018) draws the node "
                            "and the sample at random. Publish it from the Export perspective's "
                            "'Differentially private table by SafePub' box (docs/dp.md)."),
                {},
                false};
    if (name == "individual-risk")
        return {QObject::tr("individual risk from survey weights"),
                QObject::tr("R in (0, 1]"),
                QObject::tr("Every published record's individual re-identification risk from the "
                            "sampling weights (Benedetti & Franconi 1998) is at most R. Needs a "
                            "column with the 'weight' role (Data perspective)."),
                {},
                false};
    if (name == "global-risk")
        return {QObject::tr("global risk from survey weights"),
                QObject::tr("R > 0, a number of records"),
                QObject::tr("The expected number of re-identifications (the sum of the records' "
                            "individual risks, Benedetti & Franconi 1998) is at most R. Needs a "
                            "column with the 'weight' role (Data perspective)."),
                {},
                false};
    if (name == "delta-presence")
        return {QObject::tr("δ-presence"),
                QObject::tr("DMIN,DMAX"),
                QObject::tr("δ-presence (Nergiz, Atzori & Clifton 2007): the probability that a "
                            "person of the population is in the published research subset lies "
                            "in [DMIN, DMAX]. Needs the research subset, set under 'Research "
                            "subset' in this perspective."),
                {},
                false};
    return {name,
            QObject::tr("parameters, separated by commas"),
            QObject::tr("Criterion '%1': see docs/criteria.md for its parameters.").arg(name),
            {}};
}

QDoubleSpinBox* spin(QWidget* parent, double min, double max, double value, int decimals) {
    auto* s = new QDoubleSpinBox(parent);
    s->setRange(min, max);
    s->setDecimals(decimals);
    s->setValue(value);
    return s;
}
}  // namespace

bool CriterionEditor::isGenericKind(const QString& name) {
    return ownFieldKinds().count(name) == 0;
}

CriterionEditor::CriterionEditor(QWidget* parent)
    : QWidget(parent),
      m_kind(new QComboBox(this)),
      m_attribute(new QComboBox(this)),
      m_main(spin(this, 1, 1e6, 5, 2)),
      m_c(spin(this, 0.01, 1e4, 3, 2)),
      m_c2(spin(this, 0, 99.99, 10, 2)),
      m_tau(spin(this, 0.01, 0.99, 0.5, 3)),
      m_parameters(new QLineEdit(this)),
      m_variant(new QComboBox(this)),
      m_dontCare(new QListWidget(this)),
      m_protected(new QListWidget(this)),
      m_multi(new QCheckBox(tr("split by the others too"), this)),
      m_mainLabel(new QLabel(this)),
      m_parametersHint(new QLabel(tr("Parameters"), this)),
      m_preview(new QLabel(this)),
      m_problem(new QLabel(this)) {
    m_kind->setObjectName("criterionKind");
    m_kind->addItem(tr("k-anonymity"), "k");
    m_kind->addItem(tr("distinct ℓ-diversity"), "distinct-l");
    m_kind->addItem(tr("entropy ℓ-diversity"), "entropy-l");
    m_kind->addItem(tr("recursive (c,ℓ)-diversity"), "recursive-cl");
    m_kind->addItem(tr("pd-recursive (c,ℓ) with don't-care set"), "pd-recursive-cl");
    m_kind->addItem(tr("npd-recursive (c1,c2,ℓ) with protected set"), "npd-recursive-cl");
    m_kind->addItem(tr("simple ℓ-diversity"), "simple-l");
    m_kind->addItem(tr("(τ,ℓ)-diversity"), "tau-l");
    const QStringList ownTips{
        tr("k-anonymity (Sweeney 2002): every class has at least k records"),
        tr("distinct ℓ-diversity (Machanavajjhala et al. 2007): every class has at least ℓ "
           "different sensitive values"),
        tr("entropy ℓ-diversity (Machanavajjhala et al. 2007): the entropy of every class's "
           "sensitive values is at least ln ℓ"),
        tr("recursive (c,ℓ)-diversity (Machanavajjhala et al. 2007): the most frequent value is "
           "rarer than c times the values from the ℓ-th on"),
        tr("recursive (c,ℓ)-diversity where the don't-care values Y may be frequent "
           "(Machanavajjhala et al. 2007)"),
        tr("recursive (c1,c2,ℓ)-diversity with protected values W (Machanavajjhala et al. 2007)"),
        tr("simple ℓ-diversity: the most frequent sensitive value is at most 1/ℓ of each class"),
    };
    for (int i = 0; i < ownTips.size(); ++i) m_kind->setItemData(i, ownTips[i], Qt::ToolTipRole);
    // The lattice generalizes quasi-identifiers only, so a node's sensitive values are
    // published as they are; SWEEP is the algorithm that also generalizes them.
    const QString tauHelp =
        tr("(τ,ℓ)-diversity (Tian & Zhang 2011, Def. 11) on the published sensitive values of each "
           "class. Lattice nodes publish sensitive values as they are; to generalize them along "
           "the sensitive attribute's hierarchy (its taxonomy), export the SWEEP table in the "
           "Export perspective.");
    m_kind->setItemData(m_kind->count() - 1, tauHelp, Qt::ToolTipRole);
    // Every other criterion the core knows, with the generic fields.
    for (std::string_view name : knownCriterionNames()) {
        const QString n = QString::fromUtf8(name.data(), qsizetype(name.size()));
        if (!isGenericKind(n)) continue;
        const GenericHint hint = hintFor(n);
        m_kind->addItem(hint.label, n);
        m_kind->setItemData(m_kind->count() - 1, hint.help, Qt::ToolTipRole);
    }
    m_kind->setToolTip(tr("The privacy criterion to add; hover over an entry for its definition"));
    m_attribute->setObjectName("criterionAttribute");
    m_attribute->setToolTip(
        tr("The sensitive attribute the criterion protects (set roles in "
           "the Data perspective)"));
    m_main->setToolTip(
        tr("k: the smallest class size; ℓ: how many well-represented sensitive "
           "values each class needs"));
    m_c->setToolTip(
        tr("c of recursive (c,ℓ)-diversity (c1 of npd-recursive): the most frequent "
           "value must be rarer than c times the rest from the ℓ-th on"));
    m_c2->setToolTip(
        tr("c2 of npd-recursive (c1,c2,ℓ)-diversity: the protected values W may "
           "make up at most c2 % of a class"));
    m_tau->setToolTip(tauHelp);
    m_parameters->setObjectName("criterionParameters");
    m_parameters->setToolTip(
        tr("The criterion's parameters as in the command line's spec, separated by commas "
           "(e.g. 0.2 for t-closeness). The engine checks them: its message appears below."));
    m_variant->setObjectName("criterionVariant");
    m_variant->setEditable(true);
    m_variant->setInsertPolicy(QComboBox::NoInsert);
    m_variant->lineEdit()->setPlaceholderText(tr("none"));
    m_variant->setToolTip(
        tr("The ':variant' of the criterion (t-closeness: hierarchical or "
           "ordered; β-likeness: enhanced; population uniqueness: the "
           "model); empty for the plain criterion"));
    m_dontCare->setToolTip(
        tr("Don't-care values Y: sensitive values that may be frequent in a "
           "class without harm (tick them)"));
    m_protected->setToolTip(tr("Protected values W of npd-recursive diversity (tick them)"));
    m_dontCare->setMaximumHeight(90);
    m_protected->setMaximumHeight(90);
    m_preview->setObjectName("criterionSpec");
    m_preview->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_preview->setToolTip(
        tr("The criterion as a spec string, as the command line and the "
           "project file write it"));
    auto* form = new QFormLayout(this);
    form->setContentsMargins(0, 0, 0, 0);
    form->addRow(tr("Criterion"), m_kind);
    form->addRow(tr("Sensitive attribute"), m_attribute);
    form->addRow(m_mainLabel, m_main);
    form->addRow(tr("c (c1)"), m_c);
    form->addRow(tr("c2 (% of class)"), m_c2);
    form->addRow(tr("τ"), m_tau);
    form->addRow(m_parametersHint, m_parameters);
    form->addRow(tr("Variant"), m_variant);
    form->addRow(tr("Don't-care values Y"), m_dontCare);
    form->addRow(tr("Protected values W"), m_protected);
    m_multi->setToolTip(
        tr("Multi-attribute ℓ-diversity (Machanavajjhala et al. 2007, Def. 4.6): the criterion "
           "must hold within every group of a class's rows that share the values of all other "
           "sensitive attributes. Needs two or more sensitive attributes; not with suppression."));
    form->addRow(tr("Multi-attribute"), m_multi);
    form->addRow(tr("Spec"), m_preview);
    m_problem->setObjectName("criterionProblem");
    m_problem->setWordWrap(true);
    m_problem->setStyleSheet("color: #D55E00");
    m_problem->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_problem->setToolTip(tr("Why the criterion cannot be added, in the engine's words"));
    form->addRow(QString(), m_problem);
    connect(m_kind, &QComboBox::currentIndexChanged, this, &CriterionEditor::updateFields);
    connect(m_attribute, &QComboBox::currentIndexChanged, this, &CriterionEditor::fillValues);
    for (QDoubleSpinBox* s : {m_main, m_c, m_c2, m_tau})
        connect(s, &QDoubleSpinBox::valueChanged, this, &CriterionEditor::refresh);
    connect(m_parameters, &QLineEdit::textChanged, this, &CriterionEditor::refresh);
    connect(m_variant, &QComboBox::currentTextChanged, this, &CriterionEditor::refresh);
    connect(m_multi, &QCheckBox::toggled, this, &CriterionEditor::refresh);
    for (QListWidget* l : {m_dontCare, m_protected})
        connect(l, &QListWidget::itemChanged, this, &CriterionEditor::refresh);
    updateFields();
}

void CriterionEditor::setProject(Project* project) {
    if (m_project) m_project->disconnect(this);
    m_project = project;
    m_prepared.reset();
    m_preparedError.clear();
    m_attribute->clear();
    if (project) {
        for (int c = 0; c < project->columnCount(); ++c)
            if (project->role(c) == Role::Sensitive) m_attribute->addItem(project->columnName(c));
        // The bound data goes with the roles, types and hierarchies it was built from; the
        // population size (k-map) is read at each check.
        const auto drop = [this] {
            m_prepared.reset();
            m_preparedError.clear();
            refresh();
        };
        connect(project, &Project::typeChanged, this, drop);
        connect(project, &Project::hierarchyChanged, this, drop);
        connect(project, &Project::researchSubsetChanged, this, drop);
        connect(project, &Project::searchSettingsChanged, this, &CriterionEditor::refresh);
    }
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
    const bool generic = isGenericKind(kind);
    const bool k = kind == "k";
    const GenericHint hint = hintFor(kind);
    m_mainLabel->setText(k ? tr("k") : tr("ℓ"));
    const bool integer = kind != "entropy-l" && kind != "simple-l";
    m_main->setDecimals(integer ? 0 : 2);
    m_main->setEnabled(!generic);
    m_attribute->setEnabled(generic ? hint.sensitive : !k);
    m_c->setEnabled(kind.contains("recursive"));
    m_c2->setEnabled(kind == "npd-recursive-cl");
    m_tau->setEnabled(kind == "tau-l");
    m_parameters->setEnabled(generic);
    m_parameters->setPlaceholderText(generic ? hint.parameters : QString());
    // The label stays "Parameters" (a longer one widened the form and moved its fields);
    // what they are shows in the empty field and its tooltip.
    m_parameters->setToolTip(
        generic ? tr("%1: %2 The engine checks them; its message appears below.")
                      .arg(hint.parameters, hint.help)
                : tr("Used by the criteria without fields of their own (t-closeness, …)"));
    {
        // Refilling the variants must not emit a refresh per item.
        const QSignalBlocker block(m_variant);
        m_variant->clear();
        m_variant->addItems(hint.variants);
        m_variant->setCurrentIndex(hint.variants.isEmpty() ? -1 : 0);
        m_variant->setEditText(hint.variants.value(0));
    }
    // Names the editor knows nothing about may still take a variant: leave it editable.
    m_variant->setEnabled(generic && (!hint.variants.isEmpty() || hint.label == kind));
    m_dontCare->setEnabled(kind == "pd-recursive-cl" || kind == "npd-recursive-cl" ||
                           kind == "entropy-l");
    m_protected->setEnabled(kind == "npd-recursive-cl");
    m_multi->setEnabled(!k && !generic && m_attribute->count() > 1);
    refresh();
}

QString CriterionEditor::spec() const {
    const QString kind = m_kind->currentData().toString();
    const QString main = QString::fromStdString(formatNumber(m_main->value()));
    QString s = kind + '=';
    if (isGenericKind(kind)) {
        s += m_parameters->text().trimmed();
        const QString variant = m_variant->currentText().trimmed();
        if (m_variant->isEnabled() && !variant.isEmpty()) s += ':' + variant;
    } else if (kind == "k" || kind == "distinct-l" || kind == "entropy-l" || kind == "simple-l") {
        s += main;
    } else if (kind == "recursive-cl" || kind == "pd-recursive-cl") {
        s += QString::fromStdString(formatNumber(m_c->value())) + ',' + main;
    } else if (kind == "npd-recursive-cl") {
        s += QString::fromStdString(formatNumber(m_c->value())) + ',' +
             QString::fromStdString(formatNumber(m_c2->value())) + ',' + main;
    } else if (kind == "tau-l") {
        s += QString::fromStdString(formatNumber(m_tau->value())) + ',' + main;
    }
    if (m_attribute->isEnabled() && m_attribute->count() > 1 &&
        !m_attribute->currentText().isEmpty())
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
    const std::string_view name = criterionName(parsed.kind);
    if (isGenericKind(QString::fromUtf8(name.data(), qsizetype(name.size()))))
        return bindProblem(text);
    // The ℓ family: ℓ is the last parameter of every one of them (ℓ; c,ℓ; c1,c2,ℓ; τ,ℓ).
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
            return tr("criterion '%1': %2; '%3' has %4 (%5)")
                .arg(text, QString::fromStdString(e.what()), attribute,
                     countOf(std::size_t(m), "value", "values"), listed);
        }
        return {};
    }
    if (l > double(m))
        return tr("criterion '%1': l = %2 is larger than the %3 of '%4' (%5)")
            .arg(text, QString::fromStdString(formatNumber(l)),
                 m == 1 ? tr("only value") : tr("%1 values").arg(m), attribute, listed);
    return {};
}

QString CriterionEditor::bindProblem(const QString& text) const {
    if (!m_prepared && m_preparedError.isEmpty()) {
        try {
            m_prepared = snapshotOf(*m_project).prepare();
        } catch (const std::exception& e) {
            // A hierarchy that does not bind is the Hierarchies perspective's to report; the
            // criterion is then checked again by the search.
            m_preparedError = QString::fromStdString(e.what());
        }
    }
    // An input the project lacks is named by its workbench field, not the CLI option.
    if (const QString missing = missingCriterionInput(m_project->config(), text.toStdString());
        !missing.isEmpty())
        return missing;
    if (!m_prepared) return {};
    try {
        // As the search binds it: delta-presence on the data with the research subset.
        const std::vector<std::string> specs{text.toStdString()};
        bindRequirementCriteria(*m_prepared, specs,
                                m_project->searchSettings().populationSize.value_or(0));
    } catch (const std::exception& e) {
        return QString::fromStdString(e.what());
    }
    return {};
}

bool CriterionEditor::setSpec(const QString& text) {
    try {
        const CriterionSpec spec = parseCriterionSpec(text.toStdString());
        if (const QString problem = checkSpec(text); !problem.isEmpty())
            throw ParameterError(problem.toStdString());
        const QString name = QString::fromUtf8(criterionName(spec.kind).data(),
                                               qsizetype(criterionName(spec.kind).size()));
        const int index = m_kind->findData(name);
        if (index < 0) return false;
        m_kind->setCurrentIndex(index);
        if (!spec.attribute.empty())
            m_attribute->setCurrentText(QString::fromStdString(spec.attribute));
        const auto& p = spec.parameters;
        if (isGenericKind(name)) {
            QStringList numbers;
            for (double v : p) numbers << QString::fromStdString(formatNumber(v));
            m_parameters->setText(numbers.join(','));
            m_variant->setEditText(QString::fromStdString(spec.variant));
        } else {
            m_main->setValue(p.back());
            if (p.size() >= 2 && m_c->isEnabled()) m_c->setValue(p[0]);
            if (p.size() == 3) m_c2->setValue(p[1]);
            if (m_tau->isEnabled() && p.size() == 2) m_tau->setValue(p[0]);
            m_multi->setChecked(spec.multiAttribute);
        }
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
