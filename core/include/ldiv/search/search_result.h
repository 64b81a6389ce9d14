#pragma once
// Full-domain lattice search (SPEC §5): classify every node of the QI lattice against a set of
// criteria (k-anonymity and ℓ-criteria, each on one sensitive attribute) with optional tuple
// suppression, and report the satisfying nodes, the minimal ones and the optimum by a metric.
//
// Algorithms (all give the same answer; see docs/search.md):
//  - "brute": checks every node, grouping it from the base groups (the test oracle);
//  - "incognito": LeFevre, DeWitt & Ramakrishnan 2005 as used by Machanavajjhala et al. 2007 §5–6 —
//  a-priori over
//    QI subsets, rollup of frequency sets, marking generalizations of passing nodes;
//  - "fast": binary search along upward paths with two-way monotone tagging, rolling each
//    checked node up from the coarsest already computed finer node.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "ldiv/criteria/criterion.h"
#include "ldiv/data/feedback.h"
#include "ldiv/evaluation/search_config.h"
#include "ldiv/lattice/dataset.h"
#include "ldiv/lattice/up_set.h"
#include "ldiv/metrics/node_metrics.h"

namespace ldv {

/// Wall-clock times of a search in milliseconds: unlike the counts beside them in
/// SearchStatistics, they differ from one run to the next.
struct SearchTimes {
    /// Classification (incl. multi-attribute views), optimum, both.
    double classifyMs = 0;
    double optimumMs = 0;
    double elapsedMs = 0;
};

/// What one worker thread of a classification did (issue 38: busy, idle, lock waits), summed
/// over the classification's parallel regions. busyMs + idleMs + lockWaitMs is the time of
/// those regions, the same for every thread (docs/search.md, "Thread counters").
struct ThreadCounters {
    /// Checking nodes and the bookkeeping around them (paths, tagging, rollup sources).
    double busyMs = 0;
    /// Waiting for work: at a barrier, for a path start, or done before the others.
    double idleMs = 0;
    /// Acquisitions of a shared lock that found it taken (or waits for a rollup source
    /// another thread was building), and the time spent waiting.
    std::uint64_t lockWaits = 0;
    double lockWaitMs = 0;
    /// Every acquisition of a shared lock, taken or free: with 16 threads queueing on one
    /// mutex each hand-over costs more than the section it guards (a lock convoy), so the
    /// count matters as much as the time held (docs/search.md).
    std::uint64_t lockAcquisitions = 0;
    /// Nodes this thread checked (their sum over threads is SearchStatistics::checkedNodes).
    std::uint64_t nodesChecked = 0;
};

/// The longest chain of dependent checks (docs/search.md: a check depends on the checks whose
/// verdicts had to be known before its node could be chosen), against the work of all checks.
struct CriticalPath {
    /// Checks on the longest chain, and the longest chain by time (the span): the sum of the
    /// check times along it (not necessarily the same chain).
    std::uint64_t checks = 0;
    double ms = 0;
    /// Every check's time, summed over the threads (the work).
    double workMs = 0;
};

struct SearchStatistics {
    /// Nodes whose classes were computed and judged (tagged nodes are not counted).
    std::uint64_t checkedNodes = 0;
    /// Data rows read on behalf of the search. Rows are read only where a grouping starts
    /// from the rows: the collapse of the table into base groups (n rows; done once when the
    /// Dataset was built, so it is not in the times below), plus n for every view a
    /// multi-attribute criterion builds (a Dataset of its own, Machanavajjhala et al. 2007
    /// Def. 4.6). Every other pass — the searches' rollups, the brute-force oracle's per-node
    /// Dataset::classes, measuring the optimum, KL's constant term, the feasibility warnings —
    /// reads base groups or classes, never rows, and is counted in classesRead. So it is n for
    /// every algorithm without multi-attribute criteria: the rows are touched once, whatever the
    /// lattice.
    std::uint64_t rowsTouched = 0;
    /// Source items (base groups or finer classes) read by rollups, and classes produced.
    std::uint64_t classesRead = 0;
    std::uint64_t classesBuilt = 0;
    /// Nodes decided failing with suppression without computing their classes: the rows that
    /// checked nodes above them must suppress already exceed the limit (search/suppressed_rows.h
    /// in the core sources); and the base-group entries that bound read.
    std::uint64_t boundDecided = 0;
    std::uint64_t boundEntriesRead = 0;
    /// Nodes decided failing without computing their classes because one attribute has too
    /// many distinct values at their level for k-anonymity (search/distinct_bound.h).
    std::uint64_t distinctDecided = 0;
    /// Nodes whose metric was evaluated to pick the optimum (not those a bound ruled out).
    std::uint64_t measuredNodes = 0;
    SearchTimes times;
    unsigned threads = 1;
    /// Per worker thread of the classification (empty for an algorithm that keeps none).
    std::vector<ThreadCounters> threadsDetail;
    CriticalPath criticalPath;
    /// SearchConfig::simulatedThreads' schedule, in classes (read and built by the checks'
    /// rollups, plus one per check): every check's cost (the work) and when the last one
    /// ended (the makespan); work / makespan is the simulated speed-up.
    /// `redundant`: checks whose node another worker's verdict decided while they ran.
    struct Simulated {
        unsigned threads = 0;
        double work = 0;
        double makespan = 0;
        std::uint64_t redundant = 0;
    } simulated;
};

struct SearchResult {
    NodeId latticeSize = 0;
    /// Per node id: 1 when the node satisfies (with suppression). Empty when implicit.
    std::vector<std::uint8_t> satisfies;
    /// Satisfying node ids, increasing; the minimal ones have no satisfying predecessor.
    /// `satisfying` is empty when implicit; `minimal` is always filled.
    std::vector<NodeId> satisfying;
    std::vector<NodeId> minimal;
    /// The number of satisfying nodes (satisfying.size(), or counted from the minimal nodes).
    std::uint64_t satisfyingCount = 0;
    /// Classified without per-node arrays: a node satisfies exactly when it generalizes a
    /// minimal node (`upSet`). Ask nodeSatisfies() rather than `satisfies`.
    bool implicit = false;
    UpSet upSet;
    /// Whether node `id` satisfies, from `satisfies` or from the minimal nodes.
    bool nodeSatisfies(NodeId id) const {
        return implicit ? upSet.contains(id) : id < satisfies.size() && satisfies[id] != 0;
    }
    /// The optimum by SearchConfig::metric (metrics.h: betterOptimum), when any node satisfies.
    std::optional<NodeId> optimum;
    NodeMetrics optimumMetrics;
    /// Warnings such as "occupation is at most entropy 4.2-diverse: entropy-l=6 is impossible".
    std::vector<std::string> warnings;
    SearchStatistics statistics;
};

/// What a cancelled search had decided: the workbench shows it as a partly evaluated lattice.
struct PartialClassification {
    static constexpr std::uint8_t kNotEvaluated = 0, kFails = 1, kSatisfies = 2;
    /// Per node id; a decided node's state is final (checked, or tagged from a checked node).
    std::vector<std::uint8_t> state;
    std::uint64_t checkedNodes = 0;
};

/// Classifies the whole lattice of `data`. Polls `feedback` once per node (Cancelled is
/// thrown when cancelled) and reports progress as the fraction of classified nodes.
/// Multi-attribute criteria (";multi", Machanavajjhala et al. 2007 Def. 4.6) are classified on the
/// view where the other sensitive attributes join the quasi-identifier; they cannot be combined
/// with suppression (ParameterError). When cancelled, `partial` (if given) receives the nodes
/// decided so far before Cancelled propagates: fast's checked and tagged nodes, brute force's
/// checked nodes. Incognito decides the full lattice only in its last round and multi-attribute
/// criteria only at the end, so they leave every node not evaluated.
SearchResult search(const Dataset& data, const SearchConfig& config, Feedback* feedback = nullptr,
                    PartialClassification* partial = nullptr);

/// Metrics of every node (indexed by node id), e.g. to colour the lattice by a metric. A node
/// satisfying config's criteria is measured with its failing classes suppressed, as the
/// search measures it; a failing node is measured with nothing suppressed. Uses
/// config.threads; polls `feedback` once per node (Cancelled is thrown when cancelled).
std::vector<NodeMetrics> measureLattice(const Dataset& data, const SearchConfig& config,
                                        Feedback* feedback = nullptr);

}  // namespace ldv
