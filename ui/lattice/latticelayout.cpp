#include "lattice/latticelayout.h"

#include <algorithm>
#include <cmath>

namespace ldv::ui {

LatticeLayout::LatticeLayout(const Lattice& lattice) : m_lattice(lattice) {
    m_rows.resize(std::size_t(lattice.maxHeight()) + 1);
    m_index.resize(lattice.size());
    for (NodeId id = 0; id < lattice.size(); ++id) {
        auto& row = m_rows[std::size_t(lattice.height(id))];
        m_index[id] = std::uint32_t(row.size());
        row.push_back(id);
    }
    for (const auto& row : m_rows) m_widest = std::max(m_widest, int(row.size()));
    if (rowCount() > 1) m_dy = std::max(kDy, m_widest * kDx / 2.0 / (rowCount() - 1));

    const double halfWidth = (m_widest - 1) * kDx / 2 + kRadius;
    m_bounds = QRectF(-halfWidth - kDx, -(rowCount() - 1) * m_dy - kRadius - m_dy / 2, 2 * halfWidth + 2 * kDx,
                      (rowCount() - 1) * m_dy + 2 * kRadius + m_dy);
}

QPointF LatticeLayout::position(NodeId id) const {
    const int h = m_lattice.height(id);
    const auto n = double(m_rows[std::size_t(h)].size());
    return {(double(m_index[id]) - (n - 1) / 2) * kDx, -h * m_dy};
}

std::vector<NodeId> LatticeLayout::nodesIn(const QRectF& rect) const {
    std::vector<NodeId> out;
    if (m_rows.empty()) return out;

    // y = -h·dy: rows from the rectangle's bottom to its top.
    const int hLow = std::max(0, int(std::ceil((-rect.bottom() - kRadius) / m_dy)));
    const int hHigh = std::min(rowCount() - 1, int(std::floor((-rect.top() + kRadius) / m_dy)));
    for (int h = hLow; h <= hHigh; ++h) {
        const auto& row = m_rows[std::size_t(h)];
        const double centre = (double(row.size()) - 1) / 2;
        const double first = std::ceil((rect.left() - kRadius) / kDx + centre);
        const double last = std::floor((rect.right() + kRadius) / kDx + centre);
        const auto i0 = std::size_t(std::max(0.0, first));
        const auto i1 = std::size_t(std::min(double(row.size()) - 1, last));
        if (first > double(row.size()) - 1 || last < 0) continue;
        for (std::size_t i = i0; i <= i1; ++i) out.push_back(row[i]);
    }
    return out;
}

std::optional<NodeId> LatticeLayout::nodeAt(const QPointF& point, double slack) const {
    const double r = kRadius + slack;
    std::optional<NodeId> best;
    double bestDistance = r * r;
    for (NodeId id : nodesIn(QRectF(point.x() - r, point.y() - r, 2 * r, 2 * r))) {
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
