#pragma once
#include <QPointer>

#include "widgets/lazytablemodel.h"

namespace ldv::ui {

class Project;

/// Read-only, lazy view of the project's table (LazyTableModel), with a tooltip and numbers
/// right-aligned in the cells. The header is colour-coded by role.
class TableModel : public LazyTableModel {
    Q_OBJECT
public:
    explicit TableModel(QObject* parent = nullptr);
    void setProject(Project* project);
    const Table* table() const override;

    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    QPointer<Project> m_project;
};

}  // namespace ldv::ui
