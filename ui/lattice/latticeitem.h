#pragma once
// All nodes of a lattice in one QGraphicsItem (45,000 QGraphicsItems would not stay fluid),
// drawn at two levels of detail:
//  - overview (neighbours closer than a few pixels): each height as a density strip, its
//    colour aggregated per stretch of the row (state mix, or mean of the colouring metric),
//    with minimal and optimum nodes marked on top and the row's node count beside it;
//  - zoomed in: only the nodes inside the exposed rectangle are materialised, as discs with
//    labels where they fit and the Hasse edges between nodes the filter shows.
// Aggregates are computed in one pass over the nodes when the lattice has at most
// kAggregateLimit nodes (a search outcome exists only for those); larger lattices are
// summarised from combinatorial counts per height (LevelCounts), never node by node.
#include <QGraphicsItem>
#include <functional>
#include <limits>
#include <optional>
#include <set>
#include <utility>
#include <vector>

#include "format/nodestyle.h"
#include "lattice/latticelayout.h"

namespace ldv::ui {

/// Which nodes are shown in colour.
struct LatticeFilter {
    std::vector<bool> states = std::vector<bool>(kNodeStateCount, true);
    /// Per QI: [min, max] level; empty = all.
    std::vector<std::pair<int, int>> levels;
    /// Range of the colouring metric (when colouring by a metric); NaN bounds = open.
    double metricMin = std::numeric_limits<double>::quiet_NaN();
    double metricMax = std::numeric_limits<double>::quiet_NaN();
};

class LatticeItem : public QGraphicsItem {
public:
    /// Lattices up to this size are aggregated node by node (1 byte of state per node).
    static constexpr NodeId kAggregateLimit = NodeId(1) << 24;
    /// Value of a node for colouring; NaN = not known (yet): drawn grey.
    using ValueProvider = std::function<double(NodeId)>;

    explicit LatticeItem(const LatticeLayout* layout);

    void setStates(std::vector<NodeState> states);
    /// Colour by these per-node values (lower = lighter) instead of the state; empty = state.
    void setMetricValues(std::vector<double> values);
    /// Colour by values computed on demand, scaled from `min` (light) to `max` (dark);
    /// an empty provider colours by state.
    void setValueProvider(ValueProvider provider, double min, double max);
    /// Called after painting with the nodes drawn one by one (or the marked nodes at
    /// overview): lets lazily computed values (risk) be requested for what is on screen.
    void setDrawnHook(std::function<void(const std::vector<NodeId>&)> hook) {
        m_drawn = std::move(hook);
    }
    /// Recomputes the strips' aggregates (after a value provider learnt new values).
    void refreshValues();
    void setFilter(LatticeFilter filter);
    void setSelection(const std::vector<NodeId>& selected);

    /// One node whose state is known without per-node states (the heuristic's best node):
    /// drawn in its state's colour, outlined and marked at overview at any lattice size.
    void setKnownNode(std::optional<std::pair<NodeId, NodeState>> node);
    std::optional<NodeId> knownNode() const {
        return m_known ? std::optional<NodeId>(m_known->first) : std::nullopt;
    }

    NodeState state(NodeId id) const {
        if (id < m_states.size()) return m_states[id];
        return m_known && m_known->first == id ? m_known->second : NodeState::NotEvaluated;
    }
    double value(NodeId id) const;
    /// The marked node (optimum, known node, minimal) whose square, as drawn at scale `lod`,
    /// contains `scene`; the optimum first. A click on a marker selects its node, not a
    /// neighbour hidden under it (issue 37).
    std::optional<NodeId> markerAt(const QPointF& scene, double lod) const;
    QColor nodeColor(NodeId id) const;
    bool passesFilter(NodeId id) const;
    std::pair<double, double> metricRange() const { return {m_min, m_max}; }
    std::uint64_t visibleCount() const;
    /// The scene rectangle around the nodes the filter shows (null when none is shown).
    QRectF visibleBounds() const;
    /// True when the current transform draws density strips (overview) rather than nodes.
    bool drawsStrips(double scale, const QRectF& exposed) const;
    /// Node-sized records the item holds (states and marks); 0 for lattices above
    /// kAggregateLimit, so memory never grows with the lattice beyond that.
    std::size_t storedNodes() const { return m_states.size() + m_marked.size(); }
    /// Text for a tooltip on a strip: the row's count and mix of states.
    QString rowSummary(int height) const;

    QRectF boundingRect() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

private:
    struct Bin {
        std::uint32_t states[kNodeStateCount] = {};
        std::uint64_t shown = 0;
        double sum = 0;
        std::uint64_t valued = 0;
    };
    struct Row {
        std::uint64_t shown = 0;
        std::uint64_t first = 0, last = 0;  ///< ranks of the first and last node shown
        std::vector<Bin> bins;
    };
    bool passesFilter(NodeId id, std::span<const int> levels) const;
    bool isKnown(NodeId id) const { return m_known && m_known->first == id; }
    void aggregate();
    bool aggregated() const { return m_layout->size() <= kAggregateLimit; }
    std::size_t binCount(int h) const;
    void paintStrips(QPainter* painter, const QRectF& exposed, double lod);
    void paintNodes(QPainter* painter, const QRectF& exposed, double lod);

    const LatticeLayout* m_layout;
    std::vector<NodeState> m_states;
    ValueProvider m_value;
    std::function<void(const std::vector<NodeId>&)> m_drawn;
    double m_min = 0, m_max = 1;
    LatticeFilter m_filter;
    std::set<NodeId> m_selected;
    std::vector<Row> m_rows;
    /// Minimal and optimum nodes the filter shows (marked on the strips), at most a few
    /// thousand.
    std::vector<NodeId> m_marked;
    /// Counts of the level filter, for lattices too large to aggregate node by node.
    LevelCounts m_filtered;
    std::optional<std::pair<NodeId, NodeState>> m_known;
};

}  // namespace ldv::ui
