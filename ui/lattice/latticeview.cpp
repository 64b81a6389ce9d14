#include "lattice/latticeview.h"

#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QScrollBar>
#include <QToolTip>
#include <QWheelEvent>
#include <algorithm>
#include <cmath>

namespace ldv::ui {

LatticeView::LatticeView(QWidget* parent)
    : QGraphicsView(parent), m_layout(std::make_unique<LatticeLayout>()) {
    setScene(new QGraphicsScene(this));
    setRenderHint(QPainter::Antialiasing, false);
    // One item repaints the exposed region itself; no per-item indexing is needed.
    scene()->setItemIndexMethod(QGraphicsScene::NoIndex);
    // The one item paints what is exposed; partial updates while scrolling left edges cut
    // off at the old viewport's border, so the whole viewport is repainted.
    setViewportUpdateMode(QGraphicsView::FullViewportUpdate);
    setTransformationAnchor(QGraphicsView::AnchorUnderMouse);
    setDragMode(QGraphicsView::NoDrag);
    setBackgroundBrush(QColor(0xFA, 0xFA, 0xFA));
    setMouseTracking(true);
    setMinimumSize(300, 200);
}

LatticeView::~LatticeView() {
    if (m_item) scene()->removeItem(m_item.get());
}

void LatticeView::setLattice(const Lattice& lattice) {
    if (m_item) scene()->removeItem(m_item.get());
    m_item.reset();
    m_layout = std::make_unique<LatticeLayout>(lattice);
    m_item = std::make_unique<LatticeItem>(m_layout.get());
    scene()->addItem(m_item.get());
    scene()->setSceneRect(m_layout->bounds());
    m_selection.clear();
    // Fitted once the view has its size (a lattice set while hidden would fit a default
    // 100×30 viewport and open as a tiny blob); until the user zooms or pans, resizes refit.
    fitAll();
}

void LatticeView::setAutoFit(bool on) {
    m_autoFit = on;
    // No scroll bars while the view refits itself on every resize: a scroll bar appearing
    // shrinks the viewport, the refit makes it disappear again, and the two resize each
    // other for ever (the workbench froze in a maximized 1366×768 window). The user's own
    // zoom or pan brings them back.
    const Qt::ScrollBarPolicy policy = on ? Qt::ScrollBarAlwaysOff : Qt::ScrollBarAsNeeded;
    setHorizontalScrollBarPolicy(policy);
    setVerticalScrollBarPolicy(policy);
}

void LatticeView::fitAll() {
    if (!m_item) return;
    setAutoFit(true);
    // Only the nodes the filter shows.
    const QRectF visible = m_item->visibleBounds();
    fitInView(visible.isNull() ? m_layout->bounds() : visible, Qt::KeepAspectRatio);
    // Not larger than a comfortable node size for tiny lattices.
    if (transform().m11() > 2.0) zoomBy(2.0 / transform().m11(), false);
}

void LatticeView::resizeEvent(QResizeEvent* event) {
    QGraphicsView::resizeEvent(event);
    if (m_autoFit) fitAll();
}

void LatticeView::showEvent(QShowEvent* event) {
    QGraphicsView::showEvent(event);
    if (m_autoFit) fitAll();
}

void LatticeView::zoomIn() {
    zoomBy(1.25);
}
void LatticeView::zoomOut() {
    zoomBy(0.8);
}

void LatticeView::zoomBy(double factor, bool byUser) {
    if (byUser) setAutoFit(false);
    const double current = transform().m11();
    // Between the whole lattice in a few pixels and a node filling a large part of the view.
    const double next = std::clamp(current * factor, 1e-7, 8.0);
    scale(next / current, next / current);
}

void LatticeView::wheelEvent(QWheelEvent* event) {
    zoomBy(std::pow(1.0015, event->angleDelta().y()));
    event->accept();
}

void LatticeView::mousePressEvent(QMouseEvent* event) {
    m_pressPos = event->pos();
    m_panning = false;
    if (event->button() == Qt::LeftButton || event->button() == Qt::MiddleButton) {
        event->accept();
        return;
    }
    QGraphicsView::mousePressEvent(event);
}

void LatticeView::mouseMoveEvent(QMouseEvent* event) {
    if (event->buttons() & (Qt::LeftButton | Qt::MiddleButton)) {
        const QPoint delta = event->pos() - m_pressPos;
        if (m_panning || delta.manhattanLength() > 4) {
            m_panning = true;
            setAutoFit(false);
            horizontalScrollBar()->setValue(horizontalScrollBar()->value() - delta.x());
            verticalScrollBar()->setValue(verticalScrollBar()->value() - delta.y());
            m_pressPos = event->pos();
            setCursor(Qt::ClosedHandCursor);
        }
        return;
    }
    QGraphicsView::mouseMoveEvent(event);
}

void LatticeView::mouseReleaseEvent(QMouseEvent* event) {
    unsetCursor();
    if (event->button() == Qt::LeftButton && !m_panning && m_item) {
        const double slack = 3 / std::max(1e-6, transform().m11());
        const QPointF scene = mapToScene(event->pos());
        auto id = m_item->markerAt(scene, transform().m11());
        if (!id) id = m_layout->nodeAt(scene, slack);
        const bool add = event->modifiers() & (Qt::ControlModifier | Qt::ShiftModifier);
        if (id)
            selectNode(*id, add);
        else if (!add)
            clearSelection();
    }
    m_panning = false;
    QGraphicsView::mouseReleaseEvent(event);
}

void LatticeView::mouseDoubleClickEvent(QMouseEvent* event) {
    if (event->button() == Qt::LeftButton && m_item) {
        const double slack = 3 / std::max(1e-6, transform().m11());
        const QPointF scene = mapToScene(event->pos());
        auto id = m_item->markerAt(scene, transform().m11());
        if (!id) id = m_layout->nodeAt(scene, slack);
        if (id) {
            selectNode(*id);
            emit nodeActivated(*id);
        }
        event->accept();
        return;
    }
    QGraphicsView::mouseDoubleClickEvent(event);
}

void LatticeView::keyPressEvent(QKeyEvent* event) {
    if ((event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter) && !m_selection.empty()) {
        emit nodeActivated(m_selection.back());
        event->accept();
        return;
    }
    QGraphicsView::keyPressEvent(event);
}

bool LatticeView::viewportEvent(QEvent* event) {
    if (event->type() == QEvent::ToolTip && m_item) {
        auto* help = static_cast<QHelpEvent*>(event);
        const double slack = 3 / std::max(1e-6, transform().m11());
        const QPointF scene = mapToScene(help->pos());
        const QRectF shown = mapToScene(viewport()->rect()).boundingRect();
        if (m_item->drawsStrips(transform().m11(), shown)) {
            // Overview: the strip under the pointer summarises its height.
            const int h = int(std::lround(-scene.y() / m_layout->rowDistance()));
            const double dy = std::abs(scene.y() + h * m_layout->rowDistance());
            if (h >= 0 && h < m_layout->rowCount() && dy * transform().m11() <= 8)
                QToolTip::showText(help->globalPos(), m_item->rowSummary(h), viewport());
            else
                QToolTip::hideText();
            return true;
        }
        const auto id = m_layout->nodeAt(scene, slack);
        if (id && m_tooltip)
            QToolTip::showText(help->globalPos(), m_tooltip(*id), viewport());
        else
            QToolTip::hideText();
        return true;
    }
    return QGraphicsView::viewportEvent(event);
}

void LatticeView::selectNode(NodeId id, bool add) {
    if (!m_item || id >= m_layout->size()) return;
    if (!add) m_selection.clear();
    const auto it = std::find(m_selection.begin(), m_selection.end(), id);
    if (it != m_selection.end() && add)
        m_selection.erase(it);
    else if (it == m_selection.end())
        m_selection.push_back(id);
    m_item->setSelection(m_selection);
    emit selectionChanged(m_selection);
}

void LatticeView::setSelection(const std::vector<NodeId>& ids) {
    if (!m_item) return;
    m_selection.clear();
    for (NodeId id : ids)
        if (id < m_layout->size() &&
            std::find(m_selection.begin(), m_selection.end(), id) == m_selection.end())
            m_selection.push_back(id);
    m_item->setSelection(m_selection);
    emit selectionChanged(m_selection);
}

void LatticeView::clearSelection() {
    if (m_selection.empty()) return;
    m_selection.clear();
    if (m_item) m_item->setSelection(m_selection);
    emit selectionChanged(m_selection);
}

void LatticeView::centerOnNode(NodeId id) {
    if (!m_item || id >= m_layout->size()) return;
    if (transform().m11() < 0.5) zoomBy(0.8 / transform().m11());
    centerOn(m_layout->position(id));
}

QPoint LatticeView::nodeViewportPosition(NodeId id) const {
    return mapFromScene(m_layout->position(id));
}

}  // namespace ldv::ui
