#pragma once
// Read-only, lazy view of a core Table held by shared ownership (a generalized table
// computed on a worker thread): cells are read by (row, column) on demand.
#include <memory>

#include "ldiv/data/table.h"
#include "widgets/lazytablemodel.h"

namespace ldv::ui {

class SharedTableModel : public LazyTableModel {
    Q_OBJECT
public:
    explicit SharedTableModel(QObject* parent = nullptr);
    void setTable(std::shared_ptr<const Table> table);
    const Table* table() const override { return m_table.get(); }

private:
    std::shared_ptr<const Table> m_table;
};

}  // namespace ldv::ui
