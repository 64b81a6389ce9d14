#pragma once
#include <QAbstractTableModel>
#include <QPointer>

namespace ldv::ui {

class Project;

/// One row per attribute: name, role, type, distinct values, missing values. Role and type
/// are editable; setData pushes undo commands through the Project.
class ColumnListModel : public QAbstractTableModel {
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
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;

private:
    void rowChanged(int row);
    QPointer<Project> m_project;
};

}  // namespace ldv::ui
