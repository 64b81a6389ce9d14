#include "lattice/latticeitem.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QStyleOptionGraphicsItem>
#include <algorithm>
#include <cmath>

namespace ldv::ui {

namespace {
// Edges are drawn when a node is at least this many pixels wide and few enough are exposed.
constexpr double kEdgeMinPixels = 6;
constexpr std::size_t kEdgeMaxNodes = 6000;
}  // namespace

LatticeItem::LatticeItem(const LatticeLayout* layout) : m_layout(layout) {
    m_states.assign(layout->size(), NodeState::NotEvaluated);
    setFlag(QGraphicsItem::ItemUsesExtendedStyleOption);
}

void LatticeItem::setStates(std::vector<NodeState> states) {
    m_states = std::move(states);
    update();
}

void LatticeItem::setMetricValues(std::vector<double> values) {
    m_values = std::move(values);
    m_min = std::numeric_limits<double>::infinity();
    m_max = -m_min;
    for (double v : m_values)
        if (std::isfinite(v)) {
            m_min = std::min(m_min, v);
            m_max = std::max(m_max, v);
        }
    if (m_min > m_max) m_min = m_max = 0;
    update();
}

void LatticeItem::setFilter(LatticeFilter filter) {
    m_filter = std::move(filter);
    update();
}

void LatticeItem::setSelection(const std::vector<NodeId>& selected) {
    m_selected = std::set<NodeId>(selected.begin(), selected.end());
    update();
}

bool LatticeItem::passesFilter(NodeId id) const {
    if (!m_filter.states[std::size_t(state(id))]) return false;
    if (!m_filter.levels.empty()) {
        const Levels levels = m_layout->lattice().levels(id);
        for (std::size_t i = 0; i < levels.size() && i < m_filter.levels.size(); ++i)
            if (levels[i] < m_filter.levels[i].first || levels[i] > m_filter.levels[i].second)
                return false;
    }
    if (!m_values.empty() && id < m_values.size()) {
        const double v = m_values[id];
        if (!std::isnan(m_filter.metricMin) && !(v >= m_filter.metricMin - 1e-12 * std::abs(v)))
            return false;
        if (!std::isnan(m_filter.metricMax) && !(v <= m_filter.metricMax + 1e-12 * std::abs(v)))
            return false;
    }
    return true;
}

std::size_t LatticeItem::visibleCount() const {
    std::size_t n = 0;
    for (NodeId id = 0; id < m_layout->size(); ++id) n += passesFilter(id) ? 1 : 0;
    return n;
}

QColor LatticeItem::nodeColor(NodeId id) const {
    if (m_values.empty() || id >= m_values.size()) return stateColor(state(id));
    const double span = m_max - m_min;
    return scaleColor(span > 0 ? (m_values[id] - m_min) / span : 0.0);
}

QRectF LatticeItem::boundingRect() const {
    return m_layout->bounds();
}

QRectF LatticeItem::visibleBounds() const {
    QRectF box;
    for (NodeId id = 0; id < m_layout->size(); ++id) {
        if (!passesFilter(id)) continue;
        const QPointF p = m_layout->position(id);
        box = box.isNull() ? QRectF(p, QSizeF(0.001, 0.001))
                           : box.united(QRectF(p, QSizeF(0.001, 0.001)));
    }
    const double m = 2 * LatticeLayout::kRadius;
    return box.isNull() ? QRectF() : box.adjusted(-m, -m, m, m);
}

void LatticeItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*) {
    const double lod = option->levelOfDetailFromTransform(painter->worldTransform());
    // The exposed rectangle, but never more than the paint device shows.
    QRectF exposed = option->exposedRect;
    if (painter->device()) {
        const QRectF device = painter->worldTransform().inverted().mapRect(
            QRectF(0, 0, painter->device()->width(), painter->device()->height()));
        exposed = exposed.intersected(device);
    }
    std::vector<NodeId> nodes =
        m_layout->nodesIn(exposed.adjusted(-LatticeLayout::kDx, -m_layout->rowDistance(),
                                           LatticeLayout::kDx, m_layout->rowDistance()));
    const double r = LatticeLayout::kRadius;
    const double pixels = 2 * r * lod;
    const Lattice& lattice = m_layout->lattice();

    if (pixels >= kEdgeMinPixels && nodes.size() <= kEdgeMaxNodes) {
        painter->setPen(QPen(QColor(0, 0, 0, 50), 0));
        // Edges only between nodes the filter shows: a hidden node takes its edges with it.
        for (NodeId id : nodes) {
            if (!passesFilter(id)) continue;
            const QPointF from = m_layout->position(id);
            for (NodeId up : lattice.successors(id))
                if (passesFilter(up)) painter->drawLine(from, m_layout->position(up));
        }
    }

    // Rarer, more interesting states on top where nodes overlap (zoomed out).
    std::stable_sort(nodes.begin(), nodes.end(),
                     [this](NodeId a, NodeId b) { return state(a) < state(b); });
    const bool discs = pixels >= 4;
    // Labels only where they fit: readable, and no wider than the distance to a neighbour.
    bool labels = pixels >= 30;
    painter->setRenderHint(QPainter::Antialiasing, discs && nodes.size() < 20000);
    QFont font = painter->font();
    font.setPointSizeF(5.5);
    if (labels && !nodes.empty()) {
        // Scaled down until the widest level vector fits between neighbours; drawn only when
        // that is still readable on screen (7 px).
        const QString widest = QString::fromStdString(formatLevels(lattice.levels(lattice.top())));
        const double width = QFontMetricsF(font).horizontalAdvance(widest);
        if (width > LatticeLayout::kDx * 0.95)
            font.setPointSizeF(font.pointSizeF() * LatticeLayout::kDx * 0.95 / width);
        labels = font.pointSizeF() * lod * 96.0 / 72.0 >= 7;
    }
    painter->setFont(font);
    const QPen outline(QColor(60, 60, 60), 0);
    for (NodeId id : nodes) {
        const QPointF p = m_layout->position(id);
        const bool shown = passesFilter(id);
        if (!shown) continue;  // filtered out: not drawn at all
        const QColor color = nodeColor(id);
        if (discs) {
            painter->setPen(outline);
            painter->setBrush(color);
            painter->drawEllipse(p, r, r);
        } else {
            // Zoomed out: at least one pixel per node, no antialiasing, no outline.
            const double s = std::max(r, 1.2 / lod);
            painter->fillRect(QRectF(p.x() - s, p.y() - s, 2 * s, 2 * s), color);
        }
        if (labels) {
            painter->setPen(Qt::black);
            painter->drawText(
                QRectF(p.x() - LatticeLayout::kDx / 2, p.y() + r, LatticeLayout::kDx, r * 1.2),
                Qt::AlignCenter, QString::fromStdString(formatLevels(lattice.levels(id))));
        }
    }
    // Selection on top, visible at any zoom.
    for (NodeId id : m_selected) {
        if (id >= m_layout->size()) continue;
        const QPointF p = m_layout->position(id);
        if (!exposed.adjusted(-4 * r, -4 * r, 4 * r, 4 * r).contains(p) && lod > 0.05) continue;
        const double s = std::max(r * 1.6, 5 / lod);
        painter->setBrush(Qt::NoBrush);
        painter->setPen(QPen(QColor(0xCC, 0x79, 0xA7), 3 / lod));
        painter->drawEllipse(p, s, s);
    }
}

}  // namespace ldv::ui
