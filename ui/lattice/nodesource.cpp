#include "lattice/nodesource.h"

#include <algorithm>

#include "ldiv/data/feedback.h"
#include "ldiv/lattice/published_node.h"
#include "ldiv/project/workspace_publish.h"
#include "ldiv/risk/risk_analysis.h"
#include "project/job.h"
#include "session/preparedinput.h"
#include "session/searchsession.h"

namespace ldv::ui {

namespace {
// Nodes grouped per background job: small enough that visible rows arrive quickly.
constexpr std::size_t kRiskBatch = 64;
constexpr std::size_t kMaxQueued = 4096;
}  // namespace

NodeRisk computeNodeRisk(const SearchOutcome& outcome, NodeId id) {
    const Dataset& data = outcome.judged();
    // With δ-presence, the research subset's rows of each class (workspace_publish.h).
    // (the rows' classes are kept only then: the column is computed for many nodes).
    const bool presence = &data != &outcome.data->dataset();
    const NodeJudgement node = judgeNode(data, outcome.config, data.lattice().levels(id), presence);
    const RiskAnalysis risk = analyzeRisk(releasedClassSizes(*outcome.data, outcome.config, node));
    return {risk.prosecutor.highest, risk.prosecutor.average};
}

NodeSource::NodeSource(QObject* parent) : QObject(parent) {}

NodeSource::~NodeSource() {
    if (m_job) m_job->cancel();
}

void NodeSource::setOutcome(std::shared_ptr<const SearchOutcome> outcome, NodeId size) {
    if (m_job) {
        m_job->cancel();
        m_job->deleteLater();
        m_job = nullptr;
    }
    m_outcome = std::move(outcome);
    m_size = size;
    m_risk.clear();
    m_queue.clear();
    m_queued.clear();
    m_states.clear();
    // A heuristic run that did not classify the lattice has nothing per node to copy.
    if (m_outcome && m_outcome->classified())
        m_states = nodeStates(&m_outcome->result, size, m_outcome->decided);
}

NodeState NodeSource::state(NodeId id) const {
    if (id < m_states.size()) return m_states[id];
    return m_outcome && id < m_size ? m_outcome->nodeState(id) : NodeState::NotEvaluated;
}

bool NodeSource::hasMetrics() const {
    return m_outcome && m_outcome->metrics.size() == m_size && m_size > 0;
}

const NodeMetrics* NodeSource::metrics(NodeId id) const {
    if (hasMetrics()) return id < m_size ? &m_outcome->metrics[id] : nullptr;
    // A heuristic run measured its best node only.
    if (m_outcome && m_outcome->heuristic && m_outcome->result.optimum == id)
        return &m_outcome->result.optimumMetrics;
    return nullptr;
}

bool NodeSource::hasRisk() const {
    return m_outcome && m_outcome->data;
}

std::optional<NodeRisk> NodeSource::risk(NodeId id) const {
    const auto it = m_risk.find(id);
    if (it == m_risk.end()) return std::nullopt;
    return it->second;
}

void NodeSource::insertRisks(const std::vector<std::pair<NodeId, NodeRisk>>& risks) {
    for (const auto& [id, risk] : risks) m_risk[id] = risk;
    if (!risks.empty()) emit risksComputed();
}

bool NodeSource::isComputingRisk() const {
    return m_job != nullptr;
}

void NodeSource::requestRisk(const std::vector<NodeId>& ids) {
    if (!hasRisk()) return;
    for (NodeId id : ids)
        if (id < m_size && !m_risk.count(id) && m_queued.insert(id).second) m_queue.push_back(id);
    // Only what was asked for lately: older requests (nodes scrolled past) are dropped.
    if (m_queue.size() > kMaxQueued) {
        const auto drop = std::ptrdiff_t(m_queue.size() - kMaxQueued);
        for (auto it = m_queue.begin(); it != m_queue.begin() + drop; ++it) m_queued.erase(*it);
        m_queue.erase(m_queue.begin(), m_queue.begin() + drop);
    }
    if (!m_job) startRiskJob();
}

void NodeSource::startRiskJob() {
    if (m_queue.empty() || !hasRisk()) return;
    // The newest requests (the rows or nodes on screen now) first.
    const std::size_t take = std::min(kRiskBatch, m_queue.size());
    std::vector<NodeId> batch(m_queue.end() - std::ptrdiff_t(take), m_queue.end());
    m_queue.resize(m_queue.size() - take);
    auto outcome = m_outcome;
    using Result = std::vector<std::pair<NodeId, NodeRisk>>;
    auto work = [outcome, batch](Feedback& feedback) -> std::shared_ptr<void> {
        auto out = std::make_shared<Result>();
        for (NodeId id : batch) {
            feedback.checkCancelled();
            out->emplace_back(id, computeNodeRisk(*outcome, id));
        }
        return out;
    };
    m_job = new Job(tr("Risk of nodes"), work, this);
    connect(m_job, &Job::succeeded, this, [this](std::shared_ptr<void> r) {
        for (const auto& [id, risk] : *std::static_pointer_cast<Result>(r)) {
            m_risk[id] = risk;
            m_queued.erase(id);
        }
    });
    connect(m_job, &Job::finished, this, [this, job = m_job] {
        if (m_job != job) return;
        job->deleteLater();
        m_job = nullptr;
        emit risksComputed();
        startRiskJob();
    });
    m_job->start();
}

}  // namespace ldv::ui
