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
        emit const_cast<ComboDelegate*>(this)->commitData(combo);
        emit const_cast<ComboDelegate*>(this)->closeEditor(combo);
    });
    return combo;
}

void ComboDelegate::setEditorData(QWidget* editor, const QModelIndex& index) const {
    if (auto* combo = qobject_cast<QComboBox*>(editor)) combo->setCurrentText(index.data(Qt::EditRole).toString());
    else QStyledItemDelegate::setEditorData(editor, index);
}

void ComboDelegate::setModelData(QWidget* editor, QAbstractItemModel* model, const QModelIndex& index) const {
    if (auto* combo = qobject_cast<QComboBox*>(editor)) model->setData(index, combo->currentText(), Qt::EditRole);
    else QStyledItemDelegate::setModelData(editor, model, index);
}

}  // namespace ldv::ui
