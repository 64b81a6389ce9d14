#pragma once
// The transformations that publish no lattice node (local recoding, Mondrian, microaggregation,
// cell suppression; issue #34, docs/transformations.md) behind one call: `ldiv generalize
// --transform`, the release records that reproduce them (release/transform_release.h) and the
// workbench's Transformation choice run the same dispatch.
#include <cstdint>
#include <string>

#include <vector>

#include "ldiv/transform/mondrian.h"

namespace ldv {

class Dataset;
class Workspace;
struct SearchConfig;

/// What reproduces a transformation besides the project's search settings.
struct TransformationSpec {
    /// "mondrian", "local", "microaggregation" or "cell-suppression".
    std::string model;
    /// microaggregation: the aggregate of each quasi-identifier (Dataset order), by name
    /// (aggregateName: mean, median, mode, interval).
    std::vector<std::string> aggregates;
    /// cell-suppression: the quasi-identifiers least important first (empty: the default).
    std::vector<std::string> importance;
    bool shuffled = false;
    std::uint64_t seed = 0;  ///< the row shuffle's seed when shuffled
};

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
};

/// Runs `spec.model` on `data` (judgedDataset's) under `config`. ParameterError when the model
/// does not support the requirement (naming why), or when the whole table fails
/// (TransformationOutcome is then not returned: nothing may be published).
TransformationOutcome runTransformation(const Workspace& workspace, const Dataset& data,
                                        const SearchConfig& config, const TransformationSpec& spec);

}  // namespace ldv
