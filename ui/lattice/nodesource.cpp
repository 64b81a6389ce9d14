#include "lattice/nodesource.h"

#include <algorithm>

#include "ldiv/data/feedback.h"
#include "ldiv/project/workspace_publish.h"
#include "ldiv/publish/published_node.h"
#include "ldiv/risk/risk_analysis.h"
#include "ldiv/search/search_result.h"
#include "ldiv/workflow/requirement.h"
#include "project/job.h"
#include "session/preparedinput.h"
#include "session/searchsession.h"

namespace ldv::ui {

namespace {
// Nodes judged per background job: small enough that visible rows arrive quickly.
constexpr std::size_t kBatch = 64;
constexpr std::size_t kMaxQueued = 4096;
}  // namespace

NodeFigures computeNodeFigures(const SearchOutcome& outcome, NodeId id) {
    const Dataset& data = outcome.judged();
    // With δ-presence, the research subset's rows of each class (workspace_publish.h).
    // (the rows' classes are kept only then: figures are computed for many nodes).
    const bool presence = &data != &outcome.data->dataset();
    const NodeJudgement node =
        judgeRequirement(*outcome.data, outcome.config, data.lattice().levels(id), presence);
    const RiskAnalysis risk = analyzeRisk(releasedClassSizes(*outcome.data, outcome.config, node));
    return {node.metrics, {risk.prosecutor.highest, risk.prosecutor.average}};
}

NodeSource::NodeSource(QObject* parent) : QObject(parent) {}

NodeSource::~NodeSource() {
    if (m_job) m_job->cancel();
    if (m_allJob) m_allJob->cancel();
}

void NodeSource::setOutcome(std::shared_ptr<const SearchOutcome> outcome, NodeId size) {
    const bool measuringAll = m_allJob != nullptr;
    for (Job** job : {&m_job, &m_allJob})
        if (*job) {
            (*job)->cancel();
            (*job)->deleteLater();
            *job = nullptr;
        }
    if (measuringAll) emit measuringAllChanged(false);
    m_outcome = std::move(outcome);
    m_size = size;
    m_figures.clear();
    m_all.reset();
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

bool NodeSource::hasAllMetrics() const {
    return m_all && m_all->size() == m_size && m_size > 0;
}

const NodeMetrics* NodeSource::metrics(NodeId id) const {
    if (id >= m_size) return nullptr;
    if (hasAllMetrics()) return &(*m_all)[id];
    if (const auto it = m_figures.find(id); it != m_figures.end()) return &it->second.metrics;
    // The search measured its optimum (a heuristic run, its best node).
    if (m_outcome && m_outcome->result.optimum == id) return &m_outcome->result.optimumMetrics;
    return nullptr;
}

bool NodeSource::hasRisk() const {
    return m_outcome && m_outcome->data;
}

std::optional<NodeRisk> NodeSource::risk(NodeId id) const {
    const auto it = m_figures.find(id);
    if (it == m_figures.end()) return std::nullopt;
    return it->second.risk;
}

void NodeSource::insertFigures(const std::vector<std::pair<NodeId, NodeFigures>>& figures) {
    for (const auto& [id, f] : figures) m_figures[id] = f;
    if (!figures.empty()) emit nodesMeasured();
}

bool NodeSource::isComputingRisk() const {
    return m_job != nullptr;
}

void NodeSource::requestNodes(const std::vector<NodeId>& ids) {
    if (!hasRisk()) return;
    for (NodeId id : ids)
        if (id < m_size && !m_figures.count(id) && m_queued.insert(id).second)
            m_queue.push_back(id);
    // Only what was asked for lately: older requests (nodes scrolled past) are dropped.
    if (m_queue.size() > kMaxQueued) {
        const auto drop = std::ptrdiff_t(m_queue.size() - kMaxQueued);
        for (auto it = m_queue.begin(); it != m_queue.begin() + drop; ++it) m_queued.erase(*it);
        m_queue.erase(m_queue.begin(), m_queue.begin() + drop);
    }
    if (!m_job) startJob();
}

void NodeSource::startJob() {
    if (m_queue.empty() || !hasRisk()) return;
    // The newest requests (the rows or nodes on screen now) first.
    const std::size_t take = std::min(kBatch, m_queue.size());
    std::vector<NodeId> batch(m_queue.end() - std::ptrdiff_t(take), m_queue.end());
    m_queue.resize(m_queue.size() - take);
    auto outcome = m_outcome;
    using Result = std::vector<std::pair<NodeId, NodeFigures>>;
    auto work = [outcome, batch](Feedback& feedback) -> std::shared_ptr<void> {
        auto out = std::make_shared<Result>();
        for (NodeId id : batch) {
            feedback.checkCancelled();
            out->emplace_back(id, computeNodeFigures(*outcome, id));
        }
        return out;
    };
    m_job = new Job(tr("Measuring nodes"), work, this);
    connect(m_job, &Job::succeeded, this, [this](std::shared_ptr<void> r) {
        for (const auto& [id, f] : *std::static_pointer_cast<Result>(r)) {
            m_figures[id] = f;
            m_queued.erase(id);
        }
    });
    connect(m_job, &Job::finished, this, [this, job = m_job] {
        if (m_job != job) return;
        job->deleteLater();
        m_job = nullptr;
        emit nodesMeasured();
        startJob();
    });
    m_job->start();
}

void NodeSource::measureAll() {
    if (hasAllMetrics() || m_allJob || !hasRisk()) return;
    auto outcome = m_outcome;
    auto work = [outcome](Feedback& feedback) -> std::shared_ptr<void> {
        return std::make_shared<std::vector<NodeMetrics>>(
            measureLattice(outcome->judged(), outcome->config, &feedback));
    };
    m_allJob = new Job(tr("Measuring every node"), work, this);
    connect(m_allJob, &Job::progressChanged, this, &NodeSource::measureAllProgress);
    connect(m_allJob, &Job::succeeded, this, [this](std::shared_ptr<void> r) {
        m_all = std::static_pointer_cast<const std::vector<NodeMetrics>>(r);
    });
    connect(m_allJob, &Job::finished, this, [this, job = m_allJob] {
        if (m_allJob != job) return;
        job->deleteLater();
        m_allJob = nullptr;
        emit measuringAllChanged(false);
    });
    m_allJob->start();
    emit measuringAllChanged(true);
}

void NodeSource::cancelMeasureAll() {
    if (m_allJob) m_allJob->cancel();
}

void NodeSource::setAllMetrics(std::shared_ptr<const std::vector<NodeMetrics>> metrics) {
    m_all = std::move(metrics);
    emit measuringAllChanged(false);
}

}  // namespace ldv::ui
