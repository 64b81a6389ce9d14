#pragma once
// Local recoding as ARX performs it (Prasser, Kohlmayer & Kuhn 2016; ARX's "local
// transformation"): the full-domain search (SPEC §5) runs with a suppression limit, the
// optimum's satisfying classes are published at its levels, and the suppressed records become a
// new, smaller table that is searched again on its own. Each iteration thus releases its rows
// at a node of its own, so one value may be published at different levels in different
// classes; every class is one of some iteration's satisfying classes (or a union of such
// classes publishing the same values), so every per-class criterion holds for the union.
#include <cstdint>
#include <string>
#include <vector>

#include "ldiv/evaluation/search_config.h"
#include "ldiv/lattice/dataset.h"
#include "ldiv/transform/mondrian.h"

namespace ldv {

struct LocalRecodingOptions {
    /// The suppression limit of each iteration's search, as a fraction of that iteration's rows:
    /// how many records an iteration may leave to the next. ARX recommends 100% for local
    /// recoding, so the metric (with its gs-factor, SearchConfig::quality) alone decides how
    /// much an iteration suppresses. At least SearchConfig::suppressionLimit is used.
    double iterationLimit = 1.0;
};

/// One iteration: the node its search chose and the rows it released.
struct LocalIteration {
    Levels levels;
    /// Rows the iteration searched (those the previous one suppressed) and released.
    std::uint64_t inputRows = 0;
    std::uint64_t releasedRows = 0;
    /// Released with suppression limit 0 (all its rows): the iteration at the limit made no
    /// progress, or would have left rows that no node could ever publish on their own.
    bool withoutSuppression = false;
};

struct LocalRecodingResult {
    std::vector<LocalIteration> iterations;
    /// The published classes (labels, sizes) and per row its class, or kNoClass for a row left
    /// suppressed (removed from the release). Classes of different iterations that publish the
    /// same values are one class of the table, and are merged.
    MondrianResult classes;
    /// Per row the iteration that released it, or kNoClass.
    std::vector<std::uint32_t> rowIteration;
    /// Rows left suppressed, and the table's suppression limit in rows, ⌊limit·n⌋.
    std::uint64_t suppressedRows = 0;
    std::uint64_t suppressionAllowed = 0;
    /// Discernibility Σ|E|² + n·suppressed (Bayardo & Agrawal 2005, as NodeMetrics counts it).
    double discernibility = 0;
    /// Non-uniform entropy in bits (NodeMetrics::entropy, gs-factor 0.5, weights 1, sum): a cell
    /// costs log2 cnt(g) − log2 cnt(x) over the input table's rows, a suppressed one log2 n −
    /// log2 cnt(x).
    double entropy = 0;
    /// Non-empty when the rows left suppressed exceed the suppression limit: nothing may be
    /// published then (a sentence saying so). classes.tableFails holds the same.
    std::vector<std::string> tableFails;
};

/// Like checkMondrianSupport, for local recoding: the criteria must be judged per class
/// (k-anonymity, k-map, the ℓ-diversities, (τ,ℓ), t-closeness, δ-disclosure, β-likeness: all
/// monotone, so merged classes still satisfy them); the node-level risk criteria, δ-presence,
/// multi-attribute ℓ-diversity and a grouped table are refused (ParameterError). The criteria
/// that compare a class with the table (t-closeness, δ-disclosure, β-likeness) keep the input
/// table's distribution in every iteration: they are bound once, on the whole table.
void checkLocalRecodingSupport(const Dataset& data, const SearchConfig& config);

/// Iterates the full-domain search (config's criteria, metric, quality options and algorithm)
/// on the records each iteration leaves suppressed until none is left, the rows left are within
/// config.suppressionLimit of the input's rows (they stay suppressed), or an iteration makes no
/// progress (then the rows are released without suppression when some node allows it).
/// Deterministic. Verifies the published classes with evaluateCriteria (std::logic_error when
/// one fails, which would be a bug).
LocalRecodingResult localRecoding(const Dataset& data, const SearchConfig& config,
                                  const LocalRecodingOptions& options = {});

}  // namespace ldv
