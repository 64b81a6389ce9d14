#pragma once
// What judging a node needs, below the search that uses it: criteria bound to the dataset's
// sensitive attributes, the suppression limit, the metric of the optimum and the algorithm.
// Node evaluation, publishing and explaining take a SearchConfig and include this header, not
// search.h, so the layers only include downward (tests/core/test_layering).
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "ldiv/criteria/criteria_inputs.h"
#include "ldiv/criteria/criterion.h"
#include "ldiv/data/named_choice.h"
#include "ldiv/lattice/lattice.h"
#include "ldiv/metrics/node_metrics.h"

namespace ldv {

class Dataset;

enum class SearchAlgorithm { Fast, Incognito, Brute };

/// "fast", "incognito", "brute"; throws ParameterError listing them.
SearchAlgorithm parseSearchAlgorithm(std::string_view name);
std::string_view searchAlgorithmName(SearchAlgorithm algorithm);
using SearchAlgorithmEntry = NamedChoice<SearchAlgorithm>;
/// Every lattice search algorithm, the default (fast) first: the CLI's --algorithm choices (the
/// anytime heuristic aside, heuristic_search.h) and the workbench's list.
std::span<const SearchAlgorithmEntry> searchAlgorithmCatalogue();

/// A criterion bound to one of the dataset's sensitive attributes (index into
/// Dataset::sensitiveColumns(); ignored for k-anonymity).
struct BoundCriterion {
    Criterion criterion;
    std::size_t sensitive = 0;
};

/// Parses and binds spec strings ("k=5", "entropy-l=6@occupation", …) against the dataset's
/// sensitive attributes: "@attr" selects one, no attribute means the only (or first) one.
/// Throws ParameterError for unknown attributes, ℓ-criteria without a sensitive attribute and
/// an ℓ above the sensitive attribute's number of values (checkCriteriaDomains).
/// `populationSize` (N, 0 = not given) is what k-map=K needs (Criterion::bindKMap).
std::vector<BoundCriterion> bindCriteria(const Dataset& data, const std::vector<std::string>& specs,
                                         double populationSize = 0);
/// bindCriteria with the inputs beyond the dataset (criteria_inputs.h). A `:hierarchical`
/// t-closeness criterion on a sensitive attribute without a hierarchy is a ParameterError that says
/// how to give one. delta-presence binds to the membership attribute of a PresenceDataset's dataset
/// (presence_dataset.h), which the other criteria never see; on other data it is a
/// ParameterError asking for the research subset. The criteria beside it are judged on that
/// dataset's classes, which count the research subset's rows only (RowSample, dataset.h).
std::vector<BoundCriterion> bindCriteria(const Dataset& data, const std::vector<std::string>& specs,
                                         const CriteriaInputs& inputs);

struct SearchConfig {
    std::vector<BoundCriterion> criteria;
    /// Tuple suppression limit as a fraction of rows (SPEC §5): a node satisfies when the rows
    /// of classes failing any criterion number at most ⌊limit·n⌋; those rows are suppressed.
    double suppressionLimit = 0;
    Metric metric = Metric::Discernibility;
    /// Weights, gs-factor and aggregate of the attribute-wise metrics (quality_model.h).
    QualityOptions quality;
    SearchAlgorithm algorithm = SearchAlgorithm::Fast;
    /// Worker threads for the parts that pay (0 = std::thread::hardware_concurrency()).
    unsigned threads = 0;
    /// Lattices with more nodes are classified implicitly (SearchResult::implicit) when the
    /// fast algorithm can: a monotone judge (no suppression, or k-anonymity alone with it),
    /// no multi-attribute criterion, and an optimum found among the minimal nodes (no
    /// suppression, or the height metric). Smaller lattices keep the per-node arrays the
    /// workbench draws from. 0 = implicit whenever possible.
    NodeId implicitAbove = kImplicitAboveDefault;
    static constexpr NodeId kImplicitAboveDefault = NodeId(1) << 20;
    /// For the scaling model only (tests/bench/bench_search): the implicit classifier runs this
    /// many workers as a discrete-event simulation on one thread, each check lasting its
    /// rollup's cost in classes, so the checks that T workers racing each other make are
    /// counted on any machine (SearchStatistics::simulated). 0 = real threads.
    unsigned simulatedThreads = 0;
};

/// Multi-attribute ℓ-diversity (Machanavajjhala et al. 2007, Def. 4.6) judges each sensitive
/// attribute on its own view of the table; a row suppressed for one view would be suppressed
/// for all, so no view can be judged alone and the combination with tuple suppression is
/// refused everywhere (search, judgeNode, generalize): throws ParameterError naming the criterion.
void checkMultiAttributeSuppression(const Dataset& data, const SearchConfig& config);
/// ⌊limit·n⌋, the rows a suppression limit allows (SPEC §5); the one definition used by the
/// search's node judge and by publishing.
std::uint64_t suppressionLimitRows(double limit, std::size_t rows);

}  // namespace ldv
