#pragma once
// Composes one privacy criterion as a spec string (docs/criteria.md): the kind, its
// parameters (k, ℓ, c, c2, τ), the sensitive attribute, the don't-care / protected values and
// multi-attribute mode.
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
    /// Fills the editor from a spec (false when it does not parse).
    bool setSpec(const QString& spec);
    QComboBox* kindBox() const { return m_kind; }

signals:
    void specChanged(const QString& spec);

private:
    void updateFields();
    void fillValues();
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
};

}  // namespace ldv::ui
