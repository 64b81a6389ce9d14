#pragma once
// The project's search: runs ldv::search (and then measures every node for the lattice's
// metric colouring) on a worker thread through a Job, and keeps the last outcome for the
// Lattice, Analysis and Export perspectives. Results are derived: a settings change marks
// the outcome stale, it is never undone.
//
// With the "heuristic" algorithm it runs ldv::heuristicSearch, the function behind
// `ldiv search --algorithm heuristic`, with the project's time limit: lattices of at most
// kHeuristicExactLimit nodes are classified exactly when that ends within the limit (the
// outcome is then the full classification); otherwise the outcome holds only the best node
// found, and nothing per node of the lattice is allocated (result.satisfies stays empty).
#include <QObject>
#include <QPointer>
#include <memory>
#include <mutex>
#include <optional>

#include "format/nodestyle.h"
#include "ldiv/search/heuristic_result.h"
#include "ldiv/search/search_result.h"
#include "ldiv/transform/transformation.h"
#include "ldiv/workflow/requirement.h"
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
    /// Empty when the search finished. Cancelled part-way, 1 per node the search had
    /// classified (result.satisfies is final there; the others are not evaluated); then
    /// result.minimal holds only the nodes proven minimal, and there is no optimum.
    std::vector<std::uint8_t> decided;
    bool complete() const { return decided.empty(); }
    /// Set when the anytime heuristic ran: whether its node is proven optimal and why, whether
    /// the time limit or Cancel stopped it (its `exact` is moved into `result`).
    std::optional<HeuristicResult> heuristic;
    /// The heuristic's node a saved project recorded, judged and measured again on opening
    /// (SearchSession::restoreHeuristic) instead of a new walk that could end elsewhere.
    bool restored = false;
    /// Every node was classified (per-node arrays in `result`): false for a heuristic run
    /// that did not finish the exact search, whose `result` holds only latticeSize and its
    /// best node as `result.optimum` (with optimumMetrics).
    bool classified() const { return result.satisfies.size() == result.latticeSize; }
    /// One node's state without per-node arrays: read from them when classified, else the
    /// heuristic's best node satisfies (Optimum when proven) and the rest are not evaluated.
    NodeState nodeState(NodeId id) const;
    /// The dataset the criteria were bound to and the search ran on: data's, or with
    /// δ-presence the one with the research subset (ldiv/project/workspace_publish.h). Judge
    /// and explain nodes with `config` on this one; its lattice is data's.
    const Dataset& judged() const;
};

/// The outcome of a search cancelled after deciding some nodes (SearchOutcome::complete()).
SearchResult partialSearchResult(const Lattice& lattice, const PartialClassification& partial);

/// ldv::prepareRequirement (the one `ldiv` uses: the judged dataset, validate(), then the
/// criteria bound with the sensitive hierarchies and population size), with every node
/// classified explicitly.
Requirement workbenchRequirement(const Workspace& workspace, const SearchSettings& settings);

/// The workbench's exact searches keep per-node arrays (states, then every node's metrics):
/// above this many nodes they are refused and the heuristic is named instead (the lattice
/// view aggregates states node by node up to the same size, LatticeItem::kAggregateLimit).
inline constexpr NodeId kWorkbenchExactLimit = NodeId(1) << 24;

/// The best node of a running heuristic (SearchSession::bestSoFar).
struct BestSoFar {
    NodeId id = 0;
    Levels levels;
    /// From the walk's own grouping (the final figures are re-measured).
    NodeMetrics metrics;
};

class SearchSession : public QObject {
    Q_OBJECT
public:
    explicit SearchSession(QObject* parent = nullptr);
    ~SearchSession() override;
    void setProject(Project* project);
    Project* project() const { return m_project; }

    /// Starts the search with the project's current settings (cancels a running one).
    void run();
    /// Shows a saved heuristic result again: its node (formatted levels) is grouped, judged
    /// and measured as the project now stands, without a new walk (which, stopped by a time
    /// limit, could end at another node). A node that no longer satisfies gives no node.
    void restoreHeuristic(const QString& levels);
    void cancel();
    bool isRunning() const;
    /// The last outcome, or nullptr: a finished search, or a cancelled one that had decided
    /// some nodes (then !complete; a run cancelled before deciding any keeps the previous one).
    std::shared_ptr<const SearchOutcome> outcome() const { return m_outcome; }
    /// True when the project changed since the outcome was computed.
    bool isStale() const { return m_stale; }
    /// Test hook: pretend to be slower by sleeping this many ms per progress step.
    void setArtificialDelay(int ms) { m_delayMs = ms; }
    /// While the heuristic runs: the best satisfying node so far (none before the first).
    std::optional<BestSoFar> bestSoFar() const;
    /// The transformation chosen in Privacy ▸ Transformation: "full-domain" publishes a node of
    /// the lattice; "local", "mondrian", "microaggregation" and "cell-suppression"
    /// (transform/transformation.h) publish none, and the search's lattice is then the
    /// full-domain comparison on the same requirement.
    /// The choice is the project's (Project::transformation: saved with it, an undo step).
    QString transformation() const;
    /// Microaggregation's aggregate (mean, median, mode, interval) with the model.
    QString transformationAggregate() const;
    void setTransformation(const QString& model, const QString& aggregate = QStringLiteral("mean"));

signals:
    void started();
    void progressChanged(double fraction);
    void outcomeChanged();
    void failed(const QString& message);
    /// A run was cancelled (emitted after outcomeChanged when it left a partial outcome).
    void cancelled();
    void runningChanged(bool running);
    void staleChanged(bool stale);
    /// The running heuristic found a better node (bestSoFar()).
    void bestSoFarChanged();
    void transformationChanged(const QString& model);
    /// Another project (or none) was set: views that keep per-project state restore it.
    void projectChanged();

private:
    void markStale();
    void pollBest();
    /// Written by the heuristic's thread, read on the GUI thread.
    struct LiveBest {
        std::mutex mutex;
        std::optional<BestSoFar> best;
        std::uint64_t version = 0;
    };
    QPointer<Project> m_project;
    std::shared_ptr<LiveBest> m_live;
    std::uint64_t m_liveSeen = 0;
    Job* m_job = nullptr;
    std::shared_ptr<const SearchOutcome> m_outcome;
    bool m_stale = false;
    int m_delayMs = 0;
    /// Set by restoreHeuristic for the next run only.
    QString m_seedLevels;
};

}  // namespace ldv::ui
