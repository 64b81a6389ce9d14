#pragma once
// The Hasse diagram of the generalization lattice: zoom (wheel, buttons), pan (drag on empty
// space), fit, hover tooltips, click to select a node, Ctrl+click to add nodes for comparison.
#include <QGraphicsView>
#include <functional>
#include <memory>
#include <vector>

#include "lattice/latticeitem.h"
#include "lattice/latticelayout.h"

namespace ldv::ui {

class LatticeView : public QGraphicsView {
    Q_OBJECT
public:
    explicit LatticeView(QWidget* parent = nullptr);
    ~LatticeView() override;

    /// Shows a lattice (all nodes not evaluated) and fits it into the view.
    void setLattice(const Lattice& lattice);
    const LatticeLayout& layout() const { return *m_layout; }
    LatticeItem* item() const { return m_item.get(); }
    bool hasLattice() const { return m_layout->size() > 0 && m_item; }
    /// True while the view fits the shown nodes (until the user zooms or pans).
    bool isFitted() const { return m_autoFit; }

    /// Tooltip text of a node (levels, classes, suppressed rows, metrics).
    void setTooltipProvider(std::function<QString(NodeId)> provider) {
        m_tooltip = std::move(provider);
    }

    const std::vector<NodeId>& selection() const { return m_selection; }
    /// Selects one node (or adds it, `add`) and emits selectionChanged.
    void selectNode(NodeId id, bool add = false);
    void clearSelection();
    /// Replaces the selection (e.g. from the list of transformations) and emits selectionChanged.
    void setSelection(const std::vector<NodeId>& ids);
    void centerOnNode(NodeId id);
    /// Widget coordinates of a node's centre (for tests and tooltips).
    QPoint nodeViewportPosition(NodeId id) const;

public slots:
    void fitAll();
    void zoomIn();
    void zoomOut();

signals:
    /// The selection in click order; the last one is the node the details pane shows.
    void selectionChanged(const std::vector<ldv::NodeId>& selection);
    /// A node chosen deliberately (double-click, or Enter on the last selected node): the one
    /// Export publishes and Risk assesses. A click only selects.
    void nodeActivated(ldv::NodeId id);

protected:
    void wheelEvent(QWheelEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    bool viewportEvent(QEvent* event) override;

private:
    void zoomBy(double factor, bool byUser = true);
    void resizeEvent(QResizeEvent* event) override;
    void showEvent(QShowEvent* event) override;
    std::unique_ptr<LatticeLayout> m_layout;
    std::unique_ptr<LatticeItem> m_item;
    std::vector<NodeId> m_selection;
    std::function<QString(NodeId)> m_tooltip;
    QPoint m_pressPos;
    bool m_panning = false;
    /// Fit on resize until the user zooms or pans.
    void setAutoFit(bool on);
    bool m_autoFit = true;
};

}  // namespace ldv::ui
