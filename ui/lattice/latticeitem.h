#pragma once
// All nodes of a lattice in one QGraphicsItem (45,000 QGraphicsItems would not stay fluid):
// paints only the exposed nodes, as discs with labels when zoomed in, as small squares when
// zoomed out, and the Hasse edges only when zoomed in far enough to read them. Nodes hidden
// by the filter are drawn as faint dots so the lattice's shape stays visible.
#include <QGraphicsItem>
#include <functional>
#include <limits>
#include <set>
#include <utility>
#include <vector>

#include "lattice/latticelayout.h"
#include "lattice/nodestyle.h"

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
    explicit LatticeItem(const LatticeLayout* layout);

    void setStates(std::vector<NodeState> states);
    /// Colour by these per-node values (lower = lighter) instead of the state; empty = state.
    void setMetricValues(std::vector<double> values);
    void setFilter(LatticeFilter filter);
    void setSelection(const std::vector<NodeId>& selected);

    NodeState state(NodeId id) const {
        return id < m_states.size() ? m_states[id] : NodeState::NotEvaluated;
    }
    QColor nodeColor(NodeId id) const;
    bool passesFilter(NodeId id) const;
    std::pair<double, double> metricRange() const { return {m_min, m_max}; }
    std::size_t visibleCount() const;
    /// The scene rectangle around the nodes the filter shows (null when none is shown).
    QRectF visibleBounds() const;

    QRectF boundingRect() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

private:
    const LatticeLayout* m_layout;
    std::vector<NodeState> m_states;
    std::vector<double> m_values;
    double m_min = 0, m_max = 1;
    LatticeFilter m_filter;
    std::set<NodeId> m_selected;
};

}  // namespace ldv::ui
