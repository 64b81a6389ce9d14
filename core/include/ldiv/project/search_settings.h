#pragma once
// The search part of a project ("criteria", "suppression_limit", "metric", "weights",
// "gs_factor", "aggregate", "algorithm", "population_size" and "time_limit" in the project
// file), typed. The command line and the
// workbench check it with the one validate() below and turn it into a SearchConfig with the one
// makeSearchConfig(), so they refuse the same settings with the same words.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ldiv/metrics/node_metrics.h"
#include "ldiv/search/search_result.h"

namespace ldv {

class Workspace;

/// The exact lattice searches (search.h) and the anytime heuristic (heuristic_result.h), which
/// `ldiv search` and the workbench's search run (no other command: it classifies no lattice).
enum class AlgorithmChoice { Fast, Incognito, Brute, Heuristic };

/// "fast", "incognito", "brute", "heuristic"; throws ParameterError listing them.
AlgorithmChoice parseAlgorithmChoice(std::string_view name);
std::string_view algorithmChoiceName(AlgorithmChoice algorithm);

struct SearchSettings {
    /// Criterion specs as the user wrote them, e.g. "k=5", "entropy-l=3@disease".
    std::vector<std::string> criteria;
    /// Tuple suppression limit as a fraction of rows; validate() wants it in [0, 1].
    double suppressionLimit = 0;
    Metric metric = Metric::Discernibility;
    /// Per-attribute weights of the attribute-wise metrics by column name, in the order given;
    /// unnamed QI attributes weigh 1 (quality_model.h). validate() wants each finite and ≥ 0;
    /// makeSearchConfig() wants each name a quasi-identifier.
    std::vector<std::pair<std::string, double>> weights;
    /// ARX's generalization/suppression factor; validate() wants it in [0, 1].
    double gsFactor = 0.5;
    QualityAggregate aggregate = QualityAggregate::Sum;
    AlgorithmChoice algorithm = AlgorithmChoice::Fast;
    /// N, the population the data is a sample of (k-map, journalist risk); none when not given.
    std::optional<double> populationSize;
    /// Seconds the heuristic may run (heuristicSearch's limit; none = until its walks stop).
    /// Only the heuristic reads it; validate() wants it finite and ≥ 0.
    std::optional<double> timeLimit;
    bool operator==(const SearchSettings&) const = default;
};

/// What the messages call the settings whose value can come from several places: the command
/// line names its option or the project file's key, the workbench its field.
struct SettingNames {
    std::string suppression = "the suppression limit";
    std::string populationSize = "the population size";
    std::string timeLimit = "the time limit";
    std::string gsFactor = "the gs-factor";
    std::string weight = "the weight";
};

/// Every problem with `settings` found without binding them to data, one message per problem
/// in field order, empty when there is none:
///  - a suppression limit outside [0, 1] (or NaN);
///  - a population size that is not above 0;
///  - a time limit that is negative or not finite;
///  - a gs-factor outside [0, 1], a weight that is negative or not finite;
///  - a criterion spec that does not parse (parseCriterionSpec's message, naming the spec);
///  - with several sensitive attributes, a multi-attribute criterion together with
///    suppression: Machanavajjhala et al. 2007 (Def. 4.6) judge each sensitive attribute on
///    its own view, and a row suppressed for one view would leave every view at once;
///  - the heuristic with a multi-attribute criterion, which it does not handle.
/// `sensitiveAttributes` is the number of sensitive attributes of the data.
std::vector<std::string> validate(const SearchSettings& settings, std::size_t sensitiveAttributes,
                                  const SettingNames& names = {});

/// The attribute-wise metrics' options of `settings` for `data`: weights by QI position.
/// ParameterError for a gs-factor outside [0, 1], a negative weight, or a weight naming a
/// column that is missing or not a quasi-identifier (naming it).
QualityOptions qualityOptions(const Dataset& data, const SearchSettings& settings,
                              const SettingNames& names = {});

/// The SearchConfig of `settings` for the workspace's data: validate() (a ParameterError with
/// the first message), then the criteria bound with the workspace's sensitive hierarchies and
/// the population size (criteriaInputs, workspace_criteria.h). The heuristic gives algorithm Fast,
/// which heuristicSearch ignores. Threads and implicitAbove keep their defaults. `data` (optional)
/// binds to another dataset over the workspace's attributes, e.g. a published table's.
SearchConfig makeSearchConfig(const Workspace& workspace, const SearchSettings& settings,
                              const SettingNames& names = {}, const Dataset* data = nullptr);

}  // namespace ldv
