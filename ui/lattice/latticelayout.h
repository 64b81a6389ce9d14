#pragma once
// Positions of a lattice's nodes as a Hasse diagram: one row per height (bottom node at the
// bottom), nodes of a row side by side in increasing id order and centred. Nothing is stored
// per node: a node's place in its row is its rank among the nodes of its height, computed
// combinatorially (LevelCounts), so a lattice of 3^32 nodes lays out in microseconds and the
// view materialises only the nodes inside the rectangle it paints or hit-tests.
#include <QPointF>
#include <QRectF>
#include <cstdint>
#include <optional>
#include <vector>

#include "ldiv/lattice/lattice.h"
#include "ldiv/lattice/level_counts.h"

namespace ldv::ui {

class LatticeLayout {
public:
    static constexpr double kDx = 30;      ///< horizontal distance of neighbours in a row
    static constexpr double kDy = 90;      ///< least distance of two heights
    static constexpr double kRadius = 10;  ///< node radius in scene units
    /// Scene width beyond which rows are compressed (neighbours closer than kDx), so scene
    /// coordinates and the view's scroll bars stay in range for rows of billions of nodes.
    static constexpr double kMaxSceneWidth = 3e7;

    LatticeLayout() = default;
    explicit LatticeLayout(const Lattice& lattice);

    const Lattice& lattice() const { return m_lattice; }
    const LevelCounts& counts() const { return m_counts; }
    NodeId size() const { return m_lattice.size(); }
    QPointF position(NodeId id) const;
    /// Scene position of the node of height h with rank r in its row.
    QPointF position(int h, std::uint64_t rank) const;
    QRectF bounds() const { return m_bounds; }
    /// Nodes whose disc intersects `rect`, row by row; at most `limit` (the first ones).
    std::vector<NodeId> nodesIn(const QRectF& rect, std::size_t limit = SIZE_MAX) const;
    /// How many nodes nodesIn(rect) would return, without materialising them.
    std::uint64_t countIn(const QRectF& rect) const;
    /// Heights of the rows crossing `rect` (first > last when none) and, for row h, the range
    /// of ranks inside it (false when none).
    std::pair<int, int> rowsIn(const QRectF& rect) const;
    bool ranksIn(const QRectF& rect, int h, std::uint64_t* first, std::uint64_t* last) const;
    /// The node whose disc contains `point` (with `slack` scene units of tolerance).
    std::optional<NodeId> nodeAt(const QPointF& point, double slack = 0) const;
    int rowCount() const { return m_lattice.maxHeight() + 1; }
    std::uint64_t rowSize(int h) const { return m_counts.rowSize(h); }
    std::uint64_t widestRow() const { return m_widest; }
    /// Distance of two heights: at least kDy, more for wide lattices so the diagram keeps a
    /// readable aspect ratio (about 2:1) when fitted.
    double rowDistance() const { return m_dy; }
    /// Distance of neighbours in a row: kDx, less when rows are compressed.
    double columnDistance() const { return m_dx; }
    /// Node radius: kRadius, less when rows are compressed (so discs never overlap).
    double radius() const { return m_radius; }

private:
    Lattice m_lattice;
    LevelCounts m_counts;
    QRectF m_bounds;
    std::uint64_t m_widest = 0;
    double m_dx = kDx;
    double m_dy = kDy;
    double m_radius = kRadius;
};

}  // namespace ldv::ui
