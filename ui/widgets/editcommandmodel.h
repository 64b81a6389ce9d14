#pragma once
// The editable models of the workbench (the Data perspective's column list, the hierarchy
// editor's table and tree) turn an edit into an undo command of the project instead of
// changing their own rows: the project's signal then refreshes every view. What they share is
// here: which cells are editable, and the guard of setData (an edit, a valid index, a cell that
// may change), and the header (each model names its columns), so each model says only what
// it shows, what is editable and which command an edit makes.
#include <QAbstractItemModel>

namespace ldv::ui {

template <class QtModel>
class EditCommandModel : public QtModel {
public:
    using QtModel::QtModel;

    Qt::ItemFlags flags(const QModelIndex& index) const override {
        Qt::ItemFlags f = QtModel::flags(index);
        if (index.isValid() && editable(index)) f |= Qt::ItemIsEditable;
        return f;
    }

    /// An edit of an editable cell becomes the model's command; any other call changes
    /// nothing (false).
    bool setData(const QModelIndex& index, const QVariant& value,
                 int role = Qt::EditRole) override {
        if (role != Qt::EditRole ||
            !this->checkIndex(index, QAbstractItemModel::CheckIndexOption::IndexIsValid) ||
            !editable(index))
            return false;
        return pushEdit(index, value);
    }

    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override {
        if (role != Qt::DisplayRole) return {};
        return orientation == Qt::Horizontal ? columnTitle(section) : rowTitle(section);
    }

protected:
    virtual QString columnTitle(int section) const = 0;
    /// Nothing by default: the column list and the tree number no rows.
    virtual QVariant rowTitle(int) const { return {}; }
    /// Whether the cell at a valid `index` may be edited.
    virtual bool editable(const QModelIndex& index) const = 0;
    /// Pushes the command `value` asks for at an editable `index`; false when the value
    /// changes nothing or the model follows no project.
    virtual bool pushEdit(const QModelIndex& index, const QVariant& value) = 0;
};

}  // namespace ldv::ui
