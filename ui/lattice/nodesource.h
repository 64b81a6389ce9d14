#pragma once
// What the lattice view and the list of transformations know about each node, behind one
// accessor: its state, its metrics, and its re-identification risk. The views never read a
// SearchOutcome's per-node arrays themselves, so that storage can change (e.g. to an implicit
// form) by changing only this class.
//
// Risk is the prosecutor risk of the node's published table (El Emam & Dankar 2008): with
// f_E the sizes of the classes the node publishes (suppressed classes removed, as the search
// judges the node), highest = 1/min f_E and average = (number of classes)/(published rows).
// Grouping a node takes milliseconds, so risk is computed only for the nodes someone looks
// at (visible rows, visible nodes, a sort), in the background, and cached.
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

/// The risk of one node (pure; runs on worker threads).
NodeRisk computeNodeRisk(const SearchOutcome& outcome, NodeId id);

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
    bool hasMetrics() const;
    /// Null when the node was not measured.
    const NodeMetrics* metrics(NodeId id) const;

    /// Risk can be computed (there is a search outcome with data).
    bool hasRisk() const;
    /// The cached risk, or none (then `request` it).
    std::optional<NodeRisk> risk(NodeId id) const;
    /// Queues these nodes for computing (newest requests first); emits risksComputed.
    void requestRisk(const std::vector<NodeId>& ids);
    /// Risks computed elsewhere (e.g. for a sort), added to the cache.
    void insertRisks(const std::vector<std::pair<NodeId, NodeRisk>>& risks);
    /// Nodes whose risk is known.
    std::size_t riskCount() const { return m_risk.size(); }
    bool isComputingRisk() const;

signals:
    /// New risks are in the cache.
    void risksComputed();

private:
    void startRiskJob();
    std::shared_ptr<const SearchOutcome> m_outcome;
    NodeId m_size = 0;
    std::vector<NodeState> m_states;
    std::unordered_map<NodeId, NodeRisk> m_risk;
    std::vector<NodeId> m_queue;
    std::unordered_set<NodeId> m_queued;
    Job* m_job = nullptr;
};

}  // namespace ldv::ui
