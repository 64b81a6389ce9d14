#include "session/searchsession.h"

#include <algorithm>
#include <chrono>
#include <limits>
#include <thread>
#include <utility>

#include "ldiv/data/error.h"
#include "ldiv/evaluation/criterion_result.h"
#include "ldiv/evaluation/search_config.h"
#include "ldiv/lattice/dataset.h"
#include "ldiv/project/workspace_publish.h"
#include "ldiv/search/heuristic_result.h"
#include "ldiv/workflow/search_run.h"
#include "project/job.h"
#include "session/missinginputs.h"
#include "session/nodeanalysis.h"
#include "session/preparedinput.h"

namespace ldv::ui {

Requirement workbenchRequirement(const Workspace& workspace, const SearchSettings& settings) {
    Requirement r = prepareRequirement(workspace, settings);
    // The lattice view, the list of transformations and the summaries read every node's state
    // from the per-node arrays (NodeSource), so the workbench keeps the explicit
    // classification at every size; the implicit one (antichains) serves the command line.
    r.config.implicitAbove = std::numeric_limits<NodeId>::max();
    return r;
}

const Dataset& SearchOutcome::judged() const {
    return judgedDataset(*data, config);
}

NodeState SearchOutcome::nodeState(NodeId id) const {
    if (id >= result.latticeSize) return NodeState::NotEvaluated;
    if (!classified()) {
        // The heuristic's best node satisfies (re-checked on the data's own grouping); it is
        // the optimum only when that is proven.
        if (heuristic && heuristic->best == id)
            return heuristic->provenOptimal ? NodeState::Optimum : NodeState::Satisfying;
        return NodeState::NotEvaluated;
    }
    if (!complete() && id >= decided.size()) return NodeState::NotEvaluated;
    const bool minimal =
        std::find(result.minimal.begin(), result.minimal.end(), id) != result.minimal.end();
    return classifiedState(result, decided, id, minimal);
}

SearchResult partialSearchResult(const Lattice& lattice, const PartialClassification& partial) {
    SearchResult r;
    r.latticeSize = lattice.size();
    r.satisfies.assign(std::size_t(r.latticeSize), 0);
    for (NodeId id = 0; id < r.latticeSize; ++id) {
        if (partial.state[id] != PartialClassification::kSatisfies) continue;
        r.satisfies[id] = 1;
        r.satisfying.push_back(id);
    }
    // Minimal only where proven: every direct specialization is known to fail.
    for (NodeId id : r.satisfying) {
        bool minimal = true;
        for (NodeId p : lattice.predecessors(id))
            minimal = minimal && partial.state[p] == PartialClassification::kFails;
        if (minimal) r.minimal.push_back(id);
    }
    r.statistics.checkedNodes = partial.checkedNodes;
    return r;
}

SearchSession::SearchSession(QObject* parent) : QObject(parent) {}

SearchSession::~SearchSession() = default;

void SearchSession::setProject(Project* project) {
    if (m_project) m_project->disconnect(this);
    if (m_job) m_job->cancel();
    m_project = project;
    m_outcome.reset();
    m_stale = false;
    if (project) {
        connect(project, &Project::searchSettingsChanged, this, &SearchSession::markStale);
        connect(project, &Project::roleChanged, this, &SearchSession::markStale);
        connect(project, &Project::hierarchyChanged, this, &SearchSession::markStale);
        connect(project, &Project::typeChanged, this, &SearchSession::markStale);
        connect(project, &Project::researchSubsetChanged, this, &SearchSession::markStale);
        connect(project, &Project::transformationChanged, this,
                [this] { emit transformationChanged(transformation()); });
    }
    emit outcomeChanged();
    emit transformationChanged(transformation());
    emit projectChanged();
}

void SearchSession::markStale() {
    if (!m_outcome || m_stale) return;
    m_stale = true;
    emit staleChanged(true);
}

bool SearchSession::isRunning() const {
    return m_job && m_job->isRunning();
}

std::optional<BestSoFar> SearchSession::bestSoFar() const {
    if (!m_live) return std::nullopt;
    const std::lock_guard lock(m_live->mutex);
    return m_live->best;
}

void SearchSession::pollBest() {
    if (!m_live) return;
    std::uint64_t version = 0;
    {
        const std::lock_guard lock(m_live->mutex);
        version = m_live->version;
    }
    if (version == m_liveSeen) return;
    m_liveSeen = version;
    emit bestSoFarChanged();
}

void SearchSession::cancel() {
    if (m_job) m_job->cancel();
}

void SearchSession::restoreHeuristic(const QString& levels) {
    m_seedLevels = levels;
    run();
}

void SearchSession::run() {
    if (!m_project) return;
    const DataSnapshot snapshot = snapshotOf(*m_project);
    const SearchSettings settings = m_project->searchSettings();
    // An input the project lacks is named by its workbench field (missinginputs.h).
    if (const QString missing = missingCriteriaInput(snapshot.config, settings.criteria);
        !missing.isEmpty()) {
        emit failed(missing);
        return;
    }
    const int delay = m_delayMs;
    auto live = std::make_shared<LiveBest>();
    m_live = live;
    m_liveSeen = 0;
    const std::string seed = std::exchange(m_seedLevels, {}).toStdString();
    auto work = [snapshot, settings, delay, live,
                 seed](Feedback& feedback) -> std::shared_ptr<void> {
        auto out = std::make_shared<SearchOutcome>();
        auto data = snapshot.prepare();
        out->data = data;
        out->settings = settings;
        // With delta-presence judged on the data with the research subset (requirement.h).
        Requirement requirement = workbenchRequirement(*data, settings);
        const Dataset& judged = *requirement.data;
        const bool heuristic = settings.algorithm == AlgorithmChoice::Heuristic;
        const Lattice& lattice = judged.lattice();
        if (!heuristic && lattice.size() > kWorkbenchExactLimit)
            throw ParameterError(
                SearchSession::tr("the lattice has %L1 nodes: the workbench's exact search keeps "
                                  "state for every node and stops at %L2; choose the algorithm "
                                  "\"Automatic (exact or heuristic)\" to get the best node "
                                  "found within a time limit")
                    .arg(qulonglong(lattice.size()))
                    .arg(qulonglong(kWorkbenchExactLimit))
                    .toStdString());
        // The search reports 0..1 on its own feedback: passed on to the job's, with
        // cancellation at every progress step.
        Feedback* searchPtr = nullptr;
        Feedback searchFeedback([&feedback, &searchPtr, delay](double f) {
            feedback.setProgress(f);
            if (delay > 0) std::this_thread::sleep_for(std::chrono::milliseconds(delay));
            if (feedback.isCancelled() && searchPtr) searchPtr->cancel();
        });
        searchPtr = &searchFeedback;
        feedback.checkCancelled();
        // `ldiv search`'s dispatch (ldiv/workflow/search_run.h). The heuristic reports on the
        // job's own feedback (its progress is the time used of the limit; Cancel keeps the
        // best node so far); the exact search on searchFeedback.
        SearchRunOptions run;
        run.heuristic = heuristic;
        run.feedback = &searchFeedback;
        if (heuristic) {
            HeuristicOptions& options = run.heuristicOptions;
            options.timeLimitSeconds = settings.timeLimit;
            options.feedback = &feedback;
            options.keepOnCancel = true;
            if (!seed.empty()) {
                // A saved node: checked again with no walk (a limit of 0, no exact attempt).
                Levels levels;
                try {
                    levels = parseLevels(seed);
                } catch (const std::exception&) {
                    // An unreadable saved node: search again as usual.
                }
                if (!levels.empty() && lattice.contains(levels)) {
                    options.seed = lattice.id(levels);
                    options.timeLimitSeconds = 0.0;
                    options.allowExact = false;
                    out->restored = true;
                }
            }
            options.onImproved = [live, &lattice](NodeId id, const NodeMetrics& m) {
                const std::lock_guard lock(live->mutex);
                live->best = BestSoFar{id, lattice.levels(id), m};
                ++live->version;
            };
        }
        PartialClassification partial;
        run.partial = &partial;
        try {
            SearchRun done = runSearch(requirement, run);
            out->result = std::move(done.result);
            out->heuristic = std::move(done.heuristic);
        } catch (const Cancelled&) {
            // Cancelled before any node satisfied (heuristic) or was decided (exact): nothing
            // to show, keep the previous outcome.
            if (heuristic || partial.checkedNodes == 0) throw;
            out->result = partialSearchResult(data->dataset().lattice(), partial);
            out->decided.resize(partial.state.size());
            for (std::size_t id = 0; id < partial.state.size(); ++id)
                out->decided[id] = partial.state[id] != PartialClassification::kNotEvaluated;
        }
        out->config = std::move(requirement.config);
        // The result first: per-node measures are computed when a view asks (NodeSource).
        return out;
    };
    delete m_job;
    m_job = new Job(settings.algorithm == AlgorithmChoice::Heuristic
                        ? tr("Searching the lattice (heuristic)")
                        : tr("Searching the lattice"),
                    work, this);
    connect(m_job, &Job::progressChanged, this, &SearchSession::progressChanged);
    // The Job polls every 100 ms on this thread: the best node so far is read then.
    connect(m_job, &Job::progressChanged, this, &SearchSession::pollBest);
    connect(m_job, &Job::succeeded, this, [this](std::shared_ptr<void> r) {
        m_outcome = std::static_pointer_cast<const SearchOutcome>(r);
        m_stale = false;
        emit staleChanged(false);
        emit outcomeChanged();
        if (!m_outcome->complete() || (m_outcome->heuristic && m_outcome->heuristic->cancelled))
            emit cancelled();
    });
    connect(m_job, &Job::failed, this, &SearchSession::failed);
    connect(m_job, &Job::cancelled, this, &SearchSession::cancelled);
    connect(m_job, &Job::finished, this, [this] {
        m_live.reset();
        emit runningChanged(false);
    });
    m_job->start();
    emit started();
    emit runningChanged(true);
}

QString SearchSession::transformation() const {
    return m_project ? QString::fromStdString(m_project->transformation().model)
                     : QStringLiteral("full-domain");
}

QString SearchSession::transformationAggregate() const {
    return m_project ? QString::fromStdString(m_project->transformation().aggregate)
                     : QStringLiteral("mean");
}

void SearchSession::setTransformation(const QString& model, const QString& aggregate) {
    if (m_project)
        m_project->setTransformation(
            TransformationChoice{model.toStdString(), aggregate.toStdString()});
}

}  // namespace ldv::ui
