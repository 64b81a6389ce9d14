#pragma once
// The list of transformations: one row per lattice node, read lazily by (row, column) from
// the NodeSource (no object per row). Rows are an index permutation of node ids, built only
// when the list is filtered or sorted; filtering and sorting large lattices run in the
// background (a Job) and the list keeps its old order until the new one is ready.
// Columns: the level of each quasi-identifier, state, height, every metric, and the
// prosecutor risk (highest, average), computed on demand for the rows on screen.
#include <QAbstractTableModel>
#include <QPointer>
#include <memory>
#include <optional>
#include <vector>

#include "lattice/nodesource.h"
#include "ldiv/lattice/lattice.h"

namespace ldv::ui {

class Job;

/// Which rows the list shows.
struct TransformationFilter {
    std::vector<bool> states = std::vector<bool>(kNodeStateCount, true);
    int minHeight = 0;
    int maxHeight = std::numeric_limits<int>::max();
    /// Matched against the levels ("1,0,2") and the state name; empty = all.
    QString text;
    bool active() const;
};

class TransformationModel : public QAbstractTableModel {
    Q_OBJECT
public:
    /// Lattices with more nodes are listed in id order only (up to this many rows), since a
    /// filter or a sort needs a permutation of every node id.
    static constexpr NodeId kListLimit = NodeId(1) << 24;
    /// Filtering and sorting at most this many nodes happens at once; more in the background.
    static constexpr NodeId kSyncLimit = 20000;

    enum Column {
        State = 0,
        Height,
        Classes,
        Suppressed,
        AverageClassSize,
        Discernibility,
        KlDivergence,
        Information,
        Loss,
        Precision,
        RiskHighest,
        RiskAverage,
        FixedColumns
    };

    explicit TransformationModel(NodeSource* source, QObject* parent = nullptr);

    /// A new lattice (and the source's outcome): unfiltered, unsorted.
    void setLattice(const Lattice& lattice, std::vector<std::string> qiNames);
    void setFilter(TransformationFilter filter);
    const TransformationFilter& filter() const { return m_filter; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;
    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;

    NodeId nodeAt(int row) const;
    /// Row of a node, or -1 when the filter hides it.
    int rowOf(NodeId id) const;
    /// Index of the column of a fixed kind (after the level columns).
    int column(Column kind) const { return int(m_lattice.dimensions()) + kind; }
    int sortColumn() const { return m_sortColumn; }
    /// A filter or sort is being computed in the background.
    bool isBusy() const { return m_job != nullptr; }
    /// Lists these nodes first, above the first kListLimit nodes in id order, when the
    /// lattice is too large to list whole and they are not among those (a heuristic's node
    /// in a lattice of 10^8 nodes); otherwise does nothing.
    void pinNodes(const std::vector<NodeId>& ids);
    /// How many rows pinNodes put on top.
    std::size_t pinnedCount() const { return m_pinned.size(); }
    /// Nodes listed without a permutation (true for lattices above kListLimit).
    bool identity() const { return !m_rows; }
    NodeId totalNodes() const { return m_lattice.size(); }

signals:
    /// A background filter or sort started (true) or finished (false).
    void busyChanged(bool busy);

private:
    void recompute();
    void apply(std::shared_ptr<std::vector<NodeId>> rows);
    /// A column of metrics or risk (the figures NodeSource measures on demand).
    static bool isMeasureColumn(int kind, std::size_t dims);
    /// The value a level, state or height column sorts by.
    static double sortKey(const Lattice& lattice, const std::vector<NodeState>& states,
                          const SearchOutcome* outcome, NodeId id, int kind, std::size_t dims);
    /// The value of a figure column (`column` counted from State), NaN when unknown.
    static double figureKey(const NodeMetrics* m, const std::optional<NodeRisk>& risk, int column);

    QPointer<NodeSource> m_source;
    Lattice m_lattice;
    std::vector<std::string> m_names;
    /// Mixed-radix strides of node ids (level i = id / stride_i mod (h_i + 1)), so a cell
    /// reads one level without building the level vector.
    std::vector<NodeId> m_stride;
    QStringList m_stateNames;
    TransformationFilter m_filter;
    /// Rows → node ids; null = every node in id order.
    std::shared_ptr<const std::vector<NodeId>> m_rows;
    /// Rows listed before the id-ordered ones (pinNodes), only above kListLimit.
    std::vector<NodeId> m_pinned;
    int m_sortColumn = -1;
    Qt::SortOrder m_order = Qt::AscendingOrder;
    Job* m_job = nullptr;
};

}  // namespace ldv::ui
