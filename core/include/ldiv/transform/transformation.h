#pragma once
// The transformations that publish no lattice node (local recoding, Mondrian, microaggregation,
// cell suppression; issue #34, docs/transformations.md) behind one call: `ldiv generalize
// --transform`, the release records that reproduce them (release/transform_release.h) and the
// workbench's Transformation choice run the same dispatch.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ldiv/project/transformation_choice.h"
#include "ldiv/transform/cell_suppression.h"
#include "ldiv/transform/local_recoding.h"
#include "ldiv/transform/microaggregation.h"
#include "ldiv/transform/microaggregation_local.h"
#include "ldiv/transform/mondrian.h"

namespace ldv {

class Dataset;
class Workspace;
struct SearchConfig;

/// What reproduces a transformation besides the project's search settings.
struct TransformationSpec {
    /// "mondrian", "local", "microaggregation", "cell-suppression" or the one combination
    /// "microaggregation+local" (transformationModels()).
    std::string model;
    /// microaggregation: the aggregate of each quasi-identifier (Dataset order), by name
    /// (aggregateName: mean, median, mode, interval). microaggregation+local: likewise, with ""
    /// for a quasi-identifier that is not microaggregated (only recoded locally).
    std::vector<std::string> aggregates;
    /// cell-suppression: the quasi-identifiers least important first (empty: the default).
    std::vector<std::string> importance;
    bool shuffled = false;
    std::uint64_t seed = 0;  ///< the row shuffle's seed when shuffled
};

/// The spec of a project's choice on `data` (the workbench's Privacy ▸ Transformation and
/// `ldiv generalize --project` without --transform): microaggregation aggregates every
/// quasi-identifier (runTransformation refuses, naming the first, when one is not numeric);
/// microaggregation + local recoding the numeric ones, leaving the others to local recoding.
TransformationSpec transformationSpecOf(const TransformationChoice& choice, const Dataset& data);

struct TransformationOutcome {
    std::string model;
    /// The published classes and each row's class (kNoClass: the row is not published).
    MondrianResult classes;
    /// Rows left out of the release (local recoding's suppressed rows).
    std::uint64_t suppressedRows = 0;
    /// Cell suppression: quasi-identifier cells published as "*", the records with every one
    /// of them suppressed, and the smallest frequency of a published record (a "*" matches
    /// every value, so its classes overlap; cell_suppression.h).
    std::uint64_t suppressedCells = 0;
    std::uint64_t suppressedRecords = 0;
    std::uint64_t minFrequency = 0;
    /// The model's own report, for `ldiv generalize --json` (its classes moved to `classes`).
    std::optional<LocalRecodingResult> local;
    std::optional<MicroaggregationResult> microaggregation;
    std::optional<CellSuppressionResult> cellSuppression;
    /// microaggregation+local: both steps' reports (its local.classes moved to `classes`).
    std::optional<MicroaggregationLocalResult> microaggregationLocal;
    /// Nothing may be published: the whole table fails a criterion (classes.tableFails).
    bool publishable() const { return classes.tableFails.empty(); }
};

/// ParameterError naming the criterion when the outcome may not be published.
void requirePublishable(const TransformationOutcome& outcome);

/// Runs `spec.model` on `data` (judgedDataset's) under `config`. ParameterError when the model
/// does not support the requirement or a parameter (naming why). When the whole table fails,
/// the outcome says so (publishable() is false) and nothing may be published.
TransformationOutcome runTransformation(const Workspace& workspace, const Dataset& data,
                                        const SearchConfig& config, const TransformationSpec& spec);

/// The table a publishable `outcome` publishes: its classes written by mondrianTable
/// (identifying columns left out or pseudonymized as `options` says, rows not published left
/// out), shuffled with spec.seed when spec.shuffled.
Table transformationTable(const Workspace& workspace, const Dataset& data,
                          const TransformationOutcome& outcome, const TransformationSpec& spec,
                          const GeneralizeOptions& options = {});

/// A transformation's outcome and the table it publishes: its classes written by
/// mondrianTable (identifying columns left out, rows not published left out), shuffled with
/// spec.seed when spec.shuffled.
struct TransformedTable {
    TransformationOutcome outcome;
    Table table;
};
/// runTransformation, then its table. ParameterError when the whole table fails (nothing may
/// be published), naming the criterion.
TransformedTable transformTable(const Workspace& workspace, const Dataset& data,
                                const SearchConfig& config, const TransformationSpec& spec);

}  // namespace ldv
