#pragma once
// The project's search: runs ldv::search (and then measures every node for the lattice's
// metric colouring) on a worker thread through a Job, and keeps the last outcome for the
// Lattice, Analysis and Export perspectives. Results are derived: a settings change marks
// the outcome stale, it is never undone.
#include <QObject>
#include <QPointer>
#include <memory>

#include "ldiv/search/search_result.h"
#include "project/project.h"

namespace ldv {
class Workspace;
}

namespace ldv::ui {

class Job;

struct SearchOutcome {
    std::shared_ptr<const Workspace> data;
    SearchSettings settings;
    SearchConfig config;
    SearchResult result;
    /// Per node id (empty when measuring was not asked for or was cancelled).
    std::vector<NodeMetrics> metrics;
    double measureMs = 0;
    /// Empty when the search finished. Cancelled part-way, 1 per node the search had
    /// classified (result.satisfies is final there; the others are not evaluated); then
    /// result.minimal holds only the nodes proven minimal, and there is no optimum.
    std::vector<std::uint8_t> decided;
    bool complete() const { return decided.empty(); }
    /// The search finished but measuring every node was cancelled (metrics is empty).
    bool measuringCancelled = false;
    /// The dataset the criteria were bound to and the search ran on: data's, or with
    /// δ-presence the one with the research subset (ldiv/project/workspace_publish.h). Judge
    /// and explain nodes with `config` on this one; its lattice is data's.
    const Dataset& judged() const;
};

/// The outcome of a search cancelled after deciding some nodes (SearchOutcome::complete()).
SearchResult partialSearchResult(const Lattice& lattice, const PartialClassification& partial);

/// ldv::makeSearchConfig (the one `ldiv` uses: validate(), then the criteria bound with the
/// sensitive hierarchies and population size), with every node classified explicitly.
SearchConfig workbenchSearchConfig(const Workspace& workspace, const SearchSettings& settings,
                                   const Dataset* data = nullptr);

class SearchSession : public QObject {
    Q_OBJECT
public:
    explicit SearchSession(QObject* parent = nullptr);
    ~SearchSession() override;
    void setProject(Project* project);
    Project* project() const { return m_project; }

    /// Starts the search with the project's current settings (cancels a running one).
    void run();
    void cancel();
    bool isRunning() const;
    /// The last outcome, or nullptr: a finished search, or a cancelled one that had decided
    /// some nodes (then !complete; a run cancelled before deciding any keeps the previous one).
    std::shared_ptr<const SearchOutcome> outcome() const { return m_outcome; }
    /// True when the project changed since the outcome was computed.
    bool isStale() const { return m_stale; }
    /// Measure every node after the search (default on; lattices of any size, with progress).
    void setMeasureNodes(bool on) { m_measureNodes = on; }
    /// Test hook: pretend to be slower by sleeping this many ms per progress step.
    void setArtificialDelay(int ms) { m_delayMs = ms; }

signals:
    void started();
    void progressChanged(double fraction);
    void outcomeChanged();
    void failed(const QString& message);
    /// A run was cancelled (emitted after outcomeChanged when it left a partial outcome).
    void cancelled();
    void runningChanged(bool running);
    void staleChanged(bool stale);

private:
    void markStale();
    QPointer<Project> m_project;
    Job* m_job = nullptr;
    std::shared_ptr<const SearchOutcome> m_outcome;
    bool m_stale = false;
    bool m_measureNodes = true;
    int m_delayMs = 0;
};

}  // namespace ldv::ui
