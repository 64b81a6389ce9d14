#pragma once
// What the three classification algorithms share: the dataset, the judge, per-node levels
// and the statistics they fill in. Each algorithm writes satisfies[node] (1/0) for every node.
#include <atomic>
#include <cstdint>
#include <memory>
#include <unordered_map>
#include <vector>

#include "lattice/class_table.h"
#include "ldiv/search/search_result.h"
#include "metrics/class_measures.h"
#include "search/node_judge.h"

namespace ldv::detail {

/// The most nodes a classification with per-node arrays (SearchContext::levelsOf) handles.
constexpr NodeId kMaxExplicitNodes = NodeId(1) << 28;

/// Adds what the rollup engines, the suppressed-rows bound and the distinct-values bound
/// counted to `stats` once a classification is done (the fast and the implicit classifier
/// keep the same three; templates, so that this header names none of their types).
template <class Engines, class RowBound, class DistinctBound>
void addBoundCounters(SearchStatistics& stats, const Engines& engines, const RowBound& rows,
                      const DistinctBound& distinct) {
    for (const auto& e : engines) {
        stats.classesRead += e->classesRead();
        stats.classesBuilt += e->classesBuilt();
    }
    stats.boundDecided += rows.decided();
    stats.boundEntriesRead += rows.entriesRead();
    stats.distinctDecided += distinct.decided();
}

struct SearchContext {
    /// `nodeTables`: build levelsOf and byHeight, the per-node arrays the explicit
    /// classifiers walk (at most 2^28 nodes). The implicit classifier needs neither: then
    /// levels are decoded from the node id and nothing grows with the lattice.
    SearchContext(const Dataset& data, const SearchConfig& config, Feedback* feedback,
                  bool nodeTables = true);

    const Dataset& data;
    const SearchConfig& config;
    Feedback* feedback;
    NodeJudge judge;
    std::size_t d;
    NodeId size;
    std::vector<NodeId> strides;
    std::vector<int> heights;
    /// levelsOf[id * d + i]: the level of QI i at node id (precomputed; lattices are small).
    /// 16 bits: a character-masking hierarchy of long text has hundreds of levels, which
    /// 8 bits silently wrapped (a 260-level hierarchy read level 256 as 0).
    std::vector<std::uint16_t> levelsOf;
    /// Node ids by height, then id (bottom first).
    std::vector<NodeId> byHeight;
    SearchStatistics stats;
    /// Metrics of satisfying nodes measured when they were checked (reused by the optimum).
    std::unordered_map<NodeId, NodeMetrics> measured;
    /// Class tables a classifier computed (carrying carriedSensitive(ctx, false)), handed to
    /// the optimum as rollup sources.
    std::vector<std::pair<NodeId, std::shared_ptr<const ClassTable>>> tables;
    /// Σ c log c of the base groups (metrics.h, KL), computed once.
    double baseTerm = 0;
    /// The attribute-wise models' tables when the metric is one of them (else empty).
    QualityTables qualityTables;
    /// False when every figure of a measured node must be exact (measureLattice), not only
    /// what ranks by config.metric.
    bool rankingOnly = true;
    /// When discernibilityBound(): per node, Σ|E|² over all classes of the node, suppressed or
    /// not, for nodes a classifier computed (0 elsewhere). It bounds the discernibility of the
    /// node and of every generalization from below: a row counts |E| at the node, and in a
    /// generalization either its class's size, which only grows, or n when suppressed.
    std::vector<double> squaresBound;
    /// Where a classifier that is cancelled reports what it decided (search.h); may be null.
    PartialClassification* partial = nullptr;

    /// Whether the optimum prunes by squaresBound: discernibility with suppression, where every
    /// satisfying node competes (without suppression only the minimal nodes do).
    bool discernibilityBound() const {
        return config.metric == Metric::Discernibility && judge.limitRows() > 0;
    }

    /// How promising raising attribute i from level l is on the classifiers' upward paths
    /// (fast.cpp, implicit.cpp; higher first): the values the step merges, levelSize(l) /
    /// levelSize(l+1). With suppression it is discounted by how high the attribute already
    /// is, 1 − l/height, so that paths raise the attributes more evenly through the wide band
    /// of nodes that suppression decides (2 threads, medians: a wide suppression boundary
    /// 531 → 482 ms, mach2019 10 QIs with 2 % 1,239 → 1,051 ms). Without suppression the
    /// discount made paths longer (mach2019 16 QIs 635 → 1,038 ms), so it is off there
    /// (docs/search.md).
    double pathStepScore(std::size_t i, int l) const;

    int level(NodeId id, std::size_t i) const {
        if (!levelsOf.empty()) return levelsOf[id * d + i];
        return int((id / strides[i]) % NodeId(heights[i] + 1));
    }
    std::vector<int> levels(NodeId id) const;
    bool generalizes(NodeId b, NodeId a) const;  ///< every level of b >= that of a
    /// Polls cancellation and reports `done` / size as progress.
    void poll(std::uint64_t done);
};

/// Threads a search may use: `requested` (0 = all cores) capped at 256. Every phase starts
/// one rollup engine per thread, so an uncapped --threads 1000000 allocated gigabytes.
unsigned threadBudget(unsigned requested);

/// Worker threads for a classification: SearchStatistics::threads when the input is large
/// enough for threads to pay (a check costs more than starting one), else 1.
unsigned workerThreads(const SearchContext& ctx);

void classifyBrute(SearchContext& ctx, std::vector<std::uint8_t>& satisfies);
void classifyFast(SearchContext& ctx, std::vector<std::uint8_t>& satisfies);
void classifyIncognito(SearchContext& ctx, std::vector<std::uint8_t>& satisfies);
/// The fast classifier without per-node state, for a monotone judge (NodeJudge::monotone()):
/// returns the minimal satisfying nodes, increasing (search/implicit.cpp).
std::vector<NodeId> classifyImplicit(SearchContext& ctx);
/// The implicit classifier tests a failing node's raises in one attribute against the members
/// of S and of U that can lie below them when there are at most this many, else it asks the
/// index once per raise (implicit.cpp, nearRaises). Only tests change it: with 0, every raise
/// that has such a member takes the per-raise queries, so both ways meet brute force.
inline std::atomic<std::size_t> implicitNearRaisesMax{64};

/// The histograms a rollup must carry: what the judge reads, plus the first sensitive
/// attribute when the metric is KL-divergence (or `forMetrics` asks for it).
std::vector<std::size_t> carriedSensitive(const SearchContext& ctx, bool forMetrics);
/// Metrics of a satisfying node from its classes (suppressed = classes failing the judge).
NodeMetrics measureTable(const SearchContext& ctx, const RollupEngine& engine,
                         const ClassTable& table);
/// The same with the suppressed classes given (one flag per class, or empty for none).
NodeMetrics measureTable(const SearchContext& ctx, const RollupEngine& engine,
                         const ClassTable& table, std::span<const std::uint8_t> suppressed);
/// What the optimum compares of a satisfying node: measureTable's figures, or for metrics
/// of class sizes alone (discernibility, average class size) only those, computed directly.
NodeMetrics rankingMetrics(const SearchContext& ctx, const RollupEngine& engine,
                           const ClassTable& table);
/// True when the optimum's metric needs a node's classes: not for height, nor for the loss
/// metric without suppression (both functions of the levels).
bool metricNeedsClasses(const SearchContext& ctx);

/// Picks the optimum among `candidates` (satisfying nodes) by config.metric; fills
/// result.optimum and optimumMetrics.
void selectOptimum(SearchContext& ctx, const std::vector<NodeId>& candidates, SearchResult& result);

}  // namespace ldv::detail
