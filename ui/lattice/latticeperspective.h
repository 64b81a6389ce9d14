#pragma once
// The Lattice perspective: filters and colouring on the left, the Hasse diagram in the
// middle, the selected node's details (computed in the background) on the right.
#include <QPointer>
#include <QWidget>
#include <vector>

#include "ldiv/lattice/lattice.h"
#include "widgets/qtforward.h"

class QTimer;

namespace ldv::ui {

class ExplainPanel;
class FrontierPanel;
class Job;
class LatticeLegend;
class LatticeView;
class NodeDetailsPanel;
class NodeSource;
class SearchSession;
class TransformationList;

class LatticePerspective : public QWidget {
    Q_OBJECT
public:
    /// Says why a chosen non-lattice transformation has no node here (hidden otherwise).
    QLabel* transformationNotice() const { return m_transformNotice; }
    explicit LatticePerspective(QWidget* parent = nullptr);
    void setSession(SearchSession* session);

    LatticeView* view() const { return m_view; }
    NodeDetailsPanel* details() const { return m_details; }
    /// The Explain tab of the details (ui/explain) and the Frontier tab beside the lattice.
    ExplainPanel* explainPanel() const { return m_explain; }
    FrontierPanel* frontierPanel() const { return m_frontier; }
    QComboBox* colorBox() const { return m_color; }
    TransformationList* list() const { return m_list; }
    NodeSource* nodes() const { return m_nodes; }
    /// The message shown instead of the lattice when it is too large (empty when shown).
    QString refusal() const;
    /// The notice above the lattice after a heuristic run that did not classify it (what is
    /// known and which node was found; empty otherwise) and its button that selects the node.
    QString heuristicNotice() const;
    QPushButton* selectBestButton() const { return m_selectBest; }
    /// After a SafePub publication (Export's differential-privacy box): a note above the
    /// lattice that the node was drawn at random, and that node selected. A new search clears
    /// it. randomizedNotice() is its text (empty when hidden).
    void showRandomizedChoice(const QString& levels, const QString& explanation);
    QString randomizedNotice() const;
    /// Selects the node with these levels ("1,0,2") and, when `centre`, centres the view on
    /// it (zooming in to node size); false when not in the lattice. Without `centre` the view
    /// stays as it is (fitted after a project opens), the selection ring marking the node.
    bool findNode(const QString& levels, bool centre = true);
    /// True while a node's details are being computed.
    bool isLoadingDetails() const;
    bool isDiffing() const;
    /// The per-node values of the current colouring (empty: by state or by risk).
    std::vector<double> colorValues() const;
    /// True when the colouring is a risk figure (computed for the nodes on screen).
    bool colorsByRisk() const;
    /// True when the colouring is a metric measured per node (not the state, the height or a
    /// risk figure): it needs every node's measure (NodeSource::measureAll).
    bool colorNeedsMeasures() const;
    /// The node Export publishes and Risk assesses, chosen deliberately (issue 37): "Use for
    /// export", double-click or Enter in the diagram or the list. Selecting, Ctrl+click
    /// comparison and hovering never change it. Emits nodeChosen.
    void useForExport(NodeId id);
    /// The selection's last node, used for export (nothing selected: nothing happens).
    void useSelectedForExport();
    QPushButton* useForExportButton() const { return m_useForExport; }
    /// "For export: [1,0,2], satisfying" (empty before a choice).
    QString chosenText() const;

signals:
    /// The node shown in the details pane (for the Export perspective).
    void nodeChosen(ldv::NodeId id);  ///< deliberately: useForExport

private:
    void rebuild();
    void showTransformation();
    void rebuildLevelFilters();
    void applyColoring();
    void applyFilter();
    void selectionChanged(const std::vector<NodeId>& selection);
    void listSelectionChanged(const std::vector<NodeId>& selection);
    void showRefusal(const QString& message);
    void showHeuristicNotice();
    QString tooltip(NodeId id) const;
    /// The selected nodes' metrics side by side, once each is measured (else asked for).
    void showComparison();
    void updateCounts();

    QPointer<SearchSession> m_session;
    LatticeView* m_view;
    NodeSource* m_nodes;
    TransformationList* m_list;
    QStackedWidget* m_stack;
    QLabel* m_refusal;
    QWidget* m_notice;
    QLabel* m_noticeText;
    QLabel* m_randomized;
    /// Shown while a transformation other than full-domain is chosen.
    QLabel* m_transformNotice;
    QPushButton* m_selectBest;
    QTimer* m_riskRefresh;
    bool m_fromList = false;
    LatticeLegend* m_legend;
    NodeDetailsPanel* m_details;
    ExplainPanel* m_explain;
    FrontierPanel* m_frontier;
    QComboBox* m_color;
    std::vector<QCheckBox*> m_stateBoxes;
    QFormLayout* m_levelForm;
    std::vector<std::pair<QSpinBox*, QSpinBox*>> m_levelBoxes;
    QLineEdit* m_metricMin;
    QLineEdit* m_metricMax;
    QLineEdit* m_find;
    QLabel* m_counts;
    /// "Measuring every node for the colouring… 40 %" with its Cancel (NodeSource::measureAll).
    QWidget* m_measuring;
    QLabel* m_measuringText;
    QPushButton* m_measuringCancel;
    /// The selection changed and its comparison waits for nodes being measured.
    bool m_comparisonPending = false;
    QPushButton* m_useForExport;
    QLabel* m_chosen;
    Job* m_detailsJob = nullptr;
    Job* m_diffJob = nullptr;
};

}  // namespace ldv::ui
