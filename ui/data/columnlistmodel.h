#pragma once
#include <QAbstractTableModel>
#include <QPointer>

#include "widgets/editcommandmodel.h"

namespace ldv::ui {

class Project;

/// One row per attribute: name, role, type, distinct values, missing values. Role and type
/// are editable; setData pushes undo commands through the Project.
class ColumnListModel : public EditCommandModel<QAbstractTableModel> {
    Q_OBJECT
public:
    enum Column { Name, Role, Type, Distinct, Missing, ColumnCount };
    /// The choices of an editable cell (QStringList), for ComboDelegate.
    static constexpr int ChoicesRole = Qt::UserRole + 1;

    explicit ColumnListModel(QObject* parent = nullptr);
    void setProject(Project* project);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;

private:
    QString columnTitle(int section) const override;
    /// Role and type.
    bool editable(const QModelIndex& index) const override;
    bool pushEdit(const QModelIndex& index, const QVariant& value) override;
    void rowChanged(int row);
    QPointer<Project> m_project;
};

}  // namespace ldv::ui
