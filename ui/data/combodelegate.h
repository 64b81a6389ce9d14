#pragma once
#include <QStyledItemDelegate>

namespace ldv::ui {

/// Edits a cell with a combo box whose choices come from the model (ChoicesRole); the
/// choice is committed as soon as it is picked.
class ComboDelegate : public QStyledItemDelegate {
    Q_OBJECT
public:
    explicit ComboDelegate(int choicesRole, QObject* parent = nullptr);
    QWidget* createEditor(QWidget* parent, const QStyleOptionViewItem& option,
                          const QModelIndex& index) const override;
    void setEditorData(QWidget* editor, const QModelIndex& index) const override;
    void setModelData(QWidget* editor, QAbstractItemModel* model,
                      const QModelIndex& index) const override;

private:
    int m_choicesRole;
};

}  // namespace ldv::ui
