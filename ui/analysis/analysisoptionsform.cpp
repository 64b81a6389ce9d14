#include "analysis/analysisoptionsform.h"

#include <QComboBox>
#include <QGridLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>
#include <climits>

namespace ldv::ui {

namespace {
constexpr int kPerRow = 3;

bool isSpin(const OptionDef& d) {
    return d.kind == OptionDef::Kind::Number && d.integer && !d.optional && d.max <= INT_MAX &&
           d.min >= INT_MIN;
}
}  // namespace

AnalysisOptionsForm::AnalysisOptionsForm(QWidget* parent)
    : QWidget(parent), m_grid(new QGridLayout), m_error(new QLabel(this)) {
    m_error->setStyleSheet(QStringLiteral("color:#b00"));
    m_error->setWordWrap(true);
    m_error->hide();
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(m_grid);
    layout->addWidget(m_error);
}

void AnalysisOptionsForm::setOptions(const std::vector<OptionDef>& defs,
                                     const OptionValues& values) {
    m_editors.clear();
    while (QLayoutItem* item = m_grid->takeAt(0)) {
        if (QWidget* w = item->widget()) {
            w->hide();
            w->deleteLater();
        }
        delete item;
    }
    m_defs = defs;
    for (std::size_t i = 0; i < defs.size(); ++i) {
        const OptionDef& d = defs[i];
        const QString text = values.value(d.key, d.defaultText);
        QWidget* editor = nullptr;
        if (d.kind == OptionDef::Kind::Choice) {
            auto* combo = new QComboBox(this);
            combo->addItems(d.choices);
            combo->setCurrentText(text);
            connect(combo, &QComboBox::currentTextChanged, this, &AnalysisOptionsForm::validate);
            editor = combo;
        } else if (isSpin(d)) {
            auto* spin = new QSpinBox(this);
            spin->setRange(int(d.min), int(d.max));
            spin->setValue(text.toInt());
            connect(spin, &QSpinBox::valueChanged, this, &AnalysisOptionsForm::validate);
            editor = spin;
        } else {
            auto* edit = new QLineEdit(text, this);
            if (d.optional)
                edit->setPlaceholderText(d.placeholder.isEmpty() ? tr("default") : d.placeholder);
            connect(edit, &QLineEdit::textChanged, this, &AnalysisOptionsForm::validate);
            editor = edit;
        }
        editor->setObjectName(d.key);
        editor->setToolTip(d.tooltip);
        auto* label = new QLabel(d.label + QLatin1Char(':'), this);
        label->setToolTip(d.tooltip);
        label->setBuddy(editor);
        const int row = int(i) / kPerRow, column = (int(i) % kPerRow) * 2;
        m_grid->addWidget(label, row, column, Qt::AlignRight);
        m_grid->addWidget(editor, row, column + 1);
        m_editors << editor;
    }
    for (int c = 0; c < kPerRow; ++c) m_grid->setColumnStretch(c * 2 + 1, 1);
    auto* defaults = new QPushButton(tr("Defaults"), this);
    defaults->setToolTip(tr("Restore the default options of this analysis"));
    connect(defaults, &QPushButton::clicked, this, [this] {
        for (std::size_t i = 0; i < m_defs.size(); ++i)
            setValue(m_defs[i].key, m_defs[i].defaultText);
    });
    m_grid->addWidget(defaults, 0, kPerRow * 2);
    validate();
}

OptionValues AnalysisOptionsForm::values() const {
    OptionValues v;
    for (std::size_t i = 0; i < m_defs.size() && int(i) < m_editors.size(); ++i) {
        QWidget* w = m_editors[int(i)];
        if (auto* combo = qobject_cast<QComboBox*>(w))
            v.insert(m_defs[i].key, combo->currentText());
        else if (auto* spin = qobject_cast<QSpinBox*>(w))
            v.insert(m_defs[i].key, QString::number(spin->value()));
        else if (auto* edit = qobject_cast<QLineEdit*>(w))
            v.insert(m_defs[i].key, edit->text().trimmed());
    }
    return v;
}

bool AnalysisOptionsForm::setValue(const QString& key, const QString& text) {
    for (std::size_t i = 0; i < m_defs.size(); ++i) {
        if (m_defs[i].key != key) continue;
        QWidget* w = m_editors[int(i)];
        if (auto* combo = qobject_cast<QComboBox*>(w))
            combo->setCurrentText(text);
        else if (auto* spin = qobject_cast<QSpinBox*>(w))
            spin->setValue(text.toInt());
        else if (auto* edit = qobject_cast<QLineEdit*>(w))
            edit->setText(text);
        validate();
        return true;
    }
    return false;
}

void AnalysisOptionsForm::validate() {
    const QString e = error();
    m_error->setText(e);
    m_error->setVisible(!e.isEmpty());
    emit changed();
}

}  // namespace ldv::ui
