#pragma once
// Composes one privacy criterion as a spec string (docs/criteria.md). The ℓ-diversity family
// and k get their own fields (k, ℓ, c, c2, τ, don't-care / protected values, multi-attribute
// mode); every other criterion the core's parser knows (knownCriterionNames(): t-closeness,
// δ-disclosure, β-likeness, k-map, and any added later) gets a generic "Parameters" field and
// a "Variant" field, so a new criterion works here without changing the editor.
//
// Checking is the core's: the spec is parsed by parseCriterionSpec, then bound against the
// project's data (bindCriteria, with the project's population size), and the core's exact
// message is shown next to the fields; problem() returns it and the Privacy perspective
// refuses to add the criterion. For the ℓ family the domain check names the attribute and
// its values ("l = 5 is larger than the 3 values of 'condition' (…)").
#include <QWidget>
#include <memory>

#include "widgets/qtforward.h"

namespace ldv {
class Workspace;
}

namespace ldv::ui {

class Project;

class CriterionEditor : public QWidget {
    Q_OBJECT
public:
    explicit CriterionEditor(QWidget* parent = nullptr);
    /// Lists the project's sensitive attributes and their values.
    void setProject(Project* project);
    /// The spec of the current choice, e.g. "recursive-cl=3,4@occupation" (not validated).
    QString spec() const;
    /// Fills the editor from a spec. False when it does not parse or has an impossible
    /// parameter: the fields stay as they were and problem() holds the reason until the next
    /// edit.
    bool setSpec(const QString& spec);
    /// Why the current criterion cannot be added ("" when it can): the core's parse and range
    /// checks, then its binding against the project's data.
    QString problem() const;
    /// problem() for any spec against this editor's project.
    QString checkSpec(const QString& spec) const;
    QComboBox* kindBox() const { return m_kind; }
    /// The generic parameters field ("0.2", "1.5,3", …) of the criteria without own fields.
    QLineEdit* parametersEdit() const { return m_parameters; }
    /// The generic ':variant' field (t-closeness: hierarchical / ordered, …); editable.
    QComboBox* variantBox() const { return m_variant; }
    QLabel* problemLabel() const { return m_problem; }
    /// True when `name` (e.g. "t-closeness") uses the generic fields.
    static bool isGenericKind(const QString& name);

signals:
    void specChanged(const QString& spec);

private:
    void updateFields();
    void fillValues();
    /// Shows the spec and its problem, emits specChanged (after every edit).
    void refresh();
    /// The core's binding check against the project's data ("" when it binds).
    QString bindProblem(const QString& spec) const;
    Project* m_project = nullptr;
    QComboBox* m_kind;
    QComboBox* m_attribute;
    QDoubleSpinBox* m_main;  // k or ℓ
    QDoubleSpinBox* m_c;
    QDoubleSpinBox* m_c2;
    QDoubleSpinBox* m_tau;
    QLineEdit* m_parameters;
    QComboBox* m_variant;
    QListWidget* m_dontCare;
    QListWidget* m_protected;
    QCheckBox* m_multi;
    QLabel* m_mainLabel;
    QLabel* m_parametersHint;
    QLabel* m_preview;
    QLabel* m_problem;
    /// Why the last setSpec was refused (cleared by the next edit).
    QString m_rejected;
    /// The project's data bound for bindCriteria; built on first need, dropped when roles,
    /// types or hierarchies change.
    mutable std::shared_ptr<const Workspace> m_prepared;
    mutable QString m_preparedError;
};

}  // namespace ldv::ui
