#include "session/searchsession.h"

#include <QElapsedTimer>
#include <chrono>
#include <limits>
#include <thread>

#include "ldiv/criteria/criteria_inputs.h"
#include "ldiv/data/error.h"
#include "ldiv/evaluation/criterion_result.h"
#include "ldiv/project/workspace_publish.h"
#include "project/job.h"
#include "session/missinginputs.h"
#include "session/nodeanalysis.h"
#include "session/preparedinput.h"

namespace ldv::ui {

SearchConfig workbenchSearchConfig(const Workspace& workspace, const SearchSettings& settings,
                                   const Dataset* data) {
    SearchConfig config = makeSearchConfig(workspace, settings, {}, data);
    // The lattice view, the list of transformations and the summaries read every node's state
    // from the per-node arrays (NodeSource), so the workbench keeps the explicit
    // classification at every size; the implicit one (antichains) serves the command line.
    config.implicitAbove = std::numeric_limits<NodeId>::max();
    return config;
}

const Dataset& SearchOutcome::judged() const {
    return judgedDataset(*data, config);
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
    }
    emit outcomeChanged();
}

void SearchSession::markStale() {
    if (!m_outcome || m_stale) return;
    m_stale = true;
    emit staleChanged(true);
}

bool SearchSession::isRunning() const {
    return m_job && m_job->isRunning();
}

void SearchSession::cancel() {
    if (m_job) m_job->cancel();
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
    const bool measure = m_measureNodes;
    const int delay = m_delayMs;
    auto work = [snapshot, settings, measure, delay](Feedback& feedback) -> std::shared_ptr<void> {
        auto out = std::make_shared<SearchOutcome>();
        auto data = snapshot.prepare();
        out->data = data;
        out->settings = settings;
        // delta-presence is judged on the data with the research subset (criteria_inputs.h).
        const Dataset& judged = criteriaDataset(*data, settings.criteria);
        out->config = workbenchSearchConfig(*data, settings, &judged);
        // The search and the measuring report 0..1 on their own feedback; map it to their part
        // of the job's progress and pass cancellation on at every progress step.
        const double share = measure ? 0.5 : 1.0;
        auto stage = [&feedback, delay](Feedback*& self, double from, double to) {
            return [&feedback, &self, delay, from, to](double f) {
                feedback.setProgress(from + f * (to - from));
                if (delay > 0) std::this_thread::sleep_for(std::chrono::milliseconds(delay));
                if (feedback.isCancelled() && self) self->cancel();
            };
        };
        Feedback* searchPtr = nullptr;
        Feedback searchFeedback(stage(searchPtr, 0, share));
        searchPtr = &searchFeedback;
        feedback.checkCancelled();
        PartialClassification partial;
        try {
            out->result = search(judged, out->config, &searchFeedback, &partial);
        } catch (const Cancelled&) {
            if (partial.checkedNodes == 0) throw;  // nothing to show: keep the previous outcome
            out->result = partialSearchResult(data->dataset().lattice(), partial);
            out->decided.resize(partial.state.size());
            for (std::size_t id = 0; id < partial.state.size(); ++id)
                out->decided[id] = partial.state[id] != PartialClassification::kNotEvaluated;
            return out;
        }
        if (measure && !feedback.isCancelled()) {
            QElapsedTimer clock;
            clock.start();
            Feedback* measurePtr = nullptr;
            Feedback measureFeedback(stage(measurePtr, share, 1));
            measurePtr = &measureFeedback;
            try {
                out->metrics = measureLattice(judged, out->config, &measureFeedback);
            } catch (const Cancelled&) {
                out->metrics.clear();  // the search itself is complete: keep it
            }
            out->measureMs = double(clock.elapsed());
        }
        out->measuringCancelled = measure && out->metrics.empty();
        return out;
    };
    delete m_job;
    m_job = new Job(tr("Searching the lattice"), work, this);
    connect(m_job, &Job::progressChanged, this, &SearchSession::progressChanged);
    connect(m_job, &Job::succeeded, this, [this](std::shared_ptr<void> r) {
        m_outcome = std::static_pointer_cast<const SearchOutcome>(r);
        m_stale = false;
        emit staleChanged(false);
        emit outcomeChanged();
        if (!m_outcome->complete() || m_outcome->measuringCancelled) emit cancelled();
    });
    connect(m_job, &Job::failed, this, &SearchSession::failed);
    connect(m_job, &Job::cancelled, this, &SearchSession::cancelled);
    connect(m_job, &Job::finished, this, [this] { emit runningChanged(false); });
    m_job->start();
    emit started();
    emit runningChanged(true);
}

}  // namespace ldv::ui
