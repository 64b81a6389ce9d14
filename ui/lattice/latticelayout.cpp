#include "lattice/latticelayout.h"

#include <algorithm>
#include <cmath>

namespace ldv::ui {

LatticeLayout::LatticeLayout(const Lattice& lattice)
    : m_lattice(lattice), m_counts(lattice.heights()) {
    for (int h = 0; h < rowCount(); ++h) m_widest = std::max(m_widest, m_counts.rowSize(h));
    const double widest = double(m_widest);
    if (widest * kDx > kMaxSceneWidth) m_dx = kMaxSceneWidth / widest;
    m_radius = std::min(kRadius, m_dx / 3);
    if (rowCount() > 1)
        m_dy = std::max(kDy, std::min(widest * m_dx, kMaxSceneWidth) / 2.0 / (rowCount() - 1));

    const double halfWidth = (widest - 1) * m_dx / 2 + kRadius;
    m_bounds = QRectF(-halfWidth - kDx, -(rowCount() - 1) * m_dy - kRadius - m_dy / 2,
                      2 * halfWidth + 2 * kDx, (rowCount() - 1) * m_dy + 2 * kRadius + m_dy);
}

QPointF LatticeLayout::position(int h, std::uint64_t rank) const {
    const double n = double(m_counts.rowSize(h));
    return {(double(rank) - (n - 1) / 2) * m_dx, -h * m_dy};
}

QPointF LatticeLayout::position(NodeId id) const {
    const Levels levels = m_lattice.levels(id);
    return position(Lattice::height(levels), m_counts.rank(levels));
}

std::pair<int, int> LatticeLayout::rowsIn(const QRectF& rect) const {
    if (size() == 0) return {0, -1};
    // y = -h·dy: rows from the rectangle's bottom to its top.
    const double low = std::ceil((-rect.bottom() - m_radius) / m_dy);
    const double high = std::floor((-rect.top() + m_radius) / m_dy);
    return {int(std::max(0.0, low)), int(std::min(double(rowCount() - 1), high))};
}

bool LatticeLayout::ranksIn(const QRectF& rect, int h, std::uint64_t* first,
                            std::uint64_t* last) const {
    const double n = double(m_counts.rowSize(h));
    if (n == 0) return false;
    const double centre = (n - 1) / 2;
    const double a = std::ceil((rect.left() - m_radius) / m_dx + centre);
    const double b = std::floor((rect.right() + m_radius) / m_dx + centre);
    if (a > n - 1 || b < 0 || a > b) return false;
    *first = std::uint64_t(std::max(0.0, a));
    *last = std::min(m_counts.rowSize(h) - 1, std::uint64_t(std::min(b, n - 1)));
    return *first <= *last;
}

std::uint64_t LatticeLayout::countIn(const QRectF& rect) const {
    std::uint64_t n = 0;
    const auto [low, high] = rowsIn(rect);
    for (int h = low; h <= high; ++h) {
        std::uint64_t a = 0, b = 0;
        if (ranksIn(rect, h, &a, &b)) n += b - a + 1;
    }
    return n;
}

std::vector<NodeId> LatticeLayout::nodesIn(const QRectF& rect, std::size_t limit) const {
    std::vector<NodeId> out;
    const auto [low, high] = rowsIn(rect);
    for (int h = low; h <= high; ++h) {
        std::uint64_t a = 0, b = 0;
        if (!ranksIn(rect, h, &a, &b)) continue;
        for (std::uint64_t r = a; r <= b; ++r) {
            if (out.size() >= limit) return out;
            out.push_back(m_lattice.id(m_counts.unrank(h, r)));
        }
    }
    return out;
}

std::optional<NodeId> LatticeLayout::nodeAt(const QPointF& point, double slack) const {
    const double r = m_radius + slack;
    std::optional<NodeId> best;
    double bestDistance = r * r;
    // More nodes than that under the pointer (an overview's strip): none of them is the one
    // under it, so nothing is (a click there must not pick an arbitrary neighbour).
    const std::vector<NodeId> near =
        nodesIn(QRectF(point.x() - r, point.y() - r, 2 * r, 2 * r), 65);
    if (near.size() > 64) return std::nullopt;
    for (NodeId id : near) {
        const QPointF d = position(id) - point;
        const double dist = d.x() * d.x() + d.y() * d.y();
        if (dist <= bestDistance) {
            bestDistance = dist;
            best = id;
        }
    }
    return best;
}

}  // namespace ldv::ui
