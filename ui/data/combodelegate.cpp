#include "data/combodelegate.h"

#include <QComboBox>

namespace ldv::ui {

ComboDelegate::ComboDelegate(int choicesRole, QObject* parent)
    : QStyledItemDelegate(parent), m_choicesRole(choicesRole) {}

QWidget* ComboDelegate::createEditor(QWidget* parent, const QStyleOptionViewItem& option,
                                     const QModelIndex& index) const {
    const QStringList choices = index.data(m_choicesRole).toStringList();
    if (choices.isEmpty()) return QStyledItemDelegate::createEditor(parent, option, index);
    auto* combo = new QComboBox(parent);
    combo->addItems(choices);
    connect(combo, &QComboBox::activated, this, [this, combo] {
        auto* self = const_cast<ComboDelegate*>(this);
        emit self->commitData(combo);
        // Committing may already have ended the edit: the change it makes can move the focus,
        // and the view then closes the editor itself (and hides it). Closing it a second time
        // is what made Qt warn "closeEditor called with an editor that does not belong to
        // this view".
        if (combo->isVisible()) emit self->closeEditor(combo);
    });
    return combo;
}

void ComboDelegate::setEditorData(QWidget* editor, const QModelIndex& index) const {
    if (auto* combo = qobject_cast<QComboBox*>(editor))
        combo->setCurrentText(index.data(Qt::EditRole).toString());
    else
        QStyledItemDelegate::setEditorData(editor, index);
}

void ComboDelegate::setModelData(QWidget* editor, QAbstractItemModel* model,
                                 const QModelIndex& index) const {
    if (auto* combo = qobject_cast<QComboBox*>(editor))
        model->setData(index, combo->currentText(), Qt::EditRole);
    else
        QStyledItemDelegate::setModelData(editor, model, index);
}

}  // namespace ldv::ui
