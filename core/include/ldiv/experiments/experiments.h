#pragma once
// The ℓ-diversity experiments of Machanavajjhala et al. 2007 §6 as plain data (rows the workbench
// charts directly):
//  - homogeneityAttack: Figs 9–12, homogeneous classes of all minimal k-anonymous tables;
//  - utilityComparison: Figs 15–20, best height / average class size / discernibility / KL of
//    k-anonymous, entropy ℓ-diverse and recursive (c,ℓ)-diverse tables for k = ℓ;
//  - qiSizeTiming: Figs 13–14, time to find all satisfying nodes as the QI grows.
// The background-knowledge attack (Machanavajjhala et al. 2007 §1.1, §3) is in
// experiments_background.h. Every function polls a Feedback (Cancelled is thrown) and reports
// overall progress.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "ldiv/data/feedback.h"
#include "ldiv/data/table.h"
#include "ldiv/lattice/class_partition.h"
#include "ldiv/lattice/dataset.h"
#include "ldiv/metrics/node_metrics.h"
#include "ldiv/search/search_result.h"

namespace ldv {

// ---- Homogeneity attack (Machanavajjhala et al. 2007 §1.1, Figs 9–12)
// --------------------------------------------

/// A class whose most frequent sensitive value s covers at least p of it:
/// count(s) ≥ p·|E| (p = 1: completely homogeneous, Fig. 9; p = 0.95: Fig. 11). Every row of
/// such a class is "affected", also the minority without s (Machanavajjhala et al. 2007 §6: the
/// adversary still associates them with s).
struct HomogeneousClass {
    std::size_t cls = 0;            ///< index into the node's EquivalenceClasses
    Code value = 0;                 ///< the most frequent sensitive code s
    std::uint32_t size = 0;         ///< |E|
    std::uint32_t count = 0;        ///< rows of E with s
    std::vector<std::size_t> rows;  ///< 0-based rows of E (filled when asked for)
};

/// The classes of `classes` (one node) that are homogeneous at `threshold` on sensitive
/// attribute `sensitive`. `rowClass` (Dataset::rowClasses; empty: no rows) fills the rows.
/// Classes with `size < minSize` are skipped: tuple suppression removes them from the release.
std::vector<HomogeneousClass> homogeneousClasses(const EquivalenceClasses& classes,
                                                 double threshold, std::size_t sensitive = 0,
                                                 const std::vector<std::uint32_t>& rowClass = {},
                                                 std::uint32_t minSize = 0);
/// The same for the classes of a release (its rows filled when the partition has them).
std::vector<HomogeneousClass> homogeneousClasses(const ClassPartition& release, double threshold,
                                                 std::size_t sensitive = 0,
                                                 std::uint32_t minSize = 0);

struct HomogeneityOptions {
    std::vector<std::uint32_t> ks{2, 5, 10, 15, 20, 30, 50};
    std::vector<double> thresholds{1.0, 0.95};
    std::size_t sensitive = 0;
    /// Tuple suppression of the k-anonymity search (Machanavajjhala et al. 2007 §6 used none);
    /// suppressed classes (size < k) are not published and never counted.
    double suppressionLimit = 0;
    SearchAlgorithm algorithm = SearchAlgorithm::Fast;
    unsigned threads = 0;
    bool includeRows = true;
};

/// One minimal k-anonymous table at one threshold.
struct HomogeneityTable {
    std::uint32_t k = 0;
    double threshold = 1;
    Levels levels;
    std::size_t classes = 0;  ///< published classes of the node
    std::vector<HomogeneousClass> affected;
    std::size_t affectedRows = 0;
};

/// One line of Fig. 9 / 11: "affected / total tables", "avg. gps. affected", "avg. tuples
/// affected" (averages over all minimal tables, affected or not).
struct HomogeneityRow {
    std::uint32_t k = 0;
    double threshold = 1;
    std::size_t totalTables = 0;
    std::size_t affectedTables = 0;
    double avgAffectedClasses = 0;
    double avgAffectedRows = 0;
};

struct HomogeneityResult {
    std::vector<HomogeneityRow> rows;      ///< k-major, then threshold
    std::vector<HomogeneityTable> tables;  ///< same order, minimal nodes in increasing id
};

/// For each k: all minimal k-anonymous nodes (search), then their homogeneous classes.
HomogeneityResult homogeneityAttack(const Dataset& data, const HomogeneityOptions& options,
                                    Feedback* feedback = nullptr);
/// The statistics of given tables (one node or a published table) instead of a search.
HomogeneityRow summarizeHomogeneity(std::uint32_t k, double threshold,
                                    const std::vector<HomogeneityTable>& tables);
/// One release (a node or a published table) instead of a search: a table per threshold,
/// with the release's own k (its smallest class) and all its classes published.
std::vector<HomogeneityTable> homogeneityTables(const ClassPartition& release,
                                                const std::vector<double>& thresholds,
                                                std::size_t sensitive = 0);

// ---- Utility and KL-divergence (Machanavajjhala et al. 2007 Figs 15–20)
// ------------------------------------------

enum class PrivacyModel { KAnonymity, EntropyL, RecursiveCL };
/// "k-anonymity", "entropy-l", "recursive-cl"; parse throws ParameterError listing them.
std::string privacyModelName(PrivacyModel model);
PrivacyModel parsePrivacyModel(const std::string& name);
/// "k=6", "entropy-l=6@occupation", "recursive-cl=3,6@occupation".
std::string privacyModelSpec(PrivacyModel model, double parameter, double c,
                             const std::string& attribute);

struct UtilityOptions {
    std::vector<double> parameters{2, 4, 6, 8, 10};  ///< k = ℓ
    std::vector<PrivacyModel> models{PrivacyModel::KAnonymity, PrivacyModel::EntropyL,
                                     PrivacyModel::RecursiveCL};
    double c = 3;                 ///< recursive (c,ℓ)
    std::size_t sensitive = 0;    ///< of the ℓ-criteria; KL always uses the first SA (metrics.h)
    double suppressionLimit = 0;  ///< Machanavajjhala et al. 2007 §6 used none
    SearchAlgorithm algorithm = SearchAlgorithm::Fast;
    unsigned threads = 0;
    /// Bernoulli row sample (Machanavajjhala et al. 2007 §6: 5 % for Figs 15–19; 1 = the whole
    /// table, Fig. 20).
    double sample = 1;
    std::uint64_t seed = 1;
};

/// The best satisfying node per metric for one (model, parameter); lower is better for every
/// metric (Machanavajjhala et al. 2007 §6). Not feasible: no node satisfies; the minima are then
/// NaN.
struct UtilityRow {
    PrivacyModel model = PrivacyModel::KAnonymity;
    double parameter = 0;
    std::string spec;
    bool feasible = false;
    std::size_t satisfyingNodes = 0;
    double minHeight = 0, minAverageClassSize = 0, minDiscernibility = 0, minKl = 0;
    Levels heightNode, averageClassSizeNode, discernibilityNode, klNode;
};

struct UtilityResult {
    std::vector<UtilityRow> rows;  ///< model-major, then parameter
    double baseKl = 0;             ///< the "base" bar of Figs 19–20 (all QI suppressed)
    std::size_t rowsUsed = 0;      ///< rows after sampling
    std::size_t latticeSize = 0;
};

/// Searches each (model, parameter) once and measures every satisfying node (suppressed
/// classes: those failing the criterion, as in the search), so the minima equal the optima
/// the search finds with the corresponding metric.
UtilityResult utilityComparison(const Dataset& data, const UtilityOptions& options,
                                Feedback* feedback = nullptr);

/// A Bernoulli sample of a dataset's rows (each row kept with probability `fraction`, from a
/// mt19937_64 seeded with `seed`, so samples are the same on every platform). The sample
/// keeps the source's dictionaries and hierarchy maps: codes, domains and KL areas are those
/// of the whole table.
class DatasetSample {
public:
    DatasetSample(const Dataset& source, double fraction, std::uint64_t seed);
    const Dataset& dataset() const { return *m_data; }
    const Table& table() const { return m_table; }

private:
    Table m_table;
    std::unique_ptr<Dataset> m_data;
};

/// The dataset restricted to its first `qiCount` QI attributes (same table and sensitive
/// attributes; `source.table()` must outlive the result).
Dataset firstQuasiIdentifiers(const Dataset& source, std::size_t qiCount);

// ---- Run time vs QI size (Machanavajjhala et al. 2007 Figs 13–14)
// -------------------------------------------------

struct TimingOptions {
    std::vector<PrivacyModel> models{PrivacyModel::KAnonymity, PrivacyModel::EntropyL};
    double parameter = 6;  ///< Machanavajjhala et al. 2007 Fig. 13: k = ℓ = 6
    double c = 3;
    std::size_t fromSize = 3;  ///< first QI size; up to all of the dataset's QI attributes
    std::size_t sensitive = 0;
    SearchAlgorithm algorithm = SearchAlgorithm::Incognito;  ///< 000 used Incognito
    unsigned threads = 0;
    unsigned repetitions = 1;  ///< the fastest of n runs is reported
};

struct TimingRow {
    std::size_t qiSize = 0;
    std::vector<std::string> qi;
    PrivacyModel model = PrivacyModel::KAnonymity;
    double parameter = 0;
    double prepareMs = 0;  ///< building the base groups of the sub-QI
    double searchMs = 0;   ///< finding all satisfying nodes (wall clock, best of repetitions)
    std::uint64_t latticeSize = 0;
    std::size_t satisfyingNodes = 0;
    std::size_t minimalNodes = 0;
    std::uint64_t checkedNodes = 0;
};

std::vector<TimingRow> qiSizeTiming(const Dataset& data, const TimingOptions& options,
                                    Feedback* feedback = nullptr);

}  // namespace ldv
