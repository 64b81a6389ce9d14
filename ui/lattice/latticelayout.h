#pragma once
// Positions of a lattice's nodes as a Hasse diagram: one row per height (bottom node at the
// bottom), nodes of a row side by side in increasing id order and centred. Finds the nodes
// inside a rectangle without visiting the others, so a 45,000-node lattice paints and hit-
// tests only what is on screen.
#include <QPointF>
#include <QRectF>
#include <optional>
#include <vector>

#include "ldiv/lattice.h"

namespace ldv::ui {

class LatticeLayout {
public:
    static constexpr double kDx = 30;      ///< horizontal distance of neighbours in a row
    static constexpr double kDy = 90;      ///< least distance of two heights
    static constexpr double kRadius = 10;  ///< node radius in scene units

    LatticeLayout() = default;
    explicit LatticeLayout(const Lattice& lattice);

    const Lattice& lattice() const { return m_lattice; }
    NodeId size() const { return m_lattice.size(); }
    QPointF position(NodeId id) const;
    QRectF bounds() const { return m_bounds; }
    /// Nodes whose disc intersects `rect`, row by row.
    std::vector<NodeId> nodesIn(const QRectF& rect) const;
    /// The node whose disc contains `point` (with `slack` scene units of tolerance).
    std::optional<NodeId> nodeAt(const QPointF& point, double slack = 0) const;
    int rowCount() const { return int(m_rows.size()); }
    int widestRow() const { return m_widest; }
    /// Distance of two heights: at least kDy, more for wide lattices so the diagram keeps a
    /// readable aspect ratio (about 2:1) when fitted.
    double rowDistance() const { return m_dy; }

private:
    Lattice m_lattice;
    std::vector<std::vector<NodeId>> m_rows;  // by height
    std::vector<std::uint32_t> m_index;       // id → index in its row
    QRectF m_bounds;
    int m_widest = 0;
    double m_dy = kDy;
};

}  // namespace ldv::ui
