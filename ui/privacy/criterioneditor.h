#pragma once
// Composes one privacy criterion as a spec string (docs/criteria.md): the kind, its
// parameters (k, ℓ, c, c2, τ), the sensitive attribute, the don't-care / protected values and
// multi-attribute mode. Impossible parameters (k < 1, τ outside [1/ℓ, 1), an ℓ above the
// number of the sensitive attribute's values, a spec that does not parse) are shown as they
// are entered and reported by problem(); the Privacy perspective refuses to add them.
#include <QWidget>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QListWidget;

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
    /// Why the current criterion cannot be added, naming the parameter, the attribute and its
    /// values ("" when it can): the core's parse and range checks, then ℓ (or τ) against the
    /// values of the sensitive attribute in the project's data.
    QString problem() const;
    /// problem() for any spec against this editor's project.
    QString checkSpec(const QString& spec) const;
    QComboBox* kindBox() const { return m_kind; }

signals:
    void specChanged(const QString& spec);

private:
    void updateFields();
    void fillValues();
    /// Shows the spec and its problem, emits specChanged (after every edit).
    void refresh();
    Project* m_project = nullptr;
    QComboBox* m_kind;
    QComboBox* m_attribute;
    QDoubleSpinBox* m_main;  // k or ℓ
    QDoubleSpinBox* m_c;
    QDoubleSpinBox* m_c2;
    QDoubleSpinBox* m_tau;
    QListWidget* m_dontCare;
    QListWidget* m_protected;
    QCheckBox* m_multi;
    QLabel* m_mainLabel;
    QLabel* m_preview;
    QLabel* m_problem;
    /// Why the last setSpec was refused (cleared by the next edit).
    QString m_rejected;
};

}  // namespace ldv::ui
