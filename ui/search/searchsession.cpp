#include "search/searchsession.h"

#include <QElapsedTimer>
#include <chrono>
#include <thread>

#include "ldiv/evaluation.h"
#include "project/job.h"
#include "search/nodeanalysis.h"
#include "search/preparedinput.h"

namespace ldv::ui {

SearchConfig makeSearchConfig(const Dataset& data, const SearchSettings& settings) {
    SearchConfig config;
    config.criteria = bindCriteria(data, settings.criteria);
    config.suppressionLimit = settings.suppressionLimit;
    config.metric = parseMetric(settings.metric);
    config.algorithm = parseSearchAlgorithm(settings.algorithm);
    return config;
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
    }
    emit outcomeChanged();
}

void SearchSession::markStale() {
    if (!m_outcome || m_stale) return;
    m_stale = true;
    emit staleChanged(true);
}

bool SearchSession::isRunning() const { return m_job && m_job->isRunning(); }

void SearchSession::cancel() {
    if (m_job) m_job->cancel();
}

void SearchSession::run() {
    if (!m_project) return;
    const DataSnapshot snapshot = snapshotOf(*m_project);
    const SearchSettings settings = m_project->searchSettings();
    const bool measure = m_measureNodes;
    const int delay = m_delayMs;
    auto work = [snapshot, settings, measure, delay](Feedback& feedback) -> std::shared_ptr<void> {
        auto out = std::make_shared<SearchOutcome>();
        auto data = snapshot.prepare();
        out->data = data;
        out->settings = settings;
        out->config = makeSearchConfig(*data->dataset, settings);
        // The search reports 0..1 on its own feedback; map it to the first part of the job's
        // progress and pass cancellation on at every progress step.
        const double share = measure ? 0.5 : 1.0;
        Feedback* innerPtr = nullptr;
        Feedback inner([&feedback, &innerPtr, share, delay](double f) {
            feedback.setProgress(f * share);
            if (delay > 0) std::this_thread::sleep_for(std::chrono::milliseconds(delay));
            if (feedback.isCancelled() && innerPtr) innerPtr->cancel();
        });
        innerPtr = &inner;
        feedback.checkCancelled();
        out->result = search(*data->dataset, out->config, &inner);
        feedback.checkCancelled();
        if (measure) {
            QElapsedTimer clock;
            clock.start();
            std::vector<NodeMetrics> metrics(out->result.latticeSize);
            const Lattice& lattice = data->dataset->lattice();
            for (NodeId id = 0; id < lattice.size(); ++id) {
                feedback.checkCancelled();
                feedback.setProgress(share + (1 - share) * double(id) / double(lattice.size()));
                metrics[id] = judgeNode(*data->dataset, out->config, lattice.levels(id)).metrics;
            }
            out->metrics = std::move(metrics);
            out->measureMs = double(clock.elapsed());
        }
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
    });
    connect(m_job, &Job::failed, this, &SearchSession::failed);
    connect(m_job, &Job::cancelled, this, &SearchSession::cancelled);
    connect(m_job, &Job::finished, this, [this] { emit runningChanged(false); });
    m_job->start();
    emit started();
    emit runningChanged(true);
}

}  // namespace ldv::ui
