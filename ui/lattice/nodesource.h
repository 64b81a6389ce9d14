#pragma once
// What the lattice view and the list of transformations know about each node, behind one
// accessor: its state, its metrics, and its re-identification risk. The views never read a
// SearchOutcome's per-node arrays themselves, so that storage can change (e.g. to an implicit
// form) by changing only this class.
//
// The result first, measures on demand: a search outcome holds states, minimal nodes and the
// optimum (with its metrics) only. Grouping a node takes milliseconds, so a node's metrics and
// risk are computed when someone looks at it (visible rows, the nodes drawn, a tooltip, the
// selection, a sort), in the background, and cached; nothing per node is kept beyond the
// states and what was asked for. Measuring every node (measureAll) runs only for a
// lattice-wide view, colouring by a metric, as its own cancellable job.
//
// Risk is the prosecutor risk of the node's published table (El Emam & Dankar 2008): with
// f_E the sizes of the classes the node publishes (suppressed classes removed, as the search
// judges the node), highest = 1/min f_E and average = (number of classes)/(published rows).
#include <QObject>
#include <cstdint>
#include <memory>
#include <optional>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "format/nodestyle.h"
#include "ldiv/lattice/lattice.h"
#include "ldiv/metrics/node_metrics.h"

namespace ldv::ui {

class Job;
struct SearchOutcome;

/// Prosecutor risk of a node's published table.
struct NodeRisk {
    double highest = 0;
    double average = 0;
};

/// What judging one node gives the views: its metrics (as the search measures them) and risk.
struct NodeFigures {
    NodeMetrics metrics;
    NodeRisk risk;
};

/// The figures of one node (pure; runs on worker threads).
NodeFigures computeNodeFigures(const SearchOutcome& outcome, NodeId id);

class NodeSource : public QObject {
    Q_OBJECT
public:
    explicit NodeSource(QObject* parent = nullptr);
    ~NodeSource() override;

    /// A search outcome (null: nothing evaluated) over a lattice of `size` nodes.
    void setOutcome(std::shared_ptr<const SearchOutcome> outcome, NodeId size);
    const std::shared_ptr<const SearchOutcome>& outcome() const { return m_outcome; }
    NodeId size() const { return m_size; }

    NodeState state(NodeId id) const;
    /// Per node (empty when nothing classified every node: no search, or a heuristic run
    /// that knows only its best node, which state() still reports).
    const std::vector<NodeState>& states() const { return m_states; }
    /// Every node's metrics are known (measureAll finished, or setAllMetrics).
    bool hasAllMetrics() const;
    /// Null when the node was not measured yet (then `requestNodes` it). The optimum's (or a
    /// heuristic's best node's) metrics are known from the search.
    const NodeMetrics* metrics(NodeId id) const;

    /// Figures can be computed (there is a search outcome with data).
    bool hasRisk() const;
    /// The cached risk, or none (then `requestNodes` it).
    std::optional<NodeRisk> risk(NodeId id) const;
    /// Queues these nodes for judging (newest requests first): their metrics and risk arrive
    /// with nodesMeasured.
    void requestNodes(const std::vector<NodeId>& ids);
    /// Figures computed elsewhere (e.g. for a sort), added to the cache.
    void insertFigures(const std::vector<std::pair<NodeId, NodeFigures>>& figures);
    /// Nodes whose risk is known.
    std::size_t riskCount() const { return m_figures.size(); }
    bool isComputingRisk() const;

    /// Measures every node in the background (measureLattice); allMetricsChanged when done.
    /// Does nothing when they are known or being measured.
    void measureAll();
    void cancelMeasureAll();
    bool isMeasuringAll() const { return m_allJob != nullptr; }
    /// Every node's metrics, by node id (tests: an outcome without data).
    void setAllMetrics(std::shared_ptr<const std::vector<NodeMetrics>> metrics);

signals:
    /// New figures (metrics and risk) are in the cache.
    void nodesMeasured();
    /// measureAll started (true) or ended (false, with or without every node's metrics).
    void measuringAllChanged(bool running);
    void measureAllProgress(double fraction);

private:
    void startJob();
    std::shared_ptr<const SearchOutcome> m_outcome;
    NodeId m_size = 0;
    std::vector<NodeState> m_states;
    std::unordered_map<NodeId, NodeFigures> m_figures;
    std::shared_ptr<const std::vector<NodeMetrics>> m_all;
    std::vector<NodeId> m_queue;
    std::unordered_set<NodeId> m_queued;
    Job* m_job = nullptr;
    Job* m_allJob = nullptr;
};

}  // namespace ldv::ui
