#pragma once
// The list of transformations beside the lattice: filter controls (state, height range,
// text), the lazy table (TransformationModel) and a status line. Selection is kept in sync
// with the lattice view by the perspective: selectNodes() from the view, selectionChanged
// from the user's clicks here.
#include <QWidget>
#include <vector>

#include "ldiv/lattice/lattice.h"
#include "widgets/qtforward.h"

namespace ldv::ui {

class NodeSource;
class TransformationModel;

class TransformationList : public QWidget {
    Q_OBJECT
public:
    explicit TransformationList(NodeSource* source, QWidget* parent = nullptr);

    /// A new lattice: filters reset, unsorted.
    void setLattice(const Lattice& lattice, const std::vector<std::string>& qiNames);
    /// Selects these nodes' rows (the last one current and scrolled to) without emitting.
    void selectNodes(const std::vector<NodeId>& ids);

    TransformationModel* model() const { return m_model; }
    QTableView* table() const { return m_table; }

protected:
    /// Enter on the table's current row: nodeActivated.
    bool eventFilter(QObject* watched, QEvent* event) override;

public:
    QComboBox* stateFilter() const { return m_state; }
    QSpinBox* minHeight() const { return m_minHeight; }
    QSpinBox* maxHeight() const { return m_maxHeight; }
    QLineEdit* textFilter() const { return m_text; }
    QLabel* status() const { return m_status; }

signals:
    /// The user selected rows: their nodes, the current one last.
    void selectionChanged(const std::vector<ldv::NodeId>& ids);
    /// A row chosen deliberately (double-click or Enter): LatticeView::nodeActivated.
    void nodeActivated(ldv::NodeId id);

private:
    void applyFilter();
    void updateStatus();
    void userSelectionChanged();

    NodeSource* m_source;
    TransformationModel* m_model;
    QTableView* m_table;
    QComboBox* m_state;
    QSpinBox* m_minHeight;
    QSpinBox* m_maxHeight;
    QLineEdit* m_text;
    QLabel* m_status;
    bool m_syncing = false;
    std::vector<NodeId> m_wanted;  ///< the view's selection, reapplied after a filter
};

}  // namespace ldv::ui
